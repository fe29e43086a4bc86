import { type FieldType, formatDateTime, type Warehouse, type WarehouseField, type WarehouseTable } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { tableAbilities } from './data-manage.policy';
import type { FieldRow, TableRow, WarehouseRow } from './data-manage.repository';

export function presentWarehouse(w: WarehouseRow, tables: number): Warehouse {
  return {
    id: w.id,
    ckmc: w.name,
    bz: w.remark,
    px: w.sortOrder,
    bs: Number(tables),
    cjsj: formatDateTime(w.createdAt),
  };
}

export function presentTable(
  actor: Actor,
  r: { table: TableRow; warehouseName: string; fields: number },
): WarehouseTable {
  const t = r.table;
  const fields = Number(r.fields);
  return {
    id: t.id,
    ckid: t.warehouseId,
    ckmc: r.warehouseName,
    bm: t.name,
    bzwm: t.label,
    bz: t.remark,
    sfcj: t.physical,
    zds: fields,
    cjsj: formatDateTime(t.createdAt),
    abilities: tableAbilities(actor, { physical: t.physical, fields }),
  };
}

export function presentField(r: { field: FieldRow; dimensionName: string | null }): WarehouseField {
  const f = r.field;
  return {
    id: f.id,
    ckbid: f.tableId,
    zdm: f.name,
    zdzwm: f.label,
    zdlx: f.type as FieldType,
    cd: f.length,
    xsws: f.scale,
    sfbt: f.required,
    sfwy: f.unique,
    wdid: f.dimensionId,
    wdmc: r.dimensionName,
    px: f.sortOrder,
  };
}
