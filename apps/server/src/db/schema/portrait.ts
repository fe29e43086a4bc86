import { index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { algorithms } from './algorithm';
import { dimensionObjects } from './dimension';
import { users } from './platform';

/**
 * 画像分析 (issue 35 item 1): the configured cards of the portraits — a named key figure (a value algorithm, run for
 * the portrait's object and year) shown on a portrait kind; edited and deleted by their creator only.
 */
export const portraitCards = pgTable(
  'portrait_cards',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    label: varchar('label', { length: 20 }).notNull(),
    unit: varchar('unit', { length: 10 }).notNull().default(''),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithms.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portrait_cards_kind_idx').on(t.kind, t.sort, t.id)],
);

/**
 * The portrayal authority (画像权限): the dimension objects a user may see the portraits of, with everything under
 * them (a college head their college, a major head their major). The school's leaders see everything by role.
 */
export const portraitGrants = pgTable(
  'portrait_grants',
  {
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectId: integer('object_id')
      .notNull()
      .references(() => dimensionObjects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.objectId] }), index('portrait_grants_object_idx').on(t.objectId)],
);
