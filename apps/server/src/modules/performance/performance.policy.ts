import type { Actor } from '../../platform/access';
import { seesAllTasks } from '../target-task';

/**
 * Whose finished tasks the actor appraises in the performance centre: publishers, school leaders and administrators
 * every department (null: no restriction); a department head the departments they head and their own tasks; anyone
 * else their own tasks.
 */
export function appraisalScope(actor: Actor): { ownerId: string; departmentIds: readonly string[] } | null {
  if (seesAllTasks(actor)) return null;
  return { ownerId: actor.userId, departmentIds: actor.chargeDepartmentIds };
}
