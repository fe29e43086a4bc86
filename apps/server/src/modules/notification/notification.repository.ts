import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departmentChargers, departments, notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

/** Inserts items in batches; an item whose user already has its dedupe key is skipped. Returns how many were written. */
export async function insertNotifications(db: Db, rows: NotificationInsert[]) {
  let written = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await db
      .insert(notifications)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({ id: notifications.id });
    written += done.length;
  }
  return written;
}

/** Of these users, the ones enabled (a disabled account is told nothing). */
export async function enabledUsers(db: Db, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.enabled, true)));
  return new Set(rows.map((r) => r.id));
}

/** Who acts for these departments: their heads and the chargers registered for them (reference tables). */
export async function usersActingFor(db: Db, departmentIds: string[]) {
  if (!departmentIds.length) return [];
  const heads = await db
    .select({ id: departments.chargeUserId })
    .from(departments)
    .where(inArray(departments.id, departmentIds));
  const chargers = await db
    .select({ id: departmentChargers.userId })
    .from(departmentChargers)
    .where(inArray(departmentChargers.departmentId, departmentIds));
  return [...new Set([...heads, ...chargers].map((r) => r.id).filter((id): id is string => !!id))];
}

/** The bell: one count over the partial index of unread rows. */
export async function countUnread(db: Db, userId: string) {
  const [r] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(r?.n ?? 0);
}

export async function pageNotifications(db: Db, userId: string, q: { current: number; size: number; unread: boolean }) {
  const where = and(eq(notifications.userId, userId), q.unread ? isNull(notifications.readAt) : undefined);
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findNotification(db: Db, id: number) {
  const rows = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Marks one item of the user read (an item read before keeps its first time). */
export async function markRead(db: Db, userId: string, id: number, at: Date) {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function markAllRead(db: Db, userId: string, at: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
