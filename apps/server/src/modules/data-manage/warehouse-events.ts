import type { Db } from '../../db/client';

/**
 * What other modules hook into the warehouse without the warehouse knowing them (the algorithms today, the forms of
 * data collection next): the warehouse sits below them, so they register here through the module's index and the
 * warehouse calls them inside its own transactions.
 *
 * - A change listener hears every change of a physical table's rows or structure, with the tables' physical names,
 *   inside the transaction that makes it (the algorithms drop the results they cached from those tables).
 * - A user says whether it reads a table: 删除物理表 is refused, with its reason, while one does.
 *
 * Registration is idempotent (a Set), so a server built twice in one process (the tests) registers each hook once.
 */
export type WarehouseChangeListener = (tx: Db, tables: string[]) => Promise<unknown>;
/** Answers the Chinese reason the table may not be dropped (e.g. 被算法“生师比”使用), or null. */
export type WarehouseTableUser = (tx: Db, table: { id: number; name: string }) => Promise<string | null>;

/**
 * A data source's user: answers the Chinese reason the data source may not be deleted (e.g. 正被算法“X”的当前版本使用),
 * or null. Asked inside the deleting transaction, after the source's row is locked.
 */
export type DataSourceUser = (tx: Db, dataSourceId: number) => Promise<string | null>;

const listeners = new Set<WarehouseChangeListener>();
const sourceUsers = new Set<DataSourceUser>();
const users = new Set<WarehouseTableUser>();

export function onWarehouseChange(listener: WarehouseChangeListener) {
  listeners.add(listener);
}

export function registerWarehouseTableUser(user: WarehouseTableUser) {
  users.add(user);
}

/** Tells every listener that these physical tables changed, inside the caller's transaction. */
export async function warehouseChanged(tx: Db, tables: string[]) {
  const names = [...new Set(tables)];
  if (names.length === 0) return;
  for (const listen of listeners) await listen(tx, names);
}

/** The first reason a registered user gives for keeping the table, or null when none reads it. */
export async function whyTableIsUsed(tx: Db, table: { id: number; name: string }): Promise<string | null> {
  for (const uses of users) {
    const reason = await uses(tx, table);
    if (reason) return reason;
  }
  return null;
}

export function registerDataSourceUser(user: DataSourceUser) {
  sourceUsers.add(user);
}

/** The first reason a registered user gives for keeping the data source, or null when none uses it. */
export async function whyDataSourceIsUsed(tx: Db, dataSourceId: number): Promise<string | null> {
  for (const uses of sourceUsers) {
    const reason = await uses(tx, dataSourceId);
    if (reason) return reason;
  }
  return null;
}
