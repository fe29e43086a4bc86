/**
 * The files module's public surface: attachments of any record (through the owner policies that the owning modules
 * register), downloads as zip, the file types of a record, and the file routes (`/api/herm-zdgj/rest/file`,
 * `/api/docrepo`).
 */
/** Kept here for callers of the files module; the helper itself is platform's (platform/download.ts uses it). */
export { contentDisposition } from '../../platform/content-disposition';
export { filesPlugin } from './files.plugin';
/** The owner policies: each module registers its record types' in its plugin (`registerOwnerPolicy(app.hooks, ...)`). */
export { canWriteOwner, FILE_OWNER_POLICIES, type OwnerPolicy, registerOwnerPolicy } from './files.policy';
export { attachOwnFiles, fileTypesNamed, ownerFileTypes, releaseOwnerFiles } from './files.repository';
export {
  type FilesContext,
  findStoredFile,
  listAttachments,
  recordStoredFile,
  saveAttachmentList,
  zipFiles,
} from './files.service';
