import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  cycleTypes,
  cycleValues,
  departmentChargers,
  departments,
  targetTasks,
  taskCoopDepartments,
  taskTypes,
  users,
  yearTargets,
} from '../../db/schema';
import type { TaskCycle } from './periods.rules';

export type TaskRow = typeof targetTasks.$inferSelect;
export type View = {
  all: boolean;
  userId: string;
  chargeDepartmentIds: readonly string[];
  departmentId?: string | null;
};

/**
 * The visibility of tasks for an actor, as SQL: nothing unless one of the relations holds. Heads see their
 * departments' tasks and the tasks their departments cooperate on; members of a cooperating department see those
 * tasks too (read-only: no rule lets them act). The year targets the actor created are read in a sub-select (one
 * InitPlan), not from a joined year_targets, so a query that needs no other column of the year target (the summary
 * analyses) need not join it.
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
  return sql`(${charge} or ${coop} or ${targetTasks.ownerId} = ${v.userId} or ${targetTasks.auditorId} = ${v.userId} or ${targetTasks.creatorId} = ${v.userId} or ${targetTasks.yearTargetId} = any(array(select yt.id from ${yearTargets} yt where yt.creator_id = ${v.userId})))`;
}

/**
 * Whether the task has children, for the rows of an outer query on target_tasks: the leaf flag (migration 0021), kept
 * by insertTask and deleteTask (target-task.leaf.api.test.ts), instead of a sub-select per row.
 */
export const hasChildrenSql = sql<boolean>`(not ${targetTasks.isLeaf})`;

/**
 * Adds a task; its parent stops being a leaf (target_tasks.is_leaf). The parent's row is updated whatever its flag, so
 * its lock orders this against a concurrent deleteTask of a sibling (which then sees this child once it commits).
 */
