import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, users } from './platform';
import { cycleTypes } from './reference';

/** Year targets (年度目标). `version` guards against two people changing one at once. */
export const yearTargets = pgTable(
  'year_targets',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 300 }).notNull(),
    cycleYear: integer('cycle_year').notNull(),
    chargeDepartmentId: varchar('charge_department_id', { length: 32 })
      .notNull()
      .references(() => departments.id),
    auditorId: varchar('auditor_id', { length: 64 }).references(() => users.id),
    creatorId: varchar('creator_id', { length: 64 })
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 16 }).notNull().default('waitResolve'),
    description: varchar('description', { length: 1000 }),
    /** Position among the targets of its year (moveYearTarget swaps neighbours). */
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('year_targets_year_idx').on(t.cycleYear, t.sortOrder)],
);

/** Target tasks (目标任务): a tree under a year target. */
export const targetTasks = pgTable(
  'target_tasks',
  {
    id: serial('id').primaryKey(),
    yearTargetId: integer('year_target_id')
      .notNull()
      .references(() => yearTargets.id),
    parentId: integer('parent_id'),
    depth: smallint('depth').notNull().default(1),
    /**
     * No child task (末级任务): what the analyses, the performance list and the warning job count. Kept by every write
     * that adds or removes a child (insertTask/deleteTask in target-task.repository.ts; the story's bulk insert), so
     * those readers test a column instead of an anti-join over the children.
     */
    isLeaf: boolean('is_leaf').notNull().default(true),
    name: varchar('name', { length: 300 }).notNull(),
    taskType: varchar('task_type', { length: 1 }).notNull(),
    departmentId: varchar('department_id', { length: 32 }).references(() => departments.id),
    ownerId: varchar('owner_id', { length: 64 }).references(() => users.id),
    auditorId: varchar('auditor_id', { length: 64 }).references(() => users.id),
    creatorId: varchar('creator_id', { length: 64 })
      .notNull()
      .references(() => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    cycleTypeId: integer('cycle_type_id').references(() => cycleTypes.id),
    cycleValues: text('cycle_values').notNull().default(''),
    weight: numeric('weight', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    mission: varchar('mission', { length: 1000 }),
    status: varchar('status', { length: 16 }).notNull().default('notPushed'),
    auditStatus: smallint('audit_status'),
    auditReason: varchar('audit_reason', { length: 500 }),
    progress: numeric('progress', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    version: integer('version').notNull().default(1),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('target_tasks_year_target_idx').on(t.yearTargetId, t.parentId),
    index('target_tasks_department_idx').on(t.departmentId, t.status),
    index('target_tasks_owner_idx').on(t.ownerId, t.status),
    index('target_tasks_auditor_idx').on(t.auditorId, t.auditStatus),
    index('target_tasks_parent_idx').on(t.parentId),
    // The last-level tasks of a year target (the analyses read a year's leaves by department and state).
    index('target_tasks_leaf_idx').on(t.yearTargetId, t.departmentId, t.status).where(sql`${t.isLeaf}`),
    index('target_tasks_end_idx').on(t.endDate),
    // The task lists walk the matching tasks in page order and stop after one page instead of sorting every match:
    // a state's tasks (the publisher filtering a year and a state; time descending, a backward scan serves
    // ascending) and a department's tasks (a department head's list). EXPLAIN ANALYZE in target-task.repository.ts.
    index('target_tasks_status_start_idx').on(t.status, t.startDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('target_tasks_department_start_idx').on(t.departmentId, t.startDate, t.id),
    check('target_tasks_dates_chk', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** Cooperating departments of a task (协作部门). */
export const taskCoopDepartments = pgTable(
  'task_coop_departments',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    departmentId: varchar('department_id', { length: 32 })
      .notNull()
      .references(() => departments.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.departmentId] }), index('task_coop_dept_idx').on(t.departmentId)],
);

/** Department chargers (部门负责人, fzrid/bmid): who may act for a department besides its head. */
export const departmentChargers = pgTable(
  'department_chargers',
  {
    departmentId: varchar('department_id', { length: 32 })
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.userId] }), index('department_chargers_user_idx').on(t.userId)],
);

/**
 * The standard nodes (质控点, QCPs) a task serves (发展中心, issue 35): chosen on the task form. No foreign key to
 * standard_nodes, the way standard_nodes.cal_rule points into the algorithm module: the standard module owns its nodes
 * and validates the ids through its public surface (`qcpNodesByIds`) when a task is saved.
 */
export const targetTaskStandardNodes = pgTable(
  'target_task_standard_nodes',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.nodeId] }), index('target_task_standard_nodes_node_idx').on(t.nodeId)],
);
