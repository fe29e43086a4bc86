import { ANALYSIS_MSG } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { seesAllTasks } from '../target-task';

/**
 * Who may read which analysis: everyone their own tasks; a department's head (or an administrator) the department
 * page; those who see every task (publishers, school leaders, administrators) the global page. The annual-wbs
 * analysis counts the tasks the actor sees (target-task's `tasksSeenBy`).
 */

/** The department of the department page: the one asked for, which must be one the actor heads, or their first. */
export function departmentOf(actor: Actor, q: { bmid?: string }) {
  const bmid = q.bmid ?? actor.chargeDepartmentIds[0];
  if (!bmid) throw forbidden(ANALYSIS_MSG.noChargeDepartment);
  if (!actor.chargeDepartmentIds.includes(bmid) && !isAdmin(actor)) {
    throw forbidden(ANALYSIS_MSG.notYourDepartment);
  }
  return bmid;
}

/** The global page is for those who see every task. */
export function checkGlobalAnalysis(actor: Actor) {
  if (!seesAllTasks(actor)) throw forbidden();
}

/** The departments of the department page's select: those the actor heads, every one (null) for an administrator. */
export const selectableDepartments = (actor: Actor) => (isAdmin(actor) ? null : actor.chargeDepartmentIds);
