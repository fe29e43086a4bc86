import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  cycleTypes,
  cycleValues,
  departmentChargers,
  departments,
  files,
  fileTypes,
  targetTasks,
  taskCoopDepartments,
  taskFocus,
  taskTypes,
  taskWarnings,
  users,
  yearTargets,
} from '../../db/schema';

export type TaskRow = typeof targetTasks.$inferSelect;
export type YearTargetRow = typeof yearTargets.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type View = { all: boolean; userId: string; chargeDepartmentIds: readonly string[]; departmentId?: string | null };

/** Year targets the actor may see: created by them, or holding a task they may see. */
export function visibleYearTargetWhere(v: View) {
  const task = visibleTaskWhere(v);
  if (!task) return undefined;
  return sql`(${yearTargets.creatorId} = ${v.userId} or exists (select 1 from ${targetTasks} where ${targetTasks.yearTargetId} = ${yearTargets.id} and ${task}))`;
}

/**
 * The visibility of tasks for an actor, as SQL: nothing unless one of the relations holds. Heads see their
 * departments' tasks and the tasks their departments cooperate on; members of a cooperating department see those
 * tasks too (read-only: no rule lets them act).
 */
export function visibleTaskWhere(v: View): SQL | undefined {
  if (v.all) return undefined;
  const coopDepartments = [...new Set([...v.chargeDepartmentIds, ...(v.departmentId ? [v.departmentId] : [])])];
  const charge = v.chargeDepartmentIds.length
    ? sql`${targetTasks.departmentId} in ${v.chargeDepartmentIds}`
    : sql`false`;
  const coop = coopDepartments.length
    ? sql`exists (select 1 from ${taskCoopDepartments} c where c.task_id = ${targetTasks.id} and c.department_id in ${coopDepartments})`
    : sql`false`;
  return sql`(${charge} or ${coop} or ${targetTasks.ownerId} = ${v.userId} or ${targetTasks.auditorId} = ${v.userId} or ${targetTasks.creatorId} = ${v.userId} or ${yearTargets.creatorId} = ${v.userId})`;
}

/**
 * Whether the task has children, for the rows of an outer query on target_tasks: a scalar sub-select with LIMIT,
 * which PostgreSQL runs through target_tasks_parent_idx for each row it returns (an EXISTS in a select list may be
 * planned as a hashed sub-plan that reads the whole table on every page).
 */
const hasChildrenSql = sql<boolean>`(select 1 from ${targetTasks} c where c.parent_id = ${targetTasks.id} limit 1) is not null`;

const creator = alias(users, 'creator');
const auditor = alias(users, 'auditor');
const owner = alias(users, 'owner');

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

export async function insertTask(db: Db, row: typeof targetTasks.$inferInsert, coop: string[]) {
  const [r] = await db.insert(targetTasks).values(row).returning();
  if (coop.length)
    await db.insert(taskCoopDepartments).values(coop.map((departmentId) => ({ taskId: r!.id, departmentId })));
  return r!;
}

export async function replaceCoop(db: Db, taskId: number, coop: string[]) {
  await db.delete(taskCoopDepartments).where(eq(taskCoopDepartments.taskId, taskId));
  if (coop.length) await db.insert(taskCoopDepartments).values(coop.map((departmentId) => ({ taskId, departmentId })));
}

