import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskReports } from '../../db/schema';

export type ReportRow = typeof taskReports.$inferSelect;
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

/** Deletes a report under review; false when it is no longer under review (the service releases its files). */
export async function deleteReviewingReport(db: Db, id: number) {
  const rows = await db
    .delete(taskReports)
    .where(and(eq(taskReports.id, id), eq(taskReports.status, 'reviewing')))
    .returning({ id: taskReports.id });
  return rows.length === 1;
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
