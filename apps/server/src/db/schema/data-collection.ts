import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { warehouseTables } from './data-manage';
import { departments, users } from './platform';
import { tableConfigs } from './table-config';

/**
 * Data collection (数据采集): form directories, forms bound to a warehouse table and their frozen versions, constants,
 * collection tasks, fill tasks (one per department or user allocated) with their rows, and the warehouse rows each
 * fill task wrote (lineage, and what a new sync of the same fill task replaces).
 */

/** The form field as stored (the contract's FormField). */
export interface StoredFormField {
  fieldId: number;
  label: string;
  kind: string;
  required: boolean;
  unique: boolean;
  constantTypeId?: number | null;
  min?: number | null;
  max?: number | null;
  decimals?: number | null;
  defaultValue?: string | null;
}

export const formDirectories = pgTable(
  'collection_form_directories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => formDirectories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 60 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collection_form_directories_parent_idx').on(t.parentId)],
);

export const constantTypes = pgTable('collection_constant_types', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  name: varchar('name', { length: 60 }).notNull(),
  remark: varchar('remark', { length: 300 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const constants = pgTable(
  'collection_constants',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => constantTypes.id, { onDelete: 'cascade' }),
    value: varchar('value', { length: 100 }).notNull(),
    label: varchar('label', { length: 100 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('collection_constants_type_value_idx').on(t.typeId, t.value)],
);

/** A form: its draft (fields as edited); `version` is the latest published version (0: never published). */
export const forms = pgTable(
  'collection_forms',
  {
    id: serial('id').primaryKey(),
    directoryId: integer('directory_id')
      .notNull()
      .references(() => formDirectories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 60 }).notNull(),
    tableId: integer('table_id')
      .notNull()
      .references(() => warehouseTables.id, { onDelete: 'restrict' }),
    tableType: varchar('table_type', { length: 10 }).notNull(),
    tableConfigId: integer('table_config_id').references(() => tableConfigs.id, { onDelete: 'set null' }),
    remark: varchar('remark', { length: 300 }),
    fields: jsonb('fields').$type<StoredFormField[]>().notNull(),
    version: integer('version').notNull().default(0),
    changedSincePublish: boolean('changed_since_publish').notNull().default(true),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collection_forms_directory_idx').on(t.directoryId)],
);

/** A published version of a form, frozen: tasks fill a version, so a later edit never changes what was filled. */
export const formVersions = pgTable(
  'collection_form_versions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    tableId: integer('table_id')
      .notNull()
      .references(() => warehouseTables.id, { onDelete: 'restrict' }),
    tableType: varchar('table_type', { length: 10 }).notNull(),
    fields: jsonb('fields').$type<StoredFormField[]>().notNull(),
    publishedBy: varchar('published_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collection_form_versions_form_version_idx').on(t.formId, t.version)],
);

export const collectionTasks = pgTable('collection_tasks', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  formVersionId: integer('form_version_id')
    .notNull()
    .references(() => formVersions.id, { onDelete: 'restrict' }),
  cycle: varchar('cycle', { length: 40 }).notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  deadline: date('deadline', { mode: 'string' }).notNull(),
  closed: boolean('closed').notNull().default(false),
  createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A fill task (任务分配): one department or user allocated to a task, its auditor and its state. */
export const fillTasks = pgTable(
  'collection_fill_tasks',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => collectionTasks.id, { onDelete: 'cascade' }),
    assigneeId: varchar('assignee_id', { length: 64 }).references(() => users.id, { onDelete: 'restrict' }),
    departmentId: varchar('department_id', { length: 64 }).references(() => departments.id, {
      onDelete: 'restrict',
    }),
    auditorId: varchar('auditor_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: varchar('state', { length: 12 }).notNull().default('uncommitted'),
    opinion: varchar('opinion', { length: 500 }),
    synced: boolean('synced').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_fill_tasks_task_idx').on(t.taskId),
    index('collection_fill_tasks_assignee_idx').on(t.assigneeId),
    index('collection_fill_tasks_department_idx').on(t.departmentId),
    index('collection_fill_tasks_auditor_idx').on(t.auditorId),
  ],
);

/** The rows of a fill task, kept here (values by warehouse column name) until its audit passes. */
export const fillRows = pgTable(
  'collection_fill_rows',
  {
    id: serial('id').primaryKey(),
    fillTaskId: integer('fill_task_id')
      .notNull()
      .references(() => fillTasks.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    values: jsonb('values').$type<Record<string, string | boolean | null>>().notNull(),
  },
  (t) => [uniqueIndex('collection_fill_rows_task_row_idx').on(t.fillTaskId, t.rowNo)],
);

/** The warehouse rows a fill task wrote (lineage): a new sync of the fill task replaces exactly these. */
export const syncedRows = pgTable(
  'collection_synced_rows',
  {
    id: serial('id').primaryKey(),
    fillTaskId: integer('fill_task_id')
      .notNull()
      .references(() => fillTasks.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => warehouseTables.id, { onDelete: 'cascade' }),
    rowId: integer('row_id').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collection_synced_rows_fill_idx').on(t.fillTaskId)],
);
