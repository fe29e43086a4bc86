import { DASHBOARD_MSG as M, ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';
import { forbidden } from '../../platform/errors';

/** Who keeps the chart library (publishes charts, types) and the data screens: the warehouse's keepers. */
export const LIBRARY_KEEPERS = [ROLE.admin, ROLE.dataOffice] as const;
/** Route access: the library's writes. */
export const KEEP = { roles: LIBRARY_KEEPERS } as const;
/** Route access: the user's own dashboard (shown with the home menu). */
export const OWN = { menus: ['dashboards', 'homePage'] } as const;
/** Route access: the data screens (the menu key dataScreenDynamic loads the screen authority). */
export const SCREENS = { menus: ['dataScreen', 'dataScreenDynamic'] } as const;
/** Route access: operation monitoring, the quality office's morning look (and the keepers, school leaders). */
export const MONITOR = {
  roles: [ROLE.admin, ROLE.publisher, ROLE.diagnosisAdmin, ROLE.schoolLeader, ROLE.dataOffice],
} as const;

/** Roles that see every department's figures (a card's :departmentId may name any department). */
const SCHOOL_WIDE = [
  ROLE.admin,
  ROLE.schoolLeader,
  ROLE.publisher,
  ROLE.diagnosisAdmin,
  ROLE.dataOffice,
  ROLE.targetPublisher,
] as const;

export const keepsLibrary = (actor: Pick<Actor, 'roles'>) => isAdmin(actor) || actor.roles.has(ROLE.dataOffice);

/** Whether a chart published for `roles` (none: everyone) may be subscribed and run by the actor. */
export const mayRunChart = (actor: Pick<Actor, 'roles'>, roles: readonly string[]) =>
  isAdmin(actor) || roles.length === 0 || roles.some((r) => actor.roles.has(r));

/** Whether the actor may read a department's figures: school-wide roles any, others their own and those they head. */
export function mayReadDepartment(actor: Pick<Actor, 'roles' | 'departmentId' | 'chargeDepartmentIds'>, id: string) {
  if (SCHOOL_WIDE.some((r) => actor.roles.has(r))) return true;
  return actor.departmentId === id || actor.chargeDepartmentIds.includes(id);
}

/** A screen is seen by its keepers, and by the screen menu's holders with one of its roles (none: all of them). */
export const maySeeScreen = (actor: Pick<Actor, 'roles'>, roles: readonly string[]) =>
  keepsScreens(actor) || roles.length === 0 || roles.some((r) => actor.roles.has(r));

export function requireKeeper(actor: Pick<Actor, 'roles'>) {
  if (!keepsLibrary(actor)) throw forbidden();
}

export function requireScreen(actor: Pick<Actor, 'roles'>, roles: readonly string[]) {
  if (!maySeeScreen(actor, roles)) throw forbidden(M.screenForbidden);
}

/** Who keeps the data screens (lays them out, reads and restores their versions): administrators, the quality office. */
export const SCREEN_KEEPERS = [ROLE.admin, ROLE.diagnosisAdmin] as const;
export const keepsScreens = (actor: Pick<Actor, 'roles'>) => SCREEN_KEEPERS.some((r) => actor.roles.has(r));

export function requireScreenKeeper(actor: Pick<Actor, 'roles'>) {
  if (!keepsScreens(actor)) throw forbidden(M.screenKeepers);
}
