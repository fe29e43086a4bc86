import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  departments,
  files,
  systemSettings,
  targetReportCovers,
  targetReports,
  targetReportTemplates,
  targetTasks,
  taskReports,
  taskWarnings,
  users,
  warningTypes,
  yearTargets,
} from '../../db/schema';

export type TemplateRow = typeof targetReportTemplates.$inferSelect;
export type CoverRow = typeof targetReportCovers.$inferSelect;
export type TargetReportRow = typeof targetReports.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const creator = alias(users, 'creator');
const owner = alias(users, 'owner');
const taskAuditor = alias(users, 'task_auditor');
const reportAuditor = alias(users, 'report_auditor');
const submitter = alias(users, 'submitter');

// ---- templates ----

export async function pageTemplates(db: Db, q: { current: number; size: number; mbmc?: string }) {
  const where = q.mbmc ? ilike(targetReportTemplates.name, `%${escapeLike(q.mbmc)}%`) : undefined;
  const [records, [total]] = await Promise.all([
    db
      .select({ template: targetReportTemplates, creatorName: creator.name })
      .from(targetReportTemplates)
      .leftJoin(creator, eq(creator.id, targetReportTemplates.creatorId))
      .where(where)
      .orderBy(desc(targetReportTemplates.createdAt), desc(targetReportTemplates.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(targetReportTemplates).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findTemplate(db: Db, id: number) {
  const rows = await db.select().from(targetReportTemplates).where(eq(targetReportTemplates.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The template used when none is named: the oldest one. */
export async function firstTemplate(db: Db) {
  const rows = await db
    .select()
    .from(targetReportTemplates)
    .orderBy(asc(targetReportTemplates.createdAt), asc(targetReportTemplates.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTemplate(db: Db, row: typeof targetReportTemplates.$inferInsert) {
  const [r] = await db.insert(targetReportTemplates).values(row).returning();
  return r!;
}

export async function updateTemplate(db: Db, id: number, set: Partial<typeof targetReportTemplates.$inferInsert>) {
  const rows = await db
    .update(targetReportTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(targetReportTemplates.id, id))
    .returning({ id: targetReportTemplates.id });
  return rows.length === 1;
}

export async function deleteTemplates(db: Db, ids: number[]) {
  const rows = await db
    .delete(targetReportTemplates)
    .where(inArray(targetReportTemplates.id, ids))
    .returning({ id: targetReportTemplates.id });
  return rows.map((r) => r.id);
}

// ---- covers ----

export async function pageCovers(db: Db, q: { current: number; size: number; fmmc?: string }) {
  const where = q.fmmc ? ilike(targetReportCovers.name, `%${escapeLike(q.fmmc)}%`) : undefined;
  const [records, [total]] = await Promise.all([
    db
      .select({ cover: targetReportCovers, creatorName: creator.name })
      .from(targetReportCovers)
      .leftJoin(creator, eq(creator.id, targetReportCovers.creatorId))
      .where(where)
      .orderBy(desc(targetReportCovers.isDefault), desc(targetReportCovers.createdAt), desc(targetReportCovers.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(targetReportCovers).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findCover(db: Db, id: number) {
  const rows = await db.select().from(targetReportCovers).where(eq(targetReportCovers.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function defaultCover(db: Db) {
  const rows = await db.select().from(targetReportCovers).where(eq(targetReportCovers.isDefault, true)).limit(1);
  return rows[0] ?? null;
}

export async function insertCover(db: Db, row: typeof targetReportCovers.$inferInsert) {
  const [r] = await db.insert(targetReportCovers).values(row).returning();
  return r!;
}

/** Makes one cover the default (and no other), in the caller's transaction. */
export async function setDefaultCover(db: Db, id: number) {
  await db
    .update(targetReportCovers)
    .set({ isDefault: false })
    .where(and(eq(targetReportCovers.isDefault, true), sql`${targetReportCovers.id} <> ${id}`));
  const rows = await db
    .update(targetReportCovers)
    .set({ isDefault: true })
    .where(eq(targetReportCovers.id, id))
    .returning({ id: targetReportCovers.id });
  return rows.length === 1;
}

export async function deleteCover(db: Db, id: number) {
  await db.delete(targetReportCovers).where(eq(targetReportCovers.id, id));
}

export async function systemName(db: Db) {
  const rows = await db.select().from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
  return rows[0] ?? null;
}

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

// ---- reports ----

export async function findReport(db: Db, id: number) {
  const rows = await db.select().from(targetReports).where(eq(targetReports.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findReportOfTask(db: Db, taskId: number) {
  const rows = await db.select().from(targetReports).where(eq(targetReports.taskId, taskId)).limit(1);
  return rows[0] ?? null;
}

export async function insertReport(db: Db, row: typeof targetReports.$inferInsert) {
  const [r] = await db.insert(targetReports).values(row).returning();
  return r!;
}

/** Writes a report when its version still matches; false when someone else changed it first. */
export async function updateReport(
  db: Db,
  id: number,
  version: number,
  set: Partial<typeof targetReports.$inferInsert>,
) {
  const rows = await db
    .update(targetReports)
    .set({ ...set, version: version + 1 })
    .where(and(eq(targetReports.id, id), eq(targetReports.version, version)))
    .returning({ id: targetReports.id });
  return rows.length === 1;
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
