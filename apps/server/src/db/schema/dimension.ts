import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, users } from './platform';

/**
 * Dimensions (维度, the types: school, college, major, course, class, teacher, student, department, teaching team,
 * special, professional, and those an administrator adds): what a quality control point is measured for. Owned by
 * modules/data-manage (dimension.*); warehouse fields link to them.
 */
export const dimensions = pgTable('dimensions', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 30 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Dimension objects (维度对象): each college, major, course, teacher ... of a dimension, its code unique within the
 * dimension, with a parent object (course -> major -> college) that the service keeps free of cycles.
 */
export const dimensionObjects = pgTable(
  'dimension_objects',
  {
    id: serial('id').primaryKey(),
    dimensionId: integer('dimension_id')
      .notNull()
      .references(() => dimensions.id, { onDelete: 'restrict' }),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => dimensionObjects.id, {
      onDelete: 'restrict',
    }),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dimension_objects_type_code_uq').on(t.dimensionId, t.code),
    // Paging a type in its order, and searching it by name.
    index('dimension_objects_type_order_idx').on(t.dimensionId, t.sortOrder, t.id),
    index('dimension_objects_type_name_idx').on(t.dimensionId, t.name),
    index('dimension_objects_parent_idx').on(t.parentId),
  ],
);

/** Department responsibilities (部门职责): the department that answers for a dimension object (one per object). */
export const departmentDuties = pgTable(
  'department_duties',
  {
    departmentId: varchar('department_id', { length: 32 })
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    objectId: integer('object_id')
      .notNull()
      .references(() => dimensionObjects.id, { onDelete: 'restrict' }),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.departmentId, t.objectId] }),
    uniqueIndex('department_duties_object_uq').on(t.objectId),
  ],
);
