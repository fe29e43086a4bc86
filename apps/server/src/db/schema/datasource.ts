import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * Data sources (数据源): external PostgreSQL databases algorithms read from. `passwordSecret` is the password sealed
 * with AES-256-GCM (platform/secret-box.ts: version, 12-byte IV, auth tag and ciphertext), never the password itself;
 * null when the source has none. `schemas` are the schemas it declares (one or more, chosen by the administrator):
 * the search_path of a run on it, and all an algorithm there may read (issue 28; migration 0024 made the one
 * `schema` of before, or public, its only element).
 */
export const dataSources = pgTable('data_sources', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  kind: varchar('kind', { length: 20 }).notNull().default('postgresql'),
  host: varchar('host', { length: 253 }).notNull(),
  port: integer('port').notNull().default(5432),
  database: varchar('database', { length: 63 }).notNull(),
  username: varchar('username', { length: 63 }).notNull(),
  passwordSecret: text('password_secret'),
  schemas: varchar('schemas', { length: 63 }).array().notNull().default(sql`'{public}'::varchar(63)[]`),
  note: varchar('note', { length: 300 }),
  createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
