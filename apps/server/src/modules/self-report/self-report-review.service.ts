import {
  SELF_REPORT_MSG as M,
  REVIEW_KIND_NAMES,
  type ReviewKind,
  reportTitleOf,
  SELF_REPORT_STATE_NAMES,
  type SelfReportQueueQuery,
  type SelfReportReviewInput,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { selfDiagnosisTemplates } from '../report';
import { renderSelfReportDocx } from './self-report.docx';
import { RULES } from './self-report.machine';
import { isExpert, isReportWriter, isSchoolReviewer } from './self-report.policy';
import { presentDiscuss } from './self-report.presenter';
import { discussionOf, existingUsers, reviewsOf } from './self-report.query';
import { insertDiscussion, insertReview, insertShares, moveReport } from './self-report.repository';
import { allow, audit, listReports, reportDetail, seenReport } from './self-report.service';

/**
 * 自我诊断报告's review: the expert's and the school's review (one of each kind, a result and a score to two
 * decimals), sending back with a reason, the review queues, the discussion thread, sharing with named users, and the
 * Word download.
 */

/** The Word document's author. */
const SCHOOL = '诊断与改进平台';

const ACTION = { expert: 'expertReview', school: 'schoolReview' } as const;

export async function reviewReport(db: Db, actor: Actor, clock: Clock, kind: ReviewKind, input: SelfReportReviewInput) {
  const r = await seenReport(db, actor, input.bgid);
  if ((await reviewsOf(db, r.reportId)).some((x) => x.kind === kind))
    throw conflict(M.reviewTwice(REVIEW_KIND_NAMES[kind]));
  const action = ACTION[kind];
  const to = allow(action, r, actor);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const made = await insertReview(tx, {
      reportId: r.reportId,
      kind,
      result: input.fhjg,
      score: input.score,
      scoreChecked: input.isChecked ?? true,
      opinion: input.opinion?.trim() || null,
      reviewerId: actor.userId,
      now,
    });
    if (!made) throw conflict(M.reviewTwice(REVIEW_KIND_NAMES[kind]));
    if (!(await moveReport(tx, r.reportId, RULES[action].from, to, { now })))
      throw conflict(M.reviewTwice(REVIEW_KIND_NAMES[kind]));
    await audit(tx, actor, `selfReport.${action}`, r.reportId, { fhjg: input.fhjg, score: input.score });
  });
}

export async function rejectReport(db: Db, actor: Actor, clock: Clock, input: { bgid: number; reason: string }) {
  const r = await seenReport(db, actor, input.bgid);
  const to = allow('reject', r, actor);
  await db.transaction(async (tx) => {
    const moved = await moveReport(tx, r.reportId, RULES.reject.from, to, {
      reject: { reason: input.reason, by: actor.userId },
      now: clock.now(),
    });
    if (!moved) throw conflict(M.wrongState(SELF_REPORT_STATE_NAMES[r.state]));
    await audit(tx, actor, 'selfReport.reject', r.reportId, { reason: input.reason });
  });
}

/** The queue of a kind of review: waiting (or done by the actor); a holder of that reviewer role only. */
export async function reviewQueue(db: Db, actor: Actor, q: SelfReportQueueQuery) {
  const holds = q.kind === 'expert' ? isExpert(actor) : isSchoolReviewer(actor);
  if (!holds) throw forbidden(M.queueNotAllowed);
  const { kind, done, ...page } = q;
  return listReports(db, actor, { ...page, queue: { kind, done: done ?? false } });
}

export async function discussion(db: Db, actor: Actor, bgid: number) {
  const r = await seenReport(db, actor, bgid);
  return (await discussionOf(db, r.reportId)).map(presentDiscuss);
}

export async function discuss(db: Db, actor: Actor, clock: Clock, input: { bgid: number; content: string }) {
  const r = await seenReport(db, actor, input.bgid);
  await db.transaction(async (tx) => {
    await insertDiscussion(tx, r.reportId, actor.userId, input.content, clock.now());
    await audit(tx, actor, 'selfReport.discuss', r.reportId);
  });
}

export async function shareReport(db: Db, actor: Actor, clock: Clock, input: { bgid: number; userIds: string[] }) {
  const r = await seenReport(db, actor, input.bgid);
  if (!isReportWriter(actor, r)) throw forbidden(M.notWriter);
  const ids = [...new Set(input.userIds)];
  const known = await existingUsers(db, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(M.shareUserUnknown(unknown.join('、')));
  await db.transaction(async (tx) => {
    await insertShares(tx, r.reportId, ids, actor.userId, clock.now());
    await audit(tx, actor, 'selfReport.share', r.reportId, { userIds: ids });
  });
}

/** The self-diagnosis templates (the report module's), for the Word download's cover. */
export async function templateList(db: Db) {
  const rows = await selfDiagnosisTemplates(db);
  return rows.map((t) => ({ id: t.id, mbmc: t.name, bgbt: t.title, bgsm: t.preface }));
}

/**
 * The report as Word, for whoever may read it (a hidden one answers as missing); with a self-diagnosis template, its
 * title ({rwmc}: the object's name) and preface are the cover's text.
 */
export async function reportWord(db: Db, actor: Actor, clock: Clock, q: { bgid: number; mbid?: number }) {
  const d = await reportDetail(db, actor, clock, q.bgid);
  const [template] = q.mbid ? await selfDiagnosisTemplates(db, q.mbid) : [];
  if (q.mbid && !template) throw notFound(M.templateNotFound);
  const object = d.content.header.reportHeaderVos[0]?.cjmc ?? '';
  const cover = template ? { title: reportTitleOf(template.title, object), preface: template.preface } : undefined;
  const safe = d.content.header.reportName.replace(/[\\/:*?"<>|]/g, '_');
  return { name: `${safe}.docx`, buffer: await renderSelfReportDocx(d, SCHOOL, cover) };
}
