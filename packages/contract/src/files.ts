import { z } from 'zod';
import { LIMITS } from './constants';
import { listOf } from './envelope';
import { DateTimeSchema, int32 } from './primitives';

/** Upload and attachment messages of spec-2 sections 5 and 8. */
export const FILE_MSG = {
  typeNotAllowed: '只能上传指定类型的文件',
  contentMismatch: '文件内容与扩展名不符',
  nameTooLong: `文件名不能超过${LIMITS.fileNameMaxLength}个字符`,
  empty: '文件为空',
  selectFirst: '请先选取文件!',
  selectFirstImport: '请先选择文件!',
  fileTypeError: '文件类型错误',
  importSuccess: '导入成功！',
  downloadFailed: '下载失败!',
  chunkInvalid: '分片校验失败，请重新上传该分片',
  chunksIncomplete: '文件分片不完整，请重新上传',
  uploadNotFound: '上传任务不存在或已过期，请重新上传',
  mergeFailed: '文件合并失败，请重新上传',
  fileNotFound: '文件不存在或已被删除',
  deleted: '删除成功',
  saved: '保存成功',
  downloadAll: '下载全部',
  fileDownload: '文件下载',
  supportFileType: '内部支撑文件',
  libraryTab: '文件库',
  department: '部门：',
  colName: '文件名称',
  colUploader: '上传人',
  colTime: '上传时间',
  colActions: '操作',
  colSize: '大小',
  download: '下载',
  preview: '预览',
  delete: '删除',
  confirmDelete: '确定删除该文件吗？',
  noData: '暂无数据',
  upload: '上传文件',
  choose: '选取文件',
  uploading: '上传中',
  uploadSuccess: '上传成功',
  attachments: '附件',
  cancel: '取消',
  confirm: '确定',
  noFiles: '暂无附件',
  importTitle: '导入',
  uploadTitle: '上传',
  pdfPreview: 'PDF预览',
  imagePreview: '图片预览',
  iframeUnsupported: '您的浏览器不支持 iframe 标签',
  selectRows: '请先勾选要下载的文件',
  readOnly: '只读：您不是该部门成员，只能查看和下载',
  allowedHint: `支持 ${LIMITS.allowedFileExtensions.join('、')} 格式，单个文件不超过 500 MB`,
  /** 文件库: sharing a library file with named users (shareById). */
  shareOnlyLibrary: '只能共享文件库中的文件',
  shareUnknownUser: (id: string) => `用户“${id}”不存在`,
  shareSelf: '不能共享给自己',
  shared: (n: number) => (n === 0 ? '已取消共享' : `已共享给 ${n} 人`),
  shareTooMany: `一次最多共享给 ${200} 人`,
  libraryDepartmentRequired: '请选择文件库所属部门',
} as const;

/** Default size limit of one file in MB (the server's MAX_UPLOAD_MB unless configured otherwise). */
export const DEFAULT_MAX_FILE_MB = 500;

/** Attempts per chunk before the upload fails (a failed chunk is re-sent). */
export const CHUNK_ATTEMPTS = 3;

/** '"file" 上传失败!' alternative of the attachment list: '上传"file"失败!' */
export const uploadFailedAlt = (name: string) => `上传"${name}"失败!`;
/** Simple upload modal: '{file name} 文件上传失败。' */
export const simpleUploadFailed = (name: string) => `${name} 文件上传失败。`;

/** '"file" 文件大小超过 N MB' */
export const fileTooLarge = (name: string, mb: number) => `"${name}" 文件大小超过 ${mb} MB`;
/** '"file" 上传失败!' */
export const uploadFailed = (name: string) => `"${name}" 上传失败!`;
/** '最多只能上传 N 个文件' */
export const tooManyFiles = (n: number) => `最多只能上传${n}个文件`;

/** Attachment stages as stored, and the calling stage each maps from (spec-2 section 4). */
export const STAGE_MAP = {
  mbbz: 'standard',
  jcyj: 'warning',
  zwzd: 'diagnosis',
  zjgj: 'diagnosis',
  unfinish: 'unfinish',
  disqualified: 'disqualified',
} as const;
export type CallingStage = keyof typeof STAGE_MAP;
export type StoredStage = (typeof STAGE_MAP)[CallingStage];

