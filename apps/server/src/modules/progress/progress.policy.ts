import { ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';
import type { Hooks } from '../../platform/hooks';
import { registerOwnerPolicy } from '../files';
import { auditsTask, mayPublish, mayPublishTarget, ownsTask, tasksSeenBy, UNDER_WAY_STATES } from '../target-task';
import { visibleReportIds } from './progress-report.query';
import { reportTasks } from './progress-report.repository';

/**
 * Who may report, audit, warn and urge on a task; the services ask these, and the records carry what their viewer may
 * do (`reportAbilities`, `delayAbilities`). Seeing a task is the target-task module's rule (`taskSeenBy`).
 */

/** The task's owner (or an administrator) reports its progress and asks for its delays. */
export const mayReport = ownsTask;

/** The task's auditor (or an administrator) audits its progress reports and delay requests. */
export const mayAudit = auditsTask;

/** The auditor whose queue the actor sees: their own, or every auditor's (undefined) for an administrator. */
export const auditQueueOf = (actor: Actor) => (isAdmin(actor) ? undefined : actor.userId);

/**
 * What the actor may do with a progress report, sent with it. `newestOfPeriod`: the report is its period's newest
 * (known to the task's own list only): a rejected one may then be reported again by whoever may report on the task.
 */
export function reportAbilities(
  actor: Actor,
  task: { auditorId: string | null; ownerId?: string | null; status?: string },
  report: { kind: string; status: string; submitterId: string },
  newestOfPeriod = false,
) {
  const reviewing = report.status === 'reviewing';
  const mine = report.submitterId === actor.userId;
  const resubmit =
    newestOfPeriod &&
    report.kind === 'process' &&
    (report.status === 'reject' || report.status === 'childPass') &&
    task.status !== undefined &&
    UNDER_WAY_STATES.has(task.status) &&
    mayReport(actor, { ownerId: task.ownerId ?? null });
  return { audit: reviewing && mayAudit(actor, task), edit: reviewing && mine, withdraw: reviewing && mine, resubmit };
}

/** Whether the actor may audit a delay request (sent with it as canAudit). */
export const mayAuditDelay = (actor: Actor, task: { auditorId: string | null }, delay: { status: string }) =>
  delay.status === 'reviewing' && mayAudit(actor, task);

/** The year target's creator or a publisher (or an administrator) urges its departments. */
export const publishesTarget = mayPublishTarget;

/** Who sees all urges (the list's publisher and leader view). */
export const seesAllUrges = (actor: Actor) => mayPublish(actor) || actor.roles.has(ROLE.schoolLeader);

/** Who sees an urge: the heads of the urged department, its sender, and whoever sees all urges. */
export const seesUrge = (actor: Actor, urge: { departmentId: string; urgerId: string }) =>
  headsUrged(actor, urge) || urge.urgerId === actor.userId || seesAllUrges(actor);

/** The heads of the urged department accept it (or an administrator). */
export const headsUrged = (actor: Actor, urge: { departmentId: string }) =>
  actor.chargeDepartmentIds.includes(urge.departmentId);
export const mayAcceptUrge = (actor: Actor, urge: { departmentId: string }) =>
  isAdmin(actor) || headsUrged(actor, urge);

const toInts = (ids: string[]) => ids.map(Number).filter(Number.isInteger);
/** The file owner policy of progress-report attachments; the progress plugin registers it. */
export function registerProgressFilePolicies(hooks: Hooks) {
  /**
   * Attachments of progress reports: read by whoever sees the report's task (its auditor among them); changed only
   * by the submitter while the report is under review.
   */
  registerOwnerPolicy(hooks, 'TaskProgress', {
    readable: async (db, actor: Actor, ids: string[]) =>
      new Set((await visibleReportIds(db, toInts(ids), tasksSeenBy(actor))).map(String)),
    writable: async (db, actor: Actor, id: string) => {
      if (isAdmin(actor)) return true;
      const [r] = await reportTasks(db, toInts([id]));
      return r !== undefined && r.status === 'reviewing' && r.submitterId === actor.userId;
    },
  });
}
