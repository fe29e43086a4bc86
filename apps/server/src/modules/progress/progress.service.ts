import { PROGRESS_MSG, ROLE, TASK_MSG } from '@zg/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { targetTasks, urges } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { recomputeYearTargetStatus, rollUpProgress, visibleTaskWhere } from '../target-task/target-task.repository';
import { taskDetail, viewOf } from '../target-task/target-task.service';
import {
  acceptUrgeRow,
  attachOwnFiles,
  childrenOf,
  closeWarnings,
  departmentProgress,
  findDelay,
  findReport,
  findTaskRow,
  findUrge,
  insertDelay,
  insertReport,
  insertUrge,
  listUrges,
  listWarningTypes,
  openWarnings,
  raiseWarning,
  reportsOfTask,
  setTask,
  setTaskStatuses,
  tasksToEvaluate,
  updateDelay,
  updateReport,
  warningCounts,
} from './progress.repository';
import { dueWarnings, monthlyPeriods, scheduleOf } from './progress.rules';

const FINISHED = new Set(['hasDone', 'delayDone']);
const UNDER_WAY = new Set(['executeing', 'delayNotDone']);
const isAdmin = (a: Actor) => a.roles.has(ROLE.admin);

/** The periods of a task with the schedule status of each (the coloured circles). */
export async function periodsOf(db: Db, actor: Actor, clock: Clock, taskId: number) {
  const card = await taskDetail(db, actor, taskId);
  const reports = await reportsOfTask(db, taskId);
  const latest = new Map<string, (typeof reports)[number]['report']>();
  for (const r of reports)
    if (r.report.kind === 'process' && !latest.has(r.report.periodKey)) latest.set(r.report.periodKey, r.report);
  const today = clock.today();
  return monthlyPeriods(card.kssj, card.jssj).map((p) => {
    const r = latest.get(p.key) ?? null;
    return {
      ...p,
      schedule: FINISHED.has(card.rwzt) ? ('finish' as const) : scheduleOf(p, today, r?.status ?? null),
      audited: r !== null && r.status !== 'reviewing',
      reportId: r?.id ?? null,
      reportStatus: r?.status ?? null,
    };
  });
}

export async function listReports(db: Db, actor: Actor, taskId: number) {
  await taskDetail(db, actor, taskId);
  return (await reportsOfTask(db, taskId)).map(({ report: r, submitterName, auditorName }) => ({
    id: r.id,
    taskId: r.taskId,
    periodKey: r.periodKey,
    kind: r.kind as 'process' | 'final',
    content: r.content,
    status: r.status as 'reviewing' | 'pass' | 'childPass' | 'reject',
    reason: r.reason,
    submitterName,
    submittedAt: r.submittedAt.toISOString(),
    auditorName,
    auditedAt: r.auditedAt?.toISOString() ?? null,
    version: r.version,
  }));
}

