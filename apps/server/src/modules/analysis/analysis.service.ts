import {
  ANALYSIS_MSG,
  ANALYSIS_NOTE,
  type AnalysisFigure,
  ROLE,
  TASK_STATUS,
  TASK_STATUSES,
  type TaskStatus,
} from '@zg/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, targetTasks, yearTargets } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { visibleTaskWhere } from '../target-task/target-task.repository';
import { viewOf } from '../target-task/target-task.service';
import { analysisTaskPage, chargeDepartmentsOf, taskTypeCounts, yearsInScope } from './analysis.repository';

export interface AnalysisQuery {
  scope: 'mySummaryAnalysis' | 'departmentSummaryAnalysis' | 'globalSummaryAnalysis';
  year?: number;
  rwlx?: string;
  bmid?: string;
}

/** The department of the department page: the one asked for, which must be one the actor heads, or their first. */
export function departmentOf(actor: Actor, q: { bmid?: string }) {
  const bmid = q.bmid ?? actor.chargeDepartmentIds[0];
  if (!bmid) throw forbidden(ANALYSIS_MSG.noChargeDepartment);
  if (!actor.chargeDepartmentIds.includes(bmid) && !actor.roles.has(ROLE.admin)) {
    throw forbidden(ANALYSIS_MSG.notYourDepartment);
  }
  return bmid;
}

/**
 * The tasks an analysis counts: last-level tasks of the scope the actor may use. The department page needs a
 * department the actor is in charge of; the global page those who see every task.
 */
