import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, users } from '../../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Failures counted in the current window for a key (0 when the window has passed). */
export async function failuresOf(db: Db, key: string, now: Date) {
  const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key)).limit(1);
  const row = rows[0];
  if (!row || now.getTime() - row.windowStart.getTime() > LOGIN_WINDOW_MS) return 0;
  return row.failures;
}

/** Counts one failure for the key, starting a new window when the old one has passed; one statement, race-free. */
export async function recordFailure(db: Db, key: string, now: Date) {
  const cutoff = new Date(now.getTime() - LOGIN_WINDOW_MS);
  await db
    .insert(loginAttempts)
    .values({ key, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStart} < ${cutoff.toISOString()} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} < ${cutoff.toISOString()} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
      },
    });
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
