import { formatDateTime, PROGRESS_MSG, pageReply, TASK_MSG, warningLabel } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import {
  existingTaskIds,
  FINISHED_STATES,
  listTasks,
  setTaskStatuses,
  taskNames,
  taskSeenBy,
  tasksSeenBy,
} from '../target-task';
import { mayDismissWarning } from './warning.policy';
import { taskFilterWhere, tasksOfDepartments, tasksOwnedBy, tasksToEvaluate, warningCounts } from './warning.query';
import {
  closeWarnings,
  conditionsOfTask,
  deleteWarningType,
  dismissWarning,
  existingWarningTypeIds,
  findWarning,
  findWarningType,
  insertWarningType,
  listWarningTypes,
  lockWarningEvaluation,
  pageConfigHistory,
  raiseWarnings,
  setConditions,
  updateWarningType,
  warningStates,
  warningsOfTask,
  warningTypeInUse,
} from './warning.repository';
import { dueWarnings } from './warning.rules';
import { notifyRaisedWarnings } from './warning-notify';

// ---- warnings ----

/** What an evaluation did: tasks evaluated, warnings raised (or reopened) and closed, tasks that became overdue. */
export interface WarningEvaluation {
  evaluated: number;
  raised: number;
  closed: number;
  overdue: number;
}

/**
 * One evaluation inside the caller's transaction, under the advisory lock: raises what is due, closes what no longer
 * is, and moves overdue tasks to delayNotDone (and back when a delay is granted); over every task, or over `taskIds`
 * only (their warnings alone are looked at, so the other tasks' stay as they are).
 */
async function evaluateIn(tx: Db, clock: Clock, taskIds?: readonly number[]): Promise<WarningEvaluation> {
  await lockWarningEvaluation(tx);
  const now = clock.now();
  const moment = { today: clock.today(), hour: now.getHours() };
  // One client in a transaction: the reads go one after another.
  const types = await listWarningTypes(tx);
  const tasks = await tasksToEvaluate(tx, taskIds);
  const states = await warningStates(tx, taskIds);
  const rules = types.map((t) => ({
    id: t.id,
    kind: t.kind as 'process' | 'final',
    days: t.days,
    period: t.period,
    weekday: t.periodWeekday,
    day: t.periodDay,
    months: t.periodMonths,
    hour: t.periodHour,
  }));
  const keyOf = (taskId: number, typeId: number, key: string) => `${taskId}|${typeId}|${key}`;
  const open = new Map<string, number>();
  const dismissed = new Set<string>();
  for (const s of states) {
    const k = keyOf(s.taskId, s.warningTypeId, s.warningKey);
    if (s.open) open.set(k, s.id);
    else dismissed.add(k);
  }
  const wanted = new Set<string>();
  const toRaise: { taskId: number; warningTypeId: number; kind: string; key: string }[] = [];
  for (const t of tasks) {
    const only = new Set(t.conditions.map(Number));
    const applicable = only.size ? rules.filter((r) => only.has(r.id)) : rules;
    const due = dueWarnings(
      {
        id: t.id,
        start: String(t.start).slice(0, 10),
        end: String(t.end).slice(0, 10),
        finished: FINISHED_STATES.has(t.status),
        cycle: { type: t.cycle_type, values: t.cycle_values },
        reportedPeriods: new Set(t.reported),
      },
      applicable,
      moment,
    );
    for (const w of due) {
      const k = keyOf(t.id, w.typeId, w.key);
      // A held cause keeps its warning open; a new one waits for its type's schedule (month, week, day or at once).
      wanted.add(k);
      if (w.raise && !open.has(k) && !dismissed.has(k))
        toRaise.push({ taskId: t.id, warningTypeId: w.typeId, kind: w.kind, key: w.key });
    }
  }
  const raisedIds = await raiseWarnings(tx, toRaise, now);
  await notifyRaisedWarnings(tx, raisedIds);
  const raised = raisedIds.length;
  const stale = [...open].filter(([k]) => !wanted.has(k)).map(([, id]) => id);
  await closeWarnings(tx, stale, now);
  const today = moment.today;
  const overdue = tasks.filter((t) => t.status === 'executeing' && String(t.end).slice(0, 10) < today).map((t) => t.id);
  const back = tasks.filter((t) => t.status === 'delayNotDone' && String(t.end).slice(0, 10) >= today).map((t) => t.id);
  await setTaskStatuses(tx, overdue, 'executeing', 'delayNotDone');
  await setTaskStatuses(tx, back, 'delayNotDone', 'executeing');
  return { evaluated: tasks.length, raised, closed: stale.length, overdue: overdue.length };
}

