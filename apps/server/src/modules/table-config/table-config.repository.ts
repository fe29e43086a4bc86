import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { tableConfigs, users } from '../../db/schema';

const creator = alias(users, 'creator');

const columns = {
  id: tableConfigs.id,
  name: tableConfigs.name,
  tableType: tableConfigs.tableType,
  head: tableConfigs.head,
  rows: tableConfigs.rows,
  version: tableConfigs.version,
  createdBy: tableConfigs.createdBy,
  createdByName: creator.name,
  updatedByName: users.name,
  updatedAt: tableConfigs.updatedAt,
};

export type TableConfigRow = Awaited<ReturnType<typeof findTableConfig>>;
export type TableConfigListRow = Awaited<ReturnType<typeof pageTableConfigs>>['list'][number];

export async function findTableConfig(db: Db, id: number) {
  const rows = await db
    .select(columns)
    .from(tableConfigs)
    .leftJoin(users, eq(users.id, tableConfigs.updatedBy))
    .leftJoin(creator, eq(creator.id, tableConfigs.createdBy))
    .where(eq(tableConfigs.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** A page of configurations, newest change first, with their sizes (no per-row query). */
export async function pageTableConfigs(db: Db, q: { pageNum: number; pageSize: number }) {
  const [list, [total]] = await Promise.all([
    db
      .select({
        id: tableConfigs.id,
        name: tableConfigs.name,
        tableType: tableConfigs.tableType,
        createdBy: tableConfigs.createdBy,
        createdByName: creator.name,
        updatedByName: users.name,
        updatedAt: tableConfigs.updatedAt,
        columns: sql<number>`jsonb_array_length(${tableConfigs.head})`,
        rowCount: sql<number>`jsonb_array_length(${tableConfigs.rows})`,
      })
      .from(tableConfigs)
      .leftJoin(users, eq(users.id, tableConfigs.updatedBy))
      .leftJoin(creator, eq(creator.id, tableConfigs.createdBy))
      .orderBy(desc(tableConfigs.updatedAt), desc(tableConfigs.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(tableConfigs),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export async function insertTableConfig(
  db: Db,
  v: { name: string; tableType: string; head: string[]; rows: string[][]; userId: string },
) {
  const [row] = await db
    .insert(tableConfigs)
    .values({
      name: v.name,
      tableType: v.tableType,
      head: v.head,
      rows: v.rows,
      createdBy: v.userId,
      updatedBy: v.userId,
    })
    .returning({ id: tableConfigs.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Writes the new layout when the stored version is still `version`; false when someone saved in between. */
export async function updateTableConfig(
  db: Db,
  v: { id: number; version: number; name: string; tableType: string; head: string[]; rows: string[][]; userId: string },
) {
  const done = await db
    .update(tableConfigs)
    .set({
      name: v.name,
      tableType: v.tableType,
      head: v.head,
      rows: v.rows,
      version: sql`${tableConfigs.version} + 1`,
      updatedBy: v.userId,
      updatedAt: new Date(),
    })
    .where(and(eq(tableConfigs.id, v.id), eq(tableConfigs.version, v.version)))
    .returning({ id: tableConfigs.id });
  return done.length === 1;
}

export async function deleteTableConfig(db: Db, id: number) {
  const done = await db.delete(tableConfigs).where(eq(tableConfigs.id, id)).returning({ id: tableConfigs.id });
  return done.length === 1;
}
