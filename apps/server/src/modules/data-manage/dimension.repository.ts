import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  departmentDuties,
  departments,
  dimensionObjects,
  dimensions,
  users,
  warehouseFields,
  warehouseTables,
} from '../../db/schema';

/** Dimension types, their objects and the department responsibilities (部门职责). */

export type TypeRow = typeof dimensions.$inferSelect;
export type ObjectRow = typeof dimensionObjects.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- types ----

const objectCount = sql<number>`(select count(*)::int from ${dimensionObjects} o where o.dimension_id = "dimensions"."id")`;

export async function pageTypes(db: Db, q: { limit: number; offset: number }) {
  const [records, [total]] = await Promise.all([
    db
      .select({ type: dimensions, objects: objectCount })
      .from(dimensions)
      .orderBy(asc(dimensions.sortOrder), asc(dimensions.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(dimensions),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function allTypes(db: Db) {
  return db
    .select({ id: dimensions.id, code: dimensions.code, name: dimensions.name })
    .from(dimensions)
    .orderBy(asc(dimensions.sortOrder), asc(dimensions.id));
}

export async function findType(db: Db, id: number) {
  const rows = await db
    .select({ type: dimensions, objects: objectCount })
    .from(dimensions)
    .where(eq(dimensions.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockType(db: Db, id: number) {
  const rows = await db.select().from(dimensions).where(eq(dimensions.id, id)).for('update');
  return rows[0] ?? null;
}

/** Another type with this code or name. */
export async function typeClash(db: Db, code: string, name: string, except?: number) {
  const rows = await db
    .select({ code: dimensions.code, name: dimensions.name })
    .from(dimensions)
    .where(
      and(
        or(eq(sql`lower(${dimensions.code})`, code.toLowerCase()), eq(dimensions.name, name)),
        except ? ne(dimensions.id, except) : undefined,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertType(db: Db, row: typeof dimensions.$inferInsert) {
  const [r] = await db.insert(dimensions).values(row).returning();
  return r!;
}

export async function updateType(db: Db, id: number, set: Partial<typeof dimensions.$inferInsert>) {
  await db.update(dimensions).set(set).where(eq(dimensions.id, id));
}

export async function deleteType(db: Db, id: number) {
  await db.delete(dimensions).where(eq(dimensions.id, id));
}

/** The warehouse fields linked to a type, as "table.field" labels (a few, and their count). */
export async function fieldsLinkedTo(db: Db, typeId: number) {
  return db
    .select({ table: warehouseTables.label, field: warehouseFields.label })
    .from(warehouseFields)
    .innerJoin(warehouseTables, eq(warehouseTables.id, warehouseFields.tableId))
    .where(eq(warehouseFields.dimensionId, typeId))
    .orderBy(asc(warehouseTables.id), asc(warehouseFields.sortOrder))
    .limit(4);
}

// ---- objects ----

const parent = alias(dimensionObjects, 'parent');
const parentType = alias(dimensions, 'parent_type');
const childCount = sql<number>`(select count(*)::int from ${dimensionObjects} c where c.parent_id = "dimension_objects"."id")`;

const objectColumns = {
  object: dimensionObjects,
  typeCode: dimensions.code,
  typeName: dimensions.name,
  parentCode: parent.code,
  parentName: parent.name,
  parentTypeName: parentType.name,
  children: childCount,
};
export type ObjectListRow = {
  object: ObjectRow;
  typeCode: string;
  typeName: string;
  parentCode: string | null;
  parentName: string | null;
  parentTypeName: string | null;
  children: number;
};

function objectsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(objectColumns)
    .from(dimensionObjects)
    .innerJoin(dimensions, eq(dimensions.id, dimensionObjects.dimensionId))
    .leftJoin(parent, eq(parent.id, dimensionObjects.parentId))
    .leftJoin(parentType, eq(parentType.id, parent.dimensionId))
    .where(where);
}

export interface ObjectFilter {
  typeId?: number;
  keyword?: string;
  parentId?: number;
}

function objectWhere(q: ObjectFilter) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  return and(
    q.typeId ? eq(dimensionObjects.dimensionId, q.typeId) : undefined,
    q.parentId ? eq(dimensionObjects.parentId, q.parentId) : undefined,
    like ? or(ilike(dimensionObjects.name, like), ilike(dimensionObjects.code, like)) : undefined,
  );
}

export async function pageObjects(db: Db, q: ObjectFilter & { limit: number; offset: number }) {
  const where = objectWhere(q);
  const [records, [total]] = await Promise.all([
    objectsQuery(db, where)
      .orderBy(asc(dimensionObjects.dimensionId), asc(dimensionObjects.sortOrder), asc(dimensionObjects.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(dimensionObjects).where(where),
  ]);
  return { records: records as ObjectListRow[], total: Number(total?.n ?? 0) };
}

/** Objects in export order, a batch at a time (keyset on type, order and id), for the streamed export. */
export async function* objectBatches(db: Db, q: ObjectFilter, size = 1000): AsyncGenerator<ObjectListRow[]> {
  let after: ObjectRow | null = null;
  for (;;) {
    const o = dimensionObjects;
    const batch = (await objectsQuery(
      db,
      and(
        objectWhere(q),
        after
          ? sql`(${o.dimensionId}, ${o.sortOrder}, ${o.id}) > (${after.dimensionId}, ${after.sortOrder}, ${after.id})`
          : undefined,
      ),
    )
      .orderBy(asc(o.dimensionId), asc(o.sortOrder), asc(o.id))
      .limit(size)) as ObjectListRow[];
    if (batch.length) yield batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1]!.object;
  }
}

export async function findObject(db: Db, id: number) {
  const rows = await objectsQuery(db, eq(dimensionObjects.id, id)).limit(1);
  return (rows[0] as ObjectListRow | undefined) ?? null;
}

export async function lockObject(db: Db, id: number) {
  const rows = await db.select().from(dimensionObjects).where(eq(dimensionObjects.id, id)).for('update');
  return rows[0] ?? null;
}

export async function objectWithCode(db: Db, typeId: number, code: string) {
  const rows = await db
    .select({ id: dimensionObjects.id })
    .from(dimensionObjects)
    .where(and(eq(dimensionObjects.dimensionId, typeId), eq(dimensionObjects.code, code)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The chain above an object: itself first, then its parent ... (bounded, so a stored cycle cannot loop). */
export async function chainOf(db: Db, id: number, depthMax: number) {
  const result = await db.execute(sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from ${dimensionObjects} where id = ${id}
      union all
      select o.id, o.parent_id, chain.depth + 1 from ${dimensionObjects} o join chain on o.id = chain.parent_id
      where chain.depth < ${depthMax}
    )
    select chain.id, chain.depth, o.code, o.name, d.name as type_name
    from chain join ${dimensionObjects} o on o.id = chain.id join ${dimensions} d on d.id = o.dimension_id
    order by chain.depth`);
  return (result as unknown as { rows: { id: number; depth: number; code: string; name: string; type_name: string }[] })
    .rows;
}

export async function insertObject(db: Db, row: typeof dimensionObjects.$inferInsert) {
  const [r] = await db.insert(dimensionObjects).values(row).returning({ id: dimensionObjects.id });
  return r!.id;
}

export async function updateObject(db: Db, id: number, set: Partial<typeof dimensionObjects.$inferInsert>) {
  await db
    .update(dimensionObjects)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(dimensionObjects.id, id));
}

export async function lockObjects(db: Db, ids: number[]) {
  return db
    .select({ id: dimensionObjects.id, name: dimensionObjects.name })
    .from(dimensionObjects)
    .where(inArray(dimensionObjects.id, ids))
    .orderBy(asc(dimensionObjects.id))
    .for('update');
}

/** For each of the objects with children outside `ids`: how many, and one child's name. */
export async function childrenOutside(db: Db, ids: number[]) {
  const result = await db.execute(sql`
    select c.parent_id as id, count(*)::int as n, min(c.name) as first
    from ${dimensionObjects} c
    where c.parent_id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and c.id not in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})
    group by c.parent_id`);
  return (result as unknown as { rows: { id: number; n: number; first: string }[] }).rows;
}

export async function deleteObjects(db: Db, ids: number[]) {
  // Parent links among the deleted ones go first: RESTRICT checks each row as it goes.
  await db.update(dimensionObjects).set({ parentId: null }).where(inArray(dimensionObjects.id, ids));
  await db.delete(dimensionObjects).where(inArray(dimensionObjects.id, ids));
}

/** Every stored object as the import plan needs it. */
export async function storedObjects(db: Db) {
  return db
    .select({
      id: dimensionObjects.id,
      typeId: dimensionObjects.dimensionId,
      code: dimensionObjects.code,
      parentId: dimensionObjects.parentId,
    })
    .from(dimensionObjects);
}

/** Inserts or updates (by type and code) a batch of objects; answers their ids by `typeId:code`. */
export async function upsertObjects(db: Db, rows: (typeof dimensionObjects.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db
    .insert(dimensionObjects)
    .values(rows)
    .onConflictDoUpdate({
      target: [dimensionObjects.dimensionId, dimensionObjects.code],
      set: {
        name: sql`excluded.name`,
        parentId: sql`excluded.parent_id`,
        sortOrder: sql`excluded.sort_order`,
        enabled: sql`excluded.enabled`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: dimensionObjects.id, typeId: dimensionObjects.dimensionId, code: dimensionObjects.code });
}

// ---- department responsibilities ----

export async function findDepartment(db: Db, id: string) {
  const rows = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks a department's row, so two saves of its responsibilities take turns. */
export async function lockDepartment(db: Db, id: string) {
  const rows = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.id, id))
    .for('update');
  return rows[0] ?? null;
}

export async function dutiesOfDepartment(db: Db, departmentId: string) {
  return db
    .select({
      id: dimensionObjects.id,
      typeId: dimensionObjects.dimensionId,
      typeName: dimensions.name,
      code: dimensionObjects.code,
      name: dimensionObjects.name,
    })
    .from(departmentDuties)
    .innerJoin(dimensionObjects, eq(dimensionObjects.id, departmentDuties.objectId))
    .innerJoin(dimensions, eq(dimensions.id, dimensionObjects.dimensionId))
    .where(eq(departmentDuties.departmentId, departmentId))
    .orderBy(asc(dimensions.sortOrder), asc(dimensions.id), asc(dimensionObjects.sortOrder), asc(dimensionObjects.id));
}

/** The departments answering for the given objects. */
export async function dutiesOfObjects(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      objectId: departmentDuties.objectId,
      objectName: dimensionObjects.name,
      departmentId: departments.id,
      departmentName: departments.name,
    })
    .from(departmentDuties)
    .innerJoin(departments, eq(departments.id, departmentDuties.departmentId))
    .innerJoin(dimensionObjects, eq(dimensionObjects.id, departmentDuties.objectId))
    .where(inArray(departmentDuties.objectId, ids))
    .orderBy(asc(departmentDuties.objectId), asc(departments.sortOrder));
}

export async function existingObjectIds(db: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: dimensionObjects.id })
    .from(dimensionObjects)
    .where(inArray(dimensionObjects.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function pageDutiesByType(
  db: Db,
  q: { typeId: number; keyword?: string; departmentId?: string; limit: number; offset: number },
) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  const where = and(
    eq(dimensionObjects.dimensionId, q.typeId),
    like ? or(ilike(dimensionObjects.name, like), ilike(dimensionObjects.code, like)) : undefined,
    q.departmentId
      ? or(sql`${departmentDuties.departmentId} is null`, eq(departmentDuties.departmentId, q.departmentId))
      : undefined,
  );
  const from = () =>
    db
      .select({
        id: dimensionObjects.id,
        typeId: dimensionObjects.dimensionId,
        typeName: dimensions.name,
        code: dimensionObjects.code,
        name: dimensionObjects.name,
        departmentId: departments.id,
        departmentName: departments.name,
      })
      .from(dimensionObjects)
      .innerJoin(dimensions, eq(dimensions.id, dimensionObjects.dimensionId))
      .leftJoin(departmentDuties, eq(departmentDuties.objectId, dimensionObjects.id))
      .leftJoin(departments, eq(departments.id, departmentDuties.departmentId))
      .where(where);
  const [records, [total]] = await Promise.all([
    from().orderBy(asc(dimensionObjects.sortOrder), asc(dimensionObjects.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: count() })
      .from(dimensionObjects)
      .leftJoin(departmentDuties, eq(departmentDuties.objectId, dimensionObjects.id))
      .where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function replaceDuties(db: Db, departmentId: string, objectIds: number[], by: string) {
  await db.delete(departmentDuties).where(eq(departmentDuties.departmentId, departmentId));
  for (let i = 0; i < objectIds.length; i += 1000) {
    await db
      .insert(departmentDuties)
      .values(objectIds.slice(i, i + 1000).map((objectId) => ({ departmentId, objectId, createdBy: by })));
  }
}

/**
 * The objects of a dimension type (by its code), each with its parent object (of any type) and the department
 * answering for it (部门职责) with that department's head (charge_user_id): one statement, in the type's order.
 */
export async function objectsWithDuty(db: Db, q: { typeCode: string; ids?: number[]; includeDisabled?: boolean }) {
  const parent = alias(dimensionObjects, 'parent');
  const parentType = alias(dimensions, 'parent_type');
  const head = alias(users, 'head');
  return db
    .select({
      id: dimensionObjects.id,
      code: dimensionObjects.code,
      name: dimensionObjects.name,
      sortOrder: dimensionObjects.sortOrder,
      enabled: dimensionObjects.enabled,
      parentId: parent.id,
      parentCode: parent.code,
      parentName: parent.name,
      parentTypeCode: parentType.code,
      departmentId: departments.id,
      departmentName: departments.name,
      headId: head.id,
      headName: head.name,
    })
    .from(dimensionObjects)
    .innerJoin(dimensions, eq(dimensions.id, dimensionObjects.dimensionId))
    .leftJoin(parent, eq(parent.id, dimensionObjects.parentId))
    .leftJoin(parentType, eq(parentType.id, parent.dimensionId))
    .leftJoin(departmentDuties, eq(departmentDuties.objectId, dimensionObjects.id))
    .leftJoin(departments, eq(departments.id, departmentDuties.departmentId))
    .leftJoin(head, eq(head.id, departments.chargeUserId))
    .where(
      and(
        eq(dimensions.code, q.typeCode),
        q.ids ? inArray(dimensionObjects.id, q.ids.length ? q.ids : [-1]) : undefined,
        q.includeDisabled ? undefined : eq(dimensionObjects.enabled, true),
      ),
    )
    .orderBy(asc(dimensionObjects.sortOrder), asc(dimensionObjects.id));
}

export async function typeWithCode(db: Db, code: string) {
  const rows = await db.select().from(dimensions).where(eq(dimensions.code, code)).limit(1);
  return rows[0] ?? null;
}

/** Imports and bulk upserts take turns (the plan is made from every stored object). */
export async function lockImports(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(727274017)`);
}
