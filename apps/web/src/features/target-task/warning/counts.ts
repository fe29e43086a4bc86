import { ROLE } from '@zg/contract';

/**
 * Which warning counts a user loads (spec-1 section 6): the annual wbs key loads the total, its personal-task key the
 * personal counts and its department-task key, with the newTaskManagement feature flag on, the department counts.
 */
export function warningCountLoads(menus: Record<string, unknown> | undefined, featureFlags: readonly string[]) {
  const has = (key: string) => menus !== undefined && Object.hasOwn(menus, key);
  return {
    total: has('annualWbs'),
    personal: has('annualWbsPersonal'),
    department: has('annualWbsDepartment') && featureFlags.includes('newTaskManagement'),
  };
}

/** Publishers (and administrators) urge departments, configure warnings and delete warnings. */
export function isPublisher(roleIds: readonly string[]) {
  return roleIds.includes(ROLE.admin) || roleIds.includes(ROLE.targetPublisher);
}

/** Departments that may be urged: those whose target is not set (1) or not decomposed (2) and not already waiting. */
export function urgeable(d: { currentStatus: number; pendingUrgeId: number | null }) {
  return (d.currentStatus === 1 || d.currentStatus === 2) && d.pendingUrgeId === null;
}
