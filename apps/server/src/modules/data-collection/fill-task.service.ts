import {
  FILL_ACTION_NAMES,
  FILL_STATE_NAMES,
  FILL_STATES,
  type FillAction,
  type FillState,
  COLLECTION_MSG as M,
  NOTIFICATION_LINKS,
  NOTIFICATION_MSG,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { type NotifyItem, notify } from '../notification';
import { audit } from './data-collection.audit';
import { decideFill, windowOf } from './data-collection.machine';
import { factsOf, mustManage, seesFill } from './data-collection.policy';
import { presentFill } from './data-collection.presenter';
import * as fillRepo from './fill.repository';
import { writeFills } from './fill-sync.service';

/** Fill tasks (填报任务): lists and counts by scope, and their transitions by the rules table (data-collection.machine.ts). */

export async function visibleFill(db: Db, actor: Actor, id: number, lock = false) {
  const r = await fillRepo.findFillTask(db, id, lock);
  // Someone else's fill task answers as missing, so ids reveal nothing.
  if (!r || !seesFill(actor, r)) throw notFound(M.fillTaskNotFound);
  return r;
}

export async function fillList(
  db: Db,
  clock: Clock,
  actor: Actor,
  q: { taskId?: number; state?: FillState; scope: 'mine' | 'audit' | 'all' },
) {
  if (q.scope === 'all') mustManage(actor);
  const departmentIds = [
    ...new Set([...(actor.departmentId ? [actor.departmentId] : []), ...actor.chargeDepartmentIds]),
  ];
  const rows = await fillRepo.listFillTasks(db, {
    taskId: q.taskId,
    state: q.state,
    filler: q.scope === 'mine' ? { userId: actor.userId, departmentIds } : undefined,
    auditorId: q.scope === 'audit' ? actor.userId : undefined,
  });
  const today = clock.today();
  return rows.map((r) => presentFill(r, actor, today));
}

/** Who may take each action, as a refusal names them. */
const WHO: Record<FillAction, string> = {
  save: '填报人',
  commit: '填报人',
  withdraw: '填报人',
  pass: '审核人',
  reject: '审核人',
  rollback: '审核人或采集管理员',
};

/** 我的填报 counted by state (the same fill tasks as the list of the same scope). */
export async function fillCounts(
  db: Db,
  clock: Clock,
  actor: Actor,
  q: { taskId?: number; scope: 'mine' | 'audit' | 'all' },
) {
  const counts = Object.fromEntries(FILL_STATES.map((st) => [st, 0])) as Record<FillState, number>;
  for (const f of await fillList(db, clock, actor, q)) counts[f.state]++;
  return counts;
}

/** The refusal of a decision, as a Chinese message naming the action, the state or the rule. */
export function refuse(refusal: string, action: FillAction, r: fillRepo.FillRow, today: string): AppError {
  const name = FILL_ACTION_NAMES[action];
  switch (refusal) {
    case 'wrongState':
      return conflict(M.wrongState(name, FILL_STATE_NAMES[r.fill.state as FillState]));
    case 'notAllowed':
      return forbidden(M.notAllowed(name, WHO[action]));
    case 'reasonRequired':
      return badRequest(M.opinionRequired);
    default: {
      const w = windowOf(r.task, today);
      if (w === 'closed') return conflict(M.taskClosed);
      return conflict(w === 'notStarted' ? M.notStarted(r.task.startDate) : M.pastDeadline(r.task.deadline));
    }
  }
}

/** One transition in the caller's transaction: decided by the rules table, written with an audit-log row. */
async function transition(
  tx: Db,
  hooks: Hooks,
  clock: Clock,
  actor: Actor,
  r: fillRepo.FillRow,
  action: FillAction,
  opinion?: string | null,
): Promise<NotifyItem | null> {
  const today = clock.today();
  const facts = factsOf(r, today);
  const d = decideFill(action, facts, actor, { reason: opinion });
  if (!d.ok) throw refuse(d.refusal, action, r, today);
  if (action === 'commit' && (await fillRepo.countRows(tx, r.fill.id)) === 0) throw badRequest(M.noRows);
  const keepsOpinion = action === 'pass' || action === 'reject' || action === 'rollback';
  await fillRepo.setFillState(tx, r.fill.id, {
    state: d.state,
    ...(keepsOpinion ? { opinion: opinion?.trim() || null } : {}),
    ...(action === 'rollback' ? { synced: false } : {}),
  });
  await audit(tx, actor, `fillTask.${action}`, 'fillTask', r.fill.id, {
    from: r.fill.state,
    to: d.state,
    ...(opinion ? { opinion } : {}),
  });
  // The final audit writes the rows into the warehouse table in the same transaction (issue 20 item 5).
  if (d.state === 'finished') {
    await writeFills(tx, hooks, actor, { taskId: r.task.id, tableId: r.version.tableId, cycle: r.task.cycle }, [
      r.fill,
    ]);
  }
  // A fill submitted waits for its auditor: told in the notification centre (填报待审核), once per submission.
  if (action !== 'commit') return null;
  const filler = r.assigneeName ?? r.departmentName ?? actor.userName;
  return {
    userIds: [r.fill.auditorId],
    kind: 'fillAudit',
    title: NOTIFICATION_MSG.fillAuditTitle(r.task.name, filler),
    body: NOTIFICATION_MSG.submittedBy(actor.userName),
    link: NOTIFICATION_LINKS.fillAudit,
    entity: { type: 'fillTask', id: r.fill.id },
    except: actor.userId,
    at: clock.now(),
  };
}

/** One action on one fill task (commit, withdraw, audit pass or reject, rollback). */
export async function act(
  db: Db,
  hooks: Hooks,
  clock: Clock,
  actor: Actor,
  id: number,
  action: FillAction,
  opinion?: string | null,
) {
  await db.transaction(async (tx) => {
    const r = await visibleFill(tx, actor, id, true);
    const told = await transition(tx, hooks, clock, actor, r, action, opinion);
    if (told) await notify(tx, [told]);
  });
  return presentFill(await visibleFill(db, actor, id), actor, clock.today());
}

/** The same action on several fill tasks (taskAllocations): all of them or, when one is refused, none. */
export async function actMany(
  db: Db,
  hooks: Hooks,
  clock: Clock,
  actor: Actor,
  ids: number[],
  action: FillAction,
  opinion?: string | null,
) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await fillRepo.lockFillTasks(tx, unique);
    if (rows.length !== unique.length || rows.some((r) => !seesFill(actor, r))) throw notFound(M.fillTaskNotFound);
    const told: NotifyItem[] = [];
    for (const r of rows) {
      const item = await transition(tx, hooks, clock, actor, r, action, opinion);
      if (item) told.push(item);
    }
    await notify(tx, told);
  });
  const today = clock.today();
  return Promise.all(unique.map(async (id) => presentFill(await visibleFill(db, actor, id), actor, today)));
}

export async function allocationList(db: Db, clock: Clock, actor: Actor, taskId: number) {
  mustManage(actor);
  if (!(await fillRepo.findTask(db, taskId))) throw notFound(M.taskNotFound);
  const today = clock.today();
  return (await fillRepo.listFillTasks(db, { taskId })).map((r) => presentFill(r, actor, today));
}
