import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Department versions (部门版本): the organisation as dated versions, exactly one enabled (the partial unique index
 * holds the database to at most one; the service keeps one). Each holds a snapshot of the departments taken when it
 * was made; the snapshot names departments by id but does not reference them, so it outlives a renamed or removed one.
 */
export const departmentVersions = pgTable(
  'department_versions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 300 }),
    enabled: boolean('enabled').notNull().default(false),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('department_versions_name_uq').on(t.name),
    uniqueIndex('department_versions_one_enabled_uq').on(t.enabled).where(sql`${t.enabled}`),
  ],
);

/** A department as it was in a version: id, name, parent, head (id and name at the time). */
export const departmentVersionItems = pgTable(
  'department_version_items',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => departmentVersions.id, { onDelete: 'cascade' }),
    departmentId: varchar('department_id', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    parentId: varchar('parent_id', { length: 32 }),
    headId: varchar('head_id', { length: 64 }),
    headName: varchar('head_name', { length: 100 }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('department_version_items_uq').on(t.versionId, t.departmentId),
    index('department_version_items_version_idx').on(t.versionId, t.sortOrder),
  ],
);
