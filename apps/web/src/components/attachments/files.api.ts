import {
  type Attachment,
  AttachmentSchema,
  DepartmentSchema,
  FILE_MSG,
  type FileOwnerType,
  listOf,
} from '@zg/contract';
import { z } from 'zod';
import { download, fetchBlob, get, post } from '../../api/client';

/** Prefix of the attachment and upload routes (spec-2 section 7.4). */
export const FILE_API = '/api/herm-zdgj/rest/file';

const AttachmentListSchema = z.array(AttachmentSchema);
const FileTypeListSchema = listOf(z.object({ id: z.number().int(), name: z.string() }));
const DepartmentListSchema = listOf(DepartmentSchema);

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
  return get(`${FILE_API}/files/list`, {
    query: { ownerType: owner.ownerType, ownerId: owner.ownerId, zgzkdid: owner.zgzkdid, stage: owner.stage },
    schema: AttachmentListSchema,
  });
}

/** `POST files/saveList`: the record's attachment list (of its stage) becomes exactly `fileIds`. */
export function saveAttachments(
  owner: AttachmentOwner,
  files: { fileId: string; fileName?: string }[],
  fileType?: number,
) {
  return post(
    `${FILE_API}/files/saveList`,
    { list: files.map((f) => ({ ...f, ...(fileType === undefined ? {} : { fileType }) })), context: owner },
    { json: true, schema: AttachmentListSchema },
  );
}

/** `POST files/{id}/delete`. */
export function deleteAttachment(fileId: string) {
  return post(`${FILE_API}/files/${encodeURIComponent(fileId)}/delete`);
}

/** `GET files/download`: saves one file under its own name. */
export function downloadAttachment(file: Pick<Attachment, 'fileId' | 'fileName'>) {
  return download(`${FILE_API}/files/download`, { query: { id: file.fileId }, filename: file.fileName, quiet: true });
}

/** `GET files/downloadFiles`: saves the files as `<name>支撑附件.zip`. */
export function downloadAll(fileIds: string[], name: string) {
  return download(`${FILE_API}/files/downloadFiles`, {
    query: { ids: fileIds.join(','), name },
    filename: zipName(name),
    quiet: true,
  });
}

/** The bulk download's file name. */
export const zipName = (name: string) => `${name}支撑附件.zip`;

/** `GET files/preview`: the inline bytes of a PDF or image (fetched, since every call is signed). */
export async function fetchPreview(fileId: string) {
  return (await fetchBlob(`${FILE_API}/files/preview`, { query: { id: fileId } })).blob;
}

/** `GET fileTypes`: the id of 内部支撑文件, the type attachments of indicators are registered with. */
export async function fetchSupportFileTypeId(): Promise<number | undefined> {
  const page = await get(`${FILE_API}/fileTypes`, { query: { pageNum: 1, pageSize: 10 }, schema: FileTypeListSchema });
  return page.list.find((t) => t.name === FILE_MSG.supportFileType)?.id;
}

/** `GET /api/user/departmentList`: every department, for the library's picker. */
export async function fetchDepartmentOptions() {
  const page = await get('/api/user/departmentList', {
    query: { pageNum: 1, pageSize: 100_000 },
    schema: DepartmentListSchema,
  });
  return page.list;
}