/** The four stages of the download dialog; unfinished and disqualified files count under the last. */
export const STAGE_GROUPS = [
  { key: 'standard', label: '目标标准', stages: ['standard'] },
  { key: 'warning', label: '监测预警', stages: ['warning'] },
  { key: 'diagnosis', label: '自我诊断', stages: ['diagnosis'] },
  { key: 'improve', label: '总结改进', stages: ['unfinish', 'disqualified'] },
] as const;

/** Maps a calling stage (or an already stored one) to the stored stage; null for an unknown stage. */
export function mapStage(stage: string): StoredStage | null {
  if (stage in STAGE_MAP) return STAGE_MAP[stage as CallingStage];
  const stored = Object.values(STAGE_MAP) as string[];
  return stored.includes(stage) ? (stage as StoredStage) : null;
}

/** File owner types: the spec's four plus the platform's own. */
export const FILE_OWNER_TYPES = [
  'YearTask',
  'NodeTask',
  'TaskEndTime',
  'TaskProgress',
  'Quality',
  'DocRepo',
  'FillTask',
  'UserAvatar',
  'SystemLogo',
  'Unattached',
] as const;
export type FileOwnerType = (typeof FILE_OWNER_TYPES)[number];

/** Seeded file types (文件类型); 内部支撑文件 is the one attachments of indicators use. */
export const FILE_TYPES = [
  '年度目标文件',
  '目标支撑文件',
  '任务分解文件',
  '过程文件',
  '成果文件',
  '内部支撑文件',
] as const;

/** Files at or below this size go in one request; larger ones in chunks. */
export const FILE_NORMAL_LEN = 5 * 1024 * 1024;

/** Splits a file name into base name and lower-case extension. */
export function splitFileName(name: string): { base: string; ext: string } {
  const i = name.lastIndexOf('.');
  if (i <= 0) return { base: name, ext: '' };
  return { base: name.slice(0, i), ext: name.slice(i + 1).toLowerCase() };
}

/** The client-side and server-side check of a file's name, type and size; null when acceptable. */
export function fileProblem(file: { name: string; size: number }, maxMb: number): string | null {
  const { base, ext } = splitFileName(file.name);
  if (!(LIMITS.allowedFileExtensions as readonly string[]).includes(ext)) return FILE_MSG.typeNotAllowed;
  if ([...base].length > LIMITS.fileNameMaxLength) return FILE_MSG.nameTooLong;
  if (file.size === 0) return FILE_MSG.empty;
  if (file.size > maxMb * 1024 * 1024) return fileTooLarge(file.name, maxMb);
  return null;
}

