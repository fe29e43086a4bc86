import {
  NOTIFICATION_LINKS,
  NOTIFICATION_MSG,
  type Period,
  PROGRESS_MSG,
  pageReply,
  periodLabel,
  REPORT_FILE_TYPE,
  type ReportAuditResult,
  type SituationCatalog,
  type SituationCatalogNode,
  TASK_MSG,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { attachOwnFiles, releaseOwnerFiles } from '../files';
import { notify } from '../notification';
import {
  childrenOf,
  cycleOfTask,
  FINISHED_STATES,
  findTask,
  recomputeYearTargetStatus,
  rollUpProgress,
  setTask,
  taskPeriods,
  taskSeenBy,
  UNDER_WAY_STATES,
} from '../target-task';
import { reevaluateTaskWarnings } from '../warning';
import { auditQueueOf, mayAudit, mayReport } from './progress.policy';
import { scheduleOf } from './progress.rules';
import { presentReport, type ReportJoin } from './progress-report.presenter';
import { auditQueue, pageReportsForAudit, reportsOfTask } from './progress-report.query';
import { deleteReviewingReport, findReport, insertReport, updateReport } from './progress-report.repository';

/** The newest process report of each period, by period key (the task's list is newest first). */
function newestByPeriod(reports: ReportJoin[]) {
  const newest = new Map<string, ReportJoin['report']>();
  for (const { report } of reports) {
    if (report.kind === 'process' && !newest.has(report.periodKey)) newest.set(report.periodKey, report);
  }
  return newest;
}

export async function periodsOf(db: Db, actor: Actor, clock: Clock, taskId: number): Promise<Period[]> {
  const { task } = await taskSeenBy(db, actor, taskId);
  const latest = newestByPeriod(await reportsOfTask(db, taskId));
  const today = clock.today();
  return taskPeriods(task.startDate, task.endDate, await cycleOfTask(db, taskId)).map((p) => {
    const r = latest.get(p.key) ?? null;
    const audited = r !== null && r.status !== 'reviewing';
    return {
      ...p,
      schedule: FINISHED_STATES.has(task.status) ? ('finish' as const) : scheduleOf(p, today, r?.status ?? null),
      audited,
      shzt: r === null ? ('0' as const) : audited ? ('2' as const) : ('1' as const),
      reportId: r?.id ?? null,
      reportStatus: r?.status ?? null,
    };
  });
}

export async function listReports(db: Db, actor: Actor, taskId: number) {
  const { task } = await taskSeenBy(db, actor, taskId);
  const reports = await reportsOfTask(db, taskId);
  const newest = new Set([...newestByPeriod(reports).values()].map((r) => r.id));
  return reports.map((r) => presentReport(r, actor, task, newest.has(r.report.id)));
}

/** Reports on the tasks the actor audits (administrators: all), awaiting audit by default. */
export async function reportsToAudit(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; status: 'reviewing' | 'audited' | 'all'; year?: number },
) {
  const where = auditQueue(auditQueueOf(actor), 'report', q.status, q.year);
  const { records, total } = await pageReportsForAudit(db, where, q.current, q.size);
  return pageReply(
    records.map((r) => ({
      ...presentReport(r, actor, r.task),
      rwmc: r.task.name,
      fbbm: r.departmentName,
      fzrmc: r.ownerName,
    })),
    total,
    q,
  );
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
  const submitted = await db.transaction(async (tx) => {
    // Locked: two submissions for one task take turns, so the checks below see each other.
    const { task } = await taskSeenBy(tx, actor, input.taskId, { lock: true });
    if (!mayReport(actor, task)) throw forbidden(PROGRESS_MSG.notOwner);
    if (FINISHED_STATES.has(task.status)) throw conflict(PROGRESS_MSG.taskFinished);
    if (!UNDER_WAY_STATES.has(task.status)) throw conflict(PROGRESS_MSG.taskNotExecuting);
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
      if (isUniqueViolation(err)) throw conflict(PROGRESS_MSG.finalUnderReview);
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
    await notify(tx, [
      {
        userIds: [task.auditorId],
        kind: 'reportAudit',
        title: (input.kind === 'final' ? NOTIFICATION_MSG.finalReportAuditTitle : NOTIFICATION_MSG.reportAuditTitle)(
          task.name,
        ),
        body: NOTIFICATION_MSG.submittedBy(actor.userName),
        link: NOTIFICATION_LINKS.reportAudit,
        entity: { type: 'taskReport', id: report.id },
        dedupeKey: `reportAudit:${report.id}`,
        except: actor.userId,
        at: clock.now(),
      },
    ]);
    return report;
  });
  // A period reported on (under review counts) no longer warns: the task's warnings follow at once.
  await reevaluateTaskWarnings(db, clock, [submitted.taskId]);
  return submitted;
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

/** The submitter withdraws a report still under review; its period may warn again at once. */
export async function withdrawReport(db: Db, actor: Actor, clock: Clock, id: number) {
  const taskId = await db.transaction(async (tx) => {
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
    return report.taskId;
  });
  await reevaluateTaskWarnings(db, clock, [taskId]);
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
    if (!siblings.every((c) => FINISHED_STATES.has(c.status))) break;
    task = await findTask(db, task.parentId);
  }
}

/**
 * The task's auditor passes, partly passes or rejects a report; a passed final report finishes the task. The task's
 * warnings follow at once: a rejected period warns again, a finished task's warnings close.
 */
export async function auditReport(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { id: number; version: number; result: ReportAuditResult; reason?: string },
) {
  const taskId = await db.transaction(async (tx) => {
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
    return task.id;
  });
  await reevaluateTaskWarnings(db, clock, [taskId]);
}

/**
 * The situation catalogue of a task (targetTaskDetail getDetailSituationCatalog): the periods of its cycle in order,
 * then the final report, then any former period (the cycle changed after it was reported on), each with its reports
 * newest first and the schedule status of the period as the circles show it.
 */
export async function situationCatalog(db: Db, actor: Actor, clock: Clock, taskId: number): Promise<SituationCatalog> {
  const { task } = await taskSeenBy(db, actor, taskId);
  const reports = await reportsOfTask(db, taskId);
  const byKey = new Map<string, ReportJoin[]>();
  for (const r of reports) byKey.set(r.report.periodKey, [...(byKey.get(r.report.periodKey) ?? []), r]);
  const today = clock.today();
  const finished = FINISHED_STATES.has(task.status);
  const node = (
    kind: SituationCatalogNode['kind'],
    key: string,
    label: string,
    dates: { start: string; deadline: string } | null,
  ): SituationCatalogNode => {
    const list = byKey.get(key) ?? [];
    byKey.delete(key);
    const latest = list[0]?.report ?? null;
    const audited = latest !== null && latest.status !== 'reviewing';
    return {
      key,
      label,
      kind,
      start: dates?.start ?? null,
      deadline: dates?.deadline ?? null,
      schedule: !dates
        ? null
        : finished
          ? 'finish'
          : scheduleOf({ key, label, ...dates }, today, latest?.status ?? null),
      shzt: latest === null ? '0' : audited ? '2' : '1',
      reports: list.map((r) => presentReport(r, actor, task)),
    };
  };
  const periods = taskPeriods(task.startDate, task.endDate, await cycleOfTask(db, taskId)).map((p) =>
    node('period', p.key, p.label, p),
  );
  const final = node('final', 'final', periodLabel('final'), { start: task.startDate, deadline: task.endDate });
  const former = [...byKey.keys()].map((key) => node('former', key, periodLabel(key), null));
  return { taskId: task.id, rwmc: task.name, nodes: [...periods, final, ...former] };
}
