import {
  SELF_REPORT_MSG as M,
  SELF_REPORT_STATE_NAMES,
  type SelfReportAction,
  type SelfReportContent,
  type SelfReportExplainInput,
  type SelfReportPageQuery,
  type SelfReportState,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { decideReport, RULES, selfReportAbilities } from './self-report.machine';
import { isReportWriter, isReviewer } from './self-report.policy';
import { presentContent, presentDetail, presentEntries, presentListItem, presentReview } from './self-report.presenter';
import {
  contentRows,
  type ObjectTaskFacts,
  objectTaskFacts,
  type ReportFacts,
  reportFacts,
  reportPage,
  reviewsOf,
  rowWarnings,
  sharerNames,
} from './self-report.query';
import { dropReviews, ensureReport, entriesOf, moveReport, saveEntry, touchReport } from './self-report.repository';
import { changesBetween } from './self-report.rules';

/**
 * 自我诊断报告: generation for an object task's round, the report as read (live while a draft; frozen once submitted,
 * with today's differences), the entries' explanations and the submission. Every write in one transaction with its
 * audit row; who may is the machine's (self-report.machine.ts).
 */

export const audit = (db: Db, actor: Actor, action: string, id: number, detail: unknown = null) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'selfReport', entityId: String(id), detail });

export async function liveContent(db: Db, facts: ObjectTaskFacts, now: Date): Promise<SelfReportContent> {
  const [rows, warnings] = await Promise.all([contentRows(db, facts.id), rowWarnings(db, facts.id)]);
  return presentContent(facts, rows, warnings, now);
}

export async function seenReport(db: Db, actor: Actor, id: number): Promise<ReportFacts> {
  const facts = await reportFacts(db, actor, id);
  if (!facts) throw notFound(M.notFound);
  return facts;
}

const NOT_ALLOWED: Record<SelfReportAction, (a: Actor) => string> = {
  explain: () => M.notCharger,
  submit: () => M.notCharger,
  expertReview: (a) => (isReviewer(a) ? M.notExpert : M.notReviewer),
  schoolReview: (a) => (isReviewer(a) ? M.notSchoolReviewer : M.notReviewer),
  reject: () => M.notReviewer,
};

/** Refuses an action the machine does not allow (the state first, then the person). */
export function allow(action: SelfReportAction, r: ReportFacts, actor: Actor) {
  const d = decideReport(action, r.state, actor, r);
  if (d.ok) return d.state;
  if (d.refusal === 'wrongState') throw conflict(M.wrongState(SELF_REPORT_STATE_NAMES[r.state]));
  throw forbidden(NOT_ALLOWED[action](actor));
}

export async function reportDetail(db: Db, actor: Actor, clock: Clock, id: number) {
  const r = await seenReport(db, actor, id);
  const live = await liveContent(db, r, clock.now());
  const frozen = r.snapshot as SelfReportContent | null;
  const content = frozen ?? live;
  const changes = frozen ? changesBetween(frozen.overview, live.overview) : [];
  const [entries, reviews, sharers] = await Promise.all([
    entriesOf(db, r.reportId),
    reviewsOf(db, r.reportId),
    sharerNames(db, r.reportId),
  ]);
  return presentDetail(r, content, {
    entries: presentEntries(entries),
    changes,
    today: changes.length ? live.overview : null,
    expertReviewVo: presentReview(reviews.find((x) => x.kind === 'expert')),
    schoolReviewVo: presentReview(reviews.find((x) => x.kind === 'school')),
    rejectReason: r.rejectReason,
    sharers,
    abilities: { ...selfReportAbilities(r.state, actor, r), share: isReportWriter(actor, r) },
  });
}

export async function generateReport(db: Db, actor: Actor, clock: Clock, input: { dxrwid: number }) {
  const facts = await objectTaskFacts(db, actor, input.dxrwid);
  if (!facts) throw notFound(M.objectNotFound);
  const d = decideReport('explain', 'draft', actor, facts);
  if (!d.ok) throw forbidden(M.notCharger);
  const id = await db.transaction(async (tx) => {
    const made = await ensureReport(tx, {
      objectTaskId: facts.id,
      taskId: facts.taskId,
      round: facts.round,
      createdBy: actor.userId,
      now: clock.now(),
    });
    if (made.created) await audit(tx, actor, 'selfReport.generate', made.id, { dxrwid: facts.id, round: facts.round });
    return made.id;
  });
  return reportDetail(db, actor, clock, id);
}

export async function explainSave(db: Db, actor: Actor, clock: Clock, input: SelfReportExplainInput) {
  const r = await seenReport(db, actor, input.bgid);
  allow('explain', r, actor);
  await db.transaction(async (tx) => {
    await saveEntry(tx, r.reportId, input.id, { nr: input.nr, isChecked: input.isChecked }, actor.userId, clock.now());
    await touchReport(tx, r.reportId, clock.now());
    await audit(tx, actor, 'selfReport.explain', r.reportId, {
      section: input.id,
      length: input.nr?.length ?? null,
      isChecked: input.isChecked ?? null,
    });
  });
}

export async function submitReport(db: Db, actor: Actor, clock: Clock, bgid: number) {
  const r = await seenReport(db, actor, bgid);
  const to = allow('submit', r, actor);
  const now = clock.now();
  const content = await liveContent(db, r, now);
  await db.transaction(async (tx) => {
    const moved = await moveReport(tx, r.reportId, RULES.submit.from, to, {
      snapshot: content,
      submittedAt: now,
      submittedBy: actor.userId,
      now,
    });
    if (!moved) throw conflict(M.wrongState(SELF_REPORT_STATE_NAMES[to as SelfReportState]));
    await dropReviews(tx, r.reportId);
    await audit(tx, actor, 'selfReport.submit', r.reportId, { figures: content.overview });
  });
}

export async function listReports(
  db: Db,
  actor: Actor,
  q: SelfReportPageQuery & { queue?: { kind: 'expert' | 'school'; done: boolean } },
) {
  const { pageNum, pageSize, ...filter } = q;
  const { rows, total } = await reportPage(db, actor, filter, { offset: (pageNum - 1) * pageSize, limit: pageSize });
  return { list: rows.map(presentListItem), total, pageNum, pageSize };
}
