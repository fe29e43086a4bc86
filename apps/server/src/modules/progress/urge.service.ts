import {
  NOTIFICATION_LINKS,
  NOTIFICATION_MSG,
  PROGRESS_MSG,
  pageReply,
  TASK_MSG,
  type UrgeDepartment,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { departmentRecipients, type NotifyItem, notify } from '../notification';
import { taskSeenBy, yearTargetSeenBy } from '../target-task';
import { openWarningsOf } from '../warning';
import { mayAcceptUrge, publishesTarget, seesAllUrges, seesUrge } from './progress.policy';
import { presentUrge } from './urge.presenter';
import { departmentsOfTarget, pageUrges } from './urge.query';
import { acceptUrgeRow, departmentNames, findUrge, insertUrge, urgeWhere } from './urge.repository';

// ---- urges ----

/** Tells the heads (and chargers) of each urged department, inside the urge's transaction. */
async function notifyUrges(
  tx: Db,
  actor: Actor,
  clock: Clock,
  urges: { id: number; departmentId: string }[],
  title: string,
  content: string | undefined,
) {
  const items: NotifyItem[] = [];
  for (const u of urges) {
    items.push({
      userIds: await departmentRecipients(tx, [u.departmentId]),
      kind: 'urge',
      title,
      body: NOTIFICATION_MSG.urgeBody(actor.userName, content),
      link: NOTIFICATION_LINKS.urge,
      entity: { type: 'urge', id: u.id },
      dedupeKey: `urge:${u.id}`,
      except: actor.userId,
      at: clock.now(),
    });
  }
  await notify(tx, items);
}

async function publisherOfTarget(db: Db, actor: Actor, yearTargetId: number) {
  const target = await yearTargetSeenBy(db, actor, yearTargetId);
  if (!publishesTarget(actor, target)) throw forbidden(PROGRESS_MSG.urgeNotPublisher);
  return target;
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
  const target = await publisherOfTarget(db, actor, input.yearTargetId);
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
    const urged = new Map<number, string>();
    for (const bmid of bmids) {
      const id = await insertUrge(tx, {
        yearTargetId: input.yearTargetId,
        departmentId: bmid,
        currentStatus: standing.get(bmid)!.currentStatus,
        content: input.content || null,
        urgerId: actor.userId,
        urgedAt: clock.now(),
      });
      if (id !== null) {
        ids.push(id);
        urged.set(id, bmid);
      }
    }
    if (!ids.length) throw conflict(PROGRESS_MSG.urgePending(bmids.map((b) => names.get(b) ?? b).join('、')));
    await notifyUrges(
      tx,
      actor,
      clock,
      ids.map((id) => ({ id, departmentId: urged.get(id)! })),
      NOTIFICATION_MSG.urgeTargetTitle(target.name),
      input.content,
    );
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
    const open = await openWarningsOf(tx, task.id);
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
    await notifyUrges(
      tx,
      actor,
      clock,
      [{ id, departmentId: task.departmentId! }],
      NOTIFICATION_MSG.urgeTaskTitle(task.name),
      input.content,
    );
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
  return pageReply(records.map(presentUrge), total, q);
}

/** The pending urges of the departments the actor heads: what their home page shows until they accept. */
export async function pendingUrges(db: Db, actor: Actor) {
  if (!actor.chargeDepartmentIds.length) return [];
  const { records } = await pageUrges(db, urgeWhere({ departmentIds: actor.chargeDepartmentIds, type: 0 }), 1, 200);
  return records.map(presentUrge);
}
