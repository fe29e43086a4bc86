import type { MultipartFile } from '@fastify/multipart';
import {
  AttachmentSchema,
  envelope,
  FILE_MSG,
  FILE_OWNER_TYPES,
  int32,
  listOf,
  MergeInputSchema,
  MergeStatusSchema,
  PagingQuerySchema,
  SaveAttachmentListSchema,
  UploadedFileSchema,
} from '@zg/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { contentDisposition } from './content-disposition';
import { canWriteOwner } from './files.policy';
import { pageFileTypes } from './files.repository';
import {
  attachmentOwnerOf,
  CLEANUP_JOB,
  deleteFile,
  type FilesContext,
  isPreviewable,
  listAttachments,
  MERGE_JOB,
  mergeStatus,
  readableFile,
  registerFile,
  requestMerge,
  runCleanup,
  runMerge,
  saveAttachmentList,
  storeChunk,
  storeSmallUpload,
  zipFiles,
} from './files.service';

const TAGS = ['附件与上传'];
const signedIn = { access: { session: true } } as const;
const FileId = z.string().uuid().describe('文件id / file id');

const ctxOf = (app: FastifyInstance): FilesContext => ({
  db: app.database.db,
  store: app.fileStore,
  config: app.config,
});

/** The one file part of a multipart request, or the spec's "select a file first" message. */
async function onePart(req: FastifyRequest): Promise<MultipartFile> {
  const part = await req.file();
  if (!part) throw badRequest(FILE_MSG.selectFirst);
  return part;
}

function field(part: MultipartFile, name: string): string | undefined {
  const f = part.fields[name];
  const one = Array.isArray(f) ? f[0] : f;
  return one && 'value' in one ? String(one.value) : undefined;
}

/** Registers the merge and clean-up jobs of this module on the shared job runner. */
export function registerFileJobs(app: FastifyInstance) {
  app.jobs.register(MERGE_JOB, (payload, job) => runMerge(ctxOf(app), payload, job));
  app.jobs.register(CLEANUP_JOB, async () => {
    await runCleanup(ctxOf(app));
  });
  app.jobs.every(CLEANUP_JOB, 3600_000);
}

