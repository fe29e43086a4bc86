import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dimensions, warehouseFields, warehouses, warehouseTables } from '../../db/schema';

/** The warehouse catalogue: warehouses, their tables and the tables' fields (the definitions, not the rows). */

export type WarehouseRow = typeof warehouses.$inferSelect;
export type TableRow = typeof warehouseTables.$inferSelect;
export type FieldRow = typeof warehouseFields.$inferSelect;
export type FieldInsert = typeof warehouseFields.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- warehouses ----

/** Spelled out with the table's name: drizzle leaves columns unqualified in a one-table select, where `id` would be t's. */
const tableCount = sql<number>`(select count(*)::int from ${warehouseTables} t where t.warehouse_id = "warehouses"."id")`;

export async function listWarehouses(db: Db) {
  return db
    .select({ warehouse: warehouses, tables: tableCount })
    .from(warehouses)
    .orderBy(asc(warehouses.sortOrder), asc(warehouses.id));
}

export async function pageWarehouses(db: Db, q: { current: number; size: number; keyword?: string }) {
  const where = q.keyword ? ilike(warehouses.name, `%${escapeLike(q.keyword)}%`) : undefined;
  const [records, [total]] = await Promise.all([
    db
      .select({ warehouse: warehouses, tables: tableCount })
      .from(warehouses)
      .where(where)
      .orderBy(asc(warehouses.sortOrder), asc(warehouses.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(warehouses).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findWarehouse(db: Db, id: number) {
  const rows = await db
    .select({ warehouse: warehouses, tables: tableCount })
    .from(warehouses)
    .where(eq(warehouses.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function warehouseNamed(db: Db, name: string) {
  const rows = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.name, name)).limit(1);
  return rows[0]?.id ?? null;
}

export async function insertWarehouse(db: Db, row: typeof warehouses.$inferInsert) {
  const [r] = await db.insert(warehouses).values(row).returning();
  return r!;
}

export async function updateWarehouse(db: Db, id: number, set: Partial<typeof warehouses.$inferInsert>) {
  const rows = await db
    .update(warehouses)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(warehouses.id, id))
    .returning({ id: warehouses.id });
  return rows.length === 1;
}

/** Locks the warehouses (in id order) for a delete, with their table counts. */
export async function lockWarehouses(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(inArray(warehouses.id, ids))
    .orderBy(asc(warehouses.id))
    .for('update');
  const counts = await db
    .select({ warehouseId: warehouseTables.warehouseId, n: count() })
    .from(warehouseTables)
    .where(inArray(warehouseTables.warehouseId, ids))
    .groupBy(warehouseTables.warehouseId);
  const n = new Map(counts.map((c) => [c.warehouseId, Number(c.n)]));
  return rows.map((r) => ({ ...r, tables: n.get(r.id) ?? 0 }));
}

export async function deleteWarehouses(db: Db, ids: number[]) {
  await db.delete(warehouses).where(inArray(warehouses.id, ids));
}

// ---- tables ----

const fieldCount = sql<number>`(select count(*)::int from ${warehouseFields} f where f.table_id = "warehouse_tables"."id")`;
const tableColumns = { table: warehouseTables, warehouseName: warehouses.name, fields: fieldCount };

export async function pageTables(db: Db, q: { current: number; size: number; ckid?: number; keyword?: string }) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  const where = and(
    q.ckid ? eq(warehouseTables.warehouseId, q.ckid) : undefined,
    like ? or(ilike(warehouseTables.name, like), ilike(warehouseTables.label, like)) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select(tableColumns)
      .from(warehouseTables)
      .innerJoin(warehouses, eq(warehouses.id, warehouseTables.warehouseId))
      .where(where)
      .orderBy(desc(warehouseTables.createdAt), desc(warehouseTables.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(warehouseTables).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function listTables(db: Db, warehouseId?: number) {
  return db
    .select(tableColumns)
    .from(warehouseTables)
    .innerJoin(warehouses, eq(warehouses.id, warehouseTables.warehouseId))
    .where(warehouseId ? eq(warehouseTables.warehouseId, warehouseId) : undefined)
    .orderBy(asc(warehouseTables.name));
}

export async function findTable(db: Db, id: number) {
  const rows = await db
    .select(tableColumns)
    .from(warehouseTables)
    .innerJoin(warehouses, eq(warehouses.id, warehouseTables.warehouseId))
    .where(eq(warehouseTables.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks a table's definition for a structure change (so two changes of one table take turns). */
export async function lockTable(db: Db, id: number) {
  const rows = await db.select().from(warehouseTables).where(eq(warehouseTables.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function lockTables(db: Db, ids: number[]) {
  return db
    .select()
    .from(warehouseTables)
    .where(inArray(warehouseTables.id, ids))
    .orderBy(asc(warehouseTables.id))
    .for('update');
}

export async function tableNamed(db: Db, name: string) {
  const rows = await db
    .select({ id: warehouseTables.id })
    .from(warehouseTables)
    .where(eq(warehouseTables.name, name))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertTable(db: Db, row: typeof warehouseTables.$inferInsert) {
  const [r] = await db.insert(warehouseTables).values(row).returning();
  return r!;
}

export async function updateTable(db: Db, id: number, set: Partial<typeof warehouseTables.$inferInsert>) {
  await db
    .update(warehouseTables)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(warehouseTables.id, id));
}

export async function deleteTables(db: Db, ids: number[]) {
  await db.delete(warehouseTables).where(inArray(warehouseTables.id, ids));
}

// ---- fields ----

const fieldColumns = { field: warehouseFields, dimensionName: dimensions.name };

export async function fieldsOf(db: Db, tableId: number) {
  return db
    .select(fieldColumns)
    .from(warehouseFields)
    .leftJoin(dimensions, eq(dimensions.id, warehouseFields.dimensionId))
    .where(eq(warehouseFields.tableId, tableId))
    .orderBy(asc(warehouseFields.sortOrder), asc(warehouseFields.id));
}

export async function pageFields(db: Db, q: { ckbid: number; current: number; size: number; keyword?: string }) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  const where = and(
    eq(warehouseFields.tableId, q.ckbid),
    like ? or(ilike(warehouseFields.name, like), ilike(warehouseFields.label, like)) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select(fieldColumns)
      .from(warehouseFields)
      .leftJoin(dimensions, eq(dimensions.id, warehouseFields.dimensionId))
      .where(where)
      .orderBy(asc(warehouseFields.sortOrder), asc(warehouseFields.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(warehouseFields).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findField(db: Db, id: number) {
  const rows = await db
    .select(fieldColumns)
    .from(warehouseFields)
    .leftJoin(dimensions, eq(dimensions.id, warehouseFields.dimensionId))
    .where(eq(warehouseFields.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function fieldsByIds(db: Db, ids: number[]) {
  return db.select().from(warehouseFields).where(inArray(warehouseFields.id, ids)).orderBy(asc(warehouseFields.id));
}

export async function nextFieldOrder(db: Db, tableId: number) {
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${warehouseFields.sortOrder}), 0)::int + 1` })
    .from(warehouseFields)
    .where(eq(warehouseFields.tableId, tableId));
  return r?.n ?? 1;
}

export async function insertFields(db: Db, rows: FieldInsert[]) {
  if (rows.length === 0) return [];
  return db.insert(warehouseFields).values(rows).returning();
}

export async function updateField(db: Db, id: number, set: Partial<typeof warehouseFields.$inferInsert>) {
  await db
    .update(warehouseFields)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(warehouseFields.id, id));
}

export async function deleteFields(db: Db, ids: number[]) {
  await db.delete(warehouseFields).where(inArray(warehouseFields.id, ids));
}

export async function deleteFieldsOf(db: Db, tableId: number) {
  await db.delete(warehouseFields).where(eq(warehouseFields.tableId, tableId));
}

/** Dimension ids that exist among the given ones, and every dimension by name (for structure imports). */
export async function dimensionIds(db: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: dimensions.id }).from(dimensions).where(inArray(dimensions.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function allDimensions(db: Db) {
  return db.select({ id: dimensions.id, name: dimensions.name, code: dimensions.code }).from(dimensions);
}