/**
 * The warning job: evaluates every task. One transaction under an advisory lock: two runs at once, on one instance
 * or several, take turns, so each warning is raised once.
 */
export async function evaluateWarnings(db: Db, clock: Clock) {
  const { raised, closed, overdue } = await db.transaction((tx) => evaluateIn(tx, clock));
  return { raised, closed, overdue };
}

/** An administrator runs the job's evaluation now (预警配置 立即执行预警), recorded in the audit log. */
export async function runWarningEvaluation(db: Db, actor: Actor, clock: Clock) {
  return db.transaction(async (tx) => {
    const done = await evaluateIn(tx, clock);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warning.evaluate',
      entityType: 'taskWarning',
      detail: { ...done },
    });
    return done;
  });
}

/**
 * Re-evaluates the warnings of some tasks at once, after their dates, state or reports changed (a report submitted,
 * audited or withdrawn, a delay granted), so the warning lists do not wait for the hourly job. Called after the
 * change has committed, in a transaction of its own: taking the evaluation lock inside the change's transaction,
 * which holds the task's row, could deadlock with a running job that waits for that row.
 */
export async function reevaluateTaskWarnings(db: Db, clock: Clock, taskIds: readonly number[]) {
  const ids = [...new Set(taskIds)];
  if (!ids.length) return { evaluated: 0, raised: 0, closed: 0, overdue: 0 };
  return db.transaction((tx) => evaluateIn(tx, clock, ids));
}

function summarise(rows: { taskId: number; process: number; final: number }[]) {
  const processMap: Record<string, number> = {};
  const delayMap: Record<string, number> = {};
  let process = 0;
  let expired = 0;
  for (const r of rows) {
    if (r.process) processMap[r.taskId] = r.process;
    if (r.final) delayMap[r.taskId] = r.final;
    process += r.process;
    expired += r.final;
  }
  return {
    totalWarningCount: process + expired,
    processWarningCount: process,
    expiredWarningCount: expired,
    processMap,
    delayMap,
  };
}

/** Open warning counts: over all visible tasks, the actor's own tasks, or the departments they head. */
export async function countWarnings(db: Db, actor: Actor, scope: 'total' | 'personal' | 'department') {
  const where =
    scope === 'personal'
      ? tasksOwnedBy(actor.userId)
      : scope === 'department'
        ? tasksOfDepartments(actor.chargeDepartmentIds)
        : tasksSeenBy(actor);
  return summarise(await warningCounts(db, where));
}

export interface WarningTaskFilter {
  current: number;
  size: number;
  year?: number;
  yearTargetId?: number;
  rwlx?: 'A' | 'B' | 'C' | 'D';
  departmentId?: string;
  rwmc?: string;
  sort: 'asc' | 'desc';
  warningTypeId?: number;
}

/**
 * The warning-task page: tasks with open warnings the actor sees (optionally of one warning type), and the three
 * counters over the same tasks.
 */
export async function warningTasks(db: Db, actor: Actor, q: WarningTaskFilter) {
  const [page, counts] = await Promise.all([
    listTasks(db, actor, { ...q, kind: 'warningTask' }),
    warningCounts(db, taskFilterWhere(tasksSeenBy(actor), q), q.warningTypeId),
  ]);
  const { processMap, delayMap, ...counters } = summarise(counts);
  return {
    ...counters,
    page: pageReply(page.records, page.total, q),
  };
}

/** The warnings of a task the actor sees, open ones first. */
export async function warningRecords(db: Db, actor: Actor, taskId: number) {
  await taskSeenBy(db, actor, taskId);
  return (await warningsOfTask(db, taskId)).map(({ warning: w, typeName }) => ({
    id: w.id,
    taskId: w.taskId,
    warningTypeId: w.warningTypeId,
    yjlxmc: typeName,
    kind: w.kind as 'process' | 'final',
    key: w.warningKey,
    label: warningLabel(w.warningKey),
    open: w.open,
    dismissed: w.dismissedAt !== null,
    raisedAt: formatDateTime(w.raisedAt),
    closedAt: w.closedAt ? formatDateTime(w.closedAt) : null,
  }));
}

/** Deletes (dismisses) a warning of a task: the year target's publisher or an administrator; it is not raised again. */
export async function deleteWarning(db: Db, actor: Actor, clock: Clock, id: number) {
  await db.transaction(async (tx) => {
    const warning = await findWarning(tx, id);
    if (!warning) throw notFound(PROGRESS_MSG.warningNotFound);
    const { task, yearTargetCreatorId } = await taskSeenBy(tx, actor, warning.taskId, {
      missing: PROGRESS_MSG.warningNotFound,
    });
    if (!mayDismissWarning(actor, { yearTargetCreatorId })) {
      throw forbidden(PROGRESS_MSG.warningDeleteNotAllowed);
    }
    await dismissWarning(tx, id, actor.userId, clock.now());
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warning.delete',
      entityType: 'targetTask',
      entityId: String(task.id),
      detail: { warningId: id, key: warning.warningKey },
    });
  });
}