/** The task owner reports on a period (process) or on the whole task (final), with attachments. */
export async function submitReport(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: {
    taskId: number;
    periodKey: string;
    kind: 'process' | 'final';
    content: string;
    fileIds: string[];
    progress?: number;
  },
) {
  return db.transaction(async (tx) => {
    const task = await findTaskRow(tx, input.taskId);
    if (!task) throw notFound(TASK_MSG.taskNotFound);
    if (task.ownerId !== actor.userId && !isAdmin(actor)) throw forbidden(PROGRESS_MSG.notOwner);
    if (FINISHED.has(task.status)) throw conflict(PROGRESS_MSG.taskFinished);
    if (!UNDER_WAY.has(task.status)) throw conflict(PROGRESS_MSG.taskNotExecuting);
    const reports = await reportsOfTask(tx, task.id);
    const periodKey = input.kind === 'final' ? 'final' : input.periodKey;
    if (input.kind === 'final') {
      if (reports.some((r) => r.report.kind === 'final' && r.report.status === 'reviewing')) {
        throw conflict(PROGRESS_MSG.finalUnderReview);
      }
    } else {
      if (!monthlyPeriods(task.startDate, task.endDate).some((p) => p.key === periodKey)) {
        throw badRequest(PROGRESS_MSG.periodInvalid);
      }
      const same = reports.filter((r) => r.report.kind === 'process' && r.report.periodKey === periodKey);
      if (same.some((r) => r.report.status === 'reviewing')) throw conflict(PROGRESS_MSG.periodUnderReview);
      if (same.some((r) => r.report.status === 'pass')) throw conflict(PROGRESS_MSG.periodPassed);
    }
    const report = await insertReport(tx, {
      taskId: task.id,
      periodKey,
      kind: input.kind,
      content: input.content,
      progress: input.progress ?? null,
      submitterId: actor.userId,
      submittedAt: clock.now(),
    }).catch((err: { code?: string; cause?: { code?: string } }) => {
      // The partial unique index: a concurrent second final report.
      if ((err.code ?? err.cause?.code) === '23505') throw conflict(PROGRESS_MSG.finalUnderReview);
      throw err;
    });
    if (!(await attachOwnFiles(tx, input.fileIds, actor.userId, 'TaskProgress', String(report.id)))) throw forbidden();
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `report.submit.${input.kind}`,
      entityType: 'targetTask',
      entityId: String(task.id),
      detail: { reportId: report.id, periodKey },
    });
    return report;
  });
}

/** Marks a task finished (on time or late), rolls progress up and finishes parents whose children are all done. */
async function finishTask(db: Db, taskId: number, clock: Clock) {
  let task = await findTaskRow(db, taskId);
  while (task) {
    const late = clock.today() > task.endDate;
    await setTask(db, task.id, { status: late ? 'delayDone' : 'hasDone', progress: 100, finishedAt: clock.now() });
    await rollUpProgress(db, task.id);
    if (task.parentId === null) break;
    const siblings = await childrenOf(db, task.parentId);
    if (!siblings.every((c) => FINISHED.has(c.status))) break;
    task = await findTaskRow(db, task.parentId);
  }
}

/** The task's auditor passes, partly passes or rejects a report; a passed final report finishes the task. */
export async function auditReport(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { id: number; version: number; result: 'pass' | 'childPass' | 'reject'; reason?: string },
) {
  await db.transaction(async (tx) => {
    const report = await findReport(tx, input.id);
    if (!report) throw notFound();
    const task = await findTaskRow(tx, report.taskId);
    if (!task) throw notFound(TASK_MSG.taskNotFound);
    if (task.auditorId !== actor.userId && !isAdmin(actor)) throw forbidden(PROGRESS_MSG.notAuditor);
    if (report.status !== 'reviewing') throw conflict(PROGRESS_MSG.reportNotReviewing);
    if (input.result === 'reject' && !input.reason?.trim()) throw badRequest(PROGRESS_MSG.reasonRequired);
    const ok = await updateReport(tx, report.id, input.version, {
      status: input.result,
      reason: input.reason ?? null,
      auditorId: actor.userId,
      auditedAt: clock.now(),
    });
    if (!ok) throw conflict(TASK_MSG.changed);
    if (input.result !== 'reject' && report.progress !== null) {
      await setTask(tx, task.id, { progress: report.progress });
      await rollUpProgress(tx, task.id);
    }
    if (report.kind === 'final' && input.result === 'pass') await finishTask(tx, task.id, clock);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `report.${input.result}`,
      entityType: 'targetTask',
      entityId: String(task.id),
      detail: { reportId: report.id, reason: input.reason ?? null },
    });
    await recomputeYearTargetStatus(tx, task.yearTargetId);
  });
}

