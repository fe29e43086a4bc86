import type { AuditFilter } from '@zg/contract';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/**
 * The audit-log viewer's read model: the platform's audit_log with the actor's name (users, read only). Paged by key
 * (newest first, `id < before`), never by offset, so page 500 of a million rows costs what page 1 does; each filter
 * has its index (filter column, id) (db/schema/platform.ts).
 */

/** A filter's day or time in the school's zone (the process runs in it): `to` as a day includes that whole day. */
function instant(text: string, endOfDay: boolean) {
  const [day, time] = text.split(' ');
  const d = new Date(`${day}T${time ? (time.length === 5 ? `${time}:00` : time) : '00:00:00'}`);
  if (endOfDay && !time) d.setDate(d.getDate() + 1);
  else if (endOfDay) d.setSeconds(d.getSeconds() + 1);
  return d;
}

function conditions(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, instant(f.from, false)) : undefined,
    f.to ? lt(auditLog.at, instant(f.to, true)) : undefined,
  );
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: users.name,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  detail: auditLog.detail,
};

/** One page before `before` (newest first), and whether more follow. */
export async function auditPage(db: Db, f: AuditFilter, before: number | null, size: number) {
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(conditions(f), before ? lt(auditLog.id, before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(size + 1);
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/** Up to `max` entries under the filter, newest first (the export). */
export async function auditRows(db: Db, f: AuditFilter, max: number) {
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions(f))
    .orderBy(desc(auditLog.id))
    .limit(max);
}

/** The distinct values of an indexed column, by a skip scan over its index (a million rows, a few dozen values). */
async function distinctOf(db: Db, column: 'entity_type' | 'action') {
  const c = sql.identifier(column);
  const res = await db.execute(sql`
    with recursive t(v) as (
      (select ${c} from audit_log order by ${c} limit 1)
      union all
      select (select ${c} from audit_log where ${c} > t.v order by ${c} limit 1) from t where t.v is not null)
    select v from t where v is not null`);
  return (res as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
}

export async function auditOptions(db: Db) {
  const [entityTypes, actions] = await Promise.all([distinctOf(db, 'entity_type'), distinctOf(db, 'action')]);
  return { entityTypes, actions };
}
