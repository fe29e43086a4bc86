import { ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';
import { forbidden } from '../../platform/errors';

/** Who keeps the algorithms (groups, algorithms, versions; tests and stored results): the warehouse's keepers. */
export const ALGORITHM_ROLES = [ROLE.admin, ROLE.dataOffice] as const;

/** Whether the actor writes, tests and computes algorithms. */
export const keepsAlgorithms = (actor: Pick<Actor, 'roles'>) => isAdmin(actor) || actor.roles.has(ROLE.dataOffice);

/** Refuses (403) an actor who does not keep the algorithms. */
export function requireKeeper(actor: Pick<Actor, 'roles'>) {
  if (!keepsAlgorithms(actor)) throw forbidden();
}

/** Route access: reading algorithms, whoever has the 数据管理 menu and the keepers. */
export const READ = { menus: ['dataManagement'], roles: ALGORITHM_ROLES } as const;
/** Route access: writing, testing and computing them, administrators and the data office. */
export const KEEP = { roles: ALGORITHM_ROLES } as const;
