import type { SelfReportContent, SelfReportState } from '@zg/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  selfReportDiscussions,
  selfReportEntries,
  selfReportReviews,
  selfReportShares,
  selfReports,
} from '../../db/schema';

/** 自我诊断报告's own tables: reports, their entries, reviews, discussion and shares. */

/** The report of an object task's round, created if there is none yet; answers its id. */
export async function ensureReport(
  db: Db,
  r: { objectTaskId: number; taskId: number; round: number; createdBy: string; now: Date },
): Promise<{ id: number; created: boolean }> {
  const [made] = await db
    .insert(selfReports)
    .values({
      objectTaskId: r.objectTaskId,
      taskId: r.taskId,
      round: r.round,
      createdBy: r.createdBy,
      createdAt: r.now,
      updatedAt: r.now,
    })
    .onConflictDoNothing()
    .returning({ id: selfReports.id });
  if (made) return { id: made.id, created: true };
  const [found] = await db
    .select({ id: selfReports.id })
    .from(selfReports)
    .where(and(eq(selfReports.objectTaskId, r.objectTaskId), eq(selfReports.round, r.round)));
  return { id: found!.id, created: false };
}

export interface EntryRow {
  section: number;
  nr: string;
  isChecked: boolean;
}

export async function entriesOf(db: Db, reportId: number): Promise<EntryRow[]> {
  return db
    .select({ section: selfReportEntries.section, nr: selfReportEntries.nr, isChecked: selfReportEntries.isChecked })
    .from(selfReportEntries)
    .where(eq(selfReportEntries.reportId, reportId));
}

/** Saves an entry's explanation and/or tick (what is not given stays). */
export async function saveEntry(
  db: Db,
  reportId: number,
  section: number,
  change: { nr?: string; isChecked?: boolean },
  actorId: string,
  now: Date,
) {
  const set: Partial<typeof selfReportEntries.$inferInsert> = { updatedBy: actorId, updatedAt: now };
  if (change.nr !== undefined) set.nr = change.nr;
  if (change.isChecked !== undefined) set.isChecked = change.isChecked;
  await db
    .insert(selfReportEntries)
    .values({ reportId, section, nr: change.nr ?? '', isChecked: change.isChecked ?? true, updatedBy: actorId })
    .onConflictDoUpdate({ target: [selfReportEntries.reportId, selfReportEntries.section], set });
}

/**
 * Moves a report from one of `from` to `to` (with what the move records); false when another request moved it first.
 */
export async function moveReport(
  db: Db,
  id: number,
  from: readonly SelfReportState[],
  to: SelfReportState,
  set: {
    snapshot?: SelfReportContent | null;
    submittedAt?: Date;
    submittedBy?: string;
    reject?: { reason: string; by: string };
    now: Date;
  },
): Promise<boolean> {
  const moved = await db
    .update(selfReports)
    .set({
      state: to,
      updatedAt: set.now,
      ...(set.snapshot !== undefined ? { snapshot: set.snapshot } : {}),
      ...(set.submittedAt ? { submittedAt: set.submittedAt, submittedBy: set.submittedBy } : {}),
      ...(set.reject ? { rejectReason: set.reject.reason, rejectedBy: set.reject.by, rejectedAt: set.now } : {}),
    })
    .where(and(eq(selfReports.id, id), inArray(selfReports.state, [...from])))
    .returning({ id: selfReports.id });
  return moved.length > 0;
}

/** Touches a report (its entries changed). */
export async function touchReport(db: Db, id: number, now: Date) {
  await db.update(selfReports).set({ updatedAt: now }).where(eq(selfReports.id, id));
}

/** Records a review; false when one of its kind is there already (another request was first). */
export async function insertReview(
  db: Db,
  r: {
    reportId: number;
    kind: 'expert' | 'school';
    result: string;
    score: number;
    scoreChecked: boolean;
    opinion: string | null;
    reviewerId: string;
    now: Date;
  },
): Promise<boolean> {
  const made = await db
    .insert(selfReportReviews)
    .values({
      reportId: r.reportId,
      kind: r.kind,
      result: r.result,
      score: r.score,
      scoreChecked: r.scoreChecked,
      opinion: r.opinion,
      reviewerId: r.reviewerId,
      createdAt: r.now,
    })
    .onConflictDoNothing()
    .returning({ id: selfReportReviews.id });
  return made.length > 0;
}

/** Drops a report's reviews (it is submitted again after being sent back). */
export async function dropReviews(db: Db, reportId: number) {
  await db.delete(selfReportReviews).where(eq(selfReportReviews.reportId, reportId));
}

export async function insertDiscussion(db: Db, reportId: number, authorId: string, content: string, now: Date) {
  await db.insert(selfReportDiscussions).values({ reportId, authorId, content, createdAt: now });
}

/** Shares a report with users (those it is shared with already stay, once). */
export async function insertShares(db: Db, reportId: number, userIds: string[], by: string, now: Date) {
  await db
    .insert(selfReportShares)
    .values(userIds.map((userId) => ({ reportId, userId, sharedBy: by, createdAt: now })))
    .onConflictDoNothing();
}
