import { ALGORITHM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import { currentOnDataSource, currentTextsMentioning } from './algorithm.repository';
import { dropCachedResults, recordTableChanges } from './algorithm-lineage.repository';
import { checkAlgorithmSql } from './algorithm-sql.rules';

/** What the warehouse below asks of the algorithms (registered by algorithm.plugin.ts with data-manage's hooks). */

/**
 * Why a warehouse table may not be dropped (data-manage asks before 删除物理表): the current version of an algorithm
 * reads it. The text filter is confirmed by the parser, so a table named only in a comment does not count.
 */
export async function algorithmsReadingTable(db: Db, table: string): Promise<string | null> {
  const name = table.toLowerCase();
  const readers: string[] = [];
  for (const a of await currentTextsMentioning(db, name)) {
    const checked = await checkAlgorithmSql(a.sql);
    if (checked.ok && checked.tables.includes(name)) readers.push(a.name);
  }
  return readers.length ? M.tableReadBy(readers) : null;
}

/**
 * Why a data source may not be deleted (data-manage asks before 删除数据源, registered by algorithm.plugin.ts): the
 * current version of an algorithm runs on it. Earlier versions do not keep it (running one then answers
 * 数据源不存在); their lineage keeps the id.
 */
export async function algorithmsOnDataSource(db: Db, dataSourceId: number): Promise<string | null> {
  const names = await currentOnDataSource(db, dataSourceId);
  return names.length ? M.dataSourceUsedBy(names) : null;
}

/**
 * The invalidation hook (issue 18 item 7): data-manage calls it inside the transaction of any change of a warehouse
 * table's rows or structure, with the tables' physical names; cached results that read them are dropped, and a run
 * racing the change will not cache what it read (`changedOutsideSnapshot`).
 */
export async function warehouseTablesChanged(db: Db, tables: string[]) {
  const names = tables.map((t) => t.toLowerCase());
  await recordTableChanges(db, names);
  return dropCachedResults(db, names);
}
