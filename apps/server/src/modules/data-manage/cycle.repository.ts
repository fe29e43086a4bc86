import { and, asc, count, eq, gte, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cycleTypes, cycleValues } from '../../db/schema';

/** Cycles: the cycle types and their values (who names a value is asked through cycle-users.ts). */

export type CycleTypeRow = typeof cycleTypes.$inferSelect;
export type CycleValueRow = typeof cycleValues.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const valueColumns = {
  value: cycleValues,
  typeName: cycleTypes.name,
};

export async function listCycleTypes(db: Db) {
  return db
    .select({
      type: cycleTypes,
      values: sql<number>`(select count(*)::int from ${cycleValues} v where v.cycle_type_id = "cycle_types"."id")`,
    })
    .from(cycleTypes)
    .orderBy(asc(cycleTypes.sortOrder), asc(cycleTypes.id));
}

export async function findCycleType(db: Db, id: number) {
  const rows = await db.select().from(cycleTypes).where(eq(cycleTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Every cycle value of the given types (all types when none given), hidden ones only when asked, in order. */
export async function valuesOfTypes(db: Db, opts: { typeIds?: number[]; withHidden: boolean }) {
  const where = and(
    opts.typeIds ? inArray(cycleValues.cycleTypeId, opts.typeIds) : undefined,
    opts.withHidden ? undefined : eq(cycleValues.hidden, false),
  );
  if (opts.typeIds && opts.typeIds.length === 0) return [];
  return db.select().from(cycleValues).where(where).orderBy(asc(cycleValues.sortOrder), asc(cycleValues.id));
}

export async function pageCycleValues(
  db: Db,
  q: { current: number; size: number; cycleTypeId?: number; keyword?: string },
) {
  const where = and(
    q.cycleTypeId ? eq(cycleValues.cycleTypeId, q.cycleTypeId) : undefined,
    q.keyword ? ilike(cycleValues.value, `%${escapeLike(q.keyword)}%`) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select(valueColumns)
      .from(cycleValues)
      .innerJoin(cycleTypes, eq(cycleTypes.id, cycleValues.cycleTypeId))
      .where(where)
      .orderBy(asc(cycleTypes.sortOrder), asc(cycleValues.sortOrder), asc(cycleValues.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(cycleValues).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findCycleValue(db: Db, id: number) {
  const rows = await db
    .select(valueColumns)
    .from(cycleValues)
    .innerJoin(cycleTypes, eq(cycleTypes.id, cycleValues.cycleTypeId))
    .where(eq(cycleValues.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks values (in id order, so two deleters never deadlock) for a change that depends on their use. */
export async function lockCycleValues(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(cycleValues).where(inArray(cycleValues.id, ids)).orderBy(asc(cycleValues.id)).for('update');
}

/** Locks a type's values: changes to the default or the order of a type are made one at a time. */
export async function lockTypeValues(db: Db, typeId: number) {
  await db.execute(sql`select id from ${cycleTypes} where id = ${typeId} for update`);
}

export async function valueNamed(db: Db, typeId: number, value: string, exceptId?: number) {
  const rows = await db
    .select({ id: cycleValues.id })
    .from(cycleValues)
    .where(
      and(
        eq(cycleValues.cycleTypeId, typeId),
        eq(cycleValues.value, value),
        exceptId ? ne(cycleValues.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertCycleValue(db: Db, row: typeof cycleValues.$inferInsert) {
  const [r] = await db.insert(cycleValues).values(row).returning({ id: cycleValues.id });
  return r!.id;
}

export async function updateCycleValue(db: Db, id: number, set: Partial<typeof cycleValues.$inferInsert>) {
  const rows = await db.update(cycleValues).set(set).where(eq(cycleValues.id, id)).returning({ id: cycleValues.id });
  return rows.length === 1;
}

/** Moves every value of the type whose order is at least `from` one place down. */
export async function shiftOrders(db: Db, typeId: number, from: number) {
  await db
    .update(cycleValues)
    .set({ sortOrder: sql`${cycleValues.sortOrder} + 1` })
    .where(and(eq(cycleValues.cycleTypeId, typeId), gte(cycleValues.sortOrder, from)));
}

/** Clears the default of a type (before another value becomes it). */
export async function clearDefault(db: Db, typeId: number) {
  await db
    .update(cycleValues)
    .set({ isDefault: false })
    .where(and(eq(cycleValues.cycleTypeId, typeId), eq(cycleValues.isDefault, true)));
}

export async function deleteCycleValues(db: Db, ids: number[]) {
  await db.delete(cycleValues).where(inArray(cycleValues.id, ids));
}
