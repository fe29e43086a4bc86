import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  delayRequests,
  departments,
  files,
  targetTasks,
  taskFocus,
  taskReports,
  taskWarningConditions,
  taskWarnings,
  urges,
  users,
  warningConfigHistory,
  warningTypes,
  yearTargets,
} from '../../db/schema';

export type ReportRow = typeof taskReports.$inferSelect;
const submitter = alias(users, 'submitter');
const auditor = alias(users, 'auditor');

export async function findTaskRow(db: Db, id: number) {
  const rows = await db.select().from(targetTasks).where(eq(targetTasks.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function reportsOfTask(db: Db, taskId: number) {
  return db
    .select({ report: taskReports, submitterName: submitter.name, auditorName: auditor.name })
    .from(taskReports)
    .leftJoin(submitter, eq(submitter.id, taskReports.submitterId))
    .leftJoin(auditor, eq(auditor.id, taskReports.auditorId))
    .where(eq(taskReports.taskId, taskId))
    .orderBy(desc(taskReports.submittedAt), desc(taskReports.id));
}

export async function findReport(db: Db, id: number) {
  const rows = await db.select().from(taskReports).where(eq(taskReports.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertReport(db: Db, row: typeof taskReports.$inferInsert) {
  const [r] = await db.insert(taskReports).values(row).returning();
  return r!;
}

export async function updateReport(db: Db, id: number, version: number, set: Partial<typeof taskReports.$inferInsert>) {
  const rows = await db
    .update(taskReports)
    .set({ ...set, version: version + 1 })
    .where(and(eq(taskReports.id, id), eq(taskReports.version, version)))
    .returning({ id: taskReports.id });
  return rows.length === 1;
}

/** Attaches the actor's own unattached uploads to an owner record; false when one is not theirs to attach. */
export async function attachOwnFiles(
  db: Db,
  fileIds: string[],
  uploaderId: string,
  ownerType: string,
  ownerId: string,
) {
  if (!fileIds.length) return true;
  const rows = await db
    .update(files)
    .set({ ownerType, ownerId })
    .where(and(inArray(files.id, fileIds), eq(files.ownerType, 'Unattached'), eq(files.uploaderId, uploaderId)))
    .returning({ id: files.id });
  return rows.length === new Set(fileIds).size;
}

export async function setTask(db: Db, id: number, set: Partial<typeof targetTasks.$inferInsert>) {
  await db
    .update(targetTasks)
    .set({ ...set, version: sql`${targetTasks.version} + 1`, updatedAt: new Date() })
    .where(eq(targetTasks.id, id));
}

export async function childrenOf(db: Db, parentId: number) {
  return db.select().from(targetTasks).where(eq(targetTasks.parentId, parentId));
}

export async function insertDelay(db: Db, row: typeof delayRequests.$inferInsert) {
  const [r] = await db.insert(delayRequests).values(row).returning();
  return r!;
}

export async function findDelay(db: Db, id: number) {
  const rows = await db.select().from(delayRequests).where(eq(delayRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateDelay(db: Db, id: number, set: Partial<typeof delayRequests.$inferInsert>) {
  const rows = await db
    .update(delayRequests)
    .set(set)
    .where(and(eq(delayRequests.id, id), eq(delayRequests.status, 'reviewing')))
    .returning({ id: delayRequests.id });
  return rows.length === 1;
}

export async function delaysOfTask(db: Db, taskId: number) {
  return db.select().from(delayRequests).where(eq(delayRequests.taskId, taskId)).orderBy(desc(delayRequests.id));
}

// ---- warnings ----

export async function listWarningTypes(db: Db) {
  return db.select().from(warningTypes).orderBy(asc(warningTypes.sortOrder), asc(warningTypes.id));
}

export async function insertWarningType(db: Db, row: typeof warningTypes.$inferInsert) {
  const [r] = await db.insert(warningTypes).values(row).returning();
  return r!;
}

export async function updateWarningType(db: Db, id: number, set: Partial<typeof warningTypes.$inferInsert>) {
  await db
    .update(warningTypes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(warningTypes.id, id));
}

export async function deleteWarningType(db: Db, id: number) {
  await db.delete(warningTypes).where(eq(warningTypes.id, id));
}

export async function warningTypeInUse(db: Db, id: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)` })
    .from(taskWarnings)
    .where(eq(taskWarnings.warningTypeId, id));
  return Number(r?.n ?? 0) > 0;
}

/** Leaf tasks under way (the ones warnings are about), with the period keys already reported. */
export async function tasksToEvaluate(db: Db) {
  const rows = await db.execute(sql`
    select t.id, t.start_date as start, t.end_date as "end", t.status,
      coalesce((select array_agg(distinct r.period_key) from ${taskReports} r
                where r.task_id = t.id and r.status in ('reviewing', 'pass', 'childPass')), '{}') as reported,
      coalesce((select array_agg(c.warning_type_id) from ${taskWarningConditions} c where c.task_id = t.id), '{}') as conditions
    from ${targetTasks} t
    where t.status in ('executeing', 'delayNotDone', 'hasDone', 'delayDone')
      and not exists (select 1 from ${targetTasks} c where c.parent_id = t.id)`);
  return (
    rows as unknown as {
      rows: { id: number; start: string; end: string; status: string; reported: string[]; conditions: number[] }[];
    }
  ).rows;
}

export async function openWarnings(db: Db) {
  return db.select().from(taskWarnings).where(eq(taskWarnings.open, true));
}

/** Raises a warning, or reopens it when its cause came back; a warning already open is left as it is. */
export async function raiseWarning(
  db: Db,
  w: { taskId: number; warningTypeId: number; kind: string; key: string; at: Date },
) {
  await db
    .insert(taskWarnings)
    .values({ taskId: w.taskId, warningTypeId: w.warningTypeId, kind: w.kind, warningKey: w.key, raisedAt: w.at })
    .onConflictDoUpdate({
      target: [taskWarnings.taskId, taskWarnings.warningTypeId, taskWarnings.warningKey],
      set: { open: true, closedAt: null, raisedAt: w.at },
      setWhere: sql`${taskWarnings.open} = false`,
    });
}

export async function closeWarnings(db: Db, ids: number[], at: Date) {
  if (ids.length) await db.update(taskWarnings).set({ open: false, closedAt: at }).where(inArray(taskWarnings.id, ids));
}

export async function setTaskStatuses(db: Db, ids: number[], status: string) {
  if (ids.length)
    await db.update(targetTasks).set({ status, updatedAt: new Date() }).where(inArray(targetTasks.id, ids));
}

export async function warningsOfTask(db: Db, taskId: number) {
  return db
    .select({ warning: taskWarnings, typeName: warningTypes.name })
    .from(taskWarnings)
    .innerJoin(warningTypes, eq(warningTypes.id, taskWarnings.warningTypeId))
    .where(eq(taskWarnings.taskId, taskId))
    .orderBy(desc(taskWarnings.raisedAt));
}

export async function deleteWarning(db: Db, id: number) {
  await db.delete(taskWarnings).where(eq(taskWarnings.id, id));
}

/** Open warning counts by kind over the tasks matching a predicate, plus per-task maps. */
export async function warningCounts(db: Db, where: ReturnType<typeof sql> | undefined) {
  const rows = await db.execute(sql`
    select w.task_id as "taskId",
      sum(case when w.kind = 'process' then 1 else 0 end)::int as process,
      sum(case when w.kind = 'final' then 1 else 0 end)::int as final
    from ${taskWarnings} w
    join ${targetTasks} on ${targetTasks.id} = w.task_id
    join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
    where w.open ${where ? sql`and ${where}` : sql``}
    group by w.task_id`);
  return (rows as unknown as { rows: { taskId: number; process: number; final: number }[] }).rows.map((r) => ({
    taskId: Number(r.taskId),
    process: Number(r.process),
    final: Number(r.final),
  }));
}

export async function setConditions(db: Db, taskIds: number[], warningTypeIds: number[], actorId: string) {
  await db.delete(taskWarningConditions).where(inArray(taskWarningConditions.taskId, taskIds));
  const rows = taskIds.flatMap((taskId) => warningTypeIds.map((warningTypeId) => ({ taskId, warningTypeId })));
  if (rows.length) await db.insert(taskWarningConditions).values(rows);
  await db.insert(warningConfigHistory).values({ actorId, taskIds, warningTypeIds });
}

export async function configHistory(db: Db, limit: number) {
  return db
    .select({ h: warningConfigHistory, actorName: users.name })
    .from(warningConfigHistory)
    .leftJoin(users, eq(users.id, warningConfigHistory.actorId))
    .orderBy(desc(warningConfigHistory.id))
    .limit(limit);
}

// ---- urges and focus ----

/** How far a department is with a year target: 1 nothing accepted yet, 2 accepted but not decomposed, 0 acted. */
export async function departmentProgress(db: Db, yearTargetId: number, departmentId: string) {
  const rows = await db.execute(sql`
    select
      bool_or(status in ('notPushed', 'waitAccept', 'goBack')) as "notSet",
      bool_or(status = 'waitResolve') as "notDecomposed",
      count(*)::int as n
    from ${targetTasks} where year_target_id = ${yearTargetId} and department_id = ${departmentId} and parent_id is null`);
  const r = (rows as unknown as { rows: { notSet: boolean | null; notDecomposed: boolean | null; n: number }[] })
    .rows[0];
  if (!r || Number(r.n) === 0) return 1;
  if (r.notSet) return 1;
  if (r.notDecomposed) return 2;
  return 0;
}

export async function insertUrge(db: Db, row: typeof urges.$inferInsert) {
  const rows = await db.insert(urges).values(row).onConflictDoNothing().returning({ id: urges.id });
  return rows[0]?.id ?? null;
}

export async function findUrge(db: Db, id: number) {
  const rows = await db.select().from(urges).where(eq(urges.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function acceptUrgeRow(db: Db, id: number, accepterId: string, at: Date) {
  const rows = await db
    .update(urges)
    .set({ type: 1, state: 'acceptUrge', accepterId, acceptedAt: at })
    .where(and(eq(urges.id, id), eq(urges.type, 0)))
    .returning({ id: urges.id });
  return rows.length === 1;
}

const urger = alias(users, 'urger');
export async function listUrges(db: Db, where: ReturnType<typeof sql> | undefined) {
  return db
    .select({ urge: urges, yearTargetName: yearTargets.name, bmmc: departments.name, urgerName: urger.name })
    .from(urges)
    .innerJoin(departments, eq(departments.id, urges.departmentId))
    .leftJoin(yearTargets, eq(yearTargets.id, urges.yearTargetId))
    .leftJoin(urger, eq(urger.id, urges.urgerId))
    .where(where)
    .orderBy(asc(urges.type), desc(urges.urgedAt));
}

export async function setFocus(db: Db, userId: string, taskId: number, on: boolean) {
  if (on) await db.insert(taskFocus).values({ userId, taskId }).onConflictDoNothing();
  else await db.delete(taskFocus).where(and(eq(taskFocus.userId, userId), eq(taskFocus.taskId, taskId)));
}

export async function focusedTaskIds(db: Db, userId: string) {
  return (await db.select({ id: taskFocus.taskId }).from(taskFocus).where(eq(taskFocus.userId, userId))).map(
    (r) => r.id,
  );
}
