import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { Actor } from './access';
import { defineHook } from './hooks';

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

/**
 * Who may read one record's own history (系统管理's 操作记录 on a record's page, for whoever sees the record, not only
 * administrators): the module that owns the record registers, under the entity type it writes to the audit log,
 * whether the actor may read the record with that id (`app.hooks.add(RECORD_HISTORY, 'targetTask', readable)`).
 * A type nobody registered has no history outside the administrators' audit log.
 */
export type RecordReadable = (db: Db, actor: Actor, entityId: string) => Promise<boolean>;
export const RECORD_HISTORY = defineHook<RecordReadable>('audit.recordHistory');