export function scopeWhere(actor: Actor, q: AnalysisQuery): SQL {
  const parts: SQL[] = [];
  if (q.year) {
    // The year's targets, computed once (an InitPlan), so both the tasks and the children that make a task not
    // last-level are read through target_tasks_year_target_idx for that year only, not the whole table. A child
    // always belongs to its parent's year target (createTask checks it), so the narrower anti-join is the same test.
    const ids = sql`any(array(select ${yearTargets.id} from ${yearTargets} where ${yearTargets.cycleYear} = ${q.year}))`;
    parts.push(
      sql`${targetTasks.yearTargetId} = ${ids}`,
      sql`not exists (select 1 from ${targetTasks} c where c.parent_id = ${targetTasks.id} and c.year_target_id = ${ids})`,
    );
  } else {
    parts.push(sql`not exists (select 1 from ${targetTasks} c where c.parent_id = ${targetTasks.id})`);
  }
  if (q.scope === 'mySummaryAnalysis') parts.push(sql`${targetTasks.ownerId} = ${actor.userId}`);
  if (q.scope === 'departmentSummaryAnalysis') parts.push(sql`${targetTasks.departmentId} = ${departmentOf(actor, q)}`);
  if (q.scope === 'globalSummaryAnalysis') {
    const view = viewOf(actor);
    if (!view.all) throw forbidden();
    const visible = visibleTaskWhere(view);
    if (visible) parts.push(visible);
  }
  if (q.year) parts.push(sql`${yearTargets.cycleYear} = ${q.year}`);
  if (q.rwlx) parts.push(sql`${targetTasks.taskType} = ${q.rwlx}`);
  return sql.join(parts, sql` and `);
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Task status distribution: every state with its count (zeros included, so the pie and the table agree). */
export async function taskStatusAnalysis(db: Db, actor: Actor, q: AnalysisQuery) {
  const res = await db.execute(sql`
    select ${targetTasks.status} as status, count(*)::int as n
    from ${targetTasks} join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
    where ${scopeWhere(actor, q)} group by 1`);
  const counts = new Map(rowsOf<{ status: string; n: number }>(res).map((r) => [r.status, Number(r.n)]));
  const list = TASK_STATUSES.map((s) => ({ rwzt: s, rwztmc: TASK_STATUS[s], count: counts.get(s) ?? 0 }));
  return { list, total: list.reduce((a, b) => a + b.count, 0), note: ANALYSIS_NOTE };
}

/** Finish rate per department: finished (on time or late) over issued (everything but unpushed or withdrawn). */
export async function departmentFinishRates(db: Db, actor: Actor, q: AnalysisQuery) {
  const res = await db.execute(sql`
    select ${departments.id} as bmid, ${departments.name} as bmmc,
      count(*) filter (where ${targetTasks.status} <> 'notPushed')::int as issued,
      count(*) filter (where ${targetTasks.status} in ('hasDone', 'delayDone'))::int as finished
    from ${targetTasks}
    join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
    join ${departments} on ${departments.id} = ${targetTasks.departmentId}
    where ${scopeWhere(actor, q)}
    group by ${departments.id}, ${departments.name}, ${departments.sortOrder}
    order by ${departments.sortOrder}`);
  const rows = rowsOf<{ bmid: string; bmmc: string; issued: number; finished: number }>(res).map((r) => {
    const issued = Number(r.issued);
    const finished = Number(r.finished);
    return {
      bmid: r.bmid,
      bmmc: r.bmmc,
      issued,
      finished,
      rate: issued ? Math.round((finished / issued) * 10000) / 100 : 0,
    };
  });
  // Competition ranking (1, 2, 2, 4) by rate, then by finished count.
  const sorted = [...rows].sort((a, b) => b.rate - a.rate || b.finished - a.finished || a.bmid.localeCompare(b.bmid));
  const rankOf = new Map<string, number>();
  sorted.forEach((r, i) => {
    const prev = sorted[i - 1];
    rankOf.set(r.bmid, prev && prev.rate === r.rate && prev.finished === r.finished ? rankOf.get(prev.bmid)! : i + 1);
  });
  return rows.map((r) => ({ ...r, rank: rankOf.get(r.bmid)! }));
}

export async function finishRanking(db: Db, actor: Actor, q: AnalysisQuery) {
  return (await departmentFinishRates(db, actor, q)).sort((a, b) => a.rank - b.rank || a.bmid.localeCompare(b.bmid));
}

const FIGURE_WHERE: Record<AnalysisFigure, SQL | null> = {
  all: null,
  issued: sql`${targetTasks.status} <> 'notPushed'`,
  finished: sql`${targetTasks.status} in ('hasDone', 'delayDone')`,
  unfinished: sql`${targetTasks.status} not in ('notPushed', 'hasDone', 'delayDone')`,
};

/**
 * The tasks behind a figure (a slice of the status pie, a department's bar, a ranking row): the same scope and filters
 * as the figure, narrowed to the figure's tasks, paged.
 */
export async function tasksBehind(
  db: Db,
  actor: Actor,
  q: AnalysisQuery & {
    figure: AnalysisFigure;
    rwzt?: TaskStatus;
    departmentId?: string;
    current: number;
    size: number;
  },
) {
  const parts = [scopeWhere(actor, q)];
  const figure = FIGURE_WHERE[q.figure];
  if (figure) parts.push(figure);
  if (q.rwzt) parts.push(sql`${targetTasks.status} = ${q.rwzt}`);
  if (q.departmentId) parts.push(sql`${targetTasks.departmentId} = ${q.departmentId}`);
  const { rows, total } = await analysisTaskPage(db, sql.join(parts, sql` and `), q.current, q.size);
  return {
    total,
    records: rows.map((r) => ({
      id: r.id,
      rwmc: r.name,
      rwlx: r.taskType,
      rwzt: r.status,
      rwztmc: TASK_STATUS[r.status as TaskStatus] ?? r.status,
      yearTargetId: r.yearTargetId,
      yearTargetName: r.yearTargetName,
      nf: r.cycleYear,
      departmentId: r.departmentId,
      fbbm: r.departmentName,
      fzrmc: r.ownerName,
      kssj: r.startDate,
      jssj: r.endDate,
      rwjd: Number(r.progress),
    })),
  };
}

/** The summary-analysis task type list: every type with its count of last-level tasks in the page's scope. */
export async function summaryTaskTypes(db: Db, actor: Actor, q: { scope: AnalysisQuery['scope']; bmid?: string }) {
  const counts = await taskTypeCounts(db, scopeWhere(actor, { scope: q.scope, bmid: q.bmid }));
  return counts.map((t) => ({ id: t.id, code: t.code, rwlxmc: t.name, count: Number(t.n) }));
}

/** The years that have tasks in the page's scope, newest first (the task-year select). */
export async function summaryYears(db: Db, actor: Actor, q: { scope: AnalysisQuery['scope']; bmid?: string }) {
  const years = await yearsInScope(db, scopeWhere(actor, { scope: q.scope, bmid: q.bmid }));
  return years.map((nf) => ({ nf }));
}

/**
 * The charge-department select of the department page: the departments the actor heads (every department for an
 * administrator), each with its head's name or 未知; the first is the default.
 */
export async function chargeDepartments(db: Db, actor: Actor) {
  const rows = await chargeDepartmentsOf(db, actor.roles.has(ROLE.admin) ? null : actor.chargeDepartmentIds);
  return rows.map((r) => ({ bmid: r.bmid, bmmc: r.bmmc, fzrmc: r.fzrmc ?? ANALYSIS_MSG.unknownHead }));
}
