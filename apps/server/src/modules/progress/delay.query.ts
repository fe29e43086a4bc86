import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { delayRequests, departments, targetTasks, users } from '../../db/schema';
import { delayColumns } from './delay.repository';

const requester = alias(users, 'requester');
const auditor = alias(users, 'auditor');

const owner = alias(users, 'owner');

/** One page of delay requests on tasks matching `where` (the auditor's list), newest first, with their task. */
export async function pageDelaysForAudit(db: Db, where: SQL | undefined, current: number, size: number) {
  const [records, total] = await Promise.all([
    db
      .select({ ...delayColumns, task: targetTasks, departmentName: departments.name, ownerName: owner.name })
      .from(delayRequests)
      .innerJoin(targetTasks, eq(targetTasks.id, delayRequests.taskId))
      .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
      .leftJoin(owner, eq(owner.id, targetTasks.ownerId))
      .leftJoin(requester, eq(requester.id, delayRequests.requesterId))
      .leftJoin(auditor, eq(auditor.id, delayRequests.auditorId))
      .where(where)
      .orderBy(desc(delayRequests.requestedAt), desc(delayRequests.id))
      .limit(size)
      .offset((current - 1) * size),
    countDelaysForAudit(db, where),
  ]);
  return { records, total };
}

/** How many delay requests on tasks match `where`: the total of the auditor's list, and the home page's count of it. */
export async function countDelaysForAudit(db: Db, where: SQL | undefined) {
  const [total] = await db
    .select({ n: count() })
    .from(delayRequests)
    .innerJoin(targetTasks, eq(targetTasks.id, delayRequests.taskId))
    .where(where);
  return Number(total?.n ?? 0);
}
