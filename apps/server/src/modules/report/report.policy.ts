import { ROLE, type TargetReportStatus } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { auditsTask, ownsTask } from '../target-task';

/** Administrators and target publishers keep the report templates and covers (as they keep warning types). */
export const REPORT_ADMIN_ROLES = [ROLE.admin, ROLE.targetPublisher] as const;

/** The owner of the task (or an administrator) generates, rates and submits its report. */
export const isReportOwner = (actor: Actor, task: { ownerId: string | null }) => ownsTask(actor, task);

/** The auditor of the task (or an administrator) audits its report. */
export const isReportAuditor = (actor: Actor, task: { auditorId: string | null }) => auditsTask(actor, task);

/** A report may be regenerated, rated and submitted while it is a draft or came back refused. */
export const isEditable = (status: string) => status === 'draft' || status === 'refuse';

/** Task states in which a report can be generated: from execution on. */
export const REPORTABLE_TASK_STATES = new Set(['executeing', 'delayNotDone', 'hasDone', 'delayDone']);

/** What the actor may do with a report, sent with it so the page hides what it may not do. */
export function reportAbilities(
  actor: Actor,
  task: { ownerId: string | null; auditorId: string | null },
  report: { status: string; levelSelf: string | null },
) {
  const owner = isReportOwner(actor, task) && isEditable(report.status);
  return {
    regenerate: owner,
    rate: owner,
    submit: owner && report.levelSelf !== null,
    audit: isReportAuditor(actor, task) && (report.status as TargetReportStatus) === 'reviewing',
    download: true,
  };
}
