import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { delayRequests, departments, files, targetTasks, taskReports, users, yearTargets } from '../../db/schema';

const submitter = alias(users, 'submitter');
const auditor = alias(users, 'auditor');
const owner = alias(users, 'owner');

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
  const [records, total] = await Promise.all([
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
    countReportsForAudit(db, where),
  ]);
  return { records, total };
}

/** How many reports on tasks match `where`: the total of the auditor's list, and the home page's count of it. */
export async function countReportsForAudit(db: Db, where: SQL | undefined) {
  const [total] = await db
    .select({ n: count() })
    .from(taskReports)
    .innerJoin(targetTasks, eq(targetTasks.id, taskReports.taskId))
    .where(where);
  return Number(total?.n ?? 0);
}

/**
 * An auditor's queue of reports or delay requests: those on the tasks `auditorId` audits (undefined: all), by the
 * request's state (awaiting audit, already audited, or all), of the tasks of a year (undefined: every year).
 */
export function auditQueue(
  auditorId: string | undefined,
  of: 'report' | 'delay',
  which: 'reviewing' | 'audited' | 'all',
  year?: number,
): SQL | undefined {
  const status = of === 'report' ? taskReports.status : delayRequests.status;
  const conds: SQL[] = [];
  if (auditorId !== undefined) conds.push(eq(targetTasks.auditorId, auditorId));
  if (which === 'reviewing') conds.push(eq(status, 'reviewing'));
  if (which === 'audited') conds.push(sql`${status} <> 'reviewing'`);
  if (year !== undefined) {
    conds.push(sql`${targetTasks.yearTargetId} in (select y.id from ${yearTargets} y where y.cycle_year = ${year})`);
  }
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
