import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './platform';

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** Algorithm groups (算法组): a tree; `parentId` null at the top. */
export const algorithmGroups = pgTable(
  'algorithm_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    parentId: integer('parent_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('algorithm_groups_parent_idx').on(t.parentId)],
);

/**
 * Algorithms (算法内容): a kind (value / detail / chart) and a current version. `currentVersionId` is null only
 * between the insert of an algorithm and of its first version, inside one transaction.
 */
export const algorithms = pgTable(
  'algorithms',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => algorithmGroups.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 60 }).notNull().unique(),
    kind: varchar('kind', { length: 10 }).notNull(),
    remark: varchar('remark', { length: 300 }),
    currentVersionId: integer('current_version_id'),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('algorithms_group_idx').on(t.groupId)],
);

/**
 * Versions (算法版本): the text and its SHA-256. `used` is set when a stored result used the version; from then on
 * the version is never changed (a new text makes a new version) nor deleted.
 */
export const algorithmVersions = pgTable(
  'algorithm_versions',
  {
    id: serial('id').primaryKey(),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithms.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    sql: text('sql').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    note: varchar('note', { length: 300 }),
    used: boolean('used').notNull().default(false),
    /**
     * Where the text runs: null for the warehouse, else a data source (data_sources.id, an external PostgreSQL
     * database) whose configured schema is the only one the text may read. No foreign key: data-manage asks the
     * algorithms before it deletes a source (a current version keeps it); an earlier version whose source is gone
     * answers 数据源不存在 when run, and its lineage keeps the id.
     */
    dataSourceId: integer('data_source_id'),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('algorithm_versions_number_idx').on(t.algorithmId, t.number),
    index('algorithm_versions_data_source_idx').on(t.dataSourceId),
  ],
);

/**
 * Lineage (issue 18 item 5): every run that stores a result: the version, the hash of the text run, the parameters,
 * the rows returned, the warehouse tables read, the time taken and when. A stored value names its run.
 */
export const algorithmRuns = pgTable(
  'algorithm_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => algorithmVersions.id, { onDelete: 'restrict' }),
    hash: varchar('hash', { length: 64 }).notNull(),
    params: jsonb('params').notNull(),
    rows: integer('rows').notNull(),
    ms: integer('ms').notNull(),
    value: doublePrecision('value'),
    tables: text('tables').array().notNull(),
    /** The data source the run read (null: the warehouse); `tables` are then that source's schema's tables. */
    dataSourceId: integer('data_source_id'),
    runBy: varchar('run_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('algorithm_runs_version_idx').on(t.versionId, t.runAt)],
);

/**
 * Cached results (issue 18 item 7) per (version, parameters): dropped when a warehouse table they read changes
 * (`tables`, GIN-indexed for that drop) — data-manage calls the algorithm module's invalidation after its writes.
 */
export const algorithmResultCache = pgTable(
  'algorithm_result_cache',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => algorithmVersions.id, { onDelete: 'cascade' }),
    paramsKey: text('params_key').notNull(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    result: jsonb('result').notNull(),
    tables: text('tables').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.paramsKey] }),
    index('algorithm_result_cache_tables_idx').using('gin', t.tables),
  ],
);

/**
 * The last change of each warehouse table (the invalidation hook's record): the writing transaction's id. A result
 * whose run's snapshot does not see that transaction is recorded but not cached, so a run racing a write never puts
 * a stale result in the cache.
 */
export const algorithmTableChanges = pgTable('algorithm_table_changes', {
  tableName: text('table_name').primaryKey(),
  changedXid: xid8('changed_xid').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
