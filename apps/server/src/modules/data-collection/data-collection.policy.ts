import type { FillState } from '@zg/contract';
import { ROLE } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { RECORD_HISTORY } from '../../platform/audit';
import { forbidden } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { registerOwnerPolicy } from '../files';
import { type FillFacts, isCollectionManager, isFiller, windowOf } from './data-collection.machine';
import * as fillRepo from './fill.repository';

/** Who designs forms, keeps constants and starts collection tasks: administrators and the data office. */
export const COLLECTION_ROLES = [ROLE.admin, ROLE.dataOffice] as const;

export { isCollectionManager };

/** Refuses anyone but a collection administrator (the routes already say so; services check again). */
export function mustManage(actor: Actor) {
  if (!isCollectionManager(actor)) throw forbidden();
}

/** What the actor may do with a form, sent with it. */
export function formAbilities(actor: Actor, form: { fields: number; changedSincePublish: boolean }) {
  const manages = isCollectionManager(actor);
  return { edit: manages, publish: manages && form.fields > 0 && form.changedSincePublish, remove: manages };
}

/** What the actor may do in 数据采集 besides a record (its admin tabs), sent by `GET /api/herm-sjcj/abilities`. */
export function collectionAbilities(actor: Actor) {
  return { manage: isCollectionManager(actor) };
}

/** The facts of a fill task the rules table decides on (its state, the task's window, who fills and audits it). */
export const factsOf = (r: fillRepo.FillRow, today: string): FillFacts => ({
  state: r.fill.state as FillState,
  window: windowOf(r.task, today),
  assigneeId: r.fill.assigneeId,
  departmentId: r.fill.departmentId,
  auditorId: r.fill.auditorId,
});

/** Whether the actor may see the fill task at all: its filler, its auditor, or a collection administrator. */
export const seesFill = (actor: Actor, r: fillRepo.FillRow) =>
  isCollectionManager(actor) || actor.userId === r.fill.auditorId || isFiller(actor, r.fill);

const isFillId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

/** A fill task's own history (操作记录): for whoever sees the fill task. */
export function registerFillTaskHistory(hooks: Hooks) {
  hooks.add(RECORD_HISTORY, 'fillTask', async (db, actor, id) => {
    const n = /^\d{1,10}$/.test(id) ? Number(id) : 0;
    if (!isFillId(n)) return false;
    const r = await fillRepo.findFillTask(db, n);
    return r !== null && seesFill(actor, r);
  });
}

/** The file owner policy of fill-task attachments: read by whoever sees the fill task, changed by its filler. */
export function registerFillTaskFilePolicy(hooks: Hooks) {
  registerOwnerPolicy(hooks, 'FillTask', {
    readable: async (tx, actor, ids) => {
      const seen = new Set<string>();
      for (const id of ids.map(Number).filter(isFillId)) {
        const r = await fillRepo.findFillTask(tx, id);
        if (r && seesFill(actor, r)) seen.add(String(id));
      }
      return seen;
    },
    writable: async (tx, actor, id) => {
      if (!isFillId(Number(id))) return false;
      const r = await fillRepo.findFillTask(tx, Number(id));
      return r !== null && r.fill.state === 'uncommitted' && isFiller(actor, r.fill);
    },
  });
}
