import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { delayRequests, users } from '../../db/schema';

const requester = alias(users, 'requester');
const auditor = alias(users, 'auditor');

// ---- delays ----

export async function insertDelay(db: Db, row: typeof delayRequests.$inferInsert) {
  const [r] = await db.insert(delayRequests).values(row).returning();
  return r!;
}

export async function findDelay(db: Db, id: number) {
  const rows = await db.select().from(delayRequests).where(eq(delayRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateDelay(db: Db, id: number, set: Partial<typeof delayRequests.$inferInsert>) {
  const rows = await db
    .update(delayRequests)
    .set(set)
    .where(and(eq(delayRequests.id, id), eq(delayRequests.status, 'reviewing')))
    .returning({ id: delayRequests.id });
  return rows.length === 1;
}

export const delayColumns = {
  delay: delayRequests,
  requesterName: requester.name,
  auditorName: auditor.name,
};

export async function delaysOfTask(db: Db, taskId: number) {
  return db
    .select(delayColumns)
    .from(delayRequests)
    .leftJoin(requester, eq(requester.id, delayRequests.requesterId))
    .leftJoin(auditor, eq(auditor.id, delayRequests.auditorId))
    .where(eq(delayRequests.taskId, taskId))
    .orderBy(desc(delayRequests.id));
}
