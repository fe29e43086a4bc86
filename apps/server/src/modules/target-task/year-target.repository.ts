import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { departments, targetTasks, users, yearTargets } from '../../db/schema';

import { type View, visibleTaskWhere } from './target-task.repository';

export type YearTargetRow = typeof yearTargets.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Year targets the actor may see: created by them, or holding a task they may see. */
export function visibleYearTargetWhere(v: View) {
  const task = visibleTaskWhere(v);
  if (!task) return undefined;
  return sql`(${yearTargets.creatorId} = ${v.userId} or exists (select 1 from ${targetTasks} where ${targetTasks.yearTargetId} = ${yearTargets.id} and ${task}))`;
}

const creator = alias(users, 'creator');
const auditor = alias(users, 'auditor');
/** Year targets newest year first, then in their order within the year. */
const YEAR_TARGET_ORDER = [desc(yearTargets.cycleYear), asc(yearTargets.sortOrder), asc(yearTargets.id)];

/** A year target; with `visible`, only one it lets through. */
export async function findYearTarget(db: Db, id: number, visible?: SQL) {
  const rows = await db
    .select()
    .from(yearTargets)
    .where(and(eq(yearTargets.id, id), visible))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether the actor sees the year target. */
export async function yearTargetVisible(db: Db, id: number, visible: SQL | undefined) {
  const rows = await db
    .select({ id: yearTargets.id })
    .from(yearTargets)
    .where(and(eq(yearTargets.id, id), visible))
    .limit(1);
  return rows.length === 1;
}

/**
 * Inserts a year target first in its year's order (1 for a year's first target, then 0, -1, ...): the publisher finds
 * what they just added at the top of the list, and moves it down if it belongs lower.
 */
export async function insertYearTarget(db: Db, row: Omit<typeof yearTargets.$inferInsert, 'sortOrder'>) {
  const [r] = await db
    .insert(yearTargets)
    .values({
      ...row,
      sortOrder: sql`(select coalesce(min(${yearTargets.sortOrder}) - 1, 1) from ${yearTargets} where ${yearTargets.cycleYear} = ${row.cycleYear})`,
    })
    .returning();
  return r!;
}

/** The targets of one year in order (locked, so two moves in one year run one after the other). */
export async function yearTargetsOfYear(db: Db, year: number) {
  return db
    .select({ id: yearTargets.id, sortOrder: yearTargets.sortOrder })
    .from(yearTargets)
    .where(eq(yearTargets.cycleYear, year))
    .orderBy(asc(yearTargets.sortOrder), asc(yearTargets.id))
    .for('update');
}

/** Sets the positions of year targets (one statement per row; a move touches two). */
export async function setYearTargetOrder(db: Db, rows: { id: number; sortOrder: number }[]) {
  for (const r of rows) {
    await db
      .update(yearTargets)
      .set({ sortOrder: r.sortOrder, version: sql`${yearTargets.version} + 1`, updatedAt: new Date() })
      .where(eq(yearTargets.id, r.id));
  }
}

/** Visible year targets grouped later by year: id, name, year, status and task count, in order. */
export async function yearTargetsWithCounts(db: Db, visible: SQL | undefined, year?: number) {
  return db
    .select({
      id: yearTargets.id,
      name: yearTargets.name,
      cycleYear: yearTargets.cycleYear,
      status: yearTargets.status,
      // Spelled out: in a single-table select drizzle leaves select-list columns unqualified.
      taskCount: sql<number>`(select count(*)::int from ${targetTasks} t where t.year_target_id = ${yearTargets}.id)`,
    })
    .from(yearTargets)
    .where(and(visible, year ? eq(yearTargets.cycleYear, year) : undefined))
    .orderBy(...YEAR_TARGET_ORDER);
}

/** Updates when the version still matches; returns false when someone else changed it first. */
export async function updateYearTarget(
  db: Db,
  id: number,
  version: number,
  set: Partial<typeof yearTargets.$inferInsert>,
) {
  const rows = await db
    .update(yearTargets)
    .set({ ...set, version: version + 1, updatedAt: new Date() })
    .where(and(eq(yearTargets.id, id), eq(yearTargets.version, version)))
    .returning({ id: yearTargets.id });
  return rows.length === 1;
}

export async function deleteYearTarget(db: Db, id: number) {
  await db.delete(yearTargets).where(eq(yearTargets.id, id));
}

export async function countTasksOfTarget(db: Db, yearTargetId: number) {
  const [r] = await db.select({ n: count() }).from(targetTasks).where(eq(targetTasks.yearTargetId, yearTargetId));
  return Number(r?.n ?? 0);
}

export async function pageYearTargets(
  db: Db,
  q: { current: number; size: number; year?: number; name?: string; creatorId?: string },
  visible: SQL | undefined,
) {
  const conds: SQL[] = [];
  if (q.year) conds.push(eq(yearTargets.cycleYear, q.year));
  if (q.creatorId) conds.push(eq(yearTargets.creatorId, q.creatorId));
  if (q.name) conds.push(ilike(yearTargets.name, `%${escapeLike(q.name)}%`));
  if (visible) conds.push(visible);
  const where = conds.length ? and(...conds) : undefined;
  const taskCount = sql<number>`(select count(*) from ${targetTasks} t where t.year_target_id = ${yearTargets.id})`;
  const [records, [total]] = await Promise.all([
    db
      .select({
        target: yearTargets,
        chargeDepartName: departments.name,
        auditorName: auditor.name,
        creatorName: creator.name,
        taskCount,
      })
      .from(yearTargets)
      .leftJoin(departments, eq(departments.id, yearTargets.chargeDepartmentId))
      .leftJoin(auditor, eq(auditor.id, yearTargets.auditorId))
      .leftJoin(creator, eq(creator.id, yearTargets.creatorId))
      .where(where)
      .orderBy(...YEAR_TARGET_ORDER)
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(yearTargets).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

/**
 * Status of a year target from its tasks: waitResolve until every top-level task is decomposed (past waitResolve),
 * then hasResolved; doing once a last-level task is under way; done when every last-level task is finished.
 */
export async function recomputeYearTargetStatus(db: Db, yearTargetId: number) {
  await db.execute(sql`
    with t as (
      select tt.status, tt.parent_id is null as top,
             tt.is_leaf as leaf
      from ${targetTasks} tt where tt.year_target_id = ${yearTargetId}
    )
    update ${yearTargets} set status = coalesce((
      select case
        when count(*) = 0 then 'waitResolve'
        when bool_and(not leaf or status in ('hasDone', 'delayDone')) then 'done'
        when bool_or(leaf and status in ('executeing', 'hasDone', 'delayDone', 'delayNotDone')) then 'doing'
        when bool_and(not top or status not in ('notPushed', 'waitAccept', 'waitResolve', 'goBack')) then 'hasResolved'
        else 'waitResolve' end
      from t
    ), 'waitResolve')
    where id = ${yearTargetId}`);
}

export async function listYearTargetOptions(db: Db, visible: SQL | undefined, year?: number) {
  return db
    .select({ id: yearTargets.id, name: yearTargets.name, cycleYear: yearTargets.cycleYear })
    .from(yearTargets)
    .where(and(visible, year ? eq(yearTargets.cycleYear, year) : undefined))
    .orderBy(...YEAR_TARGET_ORDER);
}

/** The ids among `ids` of year targets that `visible` lets through (one query for a batch). */
export async function visibleYearTargetIds(db: Db, ids: number[], visible: SQL | undefined) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: yearTargets.id })
    .from(yearTargets)
    .where(and(inArray(yearTargets.id, ids), visible));
  return rows.map((r) => r.id);
}

/** Whether the user created the year target. */
export async function createdYearTarget(db: Db, id: number, userId: string) {
  const rows = await db
    .select({ id: yearTargets.id })
    .from(yearTargets)
    .where(and(eq(yearTargets.id, id), eq(yearTargets.creatorId, userId)));
  return rows.length === 1;
}
