import type { SelfReportPageQuery, SelfReportState } from '@zg/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  diagnosisObjectTasks,
  diagnosisRows,
  diagnosisTasks,
  dimensions,
  qualityWarnings,
  selfReportDiscussions,
  selfReportReviews,
  selfReportShares,
  selfReports,
  users,
} from '../../db/schema';
import type { Actor } from '../../platform/access';
import { objectTaskSeenSql } from '../diagnosis';
import { isExpert, isReviewer, isSchoolReviewer } from './self-report.policy';

/**
 * The read model of 自我诊断报告: the object task a report is about (with its task's and person in charge's names),
 * its rows and its warnings per row — the diagnosis module's and the quality warnings' tables, read only — and the
 * report list with those names. Visibility is the diagnosis module's (`objectTaskSeenSql`), one definition.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ObjectTaskFacts {
  id: number;
  taskId: number;
  taskName: string;
  objectName: string;
  objectCode: string;
  dimensionName: string | null;
  round: number;
  chargerId: string | null;
  chargerName: string | null;
}

const FACTS = sql`o.id, o.task_id as "taskId", t.name as "taskName", o.object_name as "objectName",
  o.object_code as "objectCode", dt.name as "dimensionName", o.round, o.charger_id as "chargerId", u.name as "chargerName"`;
const FACTS_FROM = sql`${diagnosisObjectTasks} o join ${diagnosisTasks} t on t.id = o.task_id
  left join ${dimensions} dt on dt.code = t.dimension
  left join ${users} u on u.id = o.charger_id`;

/** One object task as the actor may see it; null when it is missing or hidden. */
export async function objectTaskFacts(db: Db, actor: Actor, objectTaskId: number): Promise<ObjectTaskFacts | null> {
  const r = await db.execute(sql`select ${FACTS} from ${FACTS_FROM}
    where o.id = ${objectTaskId} and ${objectTaskSeenSql(actor, sql`o.id`)}`);
  return rowsOf<ObjectTaskFacts>(r)[0] ?? null;
}

export interface ReportFacts extends ObjectTaskFacts {
  reportId: number;
  state: SelfReportState;
  reportRound: number;
  snapshot: unknown;
  submittedAt: Date | string | null;
  rejectReason: string | null;
  createdAt: Date | string;
}

/** Who sees a report: who sees its object task, the users it is shared with, and the reviewers once it is submitted. */
function reportSeen(actor: Actor, r: SQL): SQL {
  const seen = [
    objectTaskSeenSql(actor, sql`${r}.object_task_id`),
    sql`exists (select 1 from ${selfReportShares} sh where sh.report_id = ${r}.id and sh.user_id = ${actor.userId})`,
  ];
  if (isReviewer(actor)) seen.push(sql`${r}.state <> 'draft'`);
  return sql`(${sql.join(seen, sql` or `)})`;
}

/** One report with its object task's facts, as the actor may see it; null when missing or hidden. */
export async function reportFacts(db: Db, actor: Actor, reportId: number): Promise<ReportFacts | null> {
  const r = await db.execute(sql`select ${FACTS}, r.id as "reportId", r.state, r.round as "reportRound",
      r.snapshot, r.submitted_at as "submittedAt", r.reject_reason as "rejectReason",
      r.created_at as "createdAt"
    from ${selfReports} r join ${FACTS_FROM} on o.id = r.object_task_id
    where r.id = ${reportId} and ${reportSeen(actor, sql`r`)}`);
  return rowsOf<ReportFacts>(r)[0] ?? null;
}

export interface ContentRow {
  id: number;
  name: string;
  levels: { id: number; name: string }[];
  bzz: string | null;
  mbz: string | null;
  jgz: string | null;
  jgdj: string | null;
  sljsz: string | null;
  sldj: string | null;
  unfin: boolean;
  dis: boolean;
  yyfx: string | null;
  gjcs: string | null;
}

/** The rows of an object task in table order: the revised target and result where there are. */
export async function contentRows(db: Db, objectTaskId: number): Promise<ContentRow[]> {
  const r = await db.execute(sql`select id, name, levels, bzz, coalesce(xzmbz, mbz) as mbz,
      coalesce(xzjgz, jgz) as jgz, jgdj, sljsz, sldj, unfin, dis, yyfx, gjcs
    from ${diagnosisRows} where object_task_id = ${objectTaskId} order by sort, id`);
  return rowsOf<ContentRow>(r);
}

export interface RowWarnings {
  rowId: number;
  process: number;
  expired: number;
  disposed: number;
  lastValue: string | null;
  cause: string | null;
  measures: string | null;
  handler: string | null;
}

