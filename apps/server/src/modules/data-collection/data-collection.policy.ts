import { ROLE } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { isCollectionManager } from './data-collection.machine';

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
