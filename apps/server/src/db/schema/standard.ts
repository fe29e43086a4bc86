import type { DepotNode, GradeRule, WarningRule } from '@zg/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * Standard systems (目标标准体系): a dimension, years in force, draft or published, a version chain. `deletedAt` and
 * `deleteBatch` put a system in the recycle bin (its nodes stay as they are).
 */
export const standardSystems = pgTable(
  'standard_systems',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    dimension: varchar('dimension', { length: 40 }).notNull(),
    startYear: integer('start_year').notNull(),
    endYear: integer('end_year').notNull(),
    state: varchar('state', { length: 10 }).notNull().default('draft'),
    version: integer('version').notNull().default(1),
    previousVersionId: integer('previous_version_id'),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteBatch: uuid('delete_batch'),
    deletedBy: varchar('deleted_by', { length: 64 }),
  },
  (t) => [
    index('standard_systems_dimension_idx').on(t.dimension),
    index('standard_systems_batch_idx').on(t.deleteBatch),
  ],
);

/**
 * Catalogue nodes: dimension -> QCP -> indicators. The rules live on the node as JSON checked by the module's rules
 * (grade thresholds or a level list; a warning rule). `calRule` is an algorithm version id (no foreign key: the
 * algorithm module owns its versions and answers the lookup). A deleted subtree keeps its rows with `deletedAt` and one
 * `deleteBatch` until it is recovered or purged.
 */
export const standardNodes = pgTable(
  'standard_nodes',
  {
    id: serial('id').primaryKey(),
    systemId: integer('system_id')
      .notNull()
      .references(() => standardSystems.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    /** The node this one was copied from (a new version, a next year's copy): maps ids across versions. */
    sourceId: integer('source_id'),
    kind: varchar('kind', { length: 10 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    nh: text('nh'),
    zdbz: text('zdbz'),
    bzz: varchar('bzz', { length: 100 }),
    zlx: varchar('zlx', { length: 10 }),
    fsdl: boolean('fsdl').notNull().default(false),
    calRule: integer('cal_rule'),
    /** 详情算法: a detail algorithm's version id (no foreign key, as calRule): the rows behind a value. */
    detailRule: integer('detail_rule'),
    direction: varchar('direction', { length: 10 }),
    gradeRule: jsonb('grade_rule').$type<GradeRule>(),
    warningRule: jsonb('warning_rule').$type<WarningRule>(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteBatch: uuid('delete_batch'),
    deletedBy: varchar('deleted_by', { length: 64 }),
  },
  (t) => [
    index('standard_nodes_system_idx').on(t.systemId),
    index('standard_nodes_parent_idx').on(t.parentId),
    index('standard_nodes_batch_idx').on(t.deleteBatch),
  ],
);

/** Who may read or edit a system besides its creator and the administrators: a role or a user. */
export const standardAuthorities = pgTable(
  'standard_authorities',
  {
    id: serial('id').primaryKey(),
    systemId: integer('system_id')
      .notNull()
      .references(() => standardSystems.id, { onDelete: 'cascade' }),
    subjectKind: varchar('subject_kind', { length: 10 }).notNull(),
    subjectId: varchar('subject_id', { length: 64 }).notNull(),
    access: varchar('access', { length: 10 }).notNull(),
  },
  (t) => [uniqueIndex('standard_authorities_subject_uq').on(t.systemId, t.subjectKind, t.subjectId)],
);

/** The task depot (任务库): a QCP subtree saved as a snapshot, for a dimension. */
export const standardDepot = pgTable(
  'standard_depot',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    dimension: varchar('dimension', { length: 40 }).notNull(),
    nodeCount: integer('node_count').notNull(),
    snapshot: jsonb('snapshot').$type<DepotNode>().notNull(),
    /**
     * The system the QCP was saved from: the item is read only by those who may read that system (issue 28; null for
     * items saved before, or whose system was purged: the depot's keepers only).
     */
    sourceSystemId: integer('source_system_id').references(() => standardSystems.id, { onDelete: 'set null' }),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('standard_depot_dimension_idx').on(t.dimension)],
);
