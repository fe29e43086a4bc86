import { ROLE, type TaskAudit, type TaskStatus, type TodoRole } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';
import { RECORD_HISTORY } from '../../platform/audit';
import type { Hooks } from '../../platform/hooks';
import { registerOwnerPolicy } from '../files';
import { isHead, isOwner, isPublisher, type TaskFacts } from './target-task.machine';
import { ownsOrHeadsTask, type TaskRow, visibleTaskIds, visibleTaskWhere } from './target-task.repository';
import { createdYearTarget, visibleYearTargetIds, visibleYearTargetWhere } from './year-target.repository';

/**
 * Who may see and change year targets and tasks. The transitions of a task (who may push, accept, audit ...) are the
 * rules table of target-task.machine.ts; what a task card or year target lets its viewer do is sent with it as
 * `abilities` (target-task.presenter.ts `presentTaskCard`, `listYearTargets`).
 */

/** The owner and the auditor of a task, each or an administrator (defined with the transition rules). */
export { isAuditor as auditsTask, isOwner as ownsTask } from './target-task.machine';

/** Publishers, school leaders and administrators see every task; the others see what relates to them. */
export const seesAllTasks = (actor: Pick<Actor, 'roles'>) =>
  [ROLE.admin, ROLE.targetPublisher, ROLE.schoolLeader].some((r) => actor.roles.has(r));

/** The actor's view of the tasks, as the visibility queries take it. */
export function viewOf(actor: Actor) {
  return {
    all: seesAllTasks(actor),
    userId: actor.userId,
    chargeDepartmentIds: actor.chargeDepartmentIds,
    departmentId: actor.departmentId,
  };
}

/**
 * The tasks the actor sees, as a condition over target_tasks and year_targets (undefined: every task). The one
 * definition of task visibility: read models of other modules put it in their own queries.
 */
export const tasksSeenBy = (actor: Actor) => visibleTaskWhere(viewOf(actor));

/** The year targets the actor sees (created by them, or holding a task they see), as a condition over year_targets. */
export const yearTargetsSeenBy = (actor: Actor) => visibleYearTargetWhere(viewOf(actor));

/**
 * The roles of the home page's 待办 the actor holds: the head of a department (heads one), the auditor of tasks (the
 * auditor role, an administrator, or the auditor of some task), the owner of tasks (the role, or owns some task).
 */
export function todoRolesOf(
  actor: Actor,
  facts: { auditsSomeTask: boolean; ownsSomeTask: boolean },
): Record<TodoRole, boolean> {
  return {
    head: actor.chargeDepartmentIds.length > 0,
    auditor: isAdmin(actor) || actor.roles.has(ROLE.targetDepartAuditor) || facts.auditsSomeTask,
    owner: actor.roles.has(ROLE.targetTaskOwner) || facts.ownsSomeTask,
  };
}

/** Administrators and target publishers publish year targets and top-level tasks, and keep the chargers. */
export const mayPublish = (actor: Pick<Actor, 'roles'>) => isAdmin(actor) || actor.roles.has(ROLE.targetPublisher);

/** The year target's creator or a publisher (or an administrator): urges its departments, dismisses its warnings. */
export const mayPublishTarget = (actor: Actor, target: { creatorId: string }) =>
  mayPublish(actor) || target.creatorId === actor.userId;

/** A year target is edited and removed by its creator (or an administrator). */
export const mayEditYearTarget = (actor: Actor, target: { creatorId: string }) =>
  target.creatorId === actor.userId || isAdmin(actor);

/** A year target's tasks are imported by its creator or a publisher. */
export const mayImportTasks = (actor: Actor, target: { creatorId: string }) =>
  target.creatorId === actor.userId || mayPublish(actor);

/** What the actor may do with a year target, sent with it. */
export function yearTargetAbilities(actor: Actor, target: { creatorId: string }, taskCount: number) {
  const mine = mayEditYearTarget(actor, target);
  return { edit: mine, delete: mine && taskCount === 0, addTask: mine || mayPublish(actor) };
}

const toInts = (ids: string[]) => ids.map(Number).filter(Number.isInteger);

/** The file owner policies of year-target and task documents; the target-task plugin registers them. */
export function registerTargetTaskFilePolicies(hooks: Hooks) {
  /** Documents of a year target: read by whoever sees the target, written by its creator and publishers. */
  registerOwnerPolicy(hooks, 'YearTask', {
    readable: async (db, actor, ids) =>
      new Set((await visibleYearTargetIds(db, toInts(ids), yearTargetsSeenBy(actor))).map(String)),
    writable: async (db, actor, id) =>
      actor.roles.has(ROLE.targetPublisher) || createdYearTarget(db, Number(id), actor.userId),
  });
  /** Documents of a task: read by whoever sees the task, written by its owner, its department's head and publishers. */
  registerOwnerPolicy(hooks, 'NodeTask', {
    readable: async (db, actor, ids) =>
      new Set((await visibleTaskIds(db, toInts(ids), tasksSeenBy(actor))).map(String)),
    writable: async (db, actor, id) =>
      actor.roles.has(ROLE.targetPublisher) || ownsOrHeadsTask(db, Number(id), actor.userId, actor.chargeDepartmentIds),
  });
}

/** A record's own history (操作记录): a year target's or a task's, for whoever sees it. */
export function registerTargetTaskHistory(hooks: Hooks) {
  const idOf = (text: string) => (/^\d{1,9}$/.test(text) ? [Number(text)] : []);
  hooks.add(RECORD_HISTORY, 'yearTarget', async (db, actor, id) =>
    idOf(id).length > 0 ? (await visibleYearTargetIds(db, idOf(id), yearTargetsSeenBy(actor))).length > 0 : false,
  );
  hooks.add(RECORD_HISTORY, 'targetTask', async (db, actor, id) =>
    idOf(id).length > 0 ? (await visibleTaskIds(db, idOf(id), tasksSeenBy(actor))).length > 0 : false,
  );
}

export function taskFactsOf(task: TaskRow, yearTargetCreatorId: string, hasChildren: boolean): TaskFacts {
  return {
    status: task.status as TaskStatus,
    auditStatus: task.auditStatus as TaskAudit | null,
    departmentId: task.departmentId,
    ownerId: task.ownerId,
    auditorId: task.auditorId,
    yearTargetCreatorId,
    hasChildren,
    depth: task.depth,
  };
}

/** Who may edit or delete a task now: the publisher before it is pushed (or after it came back), a head its children. */
export function mayEditTask(actor: Actor, f: TaskFacts, task: TaskRow) {
  if (task.parentId === null) return isPublisher(actor, f) && (f.status === 'notPushed' || f.status === 'goBack');
  return isHead(actor, f) && f.status === 'waitDefine' && f.auditStatus !== 0;
}

/** The mission statement is written by whoever may edit the task, and by its owner while defining it. */
export function mayEditMission(actor: Actor, f: TaskFacts, task: TaskRow) {
  return mayEditTask(actor, f, task) || ownerWritesMission(actor, f);
}

/** The owner writes the mission while defining the task (not while it is under review). */
export function ownerWritesMission(actor: Actor, f: TaskFacts) {
  return isOwner(actor, f) && f.status === 'waitDefine' && f.auditStatus !== 0;
}
