import type { MultipartFile } from '@fastify/multipart';
import { FILES_API as API, ChunkFieldsSchema, FILE_MSG, listReply } from '@zg/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { contentDisposition } from '../../platform/content-disposition';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { filesContextOf as ctxOf } from './files.context';
import { canWriteOwner } from './files.policy';
import { pageFileTypes } from './files.repository';
import {
  attachmentOwnerOf,
  deleteFile,
  isPreviewable,
  listAttachments,
  mergeStatus,
  readableFile,
  registerFile,
  requestMerge,
  saveAttachmentList,
  storeChunk,
  storeSmallUpload,
  zipFiles,
} from './files.service';
import { fileShares, libraryMerge, shareById, sharedWithMe } from './library.service';

const signedIn = { session: true } as const;

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

/** `/api/herm-zdgj/rest/file`: uploads (small and chunked), registration, attachment lists, downloads, zip, delete. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.upload, signedIn, async (req) => {
    const part = await onePart(req);
    return ok(await storeSmallUpload(ctxOf(app), actorOf(req), part));
  });

  serve(app, API.chunk, signedIn, async (req) => {
    const part = await onePart(req);
    const parsed = ChunkFieldsSchema.safeParse({
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
  });

  serve(app, API.merge, signedIn, async (req) => ok(await requestMerge(ctxOf(app), actorOf(req), req.body)));

  serve(app, API.mergeStatus, signedIn, async (req) => ok(await mergeStatus(ctxOf(app), actorOf(req), req.query.guid)));

  serve(app, API.fileTypes, signedIn, async (req) => {
    const page = await pageFileTypes(app.database.db, req.query.pageNum, req.query.pageSize);
    return ok(listReply(page.list, page.total, req.query));
  });

  serve(app, API.register, signedIn, async (req) => ok(await registerFile(ctxOf(app), actorOf(req), req.body)));

  serve(app, API.saveList, signedIn, async (req) =>
    ok(await saveAttachmentList(ctxOf(app), actorOf(req), req.body), FILE_MSG.importSuccess),
  );

  serve(app, API.list, signedIn, async (req) =>
    ok(await listAttachments(ctxOf(app), actorOf(req), attachmentOwnerOf(req.query))),
  );

  serve(app, API.download, signedIn, async (req, reply) => {
    const file = await readableFile(ctxOf(app), actorOf(req), req.query.id);
    reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition('attachment', file.name))
      .header('x-content-type-options', 'nosniff');
    return reply.send(app.fileStore.get(file.id));
  });

  serve(app, API.preview, signedIn, async (req, reply) => {
    const file = await readableFile(ctxOf(app), actorOf(req), req.query.id);
    if (!isPreviewable(file)) throw new AppError(415, FILE_MSG.fileTypeError);
    reply
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition('inline', file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    return reply.send(app.fileStore.get(file.id));
  });

  serve(app, API.zip, signedIn, async (req, reply) => {
    const archive = await zipFiles(ctxOf(app), actorOf(req), req.query.ids);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', `${req.query.name}支撑附件.zip`));
    return reply.send(archive);
  });

  serve(app, API.delete, signedIn, async (req) => {
    await deleteFile(ctxOf(app), actorOf(req), req.params.id);
    return ok(null, FILE_MSG.deleted);
  });
};

/** `/api/docrepo`: the department document library (文件库). */
export const docrepoRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.libraryUpload, signedIn, async (req) => {
    const actor = actorOf(req);
    const part = await onePart(req);
    const bmid = field(part, 'bmid') ?? actor.departmentId;
    const lxId = field(part, 'lxId');
    if (!bmid) {
      part.file.resume();
      throw badRequest();
    }
    if (!(await canWriteOwner(app.database.db, app.hooks, actor, 'DocRepo', bmid))) {
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
  });

  // A chunked upload (rest/file/chunk) merged straight into the library; the client polls rest/file/mergeStatus.
  serve(app, API.libraryMerge, signedIn, async (req) => ok(await libraryMerge(ctxOf(app), actorOf(req), req.body)));

  serve(app, API.shareById, signedIn, async (req) => {
    const shares = await shareById(ctxOf(app), actorOf(req), req.body);
    return ok(shares, FILE_MSG.shared(shares.length));
  });

  serve(app, API.shares, signedIn, async (req) => ok(await fileShares(ctxOf(app), actorOf(req), req.query.id)));

  serve(app, API.sharedWithMe, signedIn, async (req) => {
    const { list, total } = await sharedWithMe(ctxOf(app), actorOf(req), req.query);
    return ok(listReply(list, total, req.query));
  });
};
