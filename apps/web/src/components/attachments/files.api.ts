import { FILES_API as API, type Attachment, FILE_MSG, type FileOwnerType, MAX_PAGE_SIZE, USER_API } from '@zg/contract';
import { call, downloadFrom, fetchFrom } from '../../api/endpoint';

/** The record whose attachments a dialog shows. */
export interface AttachmentOwner {
  ownerType: FileOwnerType;
  ownerId?: string;
  zgzkdid?: string;
  objTaskId?: string;
  /** Calling stage (mbbz, jcyj, zwzd, zjgj, unfinish, disqualified) or a stored one. */
  stage?: string;
}

/** `GET files/list`: the attachments of one record, optionally of one stage. */
export function fetchAttachments(owner: AttachmentOwner) {
  return call(API.list, {
    query: { ownerType: owner.ownerType, ownerId: owner.ownerId, zgzkdid: owner.zgzkdid, stage: owner.stage },
  });
}

/** `POST files/saveList`: the record's attachment list (of its stage) becomes exactly `fileIds`. */
export function saveAttachments(
  owner: AttachmentOwner,
  files: { fileId: string; fileName?: string }[],
  fileType?: number,
) {
  return call(API.saveList, {
    body: { list: files.map((f) => ({ ...f, ...(fileType === undefined ? {} : { fileType }) })), context: owner },
  });
}

/** `POST files/{id}/delete`. */
export function deleteAttachment(fileId: string) {
  return call(API.delete, { params: { id: fileId } });
}

/** `GET files/download`: saves one file under its own name. */
export function downloadAttachment(file: Pick<Attachment, 'fileId' | 'fileName'>) {
  return downloadFrom(API.download, { query: { id: file.fileId } }, { filename: file.fileName, quiet: true });
}

/** `GET files/downloadFiles`: saves the files as `<name>支撑附件.zip`. */
export function downloadAll(fileIds: string[], name: string) {
  return downloadFrom(API.zip, { query: { ids: fileIds.join(','), name } }, { filename: zipName(name), quiet: true });
}

/** The bulk download's file name. */
export const zipName = (name: string) => `${name}支撑附件.zip`;

/** `GET files/preview`: the inline bytes of a PDF or image (fetched, since every call is signed). */
export async function fetchPreview(fileId: string) {
  return (await fetchFrom(API.preview, { query: { id: fileId } })).blob;
}

/** `GET fileTypes`: the id of 内部支撑文件, the type attachments of indicators are registered with. */
export async function fetchSupportFileTypeId(): Promise<number | null> {
  // Every type (a school may have added its own ahead of it), and null, not undefined, when there is none: a query
  // that resolves undefined is a failed query to TanStack Query.
  const page = await call(API.fileTypes, { query: { pageNum: 1, pageSize: MAX_PAGE_SIZE } });
  return page.list.find((t) => t.name === FILE_MSG.supportFileType)?.id ?? null;
}

/** `GET /api/user/departmentList`: every department, for the library's picker. */
export async function fetchDepartmentOptions() {
  const page = await call(USER_API.departmentList, { query: { pageNum: 1, pageSize: 100_000 } });
  return page.list;
}
