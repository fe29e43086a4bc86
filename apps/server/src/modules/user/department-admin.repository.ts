import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { departments, users } from '../../db/schema';

/** The departments' tree as 系统管理 keeps it (the departments table, the user service's reference data). */

export async function listAllDepartments(db: Db) {
  const head = alias(users, 'head');
  const rows = await db
    .select({
      departmentId: departments.id,
      departmentName: departments.name,
      parentId: departments.parentId,
      shortNameZh: departments.shortNameZh,
      shortNameEn: departments.shortNameEn,
      chargeUserId: departments.chargeUserId,
      chargeUserName: head.name,
      enabled: departments.enabled,
      sortOrder: departments.sortOrder,
      userCount: sql<number>`(select count(*)::int from ${users} u
        where u.department_id = ${departments.id} and u.enabled)`,
    })
    .from(departments)
    .leftJoin(head, eq(head.id, departments.chargeUserId))
    .orderBy(asc(departments.sortOrder), asc(departments.id));
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount) }));
}

/** Every department's id and parent, locked (a move checks the tree it changes). */
export async function lockDepartments(db: Db) {
  return db
    .select({
      id: departments.id,
      parentId: departments.parentId,
      enabled: departments.enabled,
      name: departments.name,
    })
    .from(departments)
    .orderBy(asc(departments.id))
    .for('update');
}

export async function insertDepartment(db: Db, row: typeof departments.$inferInsert) {
  await db.insert(departments).values(row);
}

export async function updateDepartment(db: Db, id: string, set: Partial<typeof departments.$inferInsert>) {
  await db
    .update(departments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(departments.id, id));
}

export async function enabledUsersIn(db: Db, id: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.departmentId, id), eq(users.enabled, true)));
  return Number(row?.n ?? 0);
}

export async function enabledUserExists(db: Db, id: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.enabled, true)))
    .limit(1);
  return rows.length > 0;
}

export async function maxDepartmentOrder(db: Db) {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${departments.sortOrder}), 0)` }).from(departments);
  return Number(row?.n ?? 0);
}