export async function insertTask(db: Db, row: typeof targetTasks.$inferInsert, coop: string[]) {
  const [r] = await db
    .insert(targetTasks)
    .values({ ...row, isLeaf: true })
    .returning();
  if (row.parentId != null) await db.update(targetTasks).set({ isLeaf: false }).where(eq(targetTasks.id, row.parentId));
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

/**
 * Deletes a task (without children); its parent becomes a leaf again when it was the last child. The parent is locked
 * before its children are looked at, in a statement of its own: the look then sees every sibling added or removed by
 * a transaction that held the lock before (READ COMMITTED takes a snapshot per statement).
 */
export async function deleteTask(db: Db, id: number) {
  const [gone] = await db
    .delete(targetTasks)
    .where(eq(targetTasks.id, id))
    .returning({ parentId: targetTasks.parentId });
  const parentId = gone?.parentId;
  if (parentId == null) return;
  await db.select({ id: targetTasks.id }).from(targetTasks).where(eq(targetTasks.id, parentId)).for('update');
  await db.execute(sql`update ${targetTasks} p set is_leaf = not exists (
      select 1 from ${targetTasks} c where c.parent_id = p.id) where p.id = ${parentId}`);
}

export async function countChildren(db: Db, id: number) {
  const [r] = await db.select({ n: count() }).from(targetTasks).where(eq(targetTasks.parentId, id));
  return Number(r?.n ?? 0);
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

/** Cycle values by id, each with the code of its type (the periods rules read a value by its type). */
export async function findCycleValues(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: cycleValues.id,
      cycleTypeId: cycleValues.cycleTypeId,
      value: cycleValues.value,
      typeCode: cycleTypes.code,
    })
    .from(cycleValues)
    .innerJoin(cycleTypes, eq(cycleTypes.id, cycleValues.cycleTypeId))
    .where(inArray(cycleValues.id, ids));
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

/** Sets columns of a task whatever its version (the progress of reports and delays moves its state and progress). */
export async function setTask(db: Db, id: number, set: Partial<typeof targetTasks.$inferInsert>) {
  await db
    .update(targetTasks)
    .set({ ...set, version: sql`${targetTasks.version} + 1`, updatedAt: new Date() })
    .where(eq(targetTasks.id, id));
}

/** Moves the tasks among `ids` that are in state `from` to state `to` (the warning job's overdue tasks). */
export async function setTaskStatuses(db: Db, ids: number[], from: string, to: string) {
  if (ids.length)
    await db
      .update(targetTasks)
      .set({ status: to, version: sql`${targetTasks.version} + 1`, updatedAt: new Date() })
      .where(and(inArray(targetTasks.id, ids), eq(targetTasks.status, from)));
}

export async function childrenOf(db: Db, parentId: number) {
  return db.select().from(targetTasks).where(eq(targetTasks.parentId, parentId));
}

export async function existingTaskIds(db: Db, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.select({ id: targetTasks.id }).from(targetTasks).where(inArray(targetTasks.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function taskNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: targetTasks.id, name: targetTasks.name })
    .from(targetTasks)
    .where(inArray(targetTasks.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The ids among `ids` of tasks that `visible` lets through (one query for a batch). */
export async function visibleTaskIds(db: Db, ids: number[], visible: SQL | undefined) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: targetTasks.id })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .where(and(inArray(targetTasks.id, ids), visible));
  return rows.map((r) => r.id);
}

/** Whether the user owns the task or heads its department (who may attach its documents, with the publishers). */
export async function ownsOrHeadsTask(db: Db, id: number, userId: string, chargeDepartmentIds: readonly string[]) {
  const charge = chargeDepartmentIds.length ? sql`${targetTasks.departmentId} in ${chargeDepartmentIds}` : sql`false`;
  const rows = await db
    .select({ id: targetTasks.id })
    .from(targetTasks)
    .where(sql`${targetTasks.id} = ${id} and (${targetTasks.ownerId} = ${userId} or ${charge})`);
  return rows.length === 1;
}

/** Every department's id, name and head (import looks departments up by name; the chargers import by head). */
export async function allDepartments(db: Db) {
  return db.select({ id: departments.id, name: departments.name, headId: departments.chargeUserId }).from(departments);
}

/** The registered chargers (部门负责人) of one department or of all, in department order. */
export async function chargerRows(db: Db, departmentId?: string) {
  return db
    .select({ bmid: departments.id, bmmc: departments.name, fzrid: users.id, fzrmc: users.name })
    .from(departmentChargers)
    .innerJoin(departments, eq(departments.id, departmentChargers.departmentId))
    .innerJoin(users, eq(users.id, departmentChargers.userId))
    .where(departmentId ? eq(departmentChargers.departmentId, departmentId) : undefined)
    .orderBy(asc(departments.sortOrder), asc(users.id));
}

export async function insertChargers(db: Db, rows: { departmentId: string; userId: string }[]) {
  if (rows.length) await db.insert(departmentChargers).values(rows).onConflictDoNothing();
}

export async function deleteCharger(db: Db, departmentId: string, userId: string) {
  await db
    .delete(departmentChargers)
    .where(and(eq(departmentChargers.departmentId, departmentId), eq(departmentChargers.userId, userId)));
}

/** Rows of a raw `db.execute`, on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The cycle of a task row: its type's code and the names of the values it names (see periods.rules.ts). */
export const taskCycleColumns = (t: SQL) => sql`
      (select ct.code from ${cycleTypes} ct where ct.id = ${t}.cycle_type_id) as cycle_type,
      coalesce((select array_agg(v.value order by v.sort_order, v.id) from ${cycleValues} v
                where v.id::text = any(string_to_array(nullif(${t}.cycle_values, ''), ','))), '{}') as cycle_values`;

/** The cycle of one task (null when the task does not exist). */

export async function cycleOfTask(db: Db, taskId: number): Promise<TaskCycle | null> {
  const rows = rowsOf<{ cycle_type: string | null; cycle_values: string[] }>(
    await db.execute(sql`select ${taskCycleColumns(sql.raw('t'))} from ${targetTasks} t where t.id = ${taskId}`),
  );
  const r = rows[0];
  return r ? { type: r.cycle_type, values: r.cycle_values } : null;
}

/**
 * The target tasks naming any of the cycle values (their cycle_values: value ids joined by commas): per value, how
 * many and the name of one. Registered with data-manage's cycles (target-task.plugin.ts), which refuse to delete,
 * rename or move a named value.
 */
export async function tasksNamingCycleValues(db: Db, ids: number[]) {
  const use = new Map<number, { n: number; example: string }>();
  if (!ids.length) return use;
  const rows = await db.execute(sql`
    select v.id as id, count(t.id)::int as n, min(t.name) as example
    from unnest(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]) as v(id)
    join ${targetTasks} t on v.id::text = any(string_to_array(nullif(t.cycle_values, ''), ','))
    group by v.id`);
  for (const r of (rows as unknown as { rows: { id: number; n: number; example: string }[] }).rows)
    use.set(Number(r.id), { n: Number(r.n), example: r.example });
  return use;
}
