import { and, asc, count, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationDigests, notifications, users } from '../../db/schema';

/**
 * The day's digest rows: one per enabled user with an e-mail address and something unread, made once (a second run,
 * on any worker or instance, finds them made). Returns how many were added.
 */
export async function addDigestRows(db: Db, day: string, at: Date) {
  const rows = await db.execute(sql`
    insert into ${notificationDigests} (user_id, day, next_try_at)
    select u.id, ${day}::date, ${at} from ${users} u
    where u.enabled and coalesce(u.email, '') <> ''
      and exists (select 1 from ${notifications} n where n.user_id = u.id and n.read_at is null)
    on conflict do nothing
    returning user_id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Claims one due digest of the day for this worker: a pending one whose time has come, or one being sent whose lease
 * ran out (its worker died). FOR UPDATE SKIP LOCKED: two workers never claim the same row.
 */
export async function claimDigest(db: Db, day: string, at: Date, leaseSeconds: number) {
  const due = db
    .select({ userId: notificationDigests.userId })
    .from(notificationDigests)
    .where(
      and(
        eq(notificationDigests.day, day),
        or(
          and(eq(notificationDigests.status, 'pending'), lte(notificationDigests.nextTryAt, at)),
          and(eq(notificationDigests.status, 'sending'), lt(notificationDigests.lockedUntil, at)),
        ),
      ),
    )
    .orderBy(asc(notificationDigests.nextTryAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(notificationDigests)
    .set({
      status: 'sending',
      attempts: sql`${notificationDigests.attempts} + 1`,
      lockedUntil: new Date(at.getTime() + leaseSeconds * 1000),
    })
    .where(and(eq(notificationDigests.day, day), sql`${notificationDigests.userId} = (${due})`))
    .returning();
  return rows[0] ?? null;
}

export async function finishDigest(
  db: Db,
  key: { userId: string; day: string; attempts: number },
  set: Partial<typeof notificationDigests.$inferInsert>,
) {
  await db
    .update(notificationDigests)
    .set({ lockedUntil: null, ...set })
    .where(
      and(
        eq(notificationDigests.userId, key.userId),
        eq(notificationDigests.day, key.day),
        eq(notificationDigests.attempts, key.attempts),
      ),
    );
}

/** The user's address and name, and their newest unread items with how many there are. */
export async function digestContent(db: Db, userId: string, limit: number) {
  const [user] = await db
    .select({ name: users.name, email: users.email, enabled: users.enabled })
    .from(users)
    .where(eq(users.id, userId));
  const unread = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const items = await db
    .select()
    .from(notifications)
    .where(unread)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(notifications).where(unread);
  return { user: user ?? null, items, total: Number(total?.n ?? 0) };
}

export async function digestsOfDay(db: Db, day: string) {
  return db.select().from(notificationDigests).where(eq(notificationDigests.day, day));
}
