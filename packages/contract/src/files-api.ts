import { z } from 'zod';
import { endpoint, FILE, MULTIPART } from './endpoint';
import { PagingQuerySchema, pagingQuery } from './envelope';
import {
  AttachmentListQuerySchema,
  AttachmentListSchema,
  ChunkReceivedSchema,
  FileIdQuerySchema,
  FileIdSchema,
  FileSharesSchema,
  FileTypeListSchema,
  LibraryMergeSchema,
  MergeInputSchema,
  MergeStatusQuerySchema,
  MergeStatusSchema,
  RegisteredFileSchema,
  RegisterFileInputSchema,
  SaveAttachmentListSchema,
  ShareByIdSchema,
  SharedFilesSchema,
  UploadedFileSchema,
  ZipQuerySchema,
} from './files';
import { MAX_PAGE_SIZE } from './primitives';

const F = '/api/herm-zdgj/rest/file';
const tags = ['附件与上传'] as const;

/**
 * The files module's endpoints (`/api/herm-zdgj/rest/file`, `/api/docrepo`): uploads (small and chunked), registration,
 * attachment lists, downloads, preview, zip and delete, and the department document library's upload.
 */
export const FILES_API = {
  upload: endpoint({
    method: 'POST',
    path: `${F}/upload`,
    summary: '小文件上传（multipart，字段 file，一次请求） / small upload in one request',
    tags,
    consumes: MULTIPART,
    response: UploadedFileSchema,
  }),
  chunk: endpoint({
    method: 'POST',
    path: `${F}/chunk`,
    summary:
      '分片上传：字段 guid（本人此次上传的标识）、chunk（从0起）、chunks、size（文件总字节）、sha256（本片）、fileName（第0片时带上则立即校验内容与扩展名），最后是 file；每片 614400 字节 / one chunk',
    tags,
    consumes: MULTIPART,
    response: ChunkReceivedSchema,
  }),
  merge: endpoint({
    method: 'POST',
    path: `${F}/merge`,
    summary: '合并分片（后台任务），之后轮询 mergeStatus / queue the merge, then poll mergeStatus',
    tags,
    body: MergeInputSchema,
    response: MergeStatusSchema,
    json: true,
  }),
  mergeStatus: endpoint({
    method: 'GET',
    path: `${F}/mergeStatus`,
    summary: '合并状态：waitting 直到完成，然后 success 或 failure（附原因） / merge status',
    tags,
    query: MergeStatusQuerySchema,
    response: MergeStatusSchema,
  }),
  fileTypes: endpoint({
    method: 'GET',
    path: `${F}/fileTypes`,
    summary: '文件类型列表（含 内部支撑文件） / file types',
    tags,
    query: pagingQuery(MAX_PAGE_SIZE),
    response: FileTypeListSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: `${F}/files/insert`,
    summary: '上传后登记：mc（不含扩展名的名称）、wjlx、fjId、lxId / register an uploaded file',
    tags,
    body: RegisterFileInputSchema,
    response: RegisteredFileSchema,
  }),
  saveList: endpoint({
    method: 'POST',
    path: `${F}/files/saveList`,
    summary: '保存附件列表（上下文 zgzkdid/objTaskId/stage；列表外的该阶段附件被删除） / save the attachment list',
    tags,
    body: SaveAttachmentListSchema,
    response: AttachmentListSchema,
    json: true,
  }),
  list: endpoint({
    method: 'GET',
    path: `${F}/files/list`,
    summary: '记录的附件列表（可按阶段） / attachments of a record',
    tags,
    query: AttachmentListQuerySchema,
    response: AttachmentListSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: `${F}/files/download`,
    summary: '按id下载附件 / download one file',
    tags,
    query: FileIdQuerySchema,
    response: FILE,
  }),
  preview: endpoint({
    method: 'GET',
    path: `${F}/files/preview`,
    summary: '在线预览（仅 PDF 与图片） / inline preview of PDF and images',
    tags,
    query: FileIdQuerySchema,
    response: FILE,
  }),
  zip: endpoint({
    method: 'GET',
    path: `${F}/files/downloadFiles`,
    summary: '批量下载为 zip：ids 以逗号分隔，文件名 <name>支撑附件.zip（流式） / bulk zip download, streamed',
    tags,
    query: ZipQuerySchema,
    response: FILE,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${F}/files/:id/delete`,
    summary: '删除附件（上传人或记录的编辑者） / delete a file',
    tags,
    params: z.object({ id: FileIdSchema }),
    response: z.null(),
  }),
  libraryUpload: endpoint({
    method: 'POST',
    path: '/api/docrepo/upload',
    summary: '上传到部门文件库（multipart：可选字段 bmid、lxId，然后 file） / upload into a department library',
    tags,
    consumes: MULTIPART,
    response: UploadedFileSchema,
  }),
  libraryMerge: endpoint({
    method: 'POST',
    path: '/api/docrepo/merge',
    summary:
      '合并分片上传到部门文件库（分片用 rest/file/chunk 上传；bmid 默认本人部门，须为其成员或负责人；之后轮询 rest/file/mergeStatus） / merge a chunked upload into a library',
    tags,
    body: LibraryMergeSchema,
    response: MergeStatusSchema,
    json: true,
  }),
  shareById: endpoint({
    method: 'POST',
    path: '/api/docrepo/shareById',
    summary:
      '共享文件库的文件给指定用户（整体替换；上传人或该部门成员、负责人、管理员可共享；记入审计日志） / share a library file with named users',
    tags,
    body: ShareByIdSchema,
    response: FileSharesSchema,
    json: true,
  }),
  shares: endpoint({
    method: 'GET',
    path: '/api/docrepo/shares',
    summary: '文件库文件的共享名单（可共享该文件的人可查看） / who a library file is shared with',
    tags,
    query: FileIdQuerySchema,
    response: FileSharesSchema,
  }),
  sharedWithMe: endpoint({
    method: 'GET',
    path: '/api/docrepo/sharedWithMe',
    summary: '共享给我的文件（分页） / library files shared with me',
    tags,
    query: PagingQuerySchema,
    response: SharedFilesSchema,
  }),
} as const;
