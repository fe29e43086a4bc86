import { ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';

/** Who keeps the algorithms (groups, algorithms, versions; tests and stored results): the warehouse's keepers. */
export const ALGORITHM_ROLES = [ROLE.admin, ROLE.dataOffice] as const;

/** Whether the actor writes, tests and computes algorithms. */
export const keepsAlgorithms = (actor: Pick<Actor, 'roles'>) => isAdmin(actor) || actor.roles.has(ROLE.dataOffice);
