import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cycleValues } from './cycle';
import { departments, users } from './platform';
import { standardSystems } from './standard';

/**
 * 诊断改进 (modules/diagnosis): diagnosis tasks published from a PUBLISHED standard system version, an object task per
 * dimension object, one row per node with a value type, the audit trail and the sampling records. Values are text as
 * typed (a number with at most two decimals, 0 / 1, or a level's name), checked by the row's value type.
 */

/** A level column of a row: an ancestor (dimension first) or the row's own node. */
export interface RowLevel {
  id: number;
  name: string;
}

export const diagnosisTasks = pgTable(
  'diagnosis_tasks',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    cycleValueId: integer('cycle_value_id')
      .notNull()
      .references(() => cycleValues.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The PUBLISHED system version the task was published from (its object tasks may move on: refreshTarget). */
    standardSystemId: integer('standard_system_id')
      .notNull()
      .references(() => standardSystems.id, { onDelete: 'restrict' }),
    dimension: varchar('dimension', { length: 64 }).notNull(),
    publishDepartmentId: varchar('publish_department_id', { length: 32 }).references(() => departments.id, {
      onDelete: 'set null',
    }),
    monitorId: varchar('monitor_id', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    auditorId: varchar('auditor_id', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 16 }).notNull().default('normal'),
    createdBy: varchar('created_by', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The last whole-task computation: when it ended and its tracked job (getFutureTaskResult). */
    computedAt: timestamp('computed_at', { withTimezone: true }),
    lastJobId: varchar('last_job_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('diagnosis_tasks_name_uq').on(t.name),
    index('diagnosis_tasks_state_idx').on(t.state, t.startDate),
    index('diagnosis_tasks_system_idx').on(t.standardSystemId),
    index('diagnosis_tasks_cycle_idx').on(t.cycleValueId),
  ],
);

export const diagnosisObjectTasks = pgTable(
  'diagnosis_object_tasks',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => diagnosisTasks.id, { onDelete: 'cascade' }),
    objectCode: varchar('object_code', { length: 100 }).notNull(),
    objectName: varchar('object_name', { length: 200 }).notNull(),
    departmentId: varchar('department_id', { length: 32 }).references(() => departments.id, { onDelete: 'set null' }),
    chargerId: varchar('charger_id', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    /** The system version its rows came from (refreshTarget moves it to a newer one). */
    systemId: integer('system_id')
      .notNull()
      .references(() => standardSystems.id, { onDelete: 'restrict' }),
    round: integer('round').notNull().default(1),
    targetState: varchar('target_state', { length: 16 }).notNull().default('tosubmit'),
    score: doublePrecision('score'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('diagnosis_object_tasks_task_object_uq').on(t.taskId, t.objectCode),
    index('diagnosis_object_tasks_charger_idx').on(t.chargerId),
    // An object's tasks across all diagnosis tasks (画像分析's radar reads the latest graded one: objectGrades).
    index('diagnosis_object_tasks_object_idx').on(t.objectCode),
    index('diagnosis_object_tasks_state_idx').on(t.taskId, t.targetState),
  ],
);

/** Sharers (gxr) and collectors (cjr) of an object task. */
export const diagnosisObjectUsers = pgTable(
  'diagnosis_object_users',
  {
    objectTaskId: integer('object_task_id')
      .notNull()
      .references(() => diagnosisObjectTasks.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
  },
  (t) => [
    uniqueIndex('diagnosis_object_users_uq').on(t.objectTaskId, t.kind, t.userId),
    index('diagnosis_object_users_user_idx').on(t.userId, t.kind),
  ],
);

export const diagnosisRows = pgTable(
  'diagnosis_rows',
  {
    id: serial('id').primaryKey(),
    objectTaskId: integer('object_task_id')
      .notNull()
      .references(() => diagnosisObjectTasks.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id').notNull(),
    /** The node's first ancestor across versions (its source chain's origin), to match rows on refresh. */
    nodeSourceKey: integer('node_source_key').notNull(),
    sort: integer('sort').notNull(),
    levels: jsonb('levels').$type<RowLevel[]>().notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    zlx: varchar('zlx', { length: 10 }).notNull(),
    nh: text('nh'),
    zdbz: text('zdbz'),
    bzz: varchar('bzz', { length: 100 }),
    fsdl: boolean('fsdl').notNull().default(false),
    calRule: integer('cal_rule'),
    /** The node's 详情算法 (a detail algorithm's version id), copied at publish: the QCP panel's 明细数据. */
    detailRule: integer('detail_rule'),
    direction: varchar('direction', { length: 10 }),
    gradeRule: jsonb('grade_rule'),
    warningRule: jsonb('warning_rule'),
    mbz: varchar('mbz', { length: 40 }),
    xzmbz: varchar('xzmbz', { length: 40 }),
    xzmbzReason: varchar('xzmbz_reason', { length: 500 }),
    xzmbzState: varchar('xzmbz_state', { length: 12 }).notNull().default('none'),
    /** A revised value waiting for audit (applied to xzmbz / xzjgz when passed). */
    xzmbzPending: varchar('xzmbz_pending', { length: 40 }),
    jgz: varchar('jgz', { length: 40 }),
    xzjgz: varchar('xzjgz', { length: 40 }),
    xzjgzReason: varchar('xzjgz_reason', { length: 500 }),
    xzjgzState: varchar('xzjgz_state', { length: 12 }).notNull().default('none'),
    xzjgzPending: varchar('xzjgz_pending', { length: 40 }),
    jgdj: varchar('jgdj', { length: 2 }),
    unfin: boolean('unfin').notNull().default(false),
    dis: boolean('dis').notNull().default(false),
    sljsz: varchar('sljsz', { length: 40 }),
    sldj: varchar('sldj', { length: 2 }),
    yyfx: varchar('yyfx', { length: 500 }),
    gjcs: varchar('gjcs', { length: 500 }),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    lastRunId: integer('last_run_id'),
    lastError: varchar('last_error', { length: 500 }),
    /** Who entered a manual result last (null for a computed one). */
    enteredBy: varchar('entered_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('diagnosis_rows_object_sort_idx').on(t.objectTaskId, t.sort),
    uniqueIndex('diagnosis_rows_object_node_uq').on(t.objectTaskId, t.nodeId),
  ],
);

export const diagnosisAudits = pgTable(
  'diagnosis_audits',
  {
    id: serial('id').primaryKey(),
    objectTaskId: integer('object_task_id')
      .notNull()
      .references(() => diagnosisObjectTasks.id, { onDelete: 'cascade' }),
    rowId: integer('row_id').references(() => diagnosisRows.id, { onDelete: 'cascade' }),
    stage: varchar('stage', { length: 10 }).notNull(),
    action: varchar('action', { length: 12 }).notNull(),
    actorId: varchar('actor_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diagnosis_audits_object_idx').on(t.objectTaskId, t.createdAt)],
);

export const diagnosisSamples = pgTable(
  'diagnosis_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rowId: integer('row_id')
      .notNull()
      .references(() => diagnosisRows.id, { onDelete: 'cascade' }),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    value: varchar('value', { length: 40 }),
    /** The algorithm_runs id that computed it; null for a value entered by hand. */
    runId: integer('run_id'),
    actorId: varchar('actor_id', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('diagnosis_samples_row_idx').on(t.rowId, t.sampledAt)],
);
