import {
  ANALYSIS_MSG,
  ANALYSIS_NOTE,
  type AnalysisFigure,
  TASK_STATUS,
  TASK_STATUSES,
  type TaskStatus,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { tasksSeenBy } from '../target-task';
import { checkGlobalAnalysis, departmentOf, selectableDepartments } from './analysis.policy';
import {
  analysisScope,
  analysisTaskPage,
  chargeDepartmentsOf,
  departmentFinishCounts,
  figureWhere,
  statusCounts,
  taskTypeCounts,
  yearsInScope,
} from './analysis.query';

export interface AnalysisQuery {
  scope: 'mySummaryAnalysis' | 'departmentSummaryAnalysis' | 'globalSummaryAnalysis';
  year?: number;
  rwlx?: string;
  bmid?: string;
}

/**
 * The tasks an analysis counts: last-level tasks of the scope the actor may use. The department page needs a
 * department the actor is in charge of; the global page those who see every task.
 */
export function scopeWhere(actor: Actor, q: AnalysisQuery) {
  let visible: ReturnType<typeof tasksSeenBy>;
  if (q.scope === 'globalSummaryAnalysis') {
    checkGlobalAnalysis(actor);
    visible = tasksSeenBy(actor);
  }
  return analysisScope({
    year: q.year,
    rwlx: q.rwlx,
    ownerId: q.scope === 'mySummaryAnalysis' ? actor.userId : undefined,
    departmentId: q.scope === 'departmentSummaryAnalysis' ? departmentOf(actor, q) : undefined,
    visible,
  });
}

/** Task status distribution: every state with its count (zeros included, so the pie and the table agree). */
export async function taskStatusAnalysis(db: Db, actor: Actor, q: AnalysisQuery) {
  const counts = await statusCounts(db, scopeWhere(actor, q));
  const list = TASK_STATUSES.map((s) => ({ rwzt: s, rwztmc: TASK_STATUS[s], count: counts.get(s) ?? 0 }));
  return { list, total: list.reduce((a, b) => a + b.count, 0), note: ANALYSIS_NOTE };
}

/** Finish rate per department: finished (on time or late) over issued (everything but unpushed or withdrawn). */
export async function departmentFinishRates(db: Db, actor: Actor, q: AnalysisQuery, ranked = false) {
  return departmentFinishCounts(db, scopeWhere(actor, q), ranked);
}

/** The same rows by competition rank (1, 2, 2, 4), ties in department id order. */
export async function finishRanking(db: Db, actor: Actor, q: AnalysisQuery) {
  return departmentFinishRates(db, actor, q, true);
}

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
  const where = figureWhere(scopeWhere(actor, q), q);
  const { rows, total } = await analysisTaskPage(db, where, q.current, q.size);
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
  const rows = await chargeDepartmentsOf(db, selectableDepartments(actor));
  return rows.map((r) => ({ bmid: r.bmid, bmmc: r.bmmc, fzrmc: r.fzrmc ?? ANALYSIS_MSG.unknownHead }));
}