/** `/api/herm-zdgj/rest/file`: uploads (small and chunked), registration, attachment lists, downloads, zip, delete. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '小文件上传（multipart，字段 file，一次请求） / small upload in one request',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(UploadedFileSchema) },
      },
    },
    async (req) => {
      const part = await onePart(req);
      return ok(await storeSmallUpload(ctxOf(app), actorOf(req), part));
    },
  );

  app.post(
    '/chunk',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary:
          '分片上传：字段 guid（本人此次上传的标识）、chunk（从0起）、chunks、size（文件总字节）、sha256（本片）、fileName（第0片时带上则立即校验内容与扩展名），最后是 file；每片 614400 字节 / one chunk',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ guid: z.string(), chunk: z.number().int() })) },
      },
    },
    async (req) => {
      const part = await onePart(req);
      const parsed = z
        .object({
          guid: z.string().uuid(),
          chunk: int32().min(0),
          chunks: int32().min(1),
          size: z.coerce.number().int().min(0),
          sha256: z.string().regex(/^[0-9a-fA-F]{64}$/),
          fileName: z.string().min(1).max(1000).optional(),
        })
        .safeParse({
          guid: field(part, 'guid'),
          chunk: field(part, 'chunk'),
          chunks: field(part, 'chunks'),
          size: field(part, 'size'),
          sha256: field(part, 'sha256'),
          fileName: field(part, 'fileName'),
        });
      if (!parsed.success) {
        part.file.resume();
        throw badRequest(FILE_MSG.chunkInvalid);
      }
      return ok(await storeChunk(ctxOf(app), actorOf(req), parsed.data, part.file));
    },
  );

  app.post(
    '/merge',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '合并分片（后台任务），之后轮询 mergeStatus / queue the merge, then poll mergeStatus',
        body: MergeInputSchema,
        response: { 200: envelope(MergeStatusSchema) },
      },
    },
    async (req) => ok(await requestMerge(ctxOf(app), actorOf(req), req.body)),
  );

  app.get(
    '/mergeStatus',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '合并状态：waitting 直到完成，然后 success 或 failure（附原因） / merge status',
        querystring: z.object({ guid: z.string().uuid() }),
        response: { 200: envelope(MergeStatusSchema) },
      },
    },
    async (req) => ok(await mergeStatus(ctxOf(app), actorOf(req), req.query.guid)),
  );

  app.get(
    '/fileTypes',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '文件类型列表（含 内部支撑文件） / file types',
        querystring: PagingQuerySchema,
        response: { 200: envelope(listOf(z.object({ id: z.number().int(), name: z.string() }))) },
      },
    },
    async (req) => {
      const page = await pageFileTypes(app.database.db, req.query.pageNum, req.query.pageSize);
      return ok({ ...page, pageNum: req.query.pageNum, pageSize: req.query.pageSize });
    },
  );

  app.post(
    '/files/insert',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '上传后登记：mc（不含扩展名的名称）、wjlx、fjId、lxId / register an uploaded file',
        body: z.object({
          mc: z.string().trim().min(1).max(200).describe('名称（不含扩展名） / name without extension'),
          wjlx: z.string().max(16).optional().describe('文件扩展名 / extension'),
          fjId: FileId,
          lxId: int32().optional().describe('文件类型id / file type id'),
        }),
        response: { 200: envelope(z.object({ fileId: z.string(), fileName: z.string() })) },
      },
    },
    async (req) => ok(await registerFile(ctxOf(app), actorOf(req), req.body)),
  );

  app.post(
    '/files/saveList',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '保存附件列表（上下文 zgzkdid/objTaskId/stage；列表外的该阶段附件被删除） / save the attachment list',
        body: SaveAttachmentListSchema,
        response: { 200: envelope(z.array(AttachmentSchema)) },
      },
    },
    async (req) => ok(await saveAttachmentList(ctxOf(app), actorOf(req), req.body), FILE_MSG.importSuccess),
  );

  app.get(
    '/files/list',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '记录的附件列表（可按阶段） / attachments of a record',
        querystring: z.object({
          ownerType: z.enum(FILE_OWNER_TYPES),
          ownerId: z.string().max(64).optional(),
          zgzkdid: z.string().max(64).optional(),
          stage: z.string().max(32).optional(),
        }),
        response: { 200: envelope(z.array(AttachmentSchema)) },
      },
    },
    async (req) => ok(await listAttachments(ctxOf(app), actorOf(req), attachmentOwnerOf(req.query))),
  );

  app.get(
    '/files/download',
    {
      config: signedIn,
      schema: { tags: TAGS, summary: '按id下载附件 / download one file', querystring: z.object({ id: FileId }) },
    },
    async (req, reply) => {
      const file = await readableFile(ctxOf(app), actorOf(req), req.query.id);
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff');
      return reply.send(app.fileStore.get(file.id));
    },
  );

  app.get(
    '/files/preview',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '在线预览（仅 PDF 与图片） / inline preview of PDF and images',
        querystring: z.object({ id: FileId }),
      },
    },
    async (req, reply) => {
      const file = await readableFile(ctxOf(app), actorOf(req), req.query.id);
      if (!isPreviewable(file)) throw new AppError(415, FILE_MSG.fileTypeError);
      reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition('inline', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      return reply.send(app.fileStore.get(file.id));
    },
  );

  app.get(
    '/files/downloadFiles',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '批量下载为 zip：ids 以逗号分隔，文件名 <name>支撑附件.zip（流式） / bulk zip download, streamed',
        querystring: z.object({
          ids: z
            .string()
            .transform((s) => s.split(',').filter(Boolean))
            .pipe(z.array(z.string().uuid()).min(1).max(500)),
          name: z.string().trim().max(100).default('附件').describe('指标名称 / indicator name'),
        }),
      },
    },
    async (req, reply) => {
      const archive = await zipFiles(ctxOf(app), actorOf(req), req.query.ids);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', `${req.query.name}支撑附件.zip`));
      return reply.send(archive);
    },
  );

  app.post(
    '/files/:id/delete',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '删除附件（上传人或记录的编辑者） / delete a file',
        params: z.object({ id: FileId }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await deleteFile(ctxOf(app), actorOf(req), req.params.id);
      return ok(null, FILE_MSG.deleted);
    },
  );
};

/** `/api/docrepo`: the department document library (文件库). */
export const docrepoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '上传到部门文件库（multipart：可选字段 bmid、lxId，然后 file） / upload into a department library',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(UploadedFileSchema) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const part = await onePart(req);
      const bmid = field(part, 'bmid') ?? actor.departmentId;
      const lxId = field(part, 'lxId');
      if (!bmid) {
        part.file.resume();
        throw badRequest();
      }
      if (!(await canWriteOwner(app.database.db, actor, 'DocRepo', bmid))) {
        part.file.resume();
        throw forbidden();
      }
      return ok(
        await storeSmallUpload(ctxOf(app), actor, part, {
          ownerType: 'DocRepo',
          ownerId: bmid,
          fileTypeId: lxId ? Number(lxId) : undefined,
        }),
      );
    },
  );
};
