import type { TableConfig, TableType } from '@zg/contract';
import type { TableConfigRow } from './table-config.repository';

/** Database row -> the spec-style DTO. */
export function presentTableConfig(row: NonNullable<TableConfigRow>): TableConfig {
  return {
    id: row.id,
    name: row.name,
    tableType: row.tableType as TableType,
    head: row.head,
    rows: row.rows,
    version: row.version,
    updatedByName: row.updatedByName ?? null,
    updateTime: row.updatedAt.toISOString(),
  };
}
