import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@zg/contract';
import { type AnyColumn, and, eq, gt, lt, type SQL, sql, type Table } from 'drizzle-orm';
import type { Db } from '../db/client';
import { departmentChargers, departments, roleMenus, sessions, systemSettings, userRoles, users } from '../db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_LIFETIME_MS = LIMITS.sessionLifetimeDays * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionInfo {
  idHash: string;
  userId: string;
  csrfSecret: string;
  createdAt: Date;
  lastSeenAt: Date;
  userName: string;
  departmentId: string | null;
  /** The user's roles, each with one of its menu keys (null when the role has none), read with the session. */
  grants: readonly { roleId: string; menuKey: string | null }[];
  /** Departments the user heads (enabled ones) or is registered as a charger for, sorted. */
  chargeDepartmentIds: readonly string[];
  /** An administrator reset the password: only self-service routes answer until it is changed. */
  mustChangePassword: boolean;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session: a fresh 256-bit id (only its hash is stored) and a per-session CSRF secret. */
export async function createSession(db: Db, userId: string, meta: { ip?: string; userAgent?: string }) {
  const token = randomBytes(32).toString('base64url');
  const csrfSecret = randomBytes(32).toString('hex');
  const now = new Date();
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    csrfSecret,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return { token, csrfSecret };
}

type SessionRow = Omit<SessionInfo, 'grants' | 'chargeDepartmentIds'> & {
  enabled: boolean;
  idleMinutes: number | null;
  grants: Grants;
  charged: Charged;
};

type Grants = [string, string | null][] | string | null;
type Charged = string[] | string | null;

/** A column named with its table, as the correlated sub-selects below need whatever the outer select is. */
const q = (table: Table, column: AnyColumn) => sql`${table}.${sql.identifier(column.name)}`;

/** A user's role/menu grants as JSON pairs, for the user whose id is `userId` (a column or a parameter). */
const grantsOf = (userId: SQL) => sql<Grants>`(
  select json_agg(json_build_array(${q(userRoles, userRoles.roleId)}, ${q(roleMenus, roleMenus.menuKey)}))
  from ${userRoles} left join ${roleMenus} on ${q(roleMenus, roleMenus.roleId)} = ${q(userRoles, userRoles.roleId)}
  where ${q(userRoles, userRoles.userId)} = ${userId})`;

/** Heads of departments and the chargers registered for them act for the department. */
const chargedOf = (userId: SQL) => sql<Charged>`(
  select json_agg(c.id order by c.id) from (
    select ${q(departments, departments.id)} as id from ${departments}
    where ${q(departments, departments.chargeUserId)} = ${userId} and ${q(departments, departments.enabled)}
    union
    select ${q(departmentChargers, departmentChargers.departmentId)} from ${departmentChargers}
    where ${q(departmentChargers, departmentChargers.userId)} = ${userId}) c)`;

/**
 * The session, its user, the user's role/menu grants and charged departments in one statement (every signed-in
 * request runs it, once), prepared once per database so it is neither built nor planned again per request.
 */
function sessionStatement(db: Db) {
  return db
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      csrfSecret: sessions.csrfSecret,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userName: users.name,
      departmentId: users.departmentId,
      enabled: users.enabled,
      mustChangePassword: users.mustChangePassword,
      // The idle timeout 系统管理 set (null: the config's), read with the session so a change holds at once everywhere.
      idleMinutes: sql<number | null>`(select ${q(systemSettings, systemSettings.sessionIdleMinutes)}
        from ${systemSettings} order by ${q(systemSettings, systemSettings.id)} limit 1)`,
      grants: grantsOf(q(sessions, sessions.userId)),
      charged: chargedOf(q(sessions, sessions.userId)),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session');
}

const statements = new WeakMap<Db, ReturnType<typeof sessionStatement>>();

/** json from the driver: parsed by both drivers as configured, but tolerate text. */
const fromJson = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The live session for a cookie value, or null when unknown, expired, idle too long or its user is disabled. */
export async function findSession(db: Db, token: string, idleMs: number): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const now = new Date();
  let statement = statements.get(db);
  if (!statement) {
    statement = sessionStatement(db);
    statements.set(db, statement);
  }
  const rows = (await statement.execute({ idHash, now })) as SessionRow[];
  const row = rows[0];
  if (!row?.enabled) return null;
  const idleLimit = row.idleMinutes ? row.idleMinutes * 60_000 : idleMs;
  if (now.getTime() - row.lastSeenAt.getTime() > idleLimit) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    row.lastSeenAt = now;
  }
  const { enabled: _enabled, idleMinutes: _idle, grants, charged, ...info } = row;
  return { ...info, ...carried(grants, charged) };
}

const carried = (grants: Grants, charged: Charged) => ({
  grants: (fromJson(grants) ?? []).map(([roleId, menuKey]) => ({ roleId, menuKey })),
  chargeDepartmentIds: fromJson(charged) ?? [],
});

/** What a session of this user would carry now (a job acting for the user who started it), or null when disabled. */
export async function userGrants(
  db: Db,
  userId: string,
): Promise<Pick<SessionInfo, 'userId' | 'userName' | 'departmentId' | 'grants' | 'chargeDepartmentIds'> | null> {
  const [row] = await db
    .select({
      userId: users.id,
      userName: users.name,
      departmentId: users.departmentId,
      enabled: users.enabled,
      grants: grantsOf(q(users, users.id)),
      charged: chargedOf(q(users, users.id)),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.enabled) return null;
  const { enabled: _enabled, grants, charged, ...user } = row;
  return { ...user, ...carried(grants, charged) };
}

export async function destroySession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user (disabled, password changed). */
export async function destroyUserSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** The live sessions (signed in now), most recently seen first, with their users; `keyword` matches 工号 or name. */
export async function pageLiveSessions(db: Db, q: { keyword?: string; pageNum: number; pageSize: number }) {
  const live = gt(sessions.expiresAt, new Date());
  const where = q.keyword
    ? and(
        live,
        sql`(${users.id} ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${users.name} ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
      )
    : live;
  const [list, [total]] = await Promise.all([
    db
      .select({
        idHash: sessions.idHash,
        userId: sessions.userId,
        userName: users.name,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .orderBy(sql`${sessions.lastSeenAt} desc`)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

/** Ends one session by its stored hash; the user it belonged to, or null when there was none. */
export async function endSessionByHash(db: Db, idHash: string) {
  const rows = await db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ userId: sessions.userId });
  return rows[0]?.userId ?? null;
}
