import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  departments,
  files,
  targetReports,
  targetTasks,
  taskReports,
  taskWarnings,
  users,
  warningTypes,
  yearTargets,
} from '../../db/schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const _creator = alias(users, 'creator');
const owner = alias(users, 'owner');
const taskAuditor = alias(users, 'task_auditor');
const reportAuditor = alias(users, 'report_auditor');
const submitter = alias(users, 'submitter');

// ---- the facts a report is generated from ----

/** The task row with its year target's year and name (the rules need owner, auditor and state). */
export async function findTaskFacts(db: Db, taskId: number) {
  const rows = await db
    .select({ task: targetTasks, cycleYear: yearTargets.cycleYear })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .where(eq(targetTasks.id, taskId))
    .limit(1);
  return rows[0] ?? null;
}

/** Progress reports of a task, oldest first, with the submitter's name. */
export async function progressOfTask(db: Db, taskId: number) {
  return db
    .select({ report: taskReports, submitterName: submitter.name })
    .from(taskReports)
    .leftJoin(submitter, eq(submitter.id, taskReports.submitterId))
    .where(eq(taskReports.taskId, taskId))
    .orderBy(asc(taskReports.submittedAt), asc(taskReports.id));
}

/** Warnings ever raised on a task, oldest first, with the warning type's name. */
export async function warningsOfTask(db: Db, taskId: number) {
  return db
    .select({ warning: taskWarnings, typeName: warningTypes.name })
    .from(taskWarnings)
    .innerJoin(warningTypes, eq(warningTypes.id, taskWarnings.warningTypeId))
    .where(eq(taskWarnings.taskId, taskId))
    .orderBy(asc(taskWarnings.raisedAt), asc(taskWarnings.id));
}

/** The task's own documents and the attachments of its progress reports, in one query. */
export async function attachmentsOfTask(db: Db, taskId: number) {
  return db
    .select({
      file: files,
      uploaderName: users.name,
      periodKey: taskReports.periodKey,
      reportKind: taskReports.kind,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploaderId))
    .leftJoin(taskReports, and(eq(files.ownerType, 'TaskProgress'), eq(files.ownerId, sql`${taskReports.id}::text`)))
    .where(
      sql`(${files.ownerType} = 'NodeTask' and ${files.ownerId} = ${String(taskId)})
        or (${files.ownerType} = 'TaskProgress' and ${files.ownerId} in (
          select r.id::text from ${taskReports} r where r.task_id = ${taskId}))`,
    )
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** The report list select: report, task and every name the list shows. */
function selectReportRows(db: Db) {
  return db
    .select({
      report: targetReports,
      taskName: targetTasks.name,
      ownerId: targetTasks.ownerId,
      taskAuditorId: targetTasks.auditorId,
      departmentName: departments.name,
      ownerName: owner.name,
      taskAuditorName: taskAuditor.name,
      reportAuditorName: reportAuditor.name,
      cycleYear: yearTargets.cycleYear,
    })
    .from(targetReports)
    .innerJoin(targetTasks, eq(targetTasks.id, targetReports.taskId))
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
    .leftJoin(owner, eq(owner.id, targetTasks.ownerId))
    .leftJoin(taskAuditor, eq(taskAuditor.id, targetTasks.auditorId))
    .leftJoin(reportAuditor, eq(reportAuditor.id, targetReports.auditorId));
}
export type ReportListRow = Awaited<ReturnType<ReturnType<typeof selectReportRows>['limit']>>[number];

export async function findReportRow(db: Db, id: number) {
  const rows = await selectReportRows(db).where(eq(targetReports.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function pageReports(
  db: Db,
  f: {
    current: number;
    size: number;
    kind: 'all' | 'mine' | 'review';
    year?: number;
    bgzt?: string;
    rwmc?: string;
    departmentId?: string;
  },
  visible: SQL | undefined,
  userId: string,
) {
  const conds: SQL[] = [];
  if (visible) conds.push(visible);
  if (f.kind === 'mine') conds.push(eq(targetTasks.ownerId, userId));
  if (f.kind === 'review')
    conds.push(sql`${targetTasks.auditorId} = ${userId} and ${targetReports.status} = 'reviewing'`);
  if (f.year) conds.push(eq(yearTargets.cycleYear, f.year));
  if (f.bgzt) conds.push(eq(targetReports.status, f.bgzt));
  if (f.rwmc) conds.push(ilike(targetTasks.name, `%${escapeLike(f.rwmc)}%`));
  if (f.departmentId) conds.push(eq(targetTasks.departmentId, f.departmentId));
  const where = conds.length ? and(...conds) : undefined;
  const [records, [total]] = await Promise.all([
    selectReportRows(db)
      .where(where)
      .orderBy(desc(targetReports.generatedAt), desc(targetReports.id))
      .limit(f.size)
      .offset((f.current - 1) * f.size),
    db
      .select({ n: count() })
      .from(targetReports)
      .innerJoin(targetTasks, eq(targetTasks.id, targetReports.taskId))
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}
