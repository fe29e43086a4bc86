import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Cycles (周期), kept by data management (modules/data-manage, cycle.*): the cycle types (year, academic year, term,
 * period, point of time: seeded, not edited) and their values. Target tasks name a type and hold value ids as text
 * (target_tasks.cycle_values), which is why a value in use is never deleted, renamed or moved.
 */
export const cycleTypes = pgTable('cycle_types', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 30 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Cycle values (周期值); at most one default per type (the partial unique index says so to the database too). */
export const cycleValues = pgTable(
  'cycle_values',
  {
    id: serial('id').primaryKey(),
    cycleTypeId: integer('cycle_type_id')
      .notNull()
      .references(() => cycleTypes.id, { onDelete: 'cascade' }),
    value: varchar('value', { length: 60 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('cycle_values_type_value_uq').on(t.cycleTypeId, t.value),
    uniqueIndex('cycle_values_one_default_uq').on(t.cycleTypeId).where(sql`${t.isDefault}`),
  ],
);