/** The real warnings (过程预警, 逾期预警) of an object task per row: counts, and the last disposal's texts. */
export async function rowWarnings(db: Db, objectTaskId: number): Promise<RowWarnings[]> {
  const r = await db.execute(sql`
    select w.row_id as "rowId",
           count(*) filter (where w.kind = 'process')::int as process,
           count(*) filter (where w.kind = 'expired')::int as expired,
           count(w.disposed_at)::int as disposed,
           (array_agg(w.warning_value order by w.raised_at desc, w.id desc))[1] as "lastValue",
           (array_agg(w.cause order by w.disposed_at desc nulls last, w.id desc))[1] as cause,
           (array_agg(w.measures order by w.disposed_at desc nulls last, w.id desc))[1] as measures,
           (array_agg(u.name order by w.disposed_at desc nulls last, w.id desc))[1] as handler
      from ${qualityWarnings} w left join ${users} u on u.id = w.disposed_by
     where w.object_task_id = ${objectTaskId} and w.kind in ('process', 'expired')
     group by w.row_id`);
  return rowsOf<RowWarnings>(r);
}

export interface ReportListRow {
  id: number;
  dxrwid: number;
  createdAt: Date | string;
  rwmc: string;
  dxrwmc: string;
  fzrmc: string | null;
  lc: number;
  state: SelfReportState;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The reports the actor sees, newest first, with the list's filters; one statement for the page, one for the total. */
export async function reportPage(
  db: Db,
  actor: Actor,
  f: Omit<SelfReportPageQuery, 'pageNum' | 'pageSize'> & { queue?: { kind: 'expert' | 'school'; done: boolean } },
  page: { offset: number; limit: number },
) {
  const where: SQL[] = [reportSeen(actor, sql`r`)];
  if (f.queue) where.push(queueWhere(actor, f.queue));
  if (f.rwmc) where.push(sql`t.name ilike ${like(f.rwmc)}`);
  if (f.dxrwmc) where.push(sql`o.object_name ilike ${like(f.dxrwmc)}`);
  if (f.fzrmc) where.push(sql`u.name ilike ${like(f.fzrmc)}`);
  if (f.zt) where.push(sql`r.state = ${f.zt}`);
  const from = sql`from ${selfReports} r join ${diagnosisObjectTasks} o on o.id = r.object_task_id
    join ${diagnosisTasks} t on t.id = o.task_id left join ${users} u on u.id = o.charger_id
    where ${sql.join(where, sql` and `)}`;
  const [list, count] = await Promise.all([
    db.execute(sql`select r.id, r.object_task_id as dxrwid, r.created_at as "createdAt", t.name as rwmc,
        o.object_name as dxrwmc, u.name as fzrmc, r.round as lc, r.state
      ${from} order by r.created_at desc, r.id desc limit ${page.limit} offset ${page.offset}`),
    db.execute(sql`select count(*)::int as n ${from}`),
  ]);
  return { rows: rowsOf<ReportListRow>(list), total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0) };
}

/**
 * A review queue: waiting for the actor's kind of review (submitted for the expert, expert-reviewed for the school), or
 * those the actor reviewed. Only a holder of that reviewer role has one.
 */
function queueWhere(actor: Actor, q: { kind: 'expert' | 'school'; done: boolean }): SQL {
  const holds = q.kind === 'expert' ? isExpert(actor) : isSchoolReviewer(actor);
  if (!holds) return sql`false`;
  if (q.done)
    return sql`exists (select 1 from ${selfReportReviews} rv where rv.report_id = r.id and rv.kind = ${q.kind}
      and rv.reviewer_id = ${actor.userId})`;
  return sql`r.state = ${q.kind === 'expert' ? 'submitted' : 'expertReviewed'}`;
}

export interface ReviewRow {
  kind: 'expert' | 'school';
  result: 'effective' | 'local' | 'improve';
  score: string;
  scoreChecked: boolean;
  opinion: string | null;
  reviewer: string | null;
  createdAt: Date | string;
}

/** A report's reviews with the reviewers' names. */
export async function reviewsOf(db: Db, reportId: number): Promise<ReviewRow[]> {
  const r = await db.execute(sql`select rv.kind, rv.result, rv.score::text as score, rv.score_checked as "scoreChecked",
      rv.opinion, u.name as reviewer, rv.created_at as "createdAt"
    from ${selfReportReviews} rv left join ${users} u on u.id = rv.reviewer_id where rv.report_id = ${reportId}`);
  return rowsOf<ReviewRow>(r);
}

/** The names of the users a report is shared with. */
export async function sharerNames(db: Db, reportId: number): Promise<string[]> {
  const r = await db.execute(sql`select u.name from ${selfReportShares} sh join ${users} u on u.id = sh.user_id
    where sh.report_id = ${reportId} order by sh.created_at, u.id`);
  return rowsOf<{ name: string }>(r).map((x) => x.name);
}

/** Which of these user ids exist. */
export async function existingUsers(db: Db, ids: string[]): Promise<Set<string>> {
  const r = await db.execute(
    sql`select id from ${users} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rowsOf<{ id: string }>(r).map((x) => x.id));
}

export interface DiscussRow {
  id: number;
  content: string;
  authorName: string | null;
  createdAt: Date | string;
}

/** A report's discussion, oldest first. */
export async function discussionOf(db: Db, reportId: number): Promise<DiscussRow[]> {
  const r = await db.execute(sql`select d.id, d.content, u.name as "authorName", d.created_at as "createdAt"
    from ${selfReportDiscussions} d left join ${users} u on u.id = d.author_id
    where d.report_id = ${reportId} order by d.created_at, d.id limit 500`);
  return rowsOf<DiscussRow>(r);
}
