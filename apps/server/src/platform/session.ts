import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@zg/contract';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

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

/** The live session for a cookie value, or null when unknown, expired, idle too long or its user is disabled. */
export async function findSession(db: Db, token: string, idleMs: number): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const now = new Date();
  const rows = await db
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      csrfSecret: sessions.csrfSecret,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userName: users.name,
      departmentId: users.departmentId,
      enabled: users.enabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row?.enabled) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > idleMs) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return row;
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
