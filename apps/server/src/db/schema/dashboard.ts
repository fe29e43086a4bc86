import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { algorithms } from './algorithm';
import { users } from './platform';

/** 图表分类 (ybplx): the chart library's types. */
export const dashboardChartTypes = pgTable('dashboard_chart_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * 图表库 (ybp): a chart or detail algorithm published for roles (`roles` empty: every signed-in user); a user may
 * subscribe (and run through the dashboard) only the charts published for one of their roles.
 */
export const dashboardCharts = pgTable(
  'dashboard_charts',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dashboardChartTypes.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithms.id, { onDelete: 'cascade' }),
    widthFactor: integer('width_factor').notNull().default(1),
    roles: text('roles').array().notNull().default([]),
    remark: varchar('remark', { length: 300 }),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboard_charts_type_idx').on(t.typeId), index('dashboard_charts_algorithm_idx').on(t.algorithmId)],
);

/**
 * 订阅 (ybpdy): a user's dashboard cards, kept on the server (every device sees the same layout), always on the grid
 * with no overlap (contract normaliseLayout). A `chart` card names the published chart and the algorithm version
 * saved at subscription (sfbb); built-in charts and embedded pages name neither.
 */
export const dashboardCards = pgTable(
  'dashboard_cards',
  {
    id: serial('id').primaryKey(),
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    chartId: integer('chart_id').references(() => dashboardCharts.id, { onDelete: 'cascade' }),
    versionId: integer('version_id'),
    title: varchar('title', { length: 100 }).notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    widthFactor: integer('width_factor').notNull(),
    h: integer('h').notNull(),
    params: jsonb('params').notNull().default({}),
    url: varchar('url', { length: 2000 }),
    sortOrder: integer('sort_order').notNull().default(0),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboard_cards_user_idx').on(t.userId, t.sortOrder)],
);

/**
 * A user who has arranged their dashboard (issue 34): set when the built-in cards are laid out on their first visit
 * and by every save, so a dashboard the user emptied stays empty (only a user without this row gets the defaults).
 */
export const dashboardArranged = pgTable('dashboard_arranged', {
  userId: varchar('user_id', { length: 64 })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  arrangedAt: timestamp('arranged_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 数据大屏 (schoolScreen): a 1920x1080 layout of charts and figures, seen by its roles (empty: the menu's holders). */
export const schoolScreens = pgTable('school_screens', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  roles: text('roles').array().notNull().default([]),
  refreshSeconds: integer('refresh_seconds').notNull().default(300),
  items: jsonb('items').notNull().default([]),
  updatedBy: varchar('updated_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every saved layout of a screen, kept as a version (querySchoolHistory; restored by saveSchoolHistory). */
export const schoolScreenHistory = pgTable(
  'school_screen_history',
  {
    id: serial('id').primaryKey(),
    screenId: integer('screen_id')
      .notNull()
      .references(() => schoolScreens.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    items: jsonb('items').notNull(),
    savedBy: varchar('saved_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('school_screen_history_screen_idx').on(t.screenId, t.number)],
);
