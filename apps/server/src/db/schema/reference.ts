import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Cycle types and values live in ./cycle (kept by data management); re-exported for the files that import them here. */
export { cycleTypes, cycleValues } from './cycle';

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