// ---- warning types, conditions and batch configuration ----

export interface WarningTypeInput {
  yjlxmc: string;
  yjlxms?: string;
  kind: 'process' | 'final';
  date: number;
  yjzq: 'month' | 'week' | 'day' | 'no';
  weekday?: number;
  day?: number;
  months: number[];
  hour?: number;
  px: number;
}

const typeRow = (b: WarningTypeInput) => ({
  name: b.yjlxmc,
  description: b.yjlxms || null,
  kind: b.kind,
  days: b.date,
  period: b.yjzq,
  periodWeekday: b.weekday ?? null,
  periodDay: b.day ?? null,
  periodMonths: b.yjzq === 'month' ? [...new Set(b.months)].sort((x, y) => x - y) : [],
  periodHour: b.hour ?? null,
  sortOrder: b.px,
});

const nameTaken = (err: unknown) => {
  if (isUniqueViolation(err as { code?: string })) throw conflict(PROGRESS_MSG.warningTypeNameTaken);
  throw err;
};

export async function createWarningType(db: Db, actor: Actor, input: WarningTypeInput) {
  return db.transaction(async (tx) => {
    const row = await insertWarningType(tx, {
      ...typeRow(input),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    }).catch(nameTaken);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warningType.create',
      entityType: 'warningType',
      entityId: String(row.id),
    });
    return row;
  });
}

export async function editWarningType(db: Db, actor: Actor, id: number, input: WarningTypeInput) {
  await db.transaction(async (tx) => {
    const ok = await updateWarningType(tx, id, { ...typeRow(input), updatedBy: actor.userId }).catch(nameTaken);
    if (!ok) throw notFound(PROGRESS_MSG.warningTypeNotFound);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warningType.update',
      entityType: 'warningType',
      entityId: String(id),
    });
  });
}

export async function removeWarningType(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    if (!(await findWarningType(tx, id))) throw notFound(PROGRESS_MSG.warningTypeNotFound);
    if (await warningTypeInUse(tx, id)) throw conflict(PROGRESS_MSG.warningTypeInUse);
    await deleteWarningType(tx, id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warningType.delete',
      entityType: 'warningType',
      entityId: String(id),
    });
  });
}

export async function warningConditionsOf(db: Db, actor: Actor, taskId: number) {
  await taskSeenBy(db, actor, taskId);
  return { taskId, warningTypeIds: await conditionsOfTask(db, taskId) };
}

/** Sets which warning types apply to the tasks (none: all of them), recorded in the configuration history. */
export async function configureWarnings(db: Db, actor: Actor, taskIds: number[], warningTypeIds: number[]) {
  const tasks = [...new Set(taskIds)];
  const types = [...new Set(warningTypeIds)];
  await db.transaction(async (tx) => {
    const knownTasks = await existingTaskIds(tx, tasks);
    const knownTypes = await existingWarningTypeIds(tx, types);
    if (knownTasks.size !== tasks.length) throw notFound(TASK_MSG.taskNotFound);
    if (knownTypes.size !== types.length) throw badRequest(PROGRESS_MSG.warningTypeUnknown);
    await setConditions(tx, tasks, types, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warning.config',
      entityType: 'targetTask',
      detail: { taskIds: tasks, warningTypeIds: types },
    });
  });
}

export async function configHistory(db: Db, q: { current: number; size: number }) {
  const { records, total } = await pageConfigHistory(db, q.current, q.size);
  const shownTaskIds = [...new Set(records.flatMap((r) => r.h.taskIds.slice(0, 20)))];
  const [names, types] = await Promise.all([taskNames(db, shownTaskIds), listWarningTypes(db)]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  return pageReply(
    records.map((r) => ({
      id: r.h.id,
      actorName: r.actorName,
      taskIds: r.h.taskIds,
      taskNames: r.h.taskIds.slice(0, 20).map((id) => names.get(id) ?? `#${id}`),
      warningTypeIds: r.h.warningTypeIds,
      warningTypeNames: r.h.warningTypeIds.map((id) => typeName.get(id) ?? `#${id}`),
      at: formatDateTime(r.h.at),
    })),
    total,
    q,
  );
}

/** The open warnings of a task (an urge needs one). */
export async function openWarningsOf(db: Db, taskId: number) {
  return (await warningsOfTask(db, taskId)).filter((w) => w.warning.open);
}