export async function findTask(db: Db, id: number) {
  const rows = await db.select().from(targetTasks).where(eq(targetTasks.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * A task with the facts its rules need: year target creator and whether it has children. With `visible`, only a task
 * it lets through; with `lock`, the task row stays locked for the rest of the transaction (its year target does not).
 */
export async function findTaskFacts(db: Db, id: number, opts: { visible?: SQL; lock?: boolean } = {}) {
  const query = db
    .select({
      task: targetTasks,
      yearTargetCreatorId: yearTargets.creatorId,
      hasChildren: hasChildrenSql,
    })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .where(and(eq(targetTasks.id, id), opts.visible))
    .limit(1);
  const rows = await (opts.lock ? query.for('update', { of: targetTasks }) : query);
  return rows[0] ?? null;
}

/** Writes a task when its version still matches; false when someone else changed it first. */
export async function updateTask(db: Db, id: number, version: number, set: Partial<typeof targetTasks.$inferInsert>) {
  const rows = await db
    .update(targetTasks)
    .set({ ...set, version: version + 1, updatedAt: new Date() })
    .where(and(eq(targetTasks.id, id), eq(targetTasks.version, version)))
    .returning({ id: targetTasks.id });
  return rows.length === 1;
}

export async function deleteTask(db: Db, id: number) {
  await db.delete(targetTasks).where(eq(targetTasks.id, id));
}

export async function countChildren(db: Db, id: number) {
  const [r] = await db.select({ n: count() }).from(targetTasks).where(eq(targetTasks.parentId, id));
  return Number(r?.n ?? 0);
}

export interface TaskListFilter {
  kind: string;
  year?: number;
  yearTargetId?: number;
  rwlx?: string;
  departmentId?: string;
  departmentName?: string;
  rwzt?: string;
  rwmc?: string;
  warningTypeId?: number;
  /** Top-level tasks only (the year-target task module's special top query). */
  topOnly?: boolean;
  /** Only the tasks this user follows (关注). */
  focusedBy?: string;
  sort: 'asc' | 'desc';
  current: number;
  size: number;
}

/** The task card select with every name joined in (the caller adds where and order, or joins a page of ids). */
export function selectTaskCards(db: Db) {
  return db
    .select({
      task: targetTasks,
      yearTargetName: yearTargets.name,
      yearTargetCreatorId: yearTargets.creatorId,
      cycleYear: yearTargets.cycleYear,
      departmentName: departments.name,
      creatorName: creator.name,
      auditorName: auditor.name,
      ownerName: owner.name,
      hasChildren: hasChildrenSql,
      processWarningCount: sql<number>`(select count(*)::int from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.kind = 'process')`,
      expiredWarningCount: sql<number>`(select count(*)::int from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.kind = 'final')`,
      cycleValueNames: sql<
        string | null
      >`(select string_agg(v.value, ',' order by v.sort_order) from ${cycleValues} v where v.id::text = any(string_to_array(nullif(${targetTasks.cycleValues}, ''), ',')))`,
    })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
    .leftJoin(creator, eq(creator.id, targetTasks.creatorId))
    .leftJoin(auditor, eq(auditor.id, targetTasks.auditorId))
    .leftJoin(owner, eq(owner.id, targetTasks.ownerId));
}

/**
 * The task-card select for given ids, prepared once per database: it is the costliest statement to build and the
 * list pages run it on every request. The ids travel as one comma-separated parameter, bound alike by both drivers.
 */
function taskCardsStatement(db: Db) {
  return selectTaskCards(db)
    .where(sql`${targetTasks.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::int[])`)
    .prepare('task_cards_by_ids');
}

const cardStatements = new WeakMap<Db, ReturnType<typeof taskCardsStatement>>();

/** The task cards of `ids`, in the order of `ids` (an id that no longer exists is left out). */
export async function taskCardsByIds(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  let statement = cardStatements.get(db);
  if (!statement) {
    statement = taskCardsStatement(db);
    cardStatements.set(db, statement);
  }
  const rows = await statement.execute({ ids: ids.join(',') });
  const byId = new Map(rows.map((r) => [r.task.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of task cards with every name joined in: the page's ids and the total (two queries built for the filters),
 * then the cards of those ids through the prepared statement (none per row).
 *
 * The page's ids are chosen first, in an index's order, and only those rows get their names and counts. EXPLAIN
 * ANALYZE on the school scale (6000 tasks, PostgreSQL 15): the publisher's year + state list, time descending, walks
 * target_tasks_status_start_idx and stops at the 20th row of the year (902 index rows for year 2025, no sort of the
 * 1358 tasks in the state; 0.9 ms, count 0.7 ms); a head's department list, time ascending, reads the department
 * through target_tasks_department_start_idx (15 rows, sorted in memory; with 1200 tasks moved into the department it
 * becomes an ordered index scan that stops after 20 rows, 0.2 ms instead of a 1200-row sort). The list with no
 * state filter still sorts the matches (top-N heapsort, 2 ms for 6000) like its count reads them.
 */
export async function pageTasks(
  db: Db,
  f: TaskListFilter,
  visible: SQL | undefined,
  actor: { userId: string; chargeDepartmentIds: readonly string[]; departmentId: string | null },
) {
  const conds: SQL[] = [];
  if (visible) conds.push(visible);
  const charge = actor.chargeDepartmentIds;
  switch (f.kind) {
    case 'myYearTask':
      conds.push(eq(yearTargets.creatorId, actor.userId));
      break;
    case 'departmentTask':
      conds.push(charge.length ? inArray(targetTasks.departmentId, [...charge]) : sql`false`);
      break;
    case 'departmentCoopTask':
      conds.push(
        charge.length
          ? sql`exists (select 1 from ${taskCoopDepartments} c where c.task_id = ${targetTasks.id} and c.department_id in ${charge})`
          : sql`false`,
      );
      break;
    case 'myTask':
      conds.push(eq(targetTasks.ownerId, actor.userId));
      break;
    case 'myCoopTask':
      conds.push(
        actor.departmentId
          ? sql`exists (select 1 from ${taskCoopDepartments} c where c.task_id = ${targetTasks.id} and c.department_id = ${actor.departmentId})`
          : sql`false`,
      );
      break;
    case 'reviewTask':
      conds.push(sql`${targetTasks.auditorId} = ${actor.userId} and ${targetTasks.auditStatus} = 0`);
      break;
    case 'warningTask':
      conds.push(sql`exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open)`);
      break;
    default:
      break;
  }
  if (f.year) conds.push(eq(yearTargets.cycleYear, f.year));
  if (f.yearTargetId) conds.push(eq(targetTasks.yearTargetId, f.yearTargetId));
  if (f.topOnly) conds.push(sql`${targetTasks.parentId} is null`);
  if (f.focusedBy) {
    conds.push(
      sql`exists (select 1 from ${taskFocus} f where f.task_id = ${targetTasks.id} and f.user_id = ${f.focusedBy})`,
    );
  }
  if (f.rwlx) conds.push(eq(targetTasks.taskType, f.rwlx));
  if (f.departmentId) conds.push(eq(targetTasks.departmentId, f.departmentId));
  if (f.departmentName) conds.push(ilike(departments.name, `%${escapeLike(f.departmentName)}%`));
  if (f.rwzt) conds.push(eq(targetTasks.status, f.rwzt));
  if (f.rwmc) conds.push(ilike(targetTasks.name, `%${escapeLike(f.rwmc)}%`));
  if (f.warningTypeId) {
    conds.push(
      sql`exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.warning_type_id = ${f.warningTypeId})`,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const order =
    f.sort === 'asc'
      ? [asc(targetTasks.startDate), asc(targetTasks.id)]
      : [desc(targetTasks.startDate), desc(targetTasks.id)];
  // The page's ids first (only the joins the filters need), then the names and counts of those rows alone.
  const [page, [total]] = await Promise.all([
    db
      .select({ id: targetTasks.id })
      .from(targetTasks)
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
      .where(where)
      .orderBy(...order)
      .limit(f.size)
      .offset((f.current - 1) * f.size),
    db
      .select({ n: count() })
      .from(targetTasks)
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
      .where(where),
  ]);
  const records = await taskCardsByIds(
    db,
    page.map((r) => r.id),
  );
  return { records, total: Number(total?.n ?? 0) };
}

export type TaskListRow = Awaited<ReturnType<typeof pageTasks>>['records'][number];

/** All tasks of a year target the actor may see, for the tree view. */
export async function treeRows(db: Db, yearTargetId: number, visible: SQL | undefined) {
  return selectTaskCards(db)
    .where(and(eq(targetTasks.yearTargetId, yearTargetId), visible))
    .orderBy(asc(targetTasks.depth), asc(targetTasks.id));
}

/**
 * Status of a year target from its tasks: waitResolve until every top-level task is decomposed (past waitResolve),
 * then hasResolved; doing once a last-level task is under way; done when every last-level task is finished.
 */
export async function recomputeYearTargetStatus(db: Db, yearTargetId: number) {
  await db.execute(sql`
    with t as (
      select tt.status, tt.parent_id is null as top,
             not exists (select 1 from ${targetTasks} c where c.parent_id = tt.id) as leaf
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

/** Rolls progress up from children by weight (equal shares when no child has a weight), to the root. */
export async function rollUpProgress(db: Db, taskId: number) {
  let current: number | null = taskId;
  while (current !== null) {
    const [row] = await db
      .select({ parentId: targetTasks.parentId })
      .from(targetTasks)
      .where(eq(targetTasks.id, current));
    const parentId: number | null = row?.parentId ?? null;
    if (parentId === null) break;
    await db.execute(sql`
      update ${targetTasks} p set progress = coalesce((
        select case when sum(c.weight) > 0 then round(sum(c.progress * c.weight) / sum(c.weight), 2)
                    else round(avg(c.progress), 2) end
        from ${targetTasks} c where c.parent_id = p.id), 0)
      where p.id = ${parentId}`);
    current = parentId;
  }
}

export async function findUsersDepartments(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, departmentId: users.departmentId }).from(users).where(inArray(users.id, ids));
}

export async function findCycleValues(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(cycleValues).where(inArray(cycleValues.id, ids));
}

export async function listYearTargetOptions(db: Db, visible: SQL | undefined, year?: number) {
  return db
    .select({ id: yearTargets.id, name: yearTargets.name, cycleYear: yearTargets.cycleYear })
    .from(yearTargets)
    .where(and(visible, year ? eq(yearTargets.cycleYear, year) : undefined))
    .orderBy(...YEAR_TARGET_ORDER);
}

/** One task card, when the actor may see it (the visibility check is small; the card is the prepared select). */
export async function findTaskCard(db: Db, id: number, visible: SQL | undefined) {
  if (visible) {
    const seen = await db
      .select({ id: targetTasks.id })
      .from(targetTasks)
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .where(and(eq(targetTasks.id, id), visible))
      .limit(1);
    if (!seen.length) return null;
  }
  const [card] = await taskCardsByIds(db, [id]);
  return card ?? null;
}

/** The parts of a task view the card lacks: cooperating departments, cycle type, children and parent. */
export async function taskVoExtras(db: Db, task: TaskRow) {
  const [coop, [cycle], [children], [parent]] = await Promise.all([
    db
      .select({ bmid: departments.id, bmmc: departments.name })
      .from(taskCoopDepartments)
      .innerJoin(departments, eq(departments.id, taskCoopDepartments.departmentId))
      .where(eq(taskCoopDepartments.taskId, task.id))
      .orderBy(asc(departments.sortOrder)),
    task.cycleTypeId
      ? db.select({ name: cycleTypes.name }).from(cycleTypes).where(eq(cycleTypes.id, task.cycleTypeId))
      : Promise.resolve([]),
    db.select({ n: count() }).from(targetTasks).where(eq(targetTasks.parentId, task.id)),
    task.parentId
      ? db.select({ name: targetTasks.name }).from(targetTasks).where(eq(targetTasks.id, task.parentId))
      : Promise.resolve([]),
  ]);
  return {
    coop,
    cycleTypeName: cycle?.name ?? null,
    childCount: Number(children?.n ?? 0),
    parentName: parent?.name ?? null,
  };
}

/** Catalogue rows: the visible tasks of some year targets (id, parent, name, state). */
export async function catalogueTasks(db: Db, yearTargetIds: number[], visible: SQL | undefined) {
  if (!yearTargetIds.length) return [];
  return db
    .select({
      id: targetTasks.id,
      parentId: targetTasks.parentId,
      yearTargetId: targetTasks.yearTargetId,
      name: targetTasks.name,
      status: targetTasks.status,
    })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .where(and(inArray(targetTasks.yearTargetId, yearTargetIds), visible))
    .orderBy(asc(targetTasks.depth), asc(targetTasks.id));
}

export interface DetailFilter {
  current: number;
  size: number;
  scope: 'all' | 'department' | 'mine';
  year?: number;
  yearTaskName?: string;
  rwmc?: string;
  fzrmc?: string;
  rwzt?: string;
  warningStatus?: 'none' | 'process' | 'final';
}

/** One page of last-level tasks (no children) with the task-detail filter; the year-task name is the top ancestor. */
export async function pageLastLevelTasks(
  db: Db,
  f: DetailFilter,
  visible: SQL | undefined,
  actor: { userId: string; chargeDepartmentIds: readonly string[] },
) {
  const conds: SQL[] = [sql`not exists (select 1 from ${targetTasks} c where c.parent_id = ${targetTasks.id})`];
  if (visible) conds.push(visible);
  if (f.scope === 'department') {
    conds.push(
      actor.chargeDepartmentIds.length ? inArray(targetTasks.departmentId, [...actor.chargeDepartmentIds]) : sql`false`,
    );
  }
  if (f.scope === 'mine') conds.push(eq(targetTasks.ownerId, actor.userId));
  if (f.year) conds.push(eq(yearTargets.cycleYear, f.year));
  if (f.yearTaskName) conds.push(ilike(yearTargets.name, `%${escapeLike(f.yearTaskName)}%`));
  if (f.rwmc) conds.push(ilike(targetTasks.name, `%${escapeLike(f.rwmc)}%`));
  if (f.fzrmc) {
    conds.push(
      sql`exists (select 1 from ${users} u where u.id = ${targetTasks.ownerId} and u.name ilike ${`%${escapeLike(f.fzrmc)}%`})`,
    );
  }
  if (f.rwzt) conds.push(eq(targetTasks.status, f.rwzt));
  if (f.warningStatus === 'none') {
    conds.push(sql`not exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open)`);
  } else if (f.warningStatus) {
    conds.push(
      sql`exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.kind = ${f.warningStatus})`,
    );
  }
  const where = and(...conds);
  const order = [
    desc(yearTargets.cycleYear),
    asc(targetTasks.yearTargetId),
    asc(targetTasks.startDate),
    asc(targetTasks.id),
  ];
  const [page, [total]] = await Promise.all([
    db
      .select({ id: targetTasks.id })
      .from(targetTasks)
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .where(where)
      .orderBy(...order)
      .limit(f.size)
      .offset((f.current - 1) * f.size),
    db
      .select({ n: count() })
      .from(targetTasks)
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .where(where),
  ]);
  const records = await taskCardsByIds(
    db,
    page.map((r) => r.id),
  );
  return { records, total: Number(total?.n ?? 0) };
}

/** Departments with their head and registered chargers, in two queries. */
export async function departmentsWithChargers(db: Db) {
  const head = alias(users, 'head');
  const [deps, chargers] = await Promise.all([
    db
      .select({ bmid: departments.id, bmmc: departments.name, headId: departments.chargeUserId, fzrmc: head.name })
      .from(departments)
      .leftJoin(head, eq(head.id, departments.chargeUserId))
      .where(eq(departments.enabled, true))
      .orderBy(asc(departments.sortOrder), asc(departments.id)),
    db
      .select({ bmid: departmentChargers.departmentId, fzrid: users.id, fzrmc: users.name })
      .from(departmentChargers)
      .innerJoin(users, eq(users.id, departmentChargers.userId))
      .orderBy(asc(users.id)),
  ]);
  return deps.map((d) => ({
    ...d,
    chargers: chargers.filter((c) => c.bmid === d.bmid).map(({ fzrid, fzrmc }) => ({ fzrid, fzrmc })),
  }));
}

export async function listTaskTypes(db: Db) {
  return db.select().from(taskTypes).orderBy(asc(taskTypes.sortOrder));
}

export async function renameTaskType(db: Db, id: number, name: string) {
  const rows = await db.update(taskTypes).set({ name }).where(eq(taskTypes.id, id)).returning({ id: taskTypes.id });
  return rows.length === 1;
}

/** Cycle types with their visible values, in order. */
export async function cycleTypesWithValues(db: Db) {
  const [types, values] = await Promise.all([
    db.select().from(cycleTypes).orderBy(asc(cycleTypes.sortOrder)),
    db
      .select()
      .from(cycleValues)
      .where(eq(cycleValues.hidden, false))
      .orderBy(asc(cycleValues.sortOrder), asc(cycleValues.id)),
  ]);
  return types.map((t) => ({ type: t, values: values.filter((v) => v.cycleTypeId === t.id) }));
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
