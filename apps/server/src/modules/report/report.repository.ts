import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { systemSettings, targetReportCovers, targetReports, targetReportTemplates, users } from '../../db/schema';

export type TemplateRow = typeof targetReportTemplates.$inferSelect;
export type CoverRow = typeof targetReportCovers.$inferSelect;
export type TargetReportRow = typeof targetReports.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const creator = alias(users, 'creator');
// ---- templates ----

export async function pageTemplates(db: Db, q: { current: number; size: number; mbmc?: string; mblx?: string }) {
  const where = and(
    q.mbmc ? ilike(targetReportTemplates.name, `%${escapeLike(q.mbmc)}%`) : undefined,
    q.mblx ? eq(targetReportTemplates.kind, q.mblx) : undefined,
  );
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

/** The target-task template used when none is named: the oldest one. */
export async function firstTemplate(db: Db) {
  const rows = await db
    .select()
    .from(targetReportTemplates)
    .where(eq(targetReportTemplates.kind, 'targetTask'))
    .orderBy(asc(targetReportTemplates.createdAt), asc(targetReportTemplates.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The self-diagnosis templates (issue 33), oldest first: the choice of a self-diagnosis report's Word cover. */
export async function selfDiagnosisTemplateRows(db: Db, id?: number) {
  return db
    .select({
      id: targetReportTemplates.id,
      name: targetReportTemplates.name,
      title: targetReportTemplates.title,
      preface: targetReportTemplates.preface,
    })
    .from(targetReportTemplates)
    .where(and(eq(targetReportTemplates.kind, 'selfDiagnosis'), id ? eq(targetReportTemplates.id, id) : undefined))
    .orderBy(asc(targetReportTemplates.createdAt), asc(targetReportTemplates.id))
    .limit(200);
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
