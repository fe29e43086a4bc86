import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './platform';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Notifications (消息通知): one row per user and event, written by `notify` inside the transaction of the event, so a
 * rolled-back action notifies nobody. `dedupe_key` names the event for its user (taskWarning:12:1764…): the same event
 * notified twice (a retried job, a second path to the same person) is one row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: varchar('body', { length: 1000 }),
    /** The web page of the record (a hash path such as /targetTaskManagement/urge). */
    link: varchar('link', { length: 500 }),
    /** What it is about (urge / 12), for the dedupe and for a later module to find its items. */
    entityType: varchar('entity_type', { length: 40 }),
    entityId: varchar('entity_id', { length: 64 }),
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
  },
  (t) => [
    // The bell: one index-only count of the user's unread rows.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The list, newest first, all or unread.
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
  ],
);

/**
 * The daily digest: one row per user and day, claimed by one worker of one instance (insert … on conflict do nothing,
 * then a lease), so a user gets one mail a day; a refused or unanswered send is tried again after `next_try_at`.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** pending, sending (leased until locked_until), sent, skipped (nothing unread any more), failed (gave up). */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextTryAt: at('next_try_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    sentAt: at('sent_at'),
    items: integer('items'),
    lastError: varchar('last_error', { length: 500 }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('notification_digests_due_idx').on(t.status, t.nextTryAt)],
);
