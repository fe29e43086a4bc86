import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  cycleTypes,
  cycleValues,
  delayRequests,
  departments,
  files,
  fileTypes,
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
import type { TaskCycle } from './periods.rules';

export type ReportRow = typeof taskReports.$inferSelect;
export type TaskRow = typeof targetTasks.$inferSelect;
const submitter = alias(users, 'submitter');
const auditor = alias(users, 'auditor');
const owner = alias(users, 'owner');
const requester = alias(users, 'requester');
const urger = alias(users, 'urger');
const accepter = alias(users, 'accepter');

/** Rows of a raw `db.execute`, on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function findTaskRow(db: Db, id: number) {
  const rows = await db.select().from(targetTasks).where(eq(targetTasks.id, id)).limit(1);
  return rows[0] ?? null;
}

const fileCount = sql<number>`(select count(*)::int from ${files} f where f.owner_type = 'TaskProgress' and f.owner_id = ${taskReports.id}::text)`;

export async function reportsOfTask(db: Db, taskId: number) {
  return db
    .select({ report: taskReports, submitterName: submitter.name, auditorName: auditor.name, fileCount })
    .from(taskReports)
    .leftJoin(submitter, eq(submitter.id, taskReports.submitterId))
    .leftJoin(auditor, eq(auditor.id, taskReports.auditorId))
    .where(eq(taskReports.taskId, taskId))
    .orderBy(desc(taskReports.submittedAt), desc(taskReports.id));
}

/** One page of reports on tasks matching `where` (the auditor's list), newest first, with their task. */
export async function pageReportsForAudit(db: Db, where: SQL | undefined, current: number, size: number) {
  const [records, [total]] = await Promise.all([
    db
      .select({
        report: taskReports,
        submitterName: submitter.name,
        auditorName: auditor.name,
        fileCount,
        task: targetTasks,
        departmentName: departments.name,
        ownerName: owner.name,
      })
      .from(taskReports)
      .innerJoin(targetTasks, eq(targetTasks.id, taskReports.taskId))
      .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
      .leftJoin(owner, eq(owner.id, targetTasks.ownerId))
      .leftJoin(submitter, eq(submitter.id, taskReports.submitterId))
      .leftJoin(auditor, eq(auditor.id, taskReports.auditorId))
      .where(where)
      .orderBy(desc(taskReports.submittedAt), desc(taskReports.id))
      .limit(size)
      .offset((current - 1) * size),
    db
      .select({ n: count() })
      .from(taskReports)
      .innerJoin(targetTasks, eq(targetTasks.id, taskReports.taskId))
      .where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findReport(db: Db, id: number) {
  const rows = await db.select().from(taskReports).where(eq(taskReports.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertReport(db: Db, row: typeof taskReports.$inferInsert) {
  const [r] = await db.insert(taskReports).values(row).returning();
  return r!;
}

/** Updates a report when the version still matches and it is still under review. */
export async function updateReport(db: Db, id: number, version: number, set: Partial<typeof taskReports.$inferInsert>) {
  const rows = await db
    .update(taskReports)
    .set({ ...set, version: version + 1 })
    .where(and(eq(taskReports.id, id), eq(taskReports.version, version), eq(taskReports.status, 'reviewing')))
    .returning({ id: taskReports.id });
  return rows.length === 1;
}

/** Withdraws a report under review (its files go back to the uploader as unattached). */
export async function deleteReviewingReport(db: Db, id: number) {
  const rows = await db
    .delete(taskReports)
    .where(and(eq(taskReports.id, id), eq(taskReports.status, 'reviewing')))
    .returning({ id: taskReports.id });
  if (rows.length === 1) {
    await db
      .update(files)
      .set({ ownerType: 'Unattached', ownerId: null })
      .where(and(eq(files.ownerType, 'TaskProgress'), eq(files.ownerId, String(id))));
  }
  return rows.length === 1;
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

export async function setTask(db: Db, id: number, set: Partial<typeof targetTasks.$inferInsert>) {
  await db
    .update(targetTasks)
    .set({ ...set, version: sql`${targetTasks.version} + 1`, updatedAt: new Date() })
    .where(eq(targetTasks.id, id));
}

export async function childrenOf(db: Db, parentId: number) {
  return db.select().from(targetTasks).where(eq(targetTasks.parentId, parentId));
}

/** Task ids (among `ids`) that report ids belong to, for the file owner policy. */
export async function reportTasks(db: Db, reportIds: number[]) {
  if (!reportIds.length) return [];
  return db
    .select({
      id: taskReports.id,
      taskId: taskReports.taskId,
      status: taskReports.status,
      submitterId: taskReports.submitterId,
    })
    .from(taskReports)
    .where(inArray(taskReports.id, reportIds));
}

// ---- delays ----

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

const delayColumns = {
  delay: delayRequests,
  requesterName: requester.name,
  auditorName: auditor.name,
};

export async function delaysOfTask(db: Db, taskId: number) {
  return db
    .select(delayColumns)
    .from(delayRequests)
    .leftJoin(requester, eq(requester.id, delayRequests.requesterId))
    .leftJoin(auditor, eq(auditor.id, delayRequests.auditorId))
    .where(eq(delayRequests.taskId, taskId))
    .orderBy(desc(delayRequests.id));
}

export async function pageDelaysForAudit(db: Db, where: SQL | undefined, current: number, size: number) {
  const [records, [total]] = await Promise.all([
    db
      .select({ ...delayColumns, task: targetTasks, departmentName: departments.name, ownerName: owner.name })
      .from(delayRequests)
      .innerJoin(targetTasks, eq(targetTasks.id, delayRequests.taskId))
      .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
      .leftJoin(owner, eq(owner.id, targetTasks.ownerId))
      .leftJoin(requester, eq(requester.id, delayRequests.requesterId))
      .leftJoin(auditor, eq(auditor.id, delayRequests.auditorId))
      .where(where)
      .orderBy(desc(delayRequests.requestedAt), desc(delayRequests.id))
      .limit(size)
      .offset((current - 1) * size),
    db
      .select({ n: count() })
      .from(delayRequests)
      .innerJoin(targetTasks, eq(targetTasks.id, delayRequests.taskId))
      .where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

// ---- warning types ----

export async function listWarningTypes(db: Db) {
  return db.select().from(warningTypes).orderBy(asc(warningTypes.sortOrder), asc(warningTypes.id));
}

export async function findWarningType(db: Db, id: number) {
  const rows = await db.select().from(warningTypes).where(eq(warningTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertWarningType(db: Db, row: typeof warningTypes.$inferInsert) {
  const [r] = await db.insert(warningTypes).values(row).returning();
  return r!;
}

export async function updateWarningType(db: Db, id: number, set: Partial<typeof warningTypes.$inferInsert>) {
  const rows = await db
    .update(warningTypes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(warningTypes.id, id))
    .returning({ id: warningTypes.id });
  return rows.length === 1;
}

export async function deleteWarningType(db: Db, id: number) {
  await db.delete(warningTypes).where(eq(warningTypes.id, id));
}

export async function warningTypeInUse(db: Db, id: number) {
  const [r] = await db.select({ n: count() }).from(taskWarnings).where(eq(taskWarnings.warningTypeId, id));
  return Number(r?.n ?? 0) > 0;
}

export async function existingWarningTypeIds(db: Db, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.select({ id: warningTypes.id }).from(warningTypes).where(inArray(warningTypes.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- warnings ----

/**
 * Serialises warning evaluations over every instance sharing the database: the second of two runs at once waits,
 * then finds the first one's warnings and raises nothing again. Held until the transaction ends.
 */
export async function lockWarningEvaluation(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('zg.warning.evaluate'))`);
}

/** The cycle of a task row: its type's code and the names of the values it names (see periods.rules.ts). */
const cycleColumns = (t: SQL) => sql`
      (select ct.code from ${cycleTypes} ct where ct.id = ${t}.cycle_type_id) as cycle_type,
      coalesce((select array_agg(v.value order by v.sort_order, v.id) from ${cycleValues} v
                where v.id::text = any(string_to_array(nullif(${t}.cycle_values, ''), ','))), '{}') as cycle_values`;

/** The cycle of one task (null when the task does not exist). */
export async function cycleOfTask(db: Db, taskId: number): Promise<TaskCycle | null> {
  const rows = rowsOf<{ cycle_type: string | null; cycle_values: string[] }>(
    await db.execute(sql`select ${cycleColumns(sql.raw('t'))} from ${targetTasks} t where t.id = ${taskId}`),
  );
  const r = rows[0];
  return r ? { type: r.cycle_type, values: r.cycle_values } : null;
}

/**
 * Leaf tasks under way or finished (the ones warnings are about), with their cycle and the period keys already
 * reported.
 */
export async function tasksToEvaluate(db: Db) {
  const rows = await db.execute(sql`
    select t.id, t.start_date as start, t.end_date as "end", t.status, ${cycleColumns(sql.raw('t'))},
      coalesce((select array_agg(distinct r.period_key) from ${taskReports} r
                where r.task_id = t.id and r.status in ('reviewing', 'pass', 'childPass')), '{}') as reported,
      coalesce((select array_agg(c.warning_type_id) from ${taskWarningConditions} c where c.task_id = t.id), '{}') as conditions
    from ${targetTasks} t
    where t.status in ('executeing', 'delayNotDone', 'hasDone', 'delayDone')
      and not exists (select 1 from ${targetTasks} c where c.parent_id = t.id)`);
  return rowsOf<{
    id: number;
    start: string;
    end: string;
    status: string;
    cycle_type: string | null;
    cycle_values: string[];
    reported: string[];
    conditions: number[];
  }>(rows);
}

/** Open warnings and dismissed ones (a dismissed warning is never raised again). */
export async function warningStates(db: Db) {
  return db
    .select({
      id: taskWarnings.id,
      taskId: taskWarnings.taskId,
      warningTypeId: taskWarnings.warningTypeId,
      warningKey: taskWarnings.warningKey,
      open: taskWarnings.open,
    })
    .from(taskWarnings)
    .where(sql`${taskWarnings.open} or ${taskWarnings.dismissedAt} is not null`);
}

/**
 * Raises warnings in batches, or reopens closed ones whose cause came back; open and dismissed ones are left alone.
 * Returns how many were raised or reopened.
 */
export async function raiseWarnings(
  db: Db,
  list: { taskId: number; warningTypeId: number; kind: string; key: string }[],
  at: Date,
) {
  let raised = 0;
  for (let i = 0; i < list.length; i += 1000) {
    const rows = await db
      .insert(taskWarnings)
      .values(
        list.slice(i, i + 1000).map((w) => ({
          taskId: w.taskId,
          warningTypeId: w.warningTypeId,
          kind: w.kind,
          warningKey: w.key,
          raisedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [taskWarnings.taskId, taskWarnings.warningTypeId, taskWarnings.warningKey],
        set: { open: true, closedAt: null, raisedAt: at },
        setWhere: sql`${taskWarnings.open} = false and ${taskWarnings.dismissedAt} is null`,
      })
      .returning({ id: taskWarnings.id });
    raised += rows.length;
  }
  return raised;
}

export async function closeWarnings(db: Db, ids: number[], at: Date) {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(taskWarnings)
      .set({ open: false, closedAt: at })
      .where(and(inArray(taskWarnings.id, ids.slice(i, i + 1000)), eq(taskWarnings.open, true)));
  }
}

export async function setTaskStatuses(db: Db, ids: number[], from: string, to: string) {
  if (ids.length)
    await db
      .update(targetTasks)
      .set({ status: to, version: sql`${targetTasks.version} + 1`, updatedAt: new Date() })
      .where(and(inArray(targetTasks.id, ids), eq(targetTasks.status, from)));
}

export async function warningsOfTask(db: Db, taskId: number) {
  return db
    .select({ warning: taskWarnings, typeName: warningTypes.name })
    .from(taskWarnings)
    .innerJoin(warningTypes, eq(warningTypes.id, taskWarnings.warningTypeId))
    .where(eq(taskWarnings.taskId, taskId))
    .orderBy(desc(taskWarnings.open), desc(taskWarnings.raisedAt), desc(taskWarnings.id));
}

export async function findWarning(db: Db, id: number) {
  const rows = await db.select().from(taskWarnings).where(eq(taskWarnings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Dismisses a warning: closed for good, so the job does not raise it again. */
export async function dismissWarning(db: Db, id: number, by: string, at: Date) {
  await db
    .update(taskWarnings)
    .set({ open: false, closedAt: sql`coalesce(${taskWarnings.closedAt}, ${at})`, dismissedAt: at, dismissedBy: by })
    .where(eq(taskWarnings.id, id));
}

/**
 * Open warning counts by kind, per task, over the tasks matching `where` (which may name target_tasks and
 * year_targets), optionally of one warning type only.
 */
export async function warningCounts(db: Db, where: SQL | undefined, warningTypeId?: number) {
  // One row of JSON rather than a row per task: the drivers parse one value natively instead of hundreds of rows.
  const rows = await db.execute(sql`
    select coalesce(json_agg(json_build_array(c.task_id, c.process, c.final)), '[]') as counts from (
      select w.task_id,
        sum(case when w.kind = 'process' then 1 else 0 end)::int as process,
        sum(case when w.kind = 'final' then 1 else 0 end)::int as final
      from ${taskWarnings} w
      ${
        // Every warning has its task and year target (foreign keys): with nothing to filter on, the open-warnings
        // index alone answers, without joining (and hashing) every task.
        where
          ? sql`join ${targetTasks} on ${targetTasks.id} = w.task_id
      join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
      left join ${departments} on ${departments.id} = ${targetTasks.departmentId}`
          : sql``
      }
      where w.open ${warningTypeId ? sql`and w.warning_type_id = ${warningTypeId}` : sql``}
        ${where ? sql`and ${where}` : sql``}
      group by w.task_id) c`);
  const value = rowsOf<{ counts: [number, number, number][] | string }>(rows)[0]?.counts ?? [];
  const counts = typeof value === 'string' ? (JSON.parse(value) as [number, number, number][]) : value;
  return counts.map(([taskId, process, final]) => ({
    taskId: Number(taskId),
    process: Number(process),
    final: Number(final),
  }));
}

// ---- warning conditions and their history ----

export async function conditionsOfTask(db: Db, taskId: number) {
  const rows = await db
    .select({ id: taskWarningConditions.warningTypeId })
    .from(taskWarningConditions)
    .where(eq(taskWarningConditions.taskId, taskId));
  return rows.map((r) => r.id);
}

export async function existingTaskIds(db: Db, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.select({ id: targetTasks.id }).from(targetTasks).where(inArray(targetTasks.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the warning conditions of the tasks and records the change in the history. */
export async function setConditions(db: Db, taskIds: number[], warningTypeIds: number[], actorId: string) {
  await db.delete(taskWarningConditions).where(inArray(taskWarningConditions.taskId, taskIds));
  const rows = taskIds.flatMap((taskId) => warningTypeIds.map((warningTypeId) => ({ taskId, warningTypeId })));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(taskWarningConditions).values(rows.slice(i, i + 1000));
  await db.insert(warningConfigHistory).values({ actorId, taskIds, warningTypeIds });
}

export async function pageConfigHistory(db: Db, current: number, size: number) {
  const [records, [total]] = await Promise.all([
    db
      .select({ h: warningConfigHistory, actorName: users.name })
      .from(warningConfigHistory)
      .leftJoin(users, eq(users.id, warningConfigHistory.actorId))
      .orderBy(desc(warningConfigHistory.at), desc(warningConfigHistory.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(warningConfigHistory),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function taskNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: targetTasks.id, name: targetTasks.name })
    .from(targetTasks)
    .where(inArray(targetTasks.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- urges ----

/**
 * Where each department stands with a year target, from its pushed top-level tasks: 1 a task waits to be accepted
 * (target not set), 2 one waits to be decomposed, 0 it has acted. With its pending urge, if any.
 */
export async function departmentsOfTarget(db: Db, yearTargetId: number, only?: string[]) {
  const rows = await db.execute(sql`
    select t.department_id as bmid, d.name as bmmc, h.name as fzrmc, count(*)::int as "taskCount",
      case when bool_or(t.status = 'waitAccept') then 1
           when bool_or(t.status = 'waitResolve') then 2 else 0 end as "currentStatus",
      (select u.id from ${urges} u where u.year_target_id = ${yearTargetId} and u.department_id = t.department_id
         and u.task_id is null and u.type = 0 order by u.id desc limit 1) as "pendingUrgeId",
      (select max(u.urged_at) from ${urges} u where u.year_target_id = ${yearTargetId}
         and u.department_id = t.department_id and u.task_id is null) as "lastUrgedAt"
    from ${targetTasks} t
    join ${departments} d on d.id = t.department_id
    left join ${users} h on h.id = d.charge_user_id
    where t.year_target_id = ${yearTargetId} and t.parent_id is null and t.status not in ('notPushed', 'goBack')
      ${only?.length ? sql`and t.department_id in ${only}` : sql``}
    group by t.department_id, d.name, h.name
    order by t.department_id`);
  return rowsOf<{
    bmid: string;
    bmmc: string;
    fzrmc: string | null;
    taskCount: number;
    currentStatus: number;
    pendingUrgeId: number | null;
    lastUrgedAt: Date | string | null;
  }>(rows).map((r) => ({
    ...r,
    taskCount: Number(r.taskCount),
    currentStatus: Number(r.currentStatus),
    pendingUrgeId: r.pendingUrgeId === null ? null : Number(r.pendingUrgeId),
    lastUrgedAt: r.lastUrgedAt === null ? null : new Date(r.lastUrgedAt).toISOString(),
  }));
}

export async function departmentNames(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(inArray(departments.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Inserts an urge unless an equal one is pending; returns its id, or null when one was pending. */
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

const urgeColumns = {
  urge: urges,
  yearTargetName: yearTargets.name,
  rwmc: targetTasks.name,
  bmmc: departments.name,
  urgerName: urger.name,
  accepterName: accepter.name,
};

/** One page of urges matching `where`, pending first, newest first. */
export async function pageUrges(db: Db, where: SQL | undefined, current: number, size: number) {
  const [records, [total]] = await Promise.all([
    db
      .select(urgeColumns)
      .from(urges)
      .innerJoin(departments, eq(departments.id, urges.departmentId))
      .leftJoin(yearTargets, eq(yearTargets.id, urges.yearTargetId))
      .leftJoin(targetTasks, eq(targetTasks.id, urges.taskId))
      .leftJoin(urger, eq(urger.id, urges.urgerId))
      .leftJoin(accepter, eq(accepter.id, urges.accepterId))
      .where(where)
      .orderBy(asc(urges.type), desc(urges.urgedAt), desc(urges.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(urges).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

// ---- focus ----

export async function setFocus(db: Db, userId: string, taskId: number, on: boolean) {
  if (on) await db.insert(taskFocus).values({ userId, taskId }).onConflictDoNothing();
  else await db.delete(taskFocus).where(and(eq(taskFocus.userId, userId), eq(taskFocus.taskId, taskId)));
}

export async function focusedTaskIds(db: Db, userId: string) {
  return (
    await db
      .select({ id: taskFocus.taskId })
      .from(taskFocus)
      .where(eq(taskFocus.userId, userId))
      .orderBy(desc(taskFocus.at))
  ).map((r) => r.id);
}
