import { NOTIFICATION_LINKS, NOTIFICATION_MSG, PROGRESS_MSG, pageReply } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { notify } from '../notification';
import { FINISHED_STATES, setTask, taskSeenBy, UNDER_WAY_STATES } from '../target-task';
import { reevaluateTaskWarnings } from '../warning';
import { presentDelay } from './delay.presenter';
import { pageDelaysForAudit } from './delay.query';
import { delaysOfTask, findDelay, insertDelay, updateDelay } from './delay.repository';
import { auditQueueOf, mayAudit, mayReport } from './progress.policy';
import { auditQueue } from './progress-report.query';

// ---- delays ----

export async function delaysOf(db: Db, actor: Actor, taskId: number) {
  const { task } = await taskSeenBy(db, actor, taskId);
  return (await delaysOfTask(db, taskId)).map((d) => presentDelay(d, actor, task.auditorId));
}

export async function delaysToAudit(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; status: 'reviewing' | 'audited' | 'all'; year?: number },
) {
  const where = auditQueue(auditQueueOf(actor), 'delay', q.status, q.year);
  const { records, total } = await pageDelaysForAudit(db, where, q.current, q.size);
  return pageReply(
    records.map((r) => ({
      ...presentDelay(r, actor, r.task.auditorId),
      rwmc: r.task.name,
      fbbm: r.departmentName,
      fzrmc: r.ownerName,
    })),
    total,
    q,
  );
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
    if (FINISHED_STATES.has(task.status)) throw conflict(PROGRESS_MSG.taskFinished);
    if (!UNDER_WAY_STATES.has(task.status)) throw conflict(PROGRESS_MSG.delayNotAllowed);
    if (input.newEndDate <= task.endDate) throw badRequest(PROGRESS_MSG.delayDateInvalid);
    const delay = await insertDelay(tx, {
      taskId: task.id,
      oldEndDate: task.endDate,
      newEndDate: input.newEndDate,
      reason: input.reason,
      requesterId: actor.userId,
      requestedAt: clock.now(),
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict(PROGRESS_MSG.delayUnderReview);
      throw err;
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'delay.request',
      entityType: 'targetTask',
      entityId: String(task.id),
      detail: input,
    });
    await notify(tx, [
      {
        userIds: [task.auditorId],
        kind: 'delayAudit',
        title: NOTIFICATION_MSG.delayAuditTitle(task.name),
        body: NOTIFICATION_MSG.submittedBy(actor.userName),
        link: NOTIFICATION_LINKS.delayAudit,
        entity: { type: 'delayRequest', id: delay.id },
        dedupeKey: `delayAudit:${delay.id}`,
        except: actor.userId,
        at: clock.now(),
      },
    ]);
  });
}

export async function auditDelay(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { id: number; pass: boolean; reason?: string },
) {
  const taskId = await db.transaction(async (tx) => {
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
    if (input.pass && !FINISHED_STATES.has(task.status)) {
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
    return task.id;
  });
  // A granted delay moves the end: the overdue warning (and state) and the due warnings follow at once.
  await reevaluateTaskWarnings(db, clock, [taskId]);
}
