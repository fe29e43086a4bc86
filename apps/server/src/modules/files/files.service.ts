import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Attachment,
  FILE_MSG,
  FILES_API,
  type FileOwnerType,
  fileProblem,
  fileTooLarge,
  formatDateTime,
  LIMITS,
  mapStage,
  splitFileName,
  tooManyFiles,
} from '@zg/contract';
import { ZipArchive } from 'archiver';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { type FileStore, FileTooLargeError } from '../../platform/files/file-store';
import { peek } from '../../platform/files/peek';
import { contentMatches, MIME } from '../../platform/files/sniff';
import type { Hooks } from '../../platform/hooks';
import { enqueueJob } from '../../platform/jobs';
import { canDeleteFile, canWriteOwner, readableFiles } from './files.policy';
import {
  claimMerge,
  completeUploadSession,
  deleteFileRows,
  deleteUploadSessions,
  ensureUploadSession,
  existingUploadSessionIds,
  type FileRow,
  findFiles,
  findFileType,
  findStaleUnattached,
  findStaleUploads,
  findUploadSession,
  findUploadSessionById,
  insertFileRow,
  listChunks,
  listOwnerFiles,
  updateFileRow,
  updateUploadSession,
  upsertChunk,
} from './files.repository';

export const MERGE_JOB = 'file.merge';
export const CLEANUP_JOB = 'file.cleanup';
const PREVIEWABLE = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp']);

export interface FilesContext {
  db: Db;
  /** The app's hooks: the owner policies the modules register (files.policy.ts). */
  hooks: Hooks;
  store: FileStore;
  config: Config;
}

/** A session's chunks live in a directory named by the session's server-made id, never by the client's guid. */
const chunkDir = (config: Config, sessionId: string) => path.join(config.DATA_DIR, 'chunks', sessionId);
const maxBytes = (config: Config) => config.MAX_UPLOAD_MB * 1024 * 1024;

/** Refuses a name or extension the spec does not allow (size is checked while streaming). */
function checkName(name: string) {
  const problem = fileProblem({ name, size: 1 }, Number.MAX_SAFE_INTEGER);
  if (problem) throw new AppError(problem === FILE_MSG.typeNotAllowed ? 415 : 400, problem);
}

/** Stores a file sent in one request, after checking its name, its bytes and its size. */
export async function storeSmallUpload(
  ctx: FilesContext,
  actor: Actor,
  part: { filename: string; file: Readable },
  owner: { ownerType: FileOwnerType; ownerId: string | null; fileTypeId?: number } = {
    ownerType: 'Unattached',
    ownerId: null,
  },
) {
  checkName(part.filename);
  const { ext } = splitFileName(part.filename);
  const { head, stream } = await peek(part.file, 16);
  if (head.length === 0) throw badRequest(FILE_MSG.empty);
  if (!contentMatches(ext, head)) throw new AppError(415, FILE_MSG.contentMismatch);
  let stored: Awaited<ReturnType<FileStore['put']>>;
  try {
    stored = await ctx.store.put(stream, { maxBytes: maxBytes(ctx.config) });
  } catch (err) {
    if (err instanceof FileTooLargeError)
      throw new AppError(413, fileTooLarge(part.filename, ctx.config.MAX_UPLOAD_MB));
    throw err;
  }
  await insertFileRow(ctx.db, {
    id: stored.id,
    name: part.filename.slice(0, 255),
    ext,
    mime: MIME[ext] ?? 'application/octet-stream',
    size: stored.size,
    sha256: stored.sha256,
    ownerType: owner.ownerType,
    ownerId: owner.ownerId,
    fileTypeId: owner.fileTypeId ?? null,
    uploaderId: actor.userId,
  });
  return { fileId: stored.id, fileName: part.filename, size: stored.size, sha256: stored.sha256 };
}

/**
 * Stores one chunk of a chunked upload. Every chunk but the last is exactly the chunk size; its SHA-256 must match
 * the one the client sent. A re-sent chunk replaces the earlier copy with identical bytes (idempotent). The guid names
 * the caller's own session only: another user's guid (or any file id) is simply a new session of the caller's.
 * The first chunk, when it comes with the file name, has its bytes checked against the extension at once, so a
 * mislabelled file is refused before the rest is sent; without the name (older clients) the merge checks it.
 */
