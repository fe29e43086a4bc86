import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { departments, departmentVersionItems, departmentVersions, users } from '../../db/schema';

/** Department versions (部门版本) and the departments each holds. */

export type VersionRow = typeof departmentVersions.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Spelled with the table's name: a one-table select leaves columns bare. */
const itemCount = sql<number>`(select count(*)::int from ${departmentVersionItems} i where i.version_id = "department_versions"."id")`;

const columns = { version: departmentVersions, departments: itemCount, creatorName: users.name };

export async function pageVersions(db: Db, q: { current: number; size: number; keyword?: string }) {
  const where = q.keyword ? ilike(departmentVersions.name, `%${escapeLike(q.keyword)}%`) : undefined;
  const [records, [total]] = await Promise.all([
    db
      .select(columns)
      .from(departmentVersions)
      .leftJoin(users, eq(users.id, departmentVersions.createdBy))
      .where(where)
      .orderBy(desc(departmentVersions.effectiveDate), desc(departmentVersions.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(departmentVersions).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findVersion(db: Db, id: number) {
  const rows = await db
    .select(columns)
    .from(departmentVersions)
    .leftJoin(users, eq(users.id, departmentVersions.createdBy))
    .where(eq(departmentVersions.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function enabledVersion(db: Db) {
  const rows = await db
    .select(columns)
    .from(departmentVersions)
    .leftJoin(users, eq(users.id, departmentVersions.createdBy))
    .where(eq(departmentVersions.enabled, true))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks every version: creating, enabling and deleting are made one at a time (exactly one stays enabled). */
export async function lockVersions(db: Db) {
  return db.select().from(departmentVersions).orderBy(asc(departmentVersions.id)).for('update');
}

export async function versionNamed(db: Db, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: departmentVersions.id })
    .from(departmentVersions)
    .where(and(eq(departmentVersions.name, name), exceptId ? ne(departmentVersions.id, exceptId) : undefined))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertVersion(db: Db, row: typeof departmentVersions.$inferInsert) {
  const [r] = await db.insert(departmentVersions).values(row).returning({ id: departmentVersions.id });
  return r!.id;
}

export async function updateVersion(db: Db, id: number, set: Partial<typeof departmentVersions.$inferInsert>) {
  const rows = await db
    .update(departmentVersions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(departmentVersions.id, id))
    .returning({ id: departmentVersions.id });
  return rows.length === 1;
}

/** Enables one version and disables every other, in two statements of the caller's transaction (disable first). */
export async function enableOnly(db: Db, id: number) {
  await db
    .update(departmentVersions)
    .set({ enabled: false, updatedAt: new Date() })
    .where(and(eq(departmentVersions.enabled, true), ne(departmentVersions.id, id)));
  await db
    .update(departmentVersions)
    .set({ enabled: true, updatedAt: new Date() })
    .where(eq(departmentVersions.id, id));
}

export async function deleteVersion(db: Db, id: number) {
  await db.delete(departmentVersions).where(eq(departmentVersions.id, id));
}

/** The departments as they are now (enabled ones), with their head's name: what a new version copies. */
export async function currentDepartments(db: Db) {
  const head = alias(users, 'head');
  return db
    .select({
      id: departments.id,
      name: departments.name,
      parentId: departments.parentId,
      headId: departments.chargeUserId,
      headName: head.name,
      sortOrder: departments.sortOrder,
    })
    .from(departments)
    .leftJoin(head, eq(head.id, departments.chargeUserId))
    .where(eq(departments.enabled, true))
    .orderBy(asc(departments.sortOrder), asc(departments.id));
}

export async function insertItems(db: Db, rows: (typeof departmentVersionItems.$inferInsert)[]) {
  if (rows.length) await db.insert(departmentVersionItems).values(rows);
}

export async function itemsOf(db: Db, versionId: number) {
  return db
    .select()
    .from(departmentVersionItems)
    .where(eq(departmentVersionItems.versionId, versionId))
    .orderBy(asc(departmentVersionItems.sortOrder), asc(departmentVersionItems.id));
}
