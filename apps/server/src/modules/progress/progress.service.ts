import {
  type Period,
  PROGRESS_MSG,
  REPORT_FILE_TYPE,
  type Report,
  type ReportAuditResult,
  TASK_MSG,
  type Urge,
  type UrgeDepartment,
  warningLabel,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { attachOwnFiles, releaseOwnerFiles } from '../files';
import {
  childrenOf,
  existingTaskIds,
  findTask,
  listTasks,
  recomputeYearTargetStatus,
  rollUpProgress,
  setTask,
  setTaskStatuses,
  taskDetail,
  taskNames,
  taskSeenBy,
  tasksSeenBy,
  yearTargetSeenBy,
} from '../target-task';
import {
  auditQueueOf,
  mayAcceptUrge,
  mayAudit,
  mayAuditDelay,
  mayReport,
  publishesTarget,
  reportAbilities,
  seesAllUrges,
  seesUrge,
} from './progress.policy';
import {
  auditQueue,
  cycleOfTask,
  departmentsOfTarget,
  pageDelaysForAudit,
  pageReportsForAudit,
  pageUrges,
  reportsOfTask,
  taskFilterWhere,
  tasksOfDepartments,
  tasksOwnedBy,
  tasksToEvaluate,
  warningCounts,
} from './progress.query';
import {
  acceptUrgeRow,
  closeWarnings,
  conditionsOfTask,
  delaysOfTask,
  deleteReviewingReport,
  deleteWarningType,
  departmentNames,
  dismissWarning,
  existingWarningTypeIds,
  findDelay,
  findReport,
  findUrge,
  findWarning,
  findWarningType,
  insertDelay,
  insertReport,
  insertUrge,
  insertWarningType,
  listWarningTypes,
  lockWarningEvaluation,
  pageConfigHistory,
  raiseWarnings,
  setConditions,
  updateDelay,
  updateReport,
  updateWarningType,
  urgeWhere,
  warningStates,
  warningsOfTask,
  warningTypeInUse,
} from './progress.repository';
import { dueWarnings, scheduleOf, taskPeriods } from './progress.rules';

const FINISHED = new Set(['hasDone', 'delayDone']);
const UNDER_WAY = new Set(['executeing', 'delayNotDone']);
const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
const uniqueViolation = (err: { code?: string; cause?: { code?: string } }) =>
  (err.code ?? err.cause?.code) === '23505';

// ---- reports ----

/** The periods of a task with the schedule status of each (the coloured circles, filled once audited). */
export async function periodsOf(db: Db, actor: Actor, clock: Clock, taskId: number): Promise<Period[]> {
  const card = await taskDetail(db, actor, taskId);
  const reports = await reportsOfTask(db, taskId);
  const latest = new Map<string, (typeof reports)[number]['report']>();
  for (const r of reports)
    if (r.report.kind === 'process' && !latest.has(r.report.periodKey)) latest.set(r.report.periodKey, r.report);
  const today = clock.today();
  return taskPeriods(card.kssj, card.jssj, await cycleOfTask(db, taskId)).map((p) => {
    const r = latest.get(p.key) ?? null;
    const audited = r !== null && r.status !== 'reviewing';
    return {
      ...p,
      schedule: FINISHED.has(card.rwzt) ? ('finish' as const) : scheduleOf(p, today, r?.status ?? null),
      audited,
      shzt: r === null ? ('0' as const) : audited ? ('2' as const) : ('1' as const),
      reportId: r?.id ?? null,
      reportStatus: r?.status ?? null,
    };
  });
}

type ReportJoin = Awaited<ReturnType<typeof reportsOfTask>>[number];

function presentReport(
  { report: r, submitterName, auditorName, fileCount }: ReportJoin,
  actor: Actor,
  task: { auditorId: string | null },
): Report {
  return {
    id: r.id,
    taskId: r.taskId,
    periodKey: r.periodKey,
    kind: r.kind as 'process' | 'final',
    content: r.content,
    progress: r.progress,
    status: r.status as Report['status'],
    reason: r.reason,
    submitterId: r.submitterId,
    submitterName,
    submittedAt: r.submittedAt.toISOString(),
    auditorName,
    auditedAt: r.auditedAt?.toISOString() ?? null,
    fileCount: Number(fileCount),
    version: r.version,
    abilities: reportAbilities(actor, task, r),
  };
}

export async function listReports(db: Db, actor: Actor, taskId: number) {
  const { task } = await taskSeenBy(db, actor, taskId);
  return (await reportsOfTask(db, taskId)).map((r) => presentReport(r, actor, { auditorId: task.auditorId }));
}

/**
 * An auditor's queue: requests on the tasks the actor audits (administrators: all), by the request's `status`
 * column: awaiting audit, already audited, or all.
 */

/** Reports on the tasks the actor audits (administrators: all), awaiting audit by default. */
export async function reportsToAudit(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; status: 'reviewing' | 'audited' | 'all' },
) {
  const where = auditQueue(auditQueueOf(actor), 'report', q.status);
  const { records, total } = await pageReportsForAudit(db, where, q.current, q.size);
  return {
    records: records.map((r) => ({
      ...presentReport(r, actor, r.task),
      rwmc: r.task.name,
      fbbm: r.departmentName,
      fzrmc: r.ownerName,
    })),
    total,
    current: q.current,
    size: q.size,
    pages: pages(total, q.size),
  };
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
    // Locked: two submissions for one task take turns, so the checks below see each other.
    const { task } = await taskSeenBy(tx, actor, input.taskId, { lock: true });
    if (!mayReport(actor, task)) throw forbidden(PROGRESS_MSG.notOwner);
    if (FINISHED.has(task.status)) throw conflict(PROGRESS_MSG.taskFinished);
    if (!UNDER_WAY.has(task.status)) throw conflict(PROGRESS_MSG.taskNotExecuting);
    const reports = await reportsOfTask(tx, task.id);
    const periodKey = input.kind === 'final' ? 'final' : input.periodKey;
    if (input.kind === 'final') {
      if (reports.some((r) => r.report.kind === 'final' && r.report.status === 'reviewing')) {
        throw conflict(PROGRESS_MSG.finalUnderReview);
      }
    } else {
      const periods = taskPeriods(task.startDate, task.endDate, await cycleOfTask(tx, task.id));
      if (!periods.some((p) => p.key === periodKey)) {
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
    }).catch((err) => {
      // The partial unique index: a second final report under review.
      if (uniqueViolation(err)) throw conflict(PROGRESS_MSG.finalUnderReview);
      throw err;
    });
    const attached = await attachOwnFiles(
      tx,
      input.fileIds,
      actor.userId,
      'TaskProgress',
      String(report.id),
      REPORT_FILE_TYPE[input.kind],
    );
    if (!attached) throw forbidden();
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

/** A report whose task the actor sees (locked when asked), or the 404 of a missing report when they cannot see it. */
async function reportSeenBy(db: Db, actor: Actor, id: number, lock = false) {
  const report = await findReport(db, id);
  if (!report) throw notFound(PROGRESS_MSG.reportNotFound);
  const { task } = await taskSeenBy(db, actor, report.taskId, { lock, missing: PROGRESS_MSG.reportNotFound });
  return { report, task };
}

/** The submitter revises a report still under review (text, progress, more attachments). */
export async function reviseReport(
  db: Db,
  actor: Actor,
  input: { id: number; version: number; content: string; fileIds: string[]; progress?: number },
) {
  await db.transaction(async (tx) => {
    const { report } = await reportSeenBy(tx, actor, input.id);
    if (report.submitterId !== actor.userId) throw forbidden(PROGRESS_MSG.notSubmitter);
    if (report.status !== 'reviewing') throw conflict(PROGRESS_MSG.reportNotReviewing);
    const ok = await updateReport(tx, report.id, input.version, {
      content: input.content,
      progress: input.progress ?? report.progress,
    });
    if (!ok) throw conflict(TASK_MSG.changed);
    const kind = report.kind as 'process' | 'final';
    if (
      !(await attachOwnFiles(
        tx,
        input.fileIds,
        actor.userId,
        'TaskProgress',
        String(report.id),
        REPORT_FILE_TYPE[kind],
      ))
    )
      throw forbidden();
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'report.update',
      entityType: 'targetTask',
      entityId: String(report.taskId),
      detail: { reportId: report.id },
    });
  });
}

