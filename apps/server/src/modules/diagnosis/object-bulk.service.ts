import {
  DIAGNOSIS_BULK_MSG as B,
  BULK_ACTION_NAMES,
  type BulkAction,
  type BulkRefusal,
  DIAGNOSIS_MSG as M,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { seesObjectTask } from './diagnosis.policy';
import { checkValue } from './diagnosis.rules';
import { tellTargetsWaiting } from './diagnosis-notify';
import { lockObjectsWithPeople } from './object-bulk.repository';
import { decideObject, type ObjectRefusal } from './object-task.machine';
import * as objects from './object-task.repository';
import { factsOf } from './object-task.service';
import * as rows from './quality-row.repository';
import { judged, ruleOf } from './quality-row.service';

/**
 * Work in bulk on object tasks (issue 31 item 5): report their targets up (updateuplist: submitted for audit by the
 * person in charge, each object task needing a target on every row) or issue them down (updatedownlist: the publisher;
 * a row without a target takes its standard value). Every object task is checked first under lock; if any is refused
 * (not seen, paused or finished task, wrong state, not the caller's to act on, targets missing) the whole action is
 * refused naming every one of them and nothing is applied. Applied in one transaction.
 */

const REFUSALS: Record<BulkAction, Record<ObjectRefusal, string>> = {
  up: {
    taskPaused: M.taskPaused,
    taskFinished: M.taskFinished,
    wrongState: M.targetsNotSubmittable,
    notAllowed: M.notCharger,
    reasonRequired: M.reasonRequired,
  },
  down: {
    taskPaused: M.taskPaused,
    taskFinished: M.taskFinished,
    wrongState: M.wrongState,
    notAllowed: M.notPublisher,
    reasonRequired: M.reasonRequired,
  },
};

/** Names listed in a refusal's message (all are in its report). */
const LISTED = 20;

/**
 * A bulk action refused: 404 when the caller sees none of the refused object tasks, 403 when every refusal is the
 * caller's lack of right (or sight), else 409; the report names all.
 */
export class BulkRefused extends AppError {
  constructor(
    action: BulkAction,
    readonly refused: BulkRefusal[],
  ) {
    const list = refused
      .slice(0, LISTED)
      .map((r) => `${r.gzdxmc}（${r.reason}）`)
      .join('；');
    const more = refused.length > LISTED ? `；等 ${refused.length} 个` : '';
    // Objects the caller may not see answer as missing ones (404), as a single object task's routes do.
    const hidden = (r: BulkRefusal) => r.reason === M.objectTaskNotFound;
    const status = refused.every(hidden)
      ? 404
      : refused.every((r) => hidden(r) || r.reason === REFUSALS[action].notAllowed)
        ? 403
        : 409;
    super(status, B.refused(BULK_ACTION_NAMES[action], refused.length, `${list}${more}`));
  }
}

export interface BulkPlan {
  objects: objects.ObjectWithTask[];
  refused: BulkRefusal[];
}

/** Checks every object task for the action (under lock, inside the caller's transaction). */
export async function planBulk(tx: Db, actor: Actor, action: BulkAction, ids: number[]): Promise<BulkPlan> {
  const wanted = [...new Set(ids)];
  const found = new Map((await lockObjectsWithPeople(tx, wanted)).map((o) => [o.object.id, o]));
  const refused: BulkRefusal[] = [];
  const ok: objects.ObjectWithTask[] = [];
  const missingTargets = action === 'up' ? await rowsWithoutTarget(tx, [...found.keys()]) : new Map<number, string[]>();
  for (const id of wanted) {
    const o = found.get(id);
    if (!o || !seesObjectTask(actor, o.task, { chargerId: o.object.chargerId, ...o })) {
      refused.push({ id, gzdxmc: `诊改对象任务 ${id}`, reason: M.objectTaskNotFound });
      continue;
    }
    const d = decideObject(action === 'up' ? 'submit' : 'issueDown', factsOf(o), actor);
    if (!d.ok) {
      refused.push({ id, gzdxmc: o.object.objectName, reason: REFUSALS[action][d.refusal] });
      continue;
    }
    const missing = missingTargets.get(id);
    if (missing?.length) {
      refused.push({ id, gzdxmc: o.object.objectName, reason: M.targetsMissing(missing.slice(0, 5).join('、')) });
      continue;
    }
    ok.push(o);
  }
  return { objects: ok, refused };
}

async function rowsWithoutTarget(tx: Db, ids: number[]) {
  const out = new Map<number, string[]>();
  for (const r of await rows.rowsOfObjects(tx, ids)) {
    if (r.mbz !== null) continue;
    out.set(r.objectTaskId, [...(out.get(r.objectTaskId) ?? []), r.name]);
  }
  return out;
}

/** Applies a checked plan: submits, or issues down (a row without a target takes its standard value). */
export async function applyBulk(
  tx: Db,
  actor: Actor,
  action: BulkAction,
  plan: BulkPlan,
  progress: (done: number, total: number) => void = () => {},
) {
  const ids = plan.objects.map((o) => o.object.id);
  const total = ids.length;
  progress(0, total);
  const STEP = 50;
  for (let i = 0; i < total; i += STEP) {
    const part = ids.slice(i, i + STEP);
    if (action === 'down') {
      const updates = [];
      for (const r of await rows.rowsOfObjects(tx, part)) {
        if (r.mbz !== null || r.bzz === null) continue;
        const c = checkValue(ruleOf(r), r.bzz, '标准值');
        if (c.ok) updates.push({ id: r.id, set: judged(r, { mbz: c.value }) });
      }
      await rows.updateRowsValues(tx, updates);
    }
    await objects.updateObjectTasks(tx, part, { targetState: action === 'up' ? 'waitaudit' : 'toaudit' });
    await rows.insertAudits(
      tx,
      part.map((objectTaskId) => ({
        objectTaskId,
        rowId: null,
        stage: 'target',
        action: action === 'up' ? 'submit' : 'issueDown',
        actorId: actor.userId,
        reason: null,
      })),
    );
    progress(Math.min(i + STEP, total), total);
  }
  if (action === 'up') await tellTargetsWaiting(tx, actor, plan.objects);
  await writeAudit(tx, {
    actorId: actor.userId,
    action: action === 'up' ? 'diagnosisTargets.submitList' : 'diagnosisTargets.issueDownList',
    entityType: 'diagnosisObjectTask',
    entityId: String(ids[0] ?? ''),
    detail: { ids },
  });
  return { n: total };
}

/** updateuplist / updatedownlist: all the object tasks or none. */
export async function bulkNow(db: Db, actor: Actor, action: BulkAction, ids: number[]) {
  return db.transaction(async (tx) => {
    const plan = await planBulk(tx, actor, action, ids);
    if (plan.refused.length) throw new BulkRefused(action, plan.refused);
    return applyBulk(tx, actor, action, plan);
  });
}
