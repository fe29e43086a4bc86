import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Cycle types (周期类型): year, academic year, term, period, point of time. */
export const cycleTypes = pgTable('cycle_types', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 30 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Cycle values (周期值); one default per type. */
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
  (t) => [uniqueIndex('cycle_values_type_value_uq').on(t.cycleTypeId, t.value)],
);

/** Target task types A-D (任务类型). */
export const taskTypes = pgTable('task_types', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 8 }).notNull().unique(),
  name: varchar('name', { length: 30 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Warning types (预警类型): name, description, days, period and its values, order. */
export const warningTypes = pgTable('warning_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  description: varchar('description', { length: 200 }),
  kind: varchar('kind', { length: 16 }).notNull(),
  days: integer('days').notNull().default(0),
  period: varchar('period', { length: 8 }).notNull().default('no'),
  periodWeekday: smallint('period_weekday'),
  periodDay: smallint('period_day'),
  /** Months (1-12) a monthly type raises its warnings in; empty: every month. */
  periodMonths: smallint('period_months').array().notNull().default(sql`'{}'::smallint[]`),
  periodHour: smallint('period_hour'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdBy: varchar('created_by', { length: 64 }),
  updatedBy: varchar('updated_by', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sample schools for the school picker and rival analysis. */
export const schools = pgTable(
  'schools',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    province: varchar('province', { length: 20 }).notNull(),
    nature: varchar('nature', { length: 20 }).notNull(),
    level: varchar('level', { length: 20 }).notNull(),
  },
  (t) => [index('schools_province_idx').on(t.province), index('schools_name_idx').on(t.name)],
);

/** A user's saved common-query settings of the school picker (level, nature, province lists). */
export const userSchoolSettings = pgTable('user_school_settings', {
  userId: varchar('user_id', { length: 64 }).primaryKey(),
  levels: jsonb('levels').$type<string[]>().notNull().default([]),
  natures: jsonb('natures').$type<string[]>().notNull().default([]),
  provinces: jsonb('provinces').$type<string[]>().notNull().default([]),
  state: boolean('state').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
