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

/**
 * How long after its transaction began (`at`, now()) an audit row is at most written: the id bounds below rely on it.
 * No request or job holds a transaction open that long.
 */
const WRITE_SLACK = sql`interval '1 hour'`;

/**
 * A date filter as an id range as well, so the newest-first scan of a filter's (column, id) index starts at the
 * range's end instead of walking every newer row (a month a year back: half a million rows). Ids grow with the time
 * a row is written, and a row is written within WRITE_SLACK of its `at`: a row whose `at` is an hour before `from`
 * has a smaller id than every row in the range, one an hour after `to` a larger one. Found through audit_log_at_idx;
 * the `at` conditions stay, so the bounds only narrow the scan.
 */
function idBounds(f: AuditFilter): SQL | undefined {
  const start = f.from ? instant(f.from, false) : null;
  const end = f.to ? instant(f.to, true) : null;
  return and(
    start
      ? sql`${auditLog.id} > coalesce((select b.id from audit_log b where b.at < ${start}::timestamptz - ${WRITE_SLACK}
          order by b.at desc limit 1), 0)`
      : undefined,
    end
      ? sql`${auditLog.id} < coalesce((select b.id from audit_log b where b.at >= ${end}::timestamptz + ${WRITE_SLACK}
          order by b.at limit 1), 9223372036854775807)`
      : undefined,
  );
}

function conditions(f: AuditFilter): SQL | undefined {
  return and(
    idBounds(f),
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