export async function requestDelay(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { taskId: number; newEndDate: string; reason: string },
) {
  await db.transaction(async (tx) => {
    const task = await findTaskRow(tx, input.taskId);
    if (!task) throw notFound(TASK_MSG.taskNotFound);
    if (task.ownerId !== actor.userId && !isAdmin(actor)) throw forbidden(PROGRESS_MSG.notOwner);
    if (!UNDER_WAY.has(task.status)) throw conflict(TASK_MSG.wrongState);
    if (input.newEndDate <= task.endDate) throw badRequest(PROGRESS_MSG.delayDateInvalid);
    await insertDelay(tx, {
      taskId: task.id,
      newEndDate: input.newEndDate,
      reason: input.reason,
      requesterId: actor.userId,
      requestedAt: clock.now(),
    }).catch((err: { code?: string; cause?: { code?: string } }) => {
      if ((err.code ?? err.cause?.code) === '23505') throw conflict(PROGRESS_MSG.delayUnderReview);
      throw err;
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'delay.request',
      entityType: 'targetTask',
      entityId: String(task.id),
      detail: input,
    });
  });
}

export async function auditDelay(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { id: number; pass: boolean; reason?: string },
) {
  await db.transaction(async (tx) => {
    const delay = await findDelay(tx, input.id);
    if (!delay) throw notFound();
    const task = await findTaskRow(tx, delay.taskId);
    if (!task) throw notFound(TASK_MSG.taskNotFound);
    if (task.auditorId !== actor.userId && !isAdmin(actor)) throw forbidden(PROGRESS_MSG.notAuditor);
    if (!input.pass && !input.reason?.trim()) throw badRequest(PROGRESS_MSG.reasonRequired);
    const ok = await updateDelay(tx, delay.id, {
      status: input.pass ? 'pass' : 'reject',
      auditReason: input.reason ?? null,
      auditorId: actor.userId,
      auditedAt: clock.now(),
    });
    if (!ok) throw conflict(PROGRESS_MSG.reportNotReviewing);
    if (input.pass) {
      const status = task.status === 'delayNotDone' && delay.newEndDate >= clock.today() ? 'executeing' : task.status;
      await setTask(tx, task.id, { endDate: delay.newEndDate, status });
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `delay.${input.pass ? 'pass' : 'reject'}`,
      entityType: 'targetTask',
      entityId: String(task.id),
    });
  });
}

/**
 * The warning job: raises what is due, closes what no longer is, and moves overdue tasks to delayNotDone (and back
 * when a delay is granted). Idempotent: running it twice, even at once, raises each warning once.
 */
export async function evaluateWarnings(db: Db, clock: Clock) {
  const today = clock.today();
  const now = clock.now();
  const [types, tasks, open] = await Promise.all([listWarningTypes(db), tasksToEvaluate(db), openWarnings(db)]);
  const rules = types.map((t) => ({ id: t.id, kind: t.kind as 'process' | 'final', days: t.days, period: t.period }));
  const wanted = new Set<string>();
  let raised = 0;
  for (const t of tasks) {
    const applicable = t.conditions.length ? rules.filter((r) => t.conditions.map(Number).includes(r.id)) : rules;
    const due = dueWarnings(
      {
        id: t.id,
        start: String(t.start).slice(0, 10),
        end: String(t.end).slice(0, 10),
        finished: FINISHED.has(t.status),
        reportedPeriods: new Set(t.reported),
      },
      applicable,
      today,
    );
    for (const w of due) {
      wanted.add(`${t.id}|${w.typeId}|${w.key}`);
      if (!open.some((o) => o.taskId === t.id && o.warningTypeId === w.typeId && o.warningKey === w.key)) {
        await raiseWarning(db, { taskId: t.id, warningTypeId: w.typeId, kind: w.kind, key: w.key, at: now });
        raised++;
      }
    }
  }
  const stale = open.filter((o) => !wanted.has(`${o.taskId}|${o.warningTypeId}|${o.warningKey}`)).map((o) => o.id);
  await closeWarnings(db, stale, now);
  const overdue = tasks.filter((t) => t.status === 'executeing' && String(t.end).slice(0, 10) < today).map((t) => t.id);
  const back = tasks.filter((t) => t.status === 'delayNotDone' && String(t.end).slice(0, 10) >= today).map((t) => t.id);
  await setTaskStatuses(db, overdue, 'delayNotDone');
  await setTaskStatuses(db, back, 'executeing');
  return { raised, closed: stale.length, overdue: overdue.length };
}

