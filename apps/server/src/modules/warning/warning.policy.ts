import type { Actor } from '../../platform/access';
import { mayPublishTarget } from '../target-task';

/**
 * Who may act on warnings. Seeing a task's warnings is seeing the task (target-task's `taskSeenBy`); warning types,
 * conditions and the batch configuration are the publishers' (the routes' `MANAGE` access: administrators and target
 * publishers).
 */

/** The year target's creator or a publisher (or an administrator) dismisses a warning of its tasks. */
export const mayDismissWarning = (actor: Actor, task: { yearTargetCreatorId: string }) =>
  mayPublishTarget(actor, { creatorId: task.yearTargetCreatorId });
