import { integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Table configurations (表格配置) of collection forms: column titles and, for a fixed table, preset rows. */
export const tableConfigs = pgTable('table_configs', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  tableType: varchar('table_type', { length: 10 }).notNull(),
  head: jsonb('head').$type<string[]>().notNull(),
  rows: jsonb('rows').$type<string[][]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  createdBy: varchar('created_by', { length: 64 }).notNull(),
  updatedBy: varchar('updated_by', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
