import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, fileShares, files, fileTypes, uploadChunks, uploadSessions, users } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFileRow(db: Db, row: typeof files.$inferInsert) {
  await db.insert(files).values(row);
}

export async function findFiles(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(files).where(inArray(files.id, ids));
}

/** Attachments of one owner (optionally one stage) with the file type and uploader names, oldest first. */
export async function listOwnerFiles(db: Db, ownerType: string, ownerId: string, stage?: string) {
  return db
    .select({ file: files, typeName: fileTypes.name, uploaderName: users.name })
    .from(files)
    .leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
    .leftJoin(users, eq(users.id, files.uploaderId))
    .where(
      and(
        eq(files.ownerType, ownerType),
        eq(files.ownerId, ownerId),
        stage === undefined ? undefined : eq(files.stage, stage),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id));
}

export async function updateFileRow(db: Db, id: string, set: Partial<typeof files.$inferInsert>) {
  await db.update(files).set(set).where(eq(files.id, id));
}

export async function deleteFileRows(db: Db, ids: string[]) {
  if (ids.length) await db.delete(files).where(inArray(files.id, ids));
}

export async function pageFileTypes(db: Db, pageNum: number, pageSize: number) {
  const list = await db
    .select({ id: fileTypes.id, name: fileTypes.name })
    .from(fileTypes)
    .orderBy(asc(fileTypes.sortOrder), asc(fileTypes.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(fileTypes);
  return { list, total: Number(row?.n ?? 0) };
}

export async function findFileType(db: Db, id: number) {
  const rows = await db.select().from(fileTypes).where(eq(fileTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

export type UploadSession = typeof uploadSessions.$inferSelect;

/** The uploader's own session named by the client's guid (another user's guid is never found). */
export async function findUploadSession(db: Db, uploaderId: string, guid: string) {
  const rows = await db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.uploaderId, uploaderId), eq(uploadSessions.guid, guid)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUploadSessionById(db: Db, id: string) {
  const rows = await db.select().from(uploadSessions).where(eq(uploadSessions.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Creates the uploader's session for this guid on its first chunk (under a server-made id); later chunks find it. */
export async function ensureUploadSession(
  db: Db,
  s: { guid: string; uploaderId: string; totalChunks: number; totalSize: number },
) {
  await db
    .insert(uploadSessions)
    .values({ id: randomUUID(), ...s })
    .onConflictDoNothing({ target: [uploadSessions.uploaderId, uploadSessions.guid] });
  return findUploadSession(db, s.uploaderId, s.guid);
}

export async function upsertChunk(db: Db, c: { sessionId: string; idx: number; size: number; sha256: string }) {
  await db
    .insert(uploadChunks)
    .values(c)
    .onConflictDoUpdate({
      target: [uploadChunks.sessionId, uploadChunks.idx],
      set: { size: c.size, sha256: c.sha256 },
    });
  await db.update(uploadSessions).set({ updatedAt: new Date() }).where(eq(uploadSessions.id, c.sessionId));
}

export async function listChunks(db: Db, sessionId: string) {
  return db.select().from(uploadChunks).where(eq(uploadChunks.sessionId, sessionId)).orderBy(asc(uploadChunks.idx));
}

export async function updateUploadSession(db: Db, id: string, set: Partial<typeof uploadSessions.$inferInsert>) {
  await db
    .update(uploadSessions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(uploadSessions.id, id));
}

/** Moves an uploading (or failed) session to waitting with its merge input; false when it was waitting or done. */
export async function claimMerge(db: Db, id: string, mergeInput: unknown) {
  const rows = await db
    .update(uploadSessions)
    .set({ status: 'waitting', message: null, mergeInput, updatedAt: new Date() })
    .where(and(eq(uploadSessions.id, id), inArray(uploadSessions.status, ['uploading', 'failure'])))
    .returning({ id: uploadSessions.id });
  return rows.length > 0;
}

/** Marks the merge done with the file it stored; false when the session no longer waits for that pending id. */
export async function completeUploadSession(db: Db, id: string, fileId: string) {
  const rows = await db
    .update(uploadSessions)
    .set({ status: 'success', fileId, pendingFileId: null, message: null, updatedAt: new Date() })
    .where(
      and(eq(uploadSessions.id, id), eq(uploadSessions.status, 'waitting'), eq(uploadSessions.pendingFileId, fileId)),
    )
    .returning({ id: uploadSessions.id });
  return rows.length > 0;
}

/** Uploads abandoned before completion (or failed) and not touched since the cut-off. */
export async function findStaleUploads(db: Db, cutoff: Date) {
  return db
    .select({ id: uploadSessions.id, pendingFileId: uploadSessions.pendingFileId })
    .from(uploadSessions)
    .where(
      and(
        or(eq(uploadSessions.status, 'uploading'), eq(uploadSessions.status, 'failure')),
        lt(uploadSessions.updatedAt, cutoff),
      ),
    );
}

/** The ids among `ids` that are upload sessions. */
export async function existingUploadSessionIds(db: Db, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: uploadSessions.id }).from(uploadSessions).where(inArray(uploadSessions.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function deleteUploadSessions(db: Db, ids: string[]) {
  if (ids.length) await db.delete(uploadSessions).where(inArray(uploadSessions.id, ids));
}

export async function findStaleUnattached(db: Db, cutoff: Date) {
  return db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerType, 'Unattached'), lt(files.createdAt, cutoff)));
}

/** File types by name (the documents of year targets and tasks use three of them). */
export async function fileTypesNamed(db: Db, names: readonly string[]) {
  if (!names.length) return [];
  return db
    .select({ id: fileTypes.id, name: fileTypes.name })
    .from(fileTypes)
    .where(inArray(fileTypes.name, [...names]))
    .orderBy(asc(fileTypes.sortOrder), asc(fileTypes.id));
}

/** Ids of the files attached to a record, with their file type. */
export async function ownerFileTypes(db: Db, ownerType: string, ownerId: string) {
  return db
    .select({ id: files.id, fileTypeId: files.fileTypeId })
    .from(files)
    .where(and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId)));
}

/** Attaches the actor's own unattached uploads to an owner record, with a file type; false when one is not theirs. */
export async function attachOwnFiles(
  db: Db,
  fileIds: string[],
  uploaderId: string,
  ownerType: string,
  ownerId: string,
  fileTypeName?: string,
) {
  if (!fileIds.length) return true;
  const [type] = fileTypeName
    ? await db.select({ id: fileTypes.id }).from(fileTypes).where(eq(fileTypes.name, fileTypeName)).limit(1)
    : [];
  const rows = await db
    .update(files)
    .set({ ownerType, ownerId, ...(type ? { fileTypeId: type.id } : {}) })
    .where(and(inArray(files.id, fileIds), eq(files.ownerType, 'Unattached'), eq(files.uploaderId, uploaderId)))
    .returning({ id: files.id });
  return rows.length === new Set(fileIds).size;
}

/** Detaches the files of an owner record: they go back to their uploaders as unattached (a withdrawn report's). */
export async function releaseOwnerFiles(db: Db, ownerType: string, ownerId: string) {
  await db
    .update(files)
    .set({ ownerType: 'Unattached', ownerId: null })
    .where(and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId)));
}

// ---- library shares (文件库 shareById) ----

/** The ids among `ids` that are users. */
export async function existingUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the users a file is shared with. */
export async function replaceShares(db: Db, fileId: string, userIds: string[], sharedBy: string) {
  await db.delete(fileShares).where(eq(fileShares.fileId, fileId));
  if (userIds.length) await db.insert(fileShares).values(userIds.map((userId) => ({ fileId, userId, sharedBy })));
}

/** Who a file is shared with, by name, and who shared it, in the order they were shared. */
export async function sharesOf(db: Db, fileId: string) {
  return db
    .select({
      userId: fileShares.userId,
      userName: users.name,
      sharedBy: sql<string | null>`(select s.name from ${users} s where s.id = ${fileShares.sharedBy})`,
      sharedAt: fileShares.sharedAt,
    })
    .from(fileShares)
    .innerJoin(users, eq(users.id, fileShares.userId))
    .where(eq(fileShares.fileId, fileId))
    .orderBy(asc(fileShares.sharedAt), asc(fileShares.userId));
}

/** The files among `fileIds` shared with the user. */
export async function sharedWithUser(db: Db, userId: string, fileIds: string[]) {
  if (fileIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: fileShares.fileId })
    .from(fileShares)
    .where(and(eq(fileShares.userId, userId), inArray(fileShares.fileId, fileIds)));
  return new Set(rows.map((r) => r.id));
}

/** A page of the files shared with the user, newest share first, with their library and sharer names. */
export async function pageSharedWith(db: Db, userId: string, pageNum: number, pageSize: number) {
  const where = eq(fileShares.userId, userId);
  const [list, [total]] = await Promise.all([
    db
      .select({
        file: files,
        bmmc: departments.name,
        gxrmc: sql<string | null>`(select s.name from ${users} s where s.id = ${fileShares.sharedBy})`,
        sharedAt: fileShares.sharedAt,
      })
      .from(fileShares)
      .innerJoin(files, eq(files.id, fileShares.fileId))
      .leftJoin(departments, and(eq(files.ownerType, 'DocRepo'), eq(departments.id, files.ownerId)))
      .where(where)
      .orderBy(desc(fileShares.sharedAt), asc(files.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(fileShares).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}