/** The submitter withdraws a report still under review. */
export async function withdrawReport(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const { report } = await reportSeenBy(tx, actor, id);
    if (report.submitterId !== actor.userId) throw forbidden(PROGRESS_MSG.notSubmitter);
    if (!(await deleteReviewingReport(tx, id))) throw conflict(PROGRESS_MSG.reportNotReviewing);
    await releaseOwnerFiles(tx, 'TaskProgress', String(id));
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'report.withdraw',
      entityType: 'targetTask',
      entityId: String(report.taskId),
      detail: { reportId: id },
    });
  });
}

/** Marks a task finished (on time or late), rolls progress up and finishes parents whose children are all done. */
async function finishTask(db: Db, taskId: number, clock: Clock) {
  let task = await findTask(db, taskId);
  while (task) {
    const late = clock.today() > task.endDate;
    await setTask(db, task.id, { status: late ? 'delayDone' : 'hasDone', progress: 100, finishedAt: clock.now() });
    await rollUpProgress(db, task.id);
    if (task.parentId === null) break;
    const siblings = await childrenOf(db, task.parentId);
    if (!siblings.every((c) => FINISHED.has(c.status))) break;
    task = await findTask(db, task.parentId);
  }
}

/** The task's auditor passes, partly passes or rejects a report; a passed final report finishes the task. */
export async function auditReport(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { id: number; version: number; result: ReportAuditResult; reason?: string },
) {
  await db.transaction(async (tx) => {
    const { task } = await reportSeenBy(tx, actor, input.id, true);
    if (!mayAudit(actor, task)) throw forbidden(PROGRESS_MSG.notAuditor);
    const report = await findReport(tx, input.id);
    if (report?.status !== 'reviewing') throw conflict(PROGRESS_MSG.reportNotReviewing);
    if (input.result === 'reject' && !input.reason?.trim()) throw badRequest(PROGRESS_MSG.reasonRequired);
    const ok = await updateReport(tx, report.id, input.version, {
      status: input.result,
      reason: input.reason?.trim() || null,
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

// ---- delays ----

type DelayJoin = Awaited<ReturnType<typeof delaysOfTask>>[number];

function presentDelay({ delay: d, requesterName, auditorName }: DelayJoin, actor: Actor, auditorId: string | null) {
  return {
    id: d.id,
    taskId: d.taskId,
    oldEndDate: d.oldEndDate,
    newEndDate: d.newEndDate,
    reason: d.reason,
    status: d.status as 'reviewing' | 'pass' | 'reject',
    auditReason: d.auditReason,
    requesterName,
    requestedAt: d.requestedAt.toISOString(),
    auditorName,
    auditedAt: d.auditedAt?.toISOString() ?? null,
    canAudit: mayAuditDelay(actor, { auditorId }, d),
  };
}

export async function delaysOf(db: Db, actor: Actor, taskId: number) {
  const card = await taskDetail(db, actor, taskId);
  const task = await findTask(db, card.id);
  return (await delaysOfTask(db, taskId)).map((d) => presentDelay(d, actor, task?.auditorId ?? null));
}

export async function delaysToAudit(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; status: 'reviewing' | 'audited' | 'all' },
) {
  const where = auditQueue(auditQueueOf(actor), 'delay', q.status);
  const { records, total } = await pageDelaysForAudit(db, where, q.current, q.size);
  return {
    records: records.map((r) => ({
      ...presentDelay(r, actor, r.task.auditorId),
      rwmc: r.task.name,
      fbbm: r.departmentName,
      fzrmc: r.ownerName,
    })),
    total,
    current: q.current,
    size: q.size,
    pages: pages(total, q.size),
  };
}

export async function requestDelay(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { taskId: number; newEndDate: string; reason: string },
) {
  await db.transaction(async (tx) => {
    const { task } = await taskSeenBy(tx, actor, input.taskId, { lock: true });
    if (!mayReport(actor, task)) throw forbidden(PROGRESS_MSG.notOwner);
    if (FINISHED.has(task.status)) throw conflict(PROGRESS_MSG.taskFinished);
    if (!UNDER_WAY.has(task.status)) throw conflict(PROGRESS_MSG.delayNotAllowed);
    if (input.newEndDate <= task.endDate) throw badRequest(PROGRESS_MSG.delayDateInvalid);
    await insertDelay(tx, {
      taskId: task.id,
      oldEndDate: task.endDate,
      newEndDate: input.newEndDate,
      reason: input.reason,
      requesterId: actor.userId,
      requestedAt: clock.now(),
    }).catch((err) => {
      if (uniqueViolation(err)) throw conflict(PROGRESS_MSG.delayUnderReview);
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
    if (!delay) throw notFound(PROGRESS_MSG.delayNotFound);
    const { task } = await taskSeenBy(tx, actor, delay.taskId, { lock: true, missing: PROGRESS_MSG.delayNotFound });
    if (!mayAudit(actor, task)) throw forbidden(PROGRESS_MSG.notAuditor);
    if (!input.pass && !input.reason?.trim()) throw badRequest(PROGRESS_MSG.reasonRequired);
    const ok = await updateDelay(tx, delay.id, {
      status: input.pass ? 'pass' : 'reject',
      auditReason: input.reason?.trim() || null,
      auditorId: actor.userId,
      auditedAt: clock.now(),
    });
    if (!ok) throw conflict(PROGRESS_MSG.delayNotReviewing);
    if (input.pass && !FINISHED.has(task.status)) {
      const status = task.status === 'delayNotDone' && delay.newEndDate >= clock.today() ? 'executeing' : task.status;
      await setTask(tx, task.id, { endDate: delay.newEndDate, status });
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `delay.${input.pass ? 'pass' : 'reject'}`,
      entityType: 'targetTask',
      entityId: String(task.id),
      detail: { delayId: delay.id, reason: input.reason ?? null },
    });
  });
}

// ---- warnings ----

/**
 * The warning job: raises what is due, closes what no longer is, and moves overdue tasks to delayNotDone (and back
 * when a delay is granted). One transaction under an advisory lock: two runs at once, on one instance or several,
 * take turns, so each warning is raised once.
 */
export async function evaluateWarnings(db: Db, clock: Clock) {
  return db.transaction(async (tx) => {
    await lockWarningEvaluation(tx);
    const now = clock.now();
    const moment = { today: clock.today(), hour: now.getHours() };
    // One client in a transaction: the reads go one after another.
    const types = await listWarningTypes(tx);
    const tasks = await tasksToEvaluate(tx);
    const states = await warningStates(tx);
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
          finished: FINISHED.has(t.status),
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
    const raised = await raiseWarnings(tx, toRaise, now);
    const stale = [...open].filter(([k]) => !wanted.has(k)).map(([, id]) => id);
    await closeWarnings(tx, stale, now);
    const today = moment.today;
    const overdue = tasks
      .filter((t) => t.status === 'executeing' && String(t.end).slice(0, 10) < today)
      .map((t) => t.id);
    const back = tasks
      .filter((t) => t.status === 'delayNotDone' && String(t.end).slice(0, 10) >= today)
      .map((t) => t.id);
    await setTaskStatuses(tx, overdue, 'executeing', 'delayNotDone');
    await setTaskStatuses(tx, back, 'delayNotDone', 'executeing');
    return { raised, closed: stale.length, overdue: overdue.length };
  });
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
    page: { ...page, current: q.current, size: q.size, pages: pages(page.total, q.size) },
  };
}

/** The tasks the actor follows (关注) and may still see, a page at a time, latest start first. */
export async function focusPage(db: Db, actor: Actor, q: { current: number; size: number }) {
  const page = await listTasks(db, actor, { kind: 'focus', focusedBy: actor.userId, sort: 'desc', ...q });
  return { ...page, current: q.current, size: q.size, pages: pages(page.total, q.size) };
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
    raisedAt: w.raisedAt.toISOString(),
    closedAt: w.closedAt?.toISOString() ?? null,
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
    if (!publishesTarget(actor, { creatorId: yearTargetCreatorId })) {
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
  if (uniqueViolation(err as { code?: string })) throw conflict(PROGRESS_MSG.warningTypeNameTaken);
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
  return {
    records: records.map((r) => ({
      id: r.h.id,
      actorName: r.actorName,
      taskIds: r.h.taskIds,
      taskNames: r.h.taskIds.slice(0, 20).map((id) => names.get(id) ?? `#${id}`),
      warningTypeIds: r.h.warningTypeIds,
      warningTypeNames: r.h.warningTypeIds.map((id) => typeName.get(id) ?? `#${id}`),
      at: r.h.at.toISOString(),
    })),
    total,
    current: q.current,
    size: q.size,
    pages: pages(total, q.size),
  };
}

// ---- urges ----

async function publisherOfTarget(db: Db, actor: Actor, yearTargetId: number) {
  const target = await yearTargetSeenBy(db, actor, yearTargetId);
  if (!publishesTarget(actor, target)) throw forbidden(PROGRESS_MSG.urgeNotPublisher);
}

/** The departments of a year target and where each stands (for the publisher's urge list). */
export async function urgeDepartmentList(db: Db, actor: Actor, yearTargetId: number): Promise<UrgeDepartment[]> {
  await publisherOfTarget(db, actor, yearTargetId);
  return departmentsOfTarget(db, yearTargetId);
}

/**
 * The publisher urges departments about a year target, one or many at once. A department that already acted (or has
 * nothing to act on) refuses the whole batch, naming it; a department already urged and not yet accepting is skipped.
 */
export async function urgeDepartments(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { yearTargetId: number; bmids: string[]; content?: string },
) {
  await publisherOfTarget(db, actor, input.yearTargetId);
  const bmids = [...new Set(input.bmids)];
  return db.transaction(async (tx) => {
    const standing = new Map((await departmentsOfTarget(tx, input.yearTargetId, bmids)).map((d) => [d.bmid, d]));
    const names = await departmentNames(tx, bmids);
    for (const bmid of bmids) {
      const d = standing.get(bmid);
      if (!names.has(bmid)) throw notFound(PROGRESS_MSG.departmentUnknown(bmid));
      if (!d || d.currentStatus === 0) throw conflict(PROGRESS_MSG.urgeDone(names.get(bmid) ?? bmid));
    }
    const ids: number[] = [];
    for (const bmid of bmids) {
      const id = await insertUrge(tx, {
        yearTargetId: input.yearTargetId,
        departmentId: bmid,
        currentStatus: standing.get(bmid)!.currentStatus,
        content: input.content || null,
        urgerId: actor.userId,
        urgedAt: clock.now(),
      });
      if (id !== null) ids.push(id);
    }
    if (!ids.length) throw conflict(PROGRESS_MSG.urgePending(bmids.map((b) => names.get(b) ?? b).join('、')));
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'urge',
      entityType: 'yearTarget',
      entityId: String(input.yearTargetId),
      detail: { bmids, ids },
    });
    return ids;
  });
}

/** The publisher urges the department of a warned task (warningUrge addUrge). */
export async function urgeTask(db: Db, actor: Actor, clock: Clock, input: { taskId: number; content?: string }) {
  const { task } = await taskSeenBy(db, actor, input.taskId);
  if (!task.departmentId) throw notFound(TASK_MSG.taskNotFound);
  await publisherOfTarget(db, actor, task.yearTargetId);
  return db.transaction(async (tx) => {
    const open = (await warningsOfTask(tx, task.id)).filter((w) => w.warning.open);
    if (!open.length) throw conflict(PROGRESS_MSG.urgeNoWarning);
    const id = await insertUrge(tx, {
      taskId: task.id,
      yearTargetId: task.yearTargetId,
      departmentId: task.departmentId!,
      currentStatus: null,
      content: input.content || null,
      urgerId: actor.userId,
      urgedAt: clock.now(),
    });
    if (id === null) {
      const names = await departmentNames(tx, [task.departmentId!]);
      throw conflict(PROGRESS_MSG.urgePending(names.get(task.departmentId!) ?? task.departmentId!));
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'urge.task',
      entityType: 'targetTask',
      entityId: String(task.id),
      detail: { urgeId: id },
    });
    return id;
  });
}

/**
 * The head of the urged department accepts the urge (it leaves their home page). An urge the actor does not see
 * (not sent to a department they head, not sent by them, and no view of all urges) answers as a missing one.
 */
export async function acceptUrge(db: Db, actor: Actor, clock: Clock, id: number) {
  await db.transaction(async (tx) => {
    const urge = await findUrge(tx, id);
    if (!urge || !seesUrge(actor, urge)) throw notFound(PROGRESS_MSG.urgeNotFound);
    if (!mayAcceptUrge(actor, urge)) throw forbidden(PROGRESS_MSG.urgeNotYours);
    if (!(await acceptUrgeRow(tx, id, actor.userId, clock.now()))) throw conflict(PROGRESS_MSG.urgeHandled);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'urge.accept',
      entityType: 'urge',
      entityId: String(id),
    });
  });
}

