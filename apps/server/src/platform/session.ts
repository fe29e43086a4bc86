import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@zg/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { departmentChargers, departments, roleMenus, sessionEpoch, sessions, userRoles, users } from '../db/schema';

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
  /** session_epoch's value when this was read (session-fold.ts checks it has not moved). */
  epoch: string;
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
  grants: [string, string | null][] | string | null;
  charged: string[] | string | null;
};

/**
 * The session, its user, the user's role/menu grants and charged departments in one statement (every signed-in
 * request runs it), prepared once per database so it is neither built nor planned again per request.
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
      grants: sql<SessionRow['grants']>`(
        select json_agg(json_build_array(${userRoles.roleId}, ${roleMenus.menuKey}))
        from ${userRoles} left join ${roleMenus} on ${roleMenus.roleId} = ${userRoles.roleId}
        where ${userRoles.userId} = ${sessions.userId})`,
      // Heads of departments and the chargers registered for them act for the department.
      charged: sql<SessionRow['charged']>`(
        select json_agg(c.id order by c.id) from (
          select ${departments.id} as id from ${departments}
          where ${departments.chargeUserId} = ${sessions.userId} and ${departments.enabled}
          union
          select ${departmentChargers.departmentId} from ${departmentChargers}
          where ${departmentChargers.userId} = ${sessions.userId}) c)`,
      epoch: sql<string>`(select ${sessionEpoch.value} from ${sessionEpoch} where ${sessionEpoch.id} = 1)`,
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
  if (now.getTime() - row.lastSeenAt.getTime() > idleMs) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    row.lastSeenAt = now;
  }
  const { enabled: _enabled, grants, charged, epoch, ...info } = row;
  return {
    ...info,
    epoch: String(epoch),
    grants: (fromJson(grants) ?? []).map(([roleId, menuKey]) => ({ roleId, menuKey })),
    chargeDepartmentIds: fromJson(charged) ?? [],
  };
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
