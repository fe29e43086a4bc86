import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, users } from '../../db/schema';

/** One login_attempts row: a failure count in a window, or (for the *-wait keys) the next allowed time. */
export interface AttemptRow {
  windowStart: Date;
  failures: number;
}

/** The rows of several keys at once; a key without a row is absent from the map. */
export async function readAttempts(db: Db, keys: readonly string[]): Promise<Map<string, AttemptRow>> {
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [...keys]));
  return new Map(rows.map((r) => [r.key, { windowStart: new Date(r.windowStart), failures: r.failures }]));
}

/** Failures of a counter row still inside its window (0 when the window has passed or there is no row). */
export function failuresIn(row: AttemptRow | undefined, now: Date, windowMs: number) {
  if (!row || now.getTime() - row.windowStart.getTime() >= windowMs) return 0;
  return row.failures;
}

/**
 * Counts one failure for the key, starting a new window when the old one has passed, and answers the count and the
 * window's start; one statement, so concurrent attempts each get their own number.
 */
export async function recordFailure(db: Db, key: string, now: Date, windowMs: number): Promise<AttemptRow> {
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`${loginAttempts.windowStart} <= ${cutoff}::timestamptz`;
  const rows = await db
    .insert(loginAttempts)
    .values({ key, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ windowStart: loginAttempts.windowStart, failures: loginAttempts.failures });
  const row = rows[0]!;
  return { windowStart: new Date(row.windowStart), failures: row.failures };
}

/** Takes back one counted failure (an attempt that was refused before its password was looked at). */
export async function uncountFailure(db: Db, key: string) {
  await db
    .update(loginAttempts)
    .set({ failures: sql`${loginAttempts.failures} - 1` })
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.failures, 0)));
}

/** Moves a wait key's "next attempt allowed at" to `at`, never earlier than it already is. */
export async function postponeNextAttempt(db: Db, key: string, at: Date) {
  await db
    .insert(loginAttempts)
    .values({ key, windowStart: at, failures: 0 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { windowStart: sql`greatest(${loginAttempts.windowStart}, ${at.toISOString()}::timestamptz)` },
    });
}

/**
 * Takes the next allowed attempt of a wait key: succeeds (and holds the key until `holdUntil`) only when the allowed
 * time has come, so of several attempts arriving together exactly one goes on to have its password checked.
 */
export async function takeNextAttempt(db: Db, key: string, now: Date, holdUntil: Date) {
  const rows = await db
    .insert(loginAttempts)
    .values({ key, windowStart: holdUntil, failures: 0 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { windowStart: holdUntil },
      setWhere: lte(loginAttempts.windowStart, now),
    })
    .returning({ key: loginAttempts.key });
  return rows.length > 0;
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** The local user a CAS login maps to: an explicit CAS id first, else the same staff number. */
export async function findUserIdForCas(db: Db, casUser: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.casId} = ${casUser} or (${users.casId} is null and ${users.id} = ${casUser})`)
    .orderBy(sql`${users.casId} is null`)
    .limit(1);
  return rows[0]?.id ?? null;
}
