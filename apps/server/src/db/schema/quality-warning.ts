import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { diagnosisRows } from './diagnosis';
import { users } from './platform';

/**
 * Quality warnings (issue 32): warnings on diagnosis rows (过程预警 process, 逾期预警 expired, and the forecast's early
 * warnings kept apart as kind 'forecast'), the improvement cases they open and their spiral steps, the cycle each
 * row was last evaluated on, and the replay record of signed remote calls. A warning snapshots the names it shows
 * (row, object, task) so the record table reads these tables only.
 */
export const qualityWarnings = pgTable(
  'quality_warnings',
  {
    id: serial('id').primaryKey(),
    rowId: integer('row_id')
      .notNull()
      .references(() => diagnosisRows.id, { onDelete: 'cascade' }),
    objectTaskId: integer('object_task_id').notNull(),
    taskId: integer('task_id').notNull(),
    rowName: varchar('row_name', { length: 60 }).notNull(),
    objectName: varchar('object_name', { length: 200 }).notNull(),
    taskName: varchar('task_name', { length: 200 }).notNull(),
    zlx: varchar('zlx', { length: 10 }).notNull(),
    /** process | expired | forecast. */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** local | remote (handleWarningRemote). */
    source: varchar('source', { length: 60 }).notNull().default('local'),
    warningValue: varchar('warning_value', { length: 60 }),
    monitoredValue: varchar('monitored_value', { length: 40 }),
    /** A forecast's method, parameters, points and projection. */
    forecast: jsonb('forecast'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedValue: varchar('closed_value', { length: 40 }),
    cause: varchar('cause', { length: 500 }),
    measures: varchar('measures', { length: 500 }),
    disposedBy: varchar('disposed_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('quality_warnings_open_uq').on(t.rowId, t.kind).where(sql`closed_at is null`),
    index('quality_warnings_row_idx').on(t.rowId, t.raisedAt),
    index('quality_warnings_task_idx').on(t.taskId, t.raisedAt),
    index('quality_warnings_raised_idx').on(t.raisedAt),
  ],
);

export const qualityCases = pgTable(
  'quality_cases',
  {
    id: serial('id').primaryKey(),
    rowId: integer('row_id')
      .notNull()
      .references(() => diagnosisRows.id, { onDelete: 'cascade' }),
    warningId: integer('warning_id').references(() => qualityWarnings.id, { onDelete: 'set null' }),
    objectTaskId: integer('object_task_id').notNull(),
    taskId: integer('task_id').notNull(),
    rowName: varchar('row_name', { length: 60 }).notNull(),
    objectName: varchar('object_name', { length: 200 }).notNull(),
    taskName: varchar('task_name', { length: 200 }).notNull(),
    /** Index into CASE_STEPS (0 目标 ... 9 改进). */
    step: smallint('step').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedValue: varchar('closed_value', { length: 40 }),
  },
  (t) => [
    uniqueIndex('quality_cases_open_uq').on(t.rowId).where(sql`closed_at is null`),
    index('quality_cases_task_idx').on(t.taskId, t.openedAt),
  ],
);

export const qualityCaseSteps = pgTable(
  'quality_case_steps',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => qualityCases.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    /** Null: the system (the case opened by a warning, closed by a computation). */
    actorId: varchar('actor_id', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 500 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('quality_case_steps_case_idx').on(t.caseId, t.at)],
);

/** The last cycle slot (YYYY-MM-DD) on which the hourly job evaluated a row. */
export const qualityWarningCycles = pgTable('quality_warning_cycles', {
  rowId: integer('row_id')
    .primaryKey()
    .references(() => diagnosisRows.id, { onDelete: 'cascade' }),
  slot: varchar('slot', { length: 16 }).notNull(),
});

/** Signed remote calls seen (their signatures): a second call with the same signature is a replay. */
export const qualityRemoteCalls = pgTable(
  'quality_remote_calls',
  {
    signature: varchar('signature', { length: 64 }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('quality_remote_calls_received_idx').on(t.receivedAt)],
);
