import { type AuditEntry, formatDateTime } from '@zg/contract';
import type { auditRows } from './audit-log.query';

type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

/** An audit-log row as the viewer and a record's 操作记录 show it: times in the school's format, details as JSON text. */
export function presentAudit(r: AuditRow): AuditEntry {
  return {
    id: String(r.id),
    at: formatDateTime(r.at),
    actorId: r.actorId,
    actorName: r.actorName,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    detail: r.detail === null || r.detail === undefined ? null : JSON.stringify(r.detail),
  };
}
