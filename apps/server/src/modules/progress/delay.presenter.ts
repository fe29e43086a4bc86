import { formatDateTime } from '@zg/contract';
import type { Actor } from '../../platform/access';
import type { delaysOfTask } from './delay.repository';
import { mayAuditDelay } from './progress.policy';

export type DelayJoin = Awaited<ReturnType<typeof delaysOfTask>>[number];

export function presentDelay(
  { delay: d, requesterName, auditorName }: DelayJoin,
  actor: Actor,
  auditorId: string | null,
) {
  return {
    id: d.id,
    taskId: d.taskId,
    oldEndDate: d.oldEndDate,
    newEndDate: d.newEndDate,
    reason: d.reason,
    status: d.status as 'reviewing' | 'pass' | 'reject',
    auditReason: d.auditReason,
    requesterName,
    requestedAt: formatDateTime(d.requestedAt),
    auditorName,
    auditedAt: d.auditedAt ? formatDateTime(d.auditedAt) : null,
    canAudit: mayAuditDelay(actor, { auditorId }, d),
  };
}
