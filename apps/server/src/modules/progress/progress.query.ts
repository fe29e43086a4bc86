import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  cycleTypes,
  cycleValues,
  delayRequests,
  departments,
  files,
  targetTasks,
  taskReports,
  taskWarningConditions,
  taskWarnings,
  urges,
  users,
  yearTargets,
} from '../../db/schema';
import type { TaskCycle } from './periods.rules';

import { delayColumns } from './progress.repository';

const submitter = alias(users, 'submitter');
const auditor = alias(users, 'auditor');
const owner = alias(users, 'owner');
const requester = alias(users, 'requester');
const urger = alias(users, 'urger');
const accepter = alias(users, 'accepter');

/** Rows of a raw `db.execute`, on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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

/**
 * An auditor's queue of reports or delay requests: those on the tasks `auditorId` audits (undefined: all), by the
 * request's state: awaiting audit, already audited, or all.
 */
export function auditQueue(
  auditorId: string | undefined,
  of: 'report' | 'delay',
  which: 'reviewing' | 'audited' | 'all',
): SQL | undefined {
  const status = of === 'report' ? taskReports.status : delayRequests.status;
  const conds: SQL[] = [];
  if (auditorId !== undefined) conds.push(eq(targetTasks.auditorId, auditorId));
  if (which === 'reviewing') conds.push(eq(status, 'reviewing'));
  if (which === 'audited') conds.push(sql`${status} <> 'reviewing'`);
  return conds.length ? and(...conds) : undefined;
}

/** The tasks a user owns, as a condition for `warningCounts`. */
export const tasksOwnedBy = (userId: string) => sql`${targetTasks.ownerId} = ${userId}`;

/** The tasks of some departments, as a condition for `warningCounts`. */
export const tasksOfDepartments = (ids: readonly string[]) =>
  ids.length ? sql`${targetTasks.departmentId} in ${ids}` : sql`false`;

/** The warning page's task filter over `visible` tasks, as a condition for `warningCounts`. */
export function taskFilterWhere(
  visible: SQL | undefined,
  q: { year?: number; yearTargetId?: number; rwlx?: string; departmentId?: string; rwmc?: string },
) {
  const conds: SQL[] = [];
  if (visible) conds.push(visible);
  if (q.year) conds.push(eq(yearTargets.cycleYear, q.year));
  if (q.yearTargetId) conds.push(eq(targetTasks.yearTargetId, q.yearTargetId));
  if (q.rwlx) conds.push(eq(targetTasks.taskType, q.rwlx));
  if (q.departmentId) conds.push(eq(targetTasks.departmentId, q.departmentId));
  if (q.rwmc) conds.push(ilike(targetTasks.name, `%${q.rwmc.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return conds.length ? and(...conds) : undefined;
}

/** The ids among `ids` of reports on tasks that `visible` lets through (one query for a batch). */
export async function visibleReportIds(db: Db, ids: number[], visible: SQL | undefined) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: taskReports.id })
    .from(taskReports)
    .innerJoin(targetTasks, eq(targetTasks.id, taskReports.taskId))
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .where(and(inArray(taskReports.id, ids), visible));
  return rows.map((r) => r.id);
}
