import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, users } from './platform';
import { warningTypes } from './reference';
import { targetTasks, yearTargets } from './target-task';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Progress reports (进度报告) per period of a task; at most one final report under review at a time. */
export const taskReports = pgTable(
  'task_reports',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    periodKey: varchar('period_key', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    progress: smallint('progress'),
    status: varchar('status', { length: 12 }).notNull().default('reviewing'),
    reason: varchar('reason', { length: 500 }),
    submitterId: varchar('submitter_id', { length: 64 })
      .notNull()
      .references(() => users.id),
    submittedAt: at('submitted_at').notNull(),
    auditorId: varchar('auditor_id', { length: 64 }).references(() => users.id),
    auditedAt: at('audited_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('task_reports_task_idx').on(t.taskId, t.periodKey),
    index('task_reports_reviewing_idx').on(t.taskId).where(sql`${t.status} = 'reviewing'`),
    uniqueIndex('task_reports_one_final_reviewing_uq')
      .on(t.taskId)
      .where(sql`${t.kind} = 'final' and ${t.status} = 'reviewing'`),
  ],
);

/** Delay requests (延期申请) with their own audit. */
export const delayRequests = pgTable(
  'delay_requests',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    newEndDate: date('new_end_date', { mode: 'string' }).notNull(),
    /** The end date the request was made against (shown beside the new one). */
    oldEndDate: date('old_end_date', { mode: 'string' }),
    reason: varchar('reason', { length: 500 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('reviewing'),
    auditReason: varchar('audit_reason', { length: 500 }),
    requesterId: varchar('requester_id', { length: 64 }).notNull(),
    requestedAt: at('requested_at').notNull(),
    auditorId: varchar('auditor_id', { length: 64 }),
    auditedAt: at('audited_at'),
  },
  (t) => [
    uniqueIndex('delay_requests_one_reviewing_uq').on(t.taskId).where(sql`${t.status} = 'reviewing'`),
    index('delay_requests_task_idx').on(t.taskId),
  ],
);

/**
 * Raised warnings; (task, type, key) is unique so a warning is never raised twice. A closed warning reopens when its
 * cause comes back; a dismissed one (删除预警) stays closed for good.
 */
export const taskWarnings = pgTable(
  'task_warnings',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    warningTypeId: integer('warning_type_id')
      .notNull()
      .references(() => warningTypes.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    warningKey: varchar('warning_key', { length: 40 }).notNull(),
    open: boolean('open').notNull().default(true),
    raisedAt: at('raised_at').notNull(),
    closedAt: at('closed_at'),
    dismissedAt: at('dismissed_at'),
    dismissedBy: varchar('dismissed_by', { length: 64 }),
  },
  (t) => [
    uniqueIndex('task_warnings_uq').on(t.taskId, t.warningTypeId, t.warningKey),
    index('task_warnings_open_idx').on(t.open, t.taskId),
  ],
);

/** Warning conditions (预警条件): which warning types apply to a task (all apply when a task has none). */
export const taskWarningConditions = pgTable(
  'task_warning_conditions',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    warningTypeId: integer('warning_type_id')
      .notNull()
      .references(() => warningTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.warningTypeId] })],
);

/** History of batch warning configurations (批量配置历史). */
export const warningConfigHistory = pgTable(
  'warning_config_history',
  {
    id: serial('id').primaryKey(),
    actorId: varchar('actor_id', { length: 64 }).notNull(),
    taskIds: jsonb('task_ids').$type<number[]>().notNull(),
    warningTypeIds: jsonb('warning_type_ids').$type<number[]>().notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('warning_config_history_at_idx').on(t.at)],
);

/**
 * Urges (督办) of a department by the publisher: about a year target (current status 1 not set, 2 not decomposed) or
 * about a warned task (task id set, no current status). One pending urge per department and target status, or per task.
 */
export const urges = pgTable(
  'urges',
  {
    id: serial('id').primaryKey(),
    yearTargetId: integer('year_target_id').references(() => yearTargets.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => targetTasks.id, { onDelete: 'cascade' }),
    departmentId: varchar('department_id', { length: 32 })
      .notNull()
      .references(() => departments.id),
    currentStatus: smallint('current_status'),
    type: smallint('type').notNull().default(0),
    state: varchar('state', { length: 12 }).notNull().default('urge'),
    content: varchar('content', { length: 500 }),
    urgerId: varchar('urger_id', { length: 64 }).notNull(),
    urgedAt: at('urged_at').notNull(),
    accepterId: varchar('accepter_id', { length: 64 }),
    acceptedAt: at('accepted_at'),
  },
  (t) => [
    index('urges_department_idx').on(t.departmentId, t.type),
    uniqueIndex('urges_one_pending_uq')
      .on(t.departmentId, t.yearTargetId, t.currentStatus)
      .where(sql`${t.type} = 0 and ${t.taskId} is null`),
    uniqueIndex('urges_one_pending_task_uq').on(t.taskId).where(sql`${t.type} = 0 and ${t.taskId} is not null`),
    index('urges_year_target_idx').on(t.yearTargetId, t.departmentId),
  ],
);

/** Tasks a user follows (关注). */
export const taskFocus = pgTable(
  'task_focus',
  {
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] })],
);
