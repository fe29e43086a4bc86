import type { Db } from '../../db/client';
import { defineHook, type Hooks } from '../../platform/hooks';

/**
 * What other modules hook into the warehouse without the warehouse knowing them (the algorithms, the forms of data
 * collection): the warehouse sits below them, so they register with these hooks in their plugins
 * (`app.hooks.add(WAREHOUSE_CHANGED, 'algorithm', fn)`) and the warehouse calls them inside its own transactions.
 *
 * - A change listener hears every change of a physical table's rows or structure, with the tables' physical names,
 *   inside the transaction that makes it (the algorithms drop the results they cached from those tables).
 * - A table user says whether it reads a table: 删除物理表 is refused, with its reason, while one does.
 * - A data source user says whether it uses a data source: 删除数据源 is refused, with its reason, while one does.
 */
export type WarehouseChangeListener = (tx: Db, tables: string[]) => Promise<unknown>;
/** Answers the Chinese reason the table may not be dropped (e.g. 被算法“生师比”使用), or null. */
export type WarehouseTableUser = (tx: Db, table: { id: number; name: string }) => Promise<string | null>;
/**
 * A data source's user: answers the Chinese reason the data source may not be deleted (e.g. 正被算法“X”的当前版本使用),
 * or null. Asked inside the deleting transaction, after the source's row is locked.
 */
export type DataSourceUser = (tx: Db, dataSourceId: number) => Promise<string | null>;

export const WAREHOUSE_CHANGED = defineHook<WarehouseChangeListener>('data-manage.warehouseChanged');
export const WAREHOUSE_TABLE_USERS = defineHook<WarehouseTableUser>('data-manage.warehouseTableUsers');
export const DATA_SOURCE_USERS = defineHook<DataSourceUser>('data-manage.dataSourceUsers');

/** Tells every listener that these physical tables changed, inside the caller's transaction. */
export async function warehouseChanged(tx: Db, hooks: Hooks, tables: string[]) {
  const names = [...new Set(tables)];
  if (names.length === 0) return;
  for (const listen of hooks.all(WAREHOUSE_CHANGED)) await listen(tx, names);
}

/** The first reason a registered user gives for keeping the table, or null when none reads it. */
export async function whyTableIsUsed(tx: Db, hooks: Hooks, table: { id: number; name: string }) {
  for (const uses of hooks.all(WAREHOUSE_TABLE_USERS)) {
    const reason = await uses(tx, table);
    if (reason) return reason;
  }
  return null;
}

/** The first reason a registered user gives for keeping the data source, or null when none uses it. */
export async function whyDataSourceIsUsed(tx: Db, hooks: Hooks, dataSourceId: number) {
  for (const uses of hooks.all(DATA_SOURCE_USERS)) {
    const reason = await uses(tx, dataSourceId);
    if (reason) return reason;
  }
  return null;
}
