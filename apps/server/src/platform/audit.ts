import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  detail?: unknown;
  requestId?: string | null;
}

/** Writes one audit-log row; call it inside the transaction of the change it records. */
export async function writeAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    detail: entry.detail ?? null,
    requestId: entry.requestId ?? null,
  });
}
