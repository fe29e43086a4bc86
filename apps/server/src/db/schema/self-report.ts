import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { diagnosisObjectTasks } from './diagnosis';
import { users } from './platform';

/**
 * 自我诊断报告 (modules/self-report, issue 33): one report per object task and round; its figures are computed from the
 * live rows and warnings until it is submitted, when the whole content is frozen in `snapshot`. The person in charge's
 * explanation and tick per overview entry, the expert's and the school's reviews (one of each kind), the discussion
 * thread and the users it is shared with are its own rows.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const selfReports = pgTable(
  'self_reports',
  {
    id: serial('id').primaryKey(),
    objectTaskId: integer('object_task_id')
      .notNull()
      .references(() => diagnosisObjectTasks.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    round: integer('round').notNull(),
    /** draft | submitted | expertReviewed | schoolReviewed | rejected (self-report.machine.ts). */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    /** The content (header, overview, tables) as submitted; null while a draft reads the live data. */
    snapshot: jsonb('snapshot'),
    submittedAt: at('submitted_at'),
    submittedBy: varchar('submitted_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    rejectReason: varchar('reject_reason', { length: 500 }),
    rejectedBy: varchar('rejected_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: at('rejected_at'),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('self_reports_object_round_uq').on(t.objectTaskId, t.round),
    index('self_reports_task_idx').on(t.taskId),
    index('self_reports_state_idx').on(t.state, t.createdAt),
  ],
);

/** The explanation (nr) and tick (isChecked) of one overview entry (1-3) of a report. */
export const selfReportEntries = pgTable(
  'self_report_entries',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => selfReports.id, { onDelete: 'cascade' }),
    section: smallint('section').notNull(),
    nr: varchar('nr', { length: 2000 }).notNull().default(''),
    isChecked: boolean('is_checked').notNull().default(true),
    updatedBy: varchar('updated_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.section] })],
);

/** A review of a submitted report: kind expert (校外专家) or school (学校审核), at most one of each. */
export const selfReportReviews = pgTable(
  'self_report_reviews',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => selfReports.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** fhjg: effective 有效 | local 部分有效 | improve 待改进. */
    result: varchar('result', { length: 10 }).notNull(),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    scoreChecked: boolean('score_checked').notNull().default(true),
    opinion: varchar('opinion', { length: 2000 }),
    reviewerId: varchar('reviewer_id', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('self_report_reviews_kind_uq').on(t.reportId, t.kind)],
);

/** The discussion thread of a report. */
export const selfReportDiscussions = pgTable(
  'self_report_discussions',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => selfReports.id, { onDelete: 'cascade' }),
    authorId: varchar('author_id', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    content: varchar('content', { length: 1000 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('self_report_discussions_report_idx').on(t.reportId, t.createdAt)],
);

/** The users a report is shared with (they may read it and join its discussion). */
export const selfReportShares = pgTable(
  'self_report_shares',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => selfReports.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: varchar('shared_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.userId] }), index('self_report_shares_user_idx').on(t.userId)],
);
