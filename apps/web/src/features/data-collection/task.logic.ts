import { COLLECTION_MSG, type FillAction } from '@zg/contract';
import type { CollectionTask, FillTask } from './collection.logic';

/** Where a collection task stands today: closed, not started, open for filling, or past its deadline (not closed). */
export type TaskPhase = 'closed' | 'notStarted' | 'open' | 'overdue';

export function taskPhase(task: Pick<CollectionTask, 'closed' | 'startDate' | 'deadline'>, today: string): TaskPhase {
  if (task.closed) return 'closed';
  if (today < task.startDate) return 'notStarted';
  if (today > task.deadline) return 'overdue';
  return 'open';
}

/** How many fill tasks are in each state, and all of them. */
export function progressOf(task: Pick<CollectionTask, 'counts'>): {
  uncommitted: number;
  waitAudit: number;
  finished: number;
  total: number;
} {
  const uncommitted = task.counts.uncommitted ?? 0;
  const waitAudit = task.counts.waitAudit ?? 0;
  const finished = task.counts.finished ?? 0;
  return { uncommitted, waitAudit, finished, total: uncommitted + waitAudit + finished };
}

/** The task dialog's values as the form holds them (dates as YYYY-MM-DD strings). */
export interface TaskFormValues {
  name: string;
  formId: number | undefined;
  cycle: string | undefined;
  startDate: string | undefined;
  deadline: string | undefined;
  departmentIds: string[];
  userIds: string[];
  auditorId: string | undefined;
  /** Per department or user: its own auditor, or empty for the task's. */
  auditorOf: Record<string, string | undefined>;
}

/** What 发起采集任务 sends; auditorOf keeps only the departments and users still chosen that have their own auditor. */
export function taskBody(v: TaskFormValues) {
  const chosen = new Set([...v.departmentIds, ...v.userIds]);
  const auditorOf = Object.fromEntries(
    Object.entries(v.auditorOf ?? {}).filter(
      (e): e is [string, string] => chosen.has(e[0]) && typeof e[1] === 'string' && e[1] !== '',
    ),
  );
  return {
    name: v.name.trim(),
    formId: v.formId!,
    cycle: v.cycle!,
    startDate: v.startDate!,
    deadline: v.deadline!,
    departmentIds: v.departmentIds,
    userIds: v.userIds,
    auditorId: v.auditorId!,
    auditorOf,
  };
}

/** Why the chosen fillers cannot do (nobody chosen), or null: the task dialog checks it before sending. */
export function assigneesProblem(departmentIds: readonly string[] | undefined, userIds: readonly string[] | undefined) {
  return (departmentIds?.length ?? 0) + (userIds?.length ?? 0) === 0 ? COLLECTION_MSG.taskNoAssignees : null;
}

/** Why the deadline cannot be (before the start), or null. */
export function deadlineProblem(startDate: string | undefined, deadline: string | undefined) {
  return startDate && deadline && deadline < startDate ? COLLECTION_MSG.taskDates : null;
}

/**
 * The chosen fill tasks an action can be done to now (their abilities say so), and the names of those it cannot:
 * a batch is all or nothing on the server, so the page names the others before sending.
 */
export function actionable(
  rows: readonly FillTask[],
  selected: readonly number[],
  action: FillAction,
): { ids: number[]; blocked: string[] } {
  const chosen = rows.filter((r) => selected.includes(r.id));
  return {
    ids: chosen.filter((r) => r.abilities[action]).map((r) => r.id),
    blocked: chosen.filter((r) => !r.abilities[action]).map((r) => r.assigneeName),
  };
}

/** Whether 写入数据仓库 has something to write: a finished fill task not yet written (or written and then changed). */
export function hasUnsynced(rows: readonly Pick<FillTask, 'state' | 'synced'>[]): boolean {
  return rows.some((r) => r.state === 'finished' && !r.synced);
}