export async function storeChunk(
  ctx: FilesContext,
  actor: Actor,
  fields: { guid: string; chunk: number; chunks: number; size: number; sha256: string; fileName?: string },
  data: Readable,
) {
  const { guid, chunk, chunks, size } = fields;
  if (size <= 0) throw badRequest(FILE_MSG.empty);
  if (size > maxBytes(ctx.config)) throw new AppError(413, fileTooLarge('文件', ctx.config.MAX_UPLOAD_MB));
  if (chunks !== Math.ceil(size / LIMITS.chunkSize) || chunk < 0 || chunk >= chunks) {
    throw badRequest(FILE_MSG.chunkInvalid);
  }
  let body = data;
  if (chunk === 0 && fields.fileName !== undefined) {
    checkName(fields.fileName);
    const { head, stream } = await peek(data, 16);
    if (!contentMatches(splitFileName(fields.fileName).ext, head)) {
      stream.resume();
      throw new AppError(415, FILE_MSG.contentMismatch);
    }
    body = stream;
  }
  const session = await ensureUploadSession(ctx.db, {
    guid,
    uploaderId: actor.userId,
    totalChunks: chunks,
    totalSize: size,
  });
  if (!session) throw new AppError(409, FILE_MSG.uploadNotFound);
  if (session.totalChunks !== chunks || session.totalSize !== size) throw badRequest(FILE_MSG.chunkInvalid);
  if (session.status !== 'uploading') throw new AppError(409, FILE_MSG.uploadNotFound);
  const expected = chunk === chunks - 1 ? size - LIMITS.chunkSize * (chunks - 1) : LIMITS.chunkSize;

  const dir = chunkDir(ctx.config, session.id);
  await fs.promises.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${chunk}.${randomUUID().slice(0, 8)}.part`);
  const digest = createHash('sha256');
  let received = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const buf of source) {
          received += buf.length;
          if (received > expected) throw badRequest(FILE_MSG.chunkInvalid);
          digest.update(buf);
          yield buf;
        }
      },
      fs.createWriteStream(tmp),
    );
    if (received !== expected || digest.digest('hex') !== fields.sha256.toLowerCase()) {
      throw badRequest(FILE_MSG.chunkInvalid);
    }
    await fs.promises.rename(tmp, path.join(dir, String(chunk)));
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
  await upsertChunk(ctx.db, { sessionId: session.id, idx: chunk, size: received, sha256: fields.sha256.toLowerCase() });
  return { guid, chunk };
}

/**
 * Checks the caller's upload is complete and queues its merge once; the client polls the status. The merged file is
 * the caller's unattached upload, or goes straight to `owner` (a department library, whose write the caller checked).
 */
export async function requestMerge(
  ctx: FilesContext,
  actor: Actor,
  input: { guid: string; fileName: string; fName?: string; lxId?: number; lxmc?: string; bz?: string; yxqx?: string },
  owner?: { ownerType: FileOwnerType; ownerId: string },
) {
  checkName(input.fileName);
  const session = await findUploadSession(ctx.db, actor.userId, input.guid);
  if (!session) throw notFound(FILE_MSG.uploadNotFound);
  if (session.status === 'waitting' || session.status === 'success') return statusOf(session);
  const chunks = await listChunks(ctx.db, session.id);
  if (chunks.length !== session.totalChunks) throw badRequest(FILE_MSG.chunksIncomplete);
  await ctx.db.transaction(async (tx) => {
    // Two merge requests at once queue one job: only the one that moves the session to waitting enqueues it.
    if (await claimMerge(tx, session.id, owner ? { ...input, owner } : input)) {
      await enqueueJob(tx, MERGE_JOB, { sessionId: session.id }, { maxAttempts: 3 });
    }
  });
  return { status: 'waitting' as const, fileId: null, message: null };
}

const statusOf = (s: { status: string; fileId: string | null; message: string | null }) => ({
  status: s.status as 'uploading' | 'waitting' | 'success' | 'failure',
  fileId: s.fileId,
  message: s.message,
});

/** The state of the caller's own upload named by its guid. */
export async function mergeStatus(ctx: FilesContext, actor: Actor, guid: string) {
  const session = await findUploadSession(ctx.db, actor.userId, guid);
  if (!session) throw notFound(FILE_MSG.uploadNotFound);
  return statusOf(session);
}

/** Removes the bytes a merge wrote under the session's pending id, unless a file row took them, and forgets the id. */
async function discardPending(ctx: FilesContext, sessionId: string) {
  const session = await findUploadSessionById(ctx.db, sessionId);
  const pending = session?.pendingFileId;
  if (!pending) return;
  const [row] = await findFiles(ctx.db, [pending]);
  if (!row) await ctx.store.remove(pending);
  await updateUploadSession(ctx.db, sessionId, { pendingFileId: null });
}

/** The merge lost its session to another run of the same job (its bytes are removed, nothing is registered). */
class MergeSuperseded extends Error {}

/**
 * The merge job: joins the chunks in order into the store under a new id the store makes, recorded in the session
 * before any byte is written; the file row appears only with the completed bytes. A retry after a crash first
 * removes what the previous attempt wrote (bytes no file row references), then writes under a new id.
 */
export async function runMerge(ctx: FilesContext, payload: unknown, job: { final: boolean }) {
  const { sessionId } = (payload ?? {}) as { sessionId?: unknown };
  // A job queued before migration 0012 names a guid; its session was dropped with the others in flight.
  if (typeof sessionId !== 'string') return;
  const session = await findUploadSessionById(ctx.db, sessionId);
  if (session?.status !== 'waitting') return;
  const input = session.mergeInput as {
    fileName: string;
    fName?: string;
    lxId?: number;
    bz?: string;
    yxqx?: string;
    owner?: { ownerType: FileOwnerType; ownerId: string };
  };
  try {
    await discardPending(ctx, session.id);
    const chunks = await listChunks(ctx.db, session.id);
    if (chunks.length !== session.totalChunks) throw badRequest(FILE_MSG.chunksIncomplete);
    const dir = chunkDir(ctx.config, session.id);
    const joined = Readable.from(
      (async function* () {
        for (const c of chunks) yield* fs.createReadStream(path.join(dir, String(c.idx)));
      })(),
    );
    const { ext } = splitFileName(input.fileName);
    const { head, stream } = await peek(joined, 16);
    if (!contentMatches(ext, head)) {
      stream.destroy();
      throw new AppError(415, FILE_MSG.contentMismatch);
    }
    const stored = await ctx.store.put(stream, {
      maxBytes: maxBytes(ctx.config),
      onId: (id) => updateUploadSession(ctx.db, session.id, { pendingFileId: id }),
    });
    if (stored.size !== session.totalSize) throw badRequest(FILE_MSG.chunksIncomplete);
    const name = input.fName ? `${splitFileName(input.fName).base}.${ext}` : input.fileName;
    try {
      await ctx.db.transaction(async (tx) => {
        if (!(await completeUploadSession(tx, session.id, stored.id))) throw new MergeSuperseded();
        await insertFileRow(tx, {
          id: stored.id,
          name: name.slice(0, 255),
          ext,
          mime: MIME[ext] ?? 'application/octet-stream',
          size: stored.size,
          sha256: stored.sha256,
          ownerType: input.owner?.ownerType ?? 'Unattached',
          ownerId: input.owner?.ownerId ?? null,
          fileTypeId: input.lxId ?? null,
          remark: input.bz ?? null,
          validUntil: input.yxqx ?? null,
          uploaderId: session.uploaderId,
        });
      });
    } catch (err) {
      if (!(err instanceof MergeSuperseded)) throw err;
      await ctx.store.remove(stored.id);
      return;
    }
    await fs.promises.rm(dir, { recursive: true, force: true });
  } catch (err) {
    // A refusal is final; anything else is retried by the job runner until its last attempt.
    const refusal = err instanceof AppError;
    if (refusal || job.final) {
      await discardPending(ctx, session.id);
      await updateUploadSession(ctx.db, session.id, {
        status: 'failure',
        message: refusal ? err.message : FILE_MSG.mergeFailed,
      });
      if (refusal) return;
    }
    throw err;
  }
}

/**
 * Removes abandoned chunked uploads (with any bytes a failed merge left), chunk directories no session owns, and
 * files uploaded but never attached, all older than the configured time.
 */
export async function runCleanup(ctx: FilesContext) {
  const cutoff = new Date(Date.now() - ctx.config.CHUNK_TTL_HOURS * 3600_000);
  const stale = await findStaleUploads(ctx.db, cutoff);
  for (const s of stale) {
    await fs.promises.rm(chunkDir(ctx.config, s.id), { recursive: true, force: true });
    if (s.pendingFileId) await discardPending(ctx, s.id);
  }
  await deleteUploadSessions(
    ctx.db,
    stale.map((s) => s.id),
  );
  await sweepChunkDirs(ctx, cutoff);
  const orphans = await findStaleUnattached(ctx.db, cutoff);
  await deleteFileRows(
    ctx.db,
    orphans.map((o) => o.id),
  );
  for (const o of orphans) await ctx.store.remove(o.id);
  return { uploads: stale.length, files: orphans.length };
}

/** Chunk directories of no session (sessions dropped by migration 0012, or lost in a crash), once untouched long enough. */
async function sweepChunkDirs(ctx: FilesContext, cutoff: Date) {
  const root = path.join(ctx.config.DATA_DIR, 'chunks');
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  const live = await existingUploadSessionIds(
    ctx.db,
    names.filter((n) => n.length <= 36),
  );
  for (const name of names) {
    if (live.has(name)) continue;
    const stat = await fs.promises.stat(path.join(root, name)).catch(() => null);
    if (stat && stat.mtime < cutoff) await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
  }
}

/** Registration after upload: display name (mc), extension (wjlx) and file type (lxId) of the uploader's file. */
export async function registerFile(
  ctx: FilesContext,
  actor: Actor,
  input: { mc: string; wjlx?: string; fjId: string; lxId?: number },
) {
  const [file] = await findFiles(ctx.db, [input.fjId]);
  if (!file) throw notFound(FILE_MSG.fileNotFound);
  if (!(await canDeleteFile(ctx.db, ctx.hooks, actor, file))) throw forbidden();
  if (input.lxId !== undefined && !(await findFileType(ctx.db, input.lxId))) throw badRequest(FILE_MSG.fileTypeError);
  const name = `${input.mc.trim()}.${file.ext}`;
  checkName(name);
  await updateFileRow(ctx.db, file.id, { name, fileTypeId: input.lxId ?? file.fileTypeId });
  return { fileId: file.id, fileName: name };
}

function ownerOf(context: {
  ownerType: FileOwnerType;
  zgzkdid?: string;
  objTaskId?: string;
  ownerId?: string;
  stage?: string;
}) {
  const ownerId = context.ownerId ?? context.zgzkdid ?? context.objTaskId;
  if (!ownerId) throw badRequest();
  const stage = context.stage ? mapStage(context.stage) : null;
  if (context.stage && !stage) throw badRequest();
  return { ownerType: context.ownerType, ownerId, stage };
}

/**
 * Saves the attachment list of a record (and stage): listed files are attached, files of that record and stage
 * missing from the list are deleted. Only the uploader's own unattached files can be newly attached.
 */
export async function saveAttachmentList(
  ctx: FilesContext,
  actor: Actor,
  input: {
    list: { fileId: string; fileName?: string; fileType?: number }[];
    context: { ownerType: FileOwnerType; zgzkdid?: string; objTaskId?: string; ownerId?: string; stage?: string };
  },
) {
  const owner = ownerOf(input.context);
  if (!(await canWriteOwner(ctx.db, ctx.hooks, actor, owner.ownerType, owner.ownerId))) throw forbidden();
  const listed = new Set(input.list.map((f) => f.fileId));
  if (listed.size > LIMITS.maxFileCount) throw badRequest(tooManyFiles(LIMITS.maxFileCount));
  const rows = await findFiles(ctx.db, [...listed]);
  if (rows.length !== listed.size) throw notFound(FILE_MSG.fileNotFound);
  for (const f of rows) {
    const sameOwner = f.ownerType === owner.ownerType && f.ownerId === owner.ownerId;
    const mine = f.ownerType === 'Unattached' && f.uploaderId === actor.userId;
    if (!sameOwner && !mine) throw forbidden();
  }
  const current = await listOwnerFiles(ctx.db, owner.ownerType, owner.ownerId, owner.stage ?? undefined);
  const removed = current.map((c) => c.file).filter((f) => !listed.has(f.id));
  await ctx.db.transaction(async (tx) => {
    for (const item of input.list) {
      await updateFileRow(tx, item.fileId, {
        ownerType: owner.ownerType,
        ownerId: owner.ownerId,
        stage: owner.stage,
        ...(item.fileType !== undefined ? { fileTypeId: item.fileType } : {}),
      });
    }
    await deleteFileRows(
      tx,
      removed.map((f) => f.id),
    );
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'attachments.save',
      entityType: owner.ownerType,
      entityId: owner.ownerId,
      detail: { stage: owner.stage, added: [...listed], removed: removed.map((f) => f.id) },
    });
  });
  for (const f of removed) await ctx.store.remove(f.id);
  return listAttachments(ctx, actor, owner);
}

const downloadUrl = (id: string) => `${FILES_API.download.path}?id=${id}`;
const previewUrl = (id: string) => `${FILES_API.preview.path}?id=${id}`;

/** The attachments of a record the actor may read, with whether each can be deleted. */
export async function listAttachments(
  ctx: FilesContext,
  actor: Actor,
  owner: { ownerType: string; ownerId: string; stage?: string | null },
): Promise<Attachment[]> {
  const rows = await listOwnerFiles(ctx.db, owner.ownerType, owner.ownerId, owner.stage ?? undefined);
  const visible = new Set(
    (
      await readableFiles(
        ctx.db,
        ctx.hooks,
        actor,
        rows.map((r) => r.file),
      )
    ).map((f) => f.id),
  );
  const writable = await canWriteOwner(ctx.db, ctx.hooks, actor, owner.ownerType, owner.ownerId);
  return rows
    .filter((r) => visible.has(r.file.id))
    .map(({ file, typeName, uploaderName }) => ({
      fileId: file.id,
      fileName: file.name,
      fileType: typeName,
      stage: file.stage,
      size: file.size,
      url: downloadUrl(file.id),
      previewUrl: PREVIEWABLE.has(file.ext) ? previewUrl(file.id) : null,
      uploaderName,
      createTime: formatDateTime(file.createdAt),
      canDelete: writable,
    }));
}

export function attachmentOwnerOf(query: {
  ownerType: FileOwnerType;
  ownerId?: string;
  zgzkdid?: string;
  stage?: string;
}) {
  return ownerOf(query);
}

/** One file the actor may read, or 404 (the same answer whether it is missing or forbidden). */
export async function readableFile(ctx: FilesContext, actor: Actor, id: string): Promise<FileRow> {
  const rows = await findFiles(ctx.db, [id]);
  const [file] = await readableFiles(ctx.db, ctx.hooks, actor, rows);
  if (!file) throw notFound(FILE_MSG.fileNotFound);
  return file;
}

export function isPreviewable(file: FileRow) {
  return PREVIEWABLE.has(file.ext);
}

/** A zip of the readable files, streamed entry by entry (never built in memory). Names are made unique. */
export async function zipFiles(ctx: FilesContext, actor: Actor, ids: string[]) {
  const rows = await findFiles(ctx.db, ids);
  const files = await readableFiles(ctx.db, ctx.hooks, actor, rows);
  if (files.length === 0 || files.length !== new Set(ids).size) throw notFound(FILE_MSG.fileNotFound);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const used = new Map<string, number>();
  const ordered = ids.flatMap((id) => files.filter((f) => f.id === id)).filter((f, i, a) => a.indexOf(f) === i);
  void (async () => {
    for (const f of ordered) {
      const n = used.get(f.name) ?? 0;
      used.set(f.name, n + 1);
      const { base, ext } = splitFileName(f.name);
      const name = n === 0 ? f.name : `${base}(${n}).${ext}`;
      // Opened only when archiver reaches this entry, so one file is open at a time.
      const lazy = Readable.from(
        (async function* () {
          yield* ctx.store.get(f.id);
        })(),
      );
      archive.append(lazy, { name });
    }
    await archive.finalize();
  })().catch((err) => archive.destroy(err));
  return archive;
}

export async function deleteFile(ctx: FilesContext, actor: Actor, id: string) {
  const [file] = await findFiles(ctx.db, [id]);
  if (!file) throw notFound(FILE_MSG.fileNotFound);
  if (!(await canDeleteFile(ctx.db, ctx.hooks, actor, file))) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await deleteFileRows(tx, [id]);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'file.delete',
      entityType: 'file',
      entityId: id,
      detail: { name: file.name },
    });
  });
  await ctx.store.remove(id);
}

/** Records a file another module stored itself (the system logo), owned by that module's record. */
export async function recordStoredFile(db: Db, row: Parameters<typeof insertFileRow>[1]) {
  await insertFileRow(db, row);
}

/** A stored file's row by id (another module serving a file it recorded, as the avatar and the logo), or null. */
export async function findStoredFile(db: Db, id: string) {
  const [file] = await findFiles(db, [id]);
  return file ?? null;
}