/** Open warning counts: over all visible tasks, the actor's own tasks, or the departments they head. */
export async function countWarnings(db: Db, actor: Actor, scope: 'total' | 'personal' | 'department') {
  let where: ReturnType<typeof sql> | undefined;
  if (scope === 'personal') where = sql`${targetTasks.ownerId} = ${actor.userId}`;
  else if (scope === 'department') {
    where = actor.chargeDepartmentIds.length
      ? sql`${targetTasks.departmentId} in ${actor.chargeDepartmentIds}`
      : sql`false`;
  } else where = visibleTaskWhere(viewOf(actor));
  const rows = await warningCounts(db, where);
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

// ---- urges ----

/** The publisher urges departments about a year target; a department that already acted is refused. */
export async function urgeDepartments(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { yearTargetId: number; bmids: string[]; content?: string },
) {
  if (!isAdmin(actor) && !actor.roles.has(ROLE.targetPublisher)) throw forbidden();
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const bmid of input.bmids) {
      const status = await departmentProgress(tx, input.yearTargetId, bmid);
      if (status === 0) throw conflict(PROGRESS_MSG.urgeDone);
      const id = await insertUrge(tx, {
        yearTargetId: input.yearTargetId,
        departmentId: bmid,
        currentStatus: status,
        content: input.content ?? null,
        urgerId: actor.userId,
        urgedAt: clock.now(),
      });
      if (id !== null) ids.push(id);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'urge',
      entityType: 'yearTarget',
      entityId: String(input.yearTargetId),
      detail: { bmids: input.bmids },
    });
    return ids;
  });
}

/** Urges a task's department about its warnings (warningUrge addUrge). */
export async function urgeTask(db: Db, actor: Actor, clock: Clock, input: { taskId: number; content?: string }) {
  if (!isAdmin(actor) && !actor.roles.has(ROLE.targetPublisher)) throw forbidden();
  const task = await findTaskRow(db, input.taskId);
  if (!task?.departmentId) throw notFound(TASK_MSG.taskNotFound);
  await db.insert(urges).values({
    taskId: task.id,
    yearTargetId: task.yearTargetId,
    departmentId: task.departmentId,
    currentStatus: 3,
    content: input.content ?? null,
    urgerId: actor.userId,
    urgedAt: clock.now(),
  });
}

export async function acceptUrge(db: Db, actor: Actor, clock: Clock, id: number) {
  const urge = await findUrge(db, id);
  if (!urge) throw notFound();
  if (!isAdmin(actor) && !actor.chargeDepartmentIds.includes(urge.departmentId))
    throw forbidden(PROGRESS_MSG.urgeNotYours);
  if (!(await acceptUrgeRow(db, id, actor.userId, clock.now()))) throw conflict(PROGRESS_MSG.urgeHandled);
}

/** Urges for the departments the actor heads (pending first), or all urges for publishers. */
export async function urgesFor(db: Db, actor: Actor, opts: { mine: boolean; yearTargetId?: number }) {
  const conds = [];
  if (opts.mine) {
    conds.push(
      actor.chargeDepartmentIds.length ? sql`${urges.departmentId} in ${actor.chargeDepartmentIds}` : sql`false`,
    );
  } else if (!isAdmin(actor) && !actor.roles.has(ROLE.targetPublisher) && !actor.roles.has(ROLE.schoolLeader)) {
    throw forbidden();
  }
  if (opts.yearTargetId) conds.push(sql`${urges.yearTargetId} = ${opts.yearTargetId}`);
  const where = conds.length ? sql.join(conds, sql` and `) : undefined;
  return (await listUrges(db, where)).map(({ urge: u, yearTargetName, bmmc, urgerName }) => ({
    id: u.id,
    yearTargetId: u.yearTargetId,
    yearTargetName,
    bmid: u.departmentId,
    bmmc,
    currentStatus: u.currentStatus,
    type: u.type,
    state: u.state as 'urge' | 'acceptUrge',
    content: u.content,
    urgerName,
    urgedAt: u.urgedAt.toISOString(),
    acceptedAt: u.acceptedAt?.toISOString() ?? null,
  }));
}
