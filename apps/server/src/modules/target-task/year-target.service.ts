import {
  type CatalogNode,
  formatDateTime,
  TASK_MSG,
  type YearGroup,
  type YearTarget,
  type YearTaskStatus,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { mayEditYearTarget, mayPublish, viewOf, yearTargetAbilities, yearTargetsSeenBy } from './target-task.policy';
import { visibleTaskWhere } from './target-task.repository';
import { catalogueTasks } from './task-card.query';
import {
  countTasksOfTarget,
  deleteYearTarget,
  findYearTarget,
  insertYearTarget,
  listYearTargetOptions,
  pageYearTargets,
  setYearTargetOrder,
  updateYearTarget,
  visibleYearTargetWhere,
  yearTargetsOfYear,
  yearTargetsWithCounts,
} from './year-target.repository';

/** Year targets (年度目标): created, edited, removed and moved by their creators; listed, divided by year and catalogued as the actor sees them. */

/** A year target as the actor sees it, or the 404 of a missing id when they cannot see it (as `taskSeenBy`). */
export async function yearTargetSeenBy(db: Db, actor: Actor, id: number) {
  const target = await findYearTarget(db, id, yearTargetsSeenBy(actor));
  if (!target) throw notFound(TASK_MSG.targetNotFound);
  return target;
}

// ---- year targets ----

export async function createYearTarget(
  db: Db,
  actor: Actor,
  input: { name: string; cycleYear: number; chargeDepartId: string; auditorId?: string; description?: string },
) {
  if (!mayPublish(actor)) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await insertYearTarget(tx, {
      name: input.name,
      cycleYear: input.cycleYear,
      chargeDepartmentId: input.chargeDepartId,
      auditorId: input.auditorId ?? null,
      description: input.description ?? null,
      creatorId: actor.userId,
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.create',
      entityType: 'yearTarget',
      entityId: String(row.id),
    });
    return row;
  });
}

export async function editYearTarget(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  input: { name: string; cycleYear: number; chargeDepartId: string; auditorId?: string; description?: string },
) {
  const target = await yearTargetSeenBy(db, actor, id);
  if (!mayEditYearTarget(actor, target)) throw forbidden();
  await db.transaction(async (tx) => {
    const ok = await updateYearTarget(tx, id, version, {
      name: input.name,
      cycleYear: input.cycleYear,
      chargeDepartmentId: input.chargeDepartId,
      auditorId: input.auditorId ?? null,
      description: input.description ?? null,
    });
    if (!ok) throw conflict(TASK_MSG.changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.update',
      entityType: 'yearTarget',
      entityId: String(id),
    });
  });
}

export async function removeYearTarget(db: Db, actor: Actor, id: number) {
  const target = await yearTargetSeenBy(db, actor, id);
  if (!mayEditYearTarget(actor, target)) throw forbidden();
  await db.transaction(async (tx) => {
    if ((await countTasksOfTarget(tx, id)) > 0) throw conflict(TASK_MSG.yearTargetInUse);
    await deleteYearTarget(tx, id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.delete',
      entityType: 'yearTarget',
      entityId: String(id),
    });
  });
}

export async function listYearTargets(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; year?: number; name?: string; mine?: boolean },
): Promise<{ records: YearTarget[]; total: number }> {
  const { records, total } = await pageYearTargets(
    db,
    { ...q, creatorId: q.mine ? actor.userId : undefined },
    yearTargetsSeenBy(actor),
  );
  return {
    total,
    records: records.map((r) => {
      const taskCount = Number(r.taskCount);
      return {
        id: r.target.id,
        name: r.target.name,
        cycleYear: r.target.cycleYear,
        sortOrder: r.target.sortOrder,
        chargeDepartId: r.target.chargeDepartmentId,
        chargeDepartName: r.chargeDepartName,
        auditorId: r.target.auditorId,
        auditorName: r.auditorName,
        creatorId: r.target.creatorId,
        creatorName: r.creatorName,
        createTime: formatDateTime(r.target.createdAt),
        status: r.target.status as YearTaskStatus,
        description: r.target.description,
        taskCount,
        version: r.target.version,
        abilities: yearTargetAbilities(actor, r.target, taskCount),
      };
    }),
  };
}

export async function yearTargetOptions(db: Db, actor: Actor, year?: number) {
  return listYearTargetOptions(db, yearTargetsSeenBy(actor), year);
}

/** Moves a year target up or down among the targets of its year (its creator or a publisher). */
export async function moveYearTarget(db: Db, actor: Actor, id: number, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    const target = await yearTargetSeenBy(tx, actor, id);
    if (target.creatorId !== actor.userId && !mayPublish(actor)) throw forbidden(TASK_MSG.publisherOnly);
    const year = await yearTargetsOfYear(tx, target.cycleYear);
    const i = year.findIndex((t) => t.id === id);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= year.length) throw conflict(TASK_MSG.moveEdge);
    const order = year.map((t) => t.id);
    [order[i], order[j]] = [order[j]!, order[i]!];
    // Renumbers the year 1..n, so targets created together (equal positions) get distinct ones too.
    const changed = order
      .map((tid, k) => ({ id: tid, sortOrder: k + 1 }))
      .filter((r) => year.find((t) => t.id === r.id)?.sortOrder !== r.sortOrder);
    await setYearTargetOrder(tx, changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.move',
      entityType: 'yearTarget',
      entityId: String(id),
      detail: { direction, swappedWith: year[j]!.id },
    });
  });
}

/** The visible year targets divided by year (newest first), each year's targets in order. */
export async function divideTargetYear(db: Db, actor: Actor, year?: number): Promise<YearGroup[]> {
  const rows = await yearTargetsWithCounts(db, yearTargetsSeenBy(actor), year);
  const groups: YearGroup[] = [];
  for (const r of rows) {
    let g = groups.find((x) => x.year === r.cycleYear);
    if (!g) {
      g = { year: r.cycleYear, targets: [] };
      groups.push(g);
    }
    g.targets.push({ id: r.id, name: r.name, status: r.status as YearTaskStatus, taskCount: Number(r.taskCount) });
  }
  return groups;
}

/** The catalogue: visible year targets (of a year) and their visible tasks, flat with parent keys. */
export async function catalogue(db: Db, actor: Actor, year?: number): Promise<CatalogNode[]> {
  const v = viewOf(actor);
  const targets = await yearTargetsWithCounts(db, visibleYearTargetWhere(v), year);
  const tasks = await catalogueTasks(
    db,
    targets.map((t) => t.id),
    visibleTaskWhere(v),
  );
  const yearOf = new Map(targets.map((t) => [t.id, t.cycleYear]));
  const seen = new Set(tasks.map((t) => t.id));
  return [
    ...targets.map((t) => ({
      key: `y:${t.id}`,
      parentKey: null,
      kind: 'yearTarget' as const,
      id: t.id,
      title: t.name,
      status: t.status,
      cycleYear: t.cycleYear,
    })),
    ...tasks.map((t) => ({
      key: `t:${t.id}`,
      // A task whose parent the actor cannot see hangs under its year target.
      parentKey: t.parentId !== null && seen.has(t.parentId) ? `t:${t.parentId}` : `y:${t.yearTargetId}`,
      kind: 'task' as const,
      id: t.id,
      title: t.name,
      status: t.status,
      cycleYear: yearOf.get(t.yearTargetId) ?? 0,
    })),
  ];
}
