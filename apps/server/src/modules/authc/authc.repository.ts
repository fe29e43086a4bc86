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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One account or address with failures in the window, and when its next attempt is allowed (if it must wait). */
export interface ThrottleRow {
  key: string;
  windowStart: Date;
  failures: number;
  waitUntil: Date | null;
  userName: string | null;
}

/**
 * The accounts (`user:`) and addresses (`ip:`) with failures inside the window, newest first, a page of them; the
 * keyword matches the account id or the address.
 */
export async function pageThrottles(
  db: Db,
  q: { now: Date; windowMs: number; pageNum: number; pageSize: number; keyword?: string },
): Promise<{ rows: ThrottleRow[]; total: number }> {
  const cutoff = new Date(q.now.getTime() - q.windowMs).toISOString();
  const subject = sql`case when a.key like 'user:%' then substr(a.key, 6) else substr(a.key, 4) end`;
  const where = sql`(a.key like 'user:%' or a.key like 'ip:%') and a.failures > 0
    and a.window_start > ${cutoff}::timestamptz
    ${q.keyword ? sql`and ${subject} ilike ${`%${escapeLike(q.keyword)}%`}` : sql``}`;
  const rows = (
    (await db.execute(sql`
      select a.key, a.window_start, a.failures, w.window_start as wait_until, u.name as user_name
      from ${loginAttempts} a
      left join ${loginAttempts} w on w.key = case when a.key like 'user:%' then 'user-wait:' || substr(a.key, 6)
                                                   else 'ip-wait:' || substr(a.key, 4) end
      left join ${users} u on a.key like 'user:%' and u.id = substr(a.key, 6)
      where ${where}
      order by a.window_start desc, a.key
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`)) as unknown as {
      rows: {
        key: string;
        window_start: string;
        failures: number;
        wait_until: string | null;
        user_name: string | null;
      }[];
    }
  ).rows;
  const [count] = (
    (await db.execute(sql`select count(*)::int as n from ${loginAttempts} a where ${where}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return {
    rows: rows.map((r) => ({
      key: r.key,
      windowStart: new Date(r.window_start),
      failures: r.failures,
      waitUntil: r.wait_until === null ? null : new Date(r.wait_until),
      userName: r.user_name,
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * Clears the counters and waits of an account (its own, and its pairs with every address) and/or of an address (its
 * own, and its pairs with every account); answers the rows removed.
 */
export async function clearThrottles(db: Db, target: { user?: string; address?: string }) {
  const conditions = [];
  if (target.user !== undefined) {
    conditions.push(
      sql`key in (${`user:${target.user}`}, ${`user-wait:${target.user}`})`,
      sql`key like ${`pair:${escapeLike(target.user)}|%`}`,
    );
  }
  if (target.address !== undefined) {
    conditions.push(
      sql`key in (${`ip:${target.address}`}, ${`ip-wait:${target.address}`})`,
      sql`key like ${`pair:%|${escapeLike(target.address)}`}`,
    );
  }
  if (conditions.length === 0) return 0;
  const removed = await db
    .delete(loginAttempts)
    .where(sql.join(conditions, sql` or `))
    .returning({ key: loginAttempts.key });
  return removed.length;
}
