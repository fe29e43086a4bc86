import { formatDateTime, type TableConfig, type TableType } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { tableConfigAbilities } from './table-config.policy';
import type { TableConfigListRow, TableConfigRow } from './table-config.repository';

/** Database row -> the spec-style DTO, with what the actor may do with it. */
export function presentTableConfig(row: NonNullable<TableConfigRow>, actor: Actor): TableConfig {
  return {
    id: row.id,
    name: row.name,
    tableType: row.tableType as TableType,
    head: row.head,
    rows: row.rows,
    version: row.version,
    createdByName: row.createdByName ?? null,
    updatedByName: row.updatedByName ?? null,
    updateTime: formatDateTime(row.updatedAt),
    abilities: tableConfigAbilities(actor, row),
  };
}

/** A list row -> the list item DTO (sizes instead of the layout). */
export function presentTableConfigItem(row: TableConfigListRow, actor: Actor) {
  return {
    id: row.id,
    name: row.name,
    tableType: row.tableType as TableType,
    createdByName: row.createdByName ?? null,
    updatedByName: row.updatedByName ?? null,
    updateTime: formatDateTime(row.updatedAt),
    columns: Number(row.columns),
    rowCount: Number(row.rowCount),
    abilities: tableConfigAbilities(actor, row),
  };
}
