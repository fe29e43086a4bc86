import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * 对标分析 (issue 35 item 2): the public figures of schools' annual quality reports (高等职业教育质量年度报告) as the
 * school imports them, one row per school, year and indicator (the contract's RIVAL_INDICATORS). `sample`: 示例数据.
 */
export const rivalFigures = pgTable(
  'rival_figures',
  {
    schoolCode: varchar('school_code', { length: 20 }).notNull(),
    year: smallint('year').notNull(),
    indicator: varchar('indicator', { length: 16 }).notNull(),
    value: doublePrecision('value').notNull(),
    sample: boolean('sample').notNull().default(false),
    updatedBy: varchar('updated_by', { length: 64 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolCode, t.year, t.indicator] }),
    index('rival_figures_indicator_year_idx').on(t.indicator, t.year),
  ],
);

/** The school itself (本校) as the comparisons name it: one row. */
export const rivalSettings = pgTable(
  'rival_settings',
  {
    id: integer('id').primaryKey().default(1),
    schoolCode: varchar('school_code', { length: 20 }).notNull(),
    schoolName: varchar('school_name', { length: 100 }).notNull(),
    updatedBy: varchar('updated_by', { length: 64 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('rival_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * 双高 (issue 35 item 3): the units of the double-high plan by round, kept by the school (the sourced entries are
 * seeded with their source; the rest comes by Excel). `sample`: an entry for the demo, not from the published list.
 */
export const doubleHighUnits = pgTable(
  'double_high_units',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    schoolName: varchar('school_name', { length: 100 }).notNull(),
    schoolCode: varchar('school_code', { length: 20 }),
    kind: varchar('kind', { length: 8 }).notNull(),
    grade: varchar('grade', { length: 1 }).notNull(),
    majors: text('majors').notNull().default(''),
    source: varchar('source', { length: 300 }).notNull().default(''),
    sample: boolean('sample').notNull().default(false),
    updatedBy: varchar('updated_by', { length: 64 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('double_high_units_year_name_uq').on(t.year, t.schoolName),
    index('double_high_units_code_idx').on(t.schoolCode),
    check('double_high_units_kind', sql`${t.kind} in ('school', 'major')`),
    check('double_high_units_grade', sql`${t.grade} in ('A', 'B', 'C')`),
  ],
);
