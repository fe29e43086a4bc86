import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  collectionTasks,
  departments,
  files,
  fillRows,
  fillTasks,
  formVersions,
  syncedRows,
  users,
} from '../../db/schema';

/** Data collection's own tables (drizzle only here and in form.repository.ts): collection tasks, fill tasks, their rows, and the rows synced into the warehouse. */
// ---- tasks ----

const taskColumns = {
  task: collectionTasks,
  formId: formVersions.formId,
  formName: formVersions.name,
  formVersion: formVersions.version,
};

export async function listTasks(db: Db) {
  return db
    .select(taskColumns)
    .from(collectionTasks)
    .innerJoin(formVersions, eq(formVersions.id, collectionTasks.formVersionId))
    .orderBy(desc(collectionTasks.id));
}

export async function findTask(db: Db, id: number) {
  const rows = await db
    .select({ ...taskColumns, version: formVersions })
    .from(collectionTasks)
    .innerJoin(formVersions, eq(formVersions.id, collectionTasks.formVersionId))
    .where(eq(collectionTasks.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function stateCounts(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .select({ taskId: fillTasks.taskId, state: fillTasks.state, n: sql<number>`count(*)::int` })
    .from(fillTasks)
    .where(inArray(fillTasks.taskId, taskIds))
    .groupBy(fillTasks.taskId, fillTasks.state);
}

export async function insertTask(
  db: Db,
  v: { name: string; formVersionId: number; cycle: string; startDate: string; deadline: string; createdBy: string },
) {
  const [row] = await db.insert(collectionTasks).values(v).returning({ id: collectionTasks.id });
  return row!.id;
}

export async function insertFillTasks(
  db: Db,
  rows: { taskId: number; assigneeId: string | null; departmentId: string | null; auditorId: string }[],
) {
  if (rows.length) await db.insert(fillTasks).values(rows);
}

export async function updateTask(db: Db, id: number, v: { name: string; deadline: string }) {
  await db.update(collectionTasks).set(v).where(eq(collectionTasks.id, id));
}

export async function deleteTask(db: Db, id: number) {
  await db.delete(collectionTasks).where(eq(collectionTasks.id, id));
}

/** Closes the open tasks whose deadline is before `today`; their ids. */
export async function closeTasksBefore(db: Db, today: string) {
  const rows = await db
    .update(collectionTasks)
    .set({ closed: true })
    .where(and(eq(collectionTasks.closed, false), lt(collectionTasks.deadline, today)))
    .returning({ id: collectionTasks.id });
  return rows.map((r) => r.id);
}

export async function existingUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function existingDepartments(db: Db, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- fill tasks ----

const fillColumns = {
  fill: fillTasks,
  task: collectionTasks,
  version: formVersions,
  assigneeName: users.name,
  departmentName: departments.name,
  /** 审核人 by name (the auditor is shown as a person, never as a staff number). */
  auditorName: sql<string | null>`(select a.name from ${users} a where a.id = ${fillTasks.auditorId})`,
};

const fillQuery = (db: Db) =>
  db
    .select(fillColumns)
    .from(fillTasks)
    .innerJoin(collectionTasks, eq(collectionTasks.id, fillTasks.taskId))
    .innerJoin(formVersions, eq(formVersions.id, collectionTasks.formVersionId))
    .leftJoin(users, eq(users.id, fillTasks.assigneeId))
    .leftJoin(departments, eq(departments.id, fillTasks.departmentId));

export type FillRow = Awaited<ReturnType<typeof findFillTask>> & {};

export async function findFillTask(db: Db, id: number, lock = false) {
  const q = fillQuery(db).where(eq(fillTasks.id, id)).limit(1);
  const rows = lock ? await q.for('update', { of: fillTasks }) : await q;
  return rows[0] ?? null;
}

export async function lockFillTasks(db: Db, ids: number[]) {
  return fillQuery(db).where(inArray(fillTasks.id, ids)).orderBy(asc(fillTasks.id)).for('update', { of: fillTasks });
}

/** Fill tasks of a task, or those a user fills (their own or their departments'), or audits. */
export async function listFillTasks(
  db: Db,
  q: {
    taskId?: number;
    state?: string;
    filler?: { userId: string; departmentIds: string[] };
    auditorId?: string;
  },
) {
  const filler = q.filler
    ? q.filler.departmentIds.length
      ? sql`(${fillTasks.assigneeId} = ${q.filler.userId} or ${inArray(fillTasks.departmentId, q.filler.departmentIds)})`
      : eq(fillTasks.assigneeId, q.filler.userId)
    : undefined;
  return fillQuery(db)
    .where(
      and(
        q.taskId ? eq(fillTasks.taskId, q.taskId) : undefined,
        q.state ? eq(fillTasks.state, q.state) : undefined,
        filler,
        q.auditorId ? eq(fillTasks.auditorId, q.auditorId) : undefined,
      ),
    )
    .orderBy(desc(collectionTasks.id), asc(fillTasks.id));
}

export async function setFillState(
  db: Db,
  id: number,
  v: { state: string; opinion?: string | null; synced?: boolean },
) {
  await db
    .update(fillTasks)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(fillTasks.id, id));
}

export async function rowsOfFillTask(db: Db, fillTaskId: number) {
  return db.select().from(fillRows).where(eq(fillRows.fillTaskId, fillTaskId)).orderBy(asc(fillRows.rowNo));
}

export async function countRows(db: Db, fillTaskId: number) {
  const [row] = await db.select({ n: count() }).from(fillRows).where(eq(fillRows.fillTaskId, fillTaskId));
  return row?.n ?? 0;
}

export async function replaceRows(db: Db, fillTaskId: number, rows: Record<string, string | boolean | null>[]) {
  await db.delete(fillRows).where(eq(fillRows.fillTaskId, fillTaskId));
  for (let at = 0; at < rows.length; at += 1000)
    await db
      .insert(fillRows)
      .values(rows.slice(at, at + 1000).map((values, i) => ({ fillTaskId, rowNo: at + i + 1, values })));
}

/** The fill tasks with their rows (values by column) of a task: those that are finished. */
/** The rows of the finished fill tasks named, in fill-task then row order. */
export async function finishedRowsOf(db: Db, fillTaskIds: number[]) {
  if (fillTaskIds.length === 0) return [];
  return db
    .select({ fillTaskId: fillTasks.id, values: fillRows.values, rowNo: fillRows.rowNo })
    .from(fillTasks)
    .innerJoin(fillRows, eq(fillRows.fillTaskId, fillTasks.id))
    .where(and(inArray(fillTasks.id, fillTaskIds), eq(fillTasks.state, 'finished')))
    .orderBy(asc(fillTasks.id), asc(fillRows.rowNo));
}

/**
 * The warehouse rows written before for the same table, cycle and allocation (the same user or department) by any
 * fill task: collecting the same cycle and object again replaces them.
 */
export async function rowsToReplace(
  db: Db,
  v: { tableId: number; cycle: string; fills: { assigneeId: string | null; departmentId: string | null }[] },
) {
  if (v.fills.length === 0) return [];
  const same = sql.join(
    v.fills.map((f) =>
      f.assigneeId
        ? sql`(${fillTasks.assigneeId} = ${f.assigneeId})`
        : sql`(${fillTasks.assigneeId} is null and ${fillTasks.departmentId} = ${f.departmentId})`,
    ),
    sql` or `,
  );
  return db
    .select({ id: syncedRows.id, rowId: syncedRows.rowId })
    .from(syncedRows)
    .innerJoin(fillTasks, eq(fillTasks.id, syncedRows.fillTaskId))
    .innerJoin(collectionTasks, eq(collectionTasks.id, fillTasks.taskId))
    .where(and(eq(syncedRows.tableId, v.tableId), eq(collectionTasks.cycle, v.cycle), sql`(${same})`));
}

export async function forgetSynced(db: Db, ids: number[]) {
  if (ids.length) await db.delete(syncedRows).where(inArray(syncedRows.id, ids));
}

export async function recordSynced(db: Db, rows: { fillTaskId: number; tableId: number; rowId: number }[]) {
  for (let at = 0; at < rows.length; at += 5000) await db.insert(syncedRows).values(rows.slice(at, at + 5000));
}

export async function markSynced(db: Db, fillTaskIds: number[]) {
  if (fillTaskIds.length) await db.update(fillTasks).set({ synced: true }).where(inArray(fillTasks.id, fillTaskIds));
}

/** The rows of several fill tasks, in fill-task then row order. */
export async function rowsOfFillTasks(db: Db, fillTaskIds: number[]) {
  if (fillTaskIds.length === 0) return [];
  return db
    .select()
    .from(fillRows)
    .where(inArray(fillRows.fillTaskId, fillTaskIds))
    .orderBy(asc(fillRows.fillTaskId), asc(fillRows.rowNo));
}

/** The ids among `ids` of the files already attached to a fill task. */
export async function filesOfFillTask(db: Db, fillTaskId: number, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerType, 'FillTask'), eq(files.ownerId, String(fillTaskId)), inArray(files.id, ids)));
  return new Set(rows.map((r) => r.id));
}