type UrgeJoin = Awaited<ReturnType<typeof pageUrges>>['records'][number];
const presentUrge = ({ urge: u, yearTargetName, rwmc, bmmc, urgerName, accepterName }: UrgeJoin): Urge => ({
  id: u.id,
  yearTargetId: u.yearTargetId,
  yearTargetName,
  taskId: u.taskId,
  rwmc,
  bmid: u.departmentId,
  bmmc,
  currentStatus: u.currentStatus,
  type: u.type,
  state: u.state as 'urge' | 'acceptUrge',
  content: u.content,
  urgerName,
  urgedAt: u.urgedAt.toISOString(),
  accepterName,
  acceptedAt: u.acceptedAt?.toISOString() ?? null,
});

/** Urges received by the departments the actor heads (mine), or all urges for publishers and leaders; paged. */
export async function urgesPage(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; mine: boolean; yearTargetId?: number; type?: 0 | 1 },
) {
  if (!q.mine && !seesAllUrges(actor)) throw forbidden();
  const where = urgeWhere({
    departmentIds: q.mine ? actor.chargeDepartmentIds : undefined,
    yearTargetId: q.yearTargetId,
    type: q.type,
  });
  const { records, total } = await pageUrges(db, where, q.current, q.size);
  return { records: records.map(presentUrge), total, current: q.current, size: q.size, pages: pages(total, q.size) };
}

/** The pending urges of the departments the actor heads: what their home page shows until they accept. */
export async function pendingUrges(db: Db, actor: Actor) {
  if (!actor.chargeDepartmentIds.length) return [];
  const { records } = await pageUrges(db, urgeWhere({ departmentIds: actor.chargeDepartmentIds, type: 0 }), 1, 200);
  return records.map(presentUrge);
}
