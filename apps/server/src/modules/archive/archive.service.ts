import { ARCHIVE_MSG, ARCHIVE_ZIP_MAX, type ArchiveType, FILE_TYPES } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest, notFound } from '../../platform/errors';
import { type FilesContext, zipFiles } from '../files';
import { tasksSeenBy, yearTargetsSeenBy } from '../target-task';
import { presentArchive } from './archive.presenter';
import {
  type ArchiveFilter,
  type ArchiveScope,
  archivePage,
  archiveTypeCounts,
  type DefaultTypes,
  ownedScope,
} from './archive.query';

/** Untyped documents count as year-target documents, process documents or final-result documents by where they are. */
const DEFAULT_TYPES: DefaultTypes = {
  yearTarget: FILE_TYPES[0],
  process: FILE_TYPES[3],
  final: FILE_TYPES[4],
};

/**
 * file-all: the documents of every year target and task the actor may see; file-myself: those of the tasks they own
 * and the year targets they created.
 */
function scopeOf(actor: Actor, type: ArchiveType): ArchiveScope {
  if (type === 'file-myself') {
    return ownedScope(actor.userId);
  }
  return { yearTargets: yearTargetsSeenBy(actor), tasks: tasksSeenBy(actor) };
}

/** A page of the archive's documents, newest first. */
export async function archiveFiles(
  db: Db,
  actor: Actor,
  q: ArchiveFilter & { type: ArchiveType; current: number; size: number },
) {
  const { rows, total } = await archivePage(
    db,
    scopeOf(actor, q.type),
    DEFAULT_TYPES,
    q,
    q.size,
    (q.current - 1) * q.size,
  );
  return { records: rows.map(presentArchive), total };
}

/** The archive's documents counted per file type (the type tabs), under the same filters but the type. */
export async function archiveTypes(db: Db, actor: Actor, q: ArchiveFilter & { type: ArchiveType }) {
  const rows = await archiveTypeCounts(db, scopeOf(actor, q.type), DEFAULT_TYPES, q);
  return rows.map((r) => ({ lxId: Number(r.lxId), name: r.name ?? ARCHIVE_MSG.untyped, count: Number(r.count) }));
}

/**
 * A zip of the checked documents, or of every document of the filter: each must be in the archive (so a page never
 * zips what it does not list), then the files module streams them.
 */
export async function archiveZip(
  ctx: FilesContext,
  actor: Actor,
  q: ArchiveFilter & { type: ArchiveType; ids: string[] },
) {
  const filter: ArchiveFilter = q.ids.length ? { ...q, ids: q.ids } : { ...q, ids: undefined };
  const { rows, total } = await archivePage(ctx.db, scopeOf(actor, q.type), DEFAULT_TYPES, filter, ARCHIVE_ZIP_MAX + 1);
  if (total > ARCHIVE_ZIP_MAX) throw badRequest(ARCHIVE_MSG.tooMany(ARCHIVE_ZIP_MAX));
  if (total === 0) throw notFound(ARCHIVE_MSG.notInArchive);
  if (q.ids.length && total !== new Set(q.ids).size) throw notFound(ARCHIVE_MSG.notInArchive);
  return zipFiles(
    ctx,
    actor,
    rows.map((r) => r.id),
  );
}
