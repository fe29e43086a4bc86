import { FILE_MSG, FILES_API, formatDateTime } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { canShareFile, canWriteOwner } from './files.policy';
import { existingUsers, findFiles, findFileType, pageSharedWith, replaceShares, sharesOf } from './files.repository';
import { type FilesContext, isPreviewable, requestMerge } from './files.service';

/**
 * 文件库 (the department document library): the chunked upload's merge straight into a library, and sharing a library
 * file with named users (spec-2 §7.8 "merge burster", "shareById"; issue 28 item 6).
 */

/**
 * Merges the caller's chunked upload (rest/file/chunk) into a department's library: the caller must write it (a member
 * or head of the department, or an administrator); then the files module's merge job joins the chunks and the file is
 * the library's. The client polls rest/file/mergeStatus.
 */
export async function libraryMerge(
  ctx: FilesContext,
  actor: Actor,
  input: { guid: string; fileName: string; fName?: string; lxId?: number; bz?: string; yxqx?: string; bmid?: string },
) {
  const bmid = input.bmid ?? actor.departmentId;
  if (!bmid) throw badRequest(FILE_MSG.libraryDepartmentRequired);
  if (!(await canWriteOwner(ctx.db, ctx.hooks, actor, 'DocRepo', bmid))) throw forbidden();
  if (input.lxId !== undefined && !(await findFileType(ctx.db, input.lxId))) throw badRequest(FILE_MSG.fileTypeError);
  const { bmid: _, ...merge } = input;
  return requestMerge(ctx, actor, merge, { ownerType: 'DocRepo', ownerId: bmid });
}

/** A library file the actor may share, or 404 (missing) / 400 (not a library file) / 403 (not theirs to share). */
async function shareableFile(ctx: FilesContext, actor: Actor, id: string) {
  const [file] = await findFiles(ctx.db, [id]);
  if (!file) throw notFound(FILE_MSG.fileNotFound);
  if (file.ownerType !== 'DocRepo') throw badRequest(FILE_MSG.shareOnlyLibrary);
  if (!(await canShareFile(ctx.db, ctx.hooks, actor, file))) throw forbidden();
  return file;
}

const presentShares = (rows: Awaited<ReturnType<typeof sharesOf>>) =>
  rows.map((r) => ({
    userId: r.userId,
    userName: r.userName,
    sharedBy: r.sharedBy,
    sharedAt: formatDateTime(r.sharedAt),
  }));

/**
 * Shares a library file with the named users, replacing whom it was shared with (an empty list shares it with none);
 * every user must exist and the sharer is not one of them. Audited.
 */
export async function shareById(ctx: FilesContext, actor: Actor, input: { id: string; userIds: string[] }) {
  const file = await shareableFile(ctx, actor, input.id);
  const userIds = [...new Set(input.userIds)];
  if (userIds.includes(actor.userId)) throw badRequest(FILE_MSG.shareSelf);
  const known = await existingUsers(ctx.db, userIds);
  const unknown = userIds.find((u) => !known.has(u));
  if (unknown !== undefined) throw badRequest(FILE_MSG.shareUnknownUser(unknown));
  return ctx.db.transaction(async (tx) => {
    await replaceShares(tx, file.id, userIds, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'file.share',
      entityType: 'file',
      entityId: file.id,
      detail: { name: file.name, library: file.ownerId, userIds },
    });
    return presentShares(await sharesOf(tx, file.id));
  });
}

/** Who a library file is shared with (for those who may share it). */
export async function fileShares(ctx: FilesContext, actor: Actor, id: string) {
  const file = await shareableFile(ctx, actor, id);
  return presentShares(await sharesOf(ctx.db, file.id));
}

/** 共享给我的: the library files shared with the actor, a page of them, newest first. */
export async function sharedWithMe(ctx: FilesContext, actor: Actor, q: { pageNum: number; pageSize: number }) {
  const { list, total } = await pageSharedWith(ctx.db, actor.userId, q.pageNum, q.pageSize);
  return {
    list: list.map((r) => ({
      fileId: r.file.id,
      fileName: r.file.name,
      size: r.file.size,
      bmid: r.file.ownerType === 'DocRepo' ? r.file.ownerId : null,
      bmmc: r.bmmc,
      gxrmc: r.gxrmc,
      sharedAt: formatDateTime(r.sharedAt),
      url: `${FILES_API.download.path}?id=${r.file.id}`,
      previewUrl: isPreviewable(r.file) ? `${FILES_API.preview.path}?id=${r.file.id}` : null,
    })),
    total,
  };
}
