import {
  boolean,
  index,
  integer,
  pgSchema,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { dimensions } from './dimension';
import { users } from './platform';

/**
 * The schema `warehouse` that holds the physical tables of the data warehouse (创建物理表). Its tables are created and
 * altered at run time from the definitions below (modules/data-manage), never by migrations.
 */
export const warehouseSchema = pgSchema('warehouse');

/** Warehouses (仓库, ck): named groups of tables. */
export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  remark: varchar('remark', { length: 300 }),
  sortOrder: integer('sort_order').notNull().default(0),
  createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tables of a warehouse (数据表, ckb): `name` is the physical table's name in the schema `warehouse` (validated, lower
 * case, unique over all warehouses); `physical` says whether it has been created.
 */
export const warehouseTables = pgTable(
  'warehouse_tables',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 63 }).notNull().unique(),
    label: varchar('label', { length: 60 }).notNull(),
    remark: varchar('remark', { length: 300 }),
    physical: boolean('physical').notNull().default(false),
    createdBy: varchar('created_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warehouse_tables_warehouse_idx').on(t.warehouseId)],
);

/**
 * Fields of a table (字段, ckbzd), one column each: `length` is a text field's character limit or a decimal's
 * precision, `scale` a decimal's places; `unique` is a unique index named after the field's id.
 */
export const warehouseFields = pgTable(
  'warehouse_fields',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => warehouseTables.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 63 }).notNull(),
    label: varchar('label', { length: 60 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    length: integer('length'),
    scale: smallint('scale'),
    required: boolean('required').notNull().default(false),
    unique: boolean('unique').notNull().default(false),
    dimensionId: integer('dimension_id').references(() => dimensions.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('warehouse_fields_table_name_idx').on(t.tableId, t.name)],
);