export const AttachmentSchema = z.object({
  fileId: z.string().describe('文件id / file id'),
  fileName: z.string().describe('文件名 / file name'),
  fileType: z.string().nullable().describe('文件类型名称 / file type name'),
  stage: z.string().nullable().describe('阶段 / stored stage'),
  size: z.number().int().describe('字节数 / size in bytes'),
  url: z.string().describe('下载地址 / download url'),
  previewUrl: z.string().nullable().describe('预览地址（PDF 与图片） / inline preview url for PDF and images'),
  uploaderName: z.string().nullable().describe('上传人 / uploader'),
  createTime: z.string().describe('上传时间 / upload time'),
  canDelete: z.boolean().describe('当前用户可删除 / the signed-in user may delete it'),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const UploadedFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

export const MergeInputSchema = z.object({
  guid: z
    .string()
    .uuid()
    .describe("上传标识（仅指本人的这次上传，不是文件id） / upload guid, naming the caller's upload only"),
  fileName: z.string().min(1).max(255).describe('文件名（含扩展名） / file name with extension'),
  fName: z.string().max(255).optional().describe('显示名称 / display name'),
  lxId: int32().optional().describe('文件类型id / file type id'),
  lxmc: z.string().max(60).optional().describe('文件类型名称 / file type name'),
  bz: z.string().max(200).optional().describe('备注 / remark'),
  yxqx: z.string().max(30).optional().describe('有效期限 / valid until'),
});

export const MergeStatusSchema = z.object({
  status: z.enum(['uploading', 'waitting', 'success', 'failure']).describe('合并状态 / merge status'),
  fileId: z
    .string()
    .nullable()
    .describe('合并后的新文件id（由服务器生成） / id of the merged file, made by the server'),
  message: z.string().nullable(),
});

export const SaveAttachmentListSchema = z.object({
  list: z
    .array(
      z.object({
        fileId: z.string().uuid(),
        fileName: z.string().max(255).optional(),
        fileType: int32().optional(),
      }),
    )
    .max(LIMITS.maxFileCount, tooManyFiles(LIMITS.maxFileCount)),
  context: z.object({
    ownerType: z.enum(FILE_OWNER_TYPES).default('Quality').describe('附件所属类型 / owner type'),
    zgzkdid: z.string().max(64).optional().describe('质控点行id / QCP row id'),
    objTaskId: z.string().max(64).optional().describe('对象任务id / object task id'),
    ownerId: z.string().max(64).optional().describe('所属记录id / owner record id'),
    stage: z.string().max(32).optional().describe('阶段 mbbz/jcyj/zwzd/zjgj/unfinish/disqualified'),
  }),
});

/** A stored file's id. */
export const FileIdSchema = z.string().uuid().describe('文件id / file id');
export const FileIdQuerySchema = z.object({ id: FileIdSchema });

/** The form fields of one chunk, read from its multipart request before the file part. */
export const ChunkFieldsSchema = z.object({
  guid: z.string().uuid(),
  chunk: int32().min(0),
  chunks: int32().min(1),
  size: z.coerce.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/),
  fileName: z.string().min(1).max(1000).optional(),
});

/** A chunk stored: the upload it belongs to and its index. */
export const ChunkReceivedSchema = z.object({ guid: z.string(), chunk: z.number().int() });

export const MergeStatusQuerySchema = z.object({ guid: z.string().uuid() });

export const FileTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export const FileTypeListSchema = listOf(FileTypeSchema);

/** Registering an uploaded file under a name and type. */
export const RegisterFileInputSchema = z.object({
  mc: z.string().trim().min(1).max(200).describe('名称（不含扩展名） / name without extension'),
  wjlx: z.string().max(16).optional().describe('文件扩展名 / extension'),
  fjId: FileIdSchema,
  lxId: int32().optional().describe('文件类型id / file type id'),
});
export const RegisteredFileSchema = z.object({ fileId: z.string(), fileName: z.string() });

/** The record whose attachments are listed, optionally of one stage. */
export const AttachmentListQuerySchema = z.object({
  ownerType: z.enum(FILE_OWNER_TYPES),
  ownerId: z.string().max(64).optional(),
  zgzkdid: z.string().max(64).optional(),
  stage: z.string().max(32).optional(),
});
export const AttachmentListSchema = z.array(AttachmentSchema);

/** The bulk download: comma-separated file ids and the name the zip is called after. */
export const ZipQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.string().uuid()).min(1).max(500)),
  name: z.string().trim().max(100).default('附件').describe('指标名称 / indicator name'),
});

/** 文件库 共享: the users a library file is shared with (the list replaces the file's shares; empty: shared with none). */
export const ShareByIdSchema = z.object({
  id: FileIdSchema,
  userIds: z
    .array(z.string().trim().min(1).max(64))
    .max(200, FILE_MSG.shareTooMany)
    .describe('共享给的用户工号（整体替换，空为取消共享） / the users, replacing the shares'),
});

export const FileShareSchema = z.object({
  userId: z.string().describe('被共享人工号 / the user'),
  userName: z.string().describe('被共享人姓名 / the user, by name'),
  sharedBy: z.string().nullable().describe('共享人姓名 / who shared it, by name'),
  sharedAt: DateTimeSchema.describe('共享时间 / shared at'),
});
export const FileSharesSchema = z.array(FileShareSchema);

/** A library file shared with the signed-in user. */
export const SharedFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  bmid: z.string().nullable().describe('所属部门id / the library department'),
  bmmc: z.string().nullable().describe('所属部门 / the library department, by name'),
  gxrmc: z.string().nullable().describe('共享人名称 / sharer name'),
  sharedAt: DateTimeSchema.describe('共享时间 / shared at'),
  url: z.string().describe('下载地址 / download url'),
  previewUrl: z.string().nullable().describe('预览地址（PDF 与图片） / preview url'),
});
export const SharedFilesSchema = listOf(SharedFileSchema);

/** Merging a chunked upload straight into a department library (the files module's chunks and merge job). */
export const LibraryMergeSchema = MergeInputSchema.extend({
  bmid: z.string().trim().min(1).max(32).optional().describe('文件库所属部门（默认本人部门） / the library department'),
});
