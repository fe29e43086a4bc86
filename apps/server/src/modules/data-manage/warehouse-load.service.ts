import { type FieldType, fieldShapeProblem, identifierProblem } from '@zg/contract';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { allDimensions, insertFields, insertTable, insertWarehouse, updateTable } from './data-manage.repository';
import { type CellValue, parseValue } from './data-manage.rules';
import { fieldDef } from './data-manage.service';
import { createTable, insertRowsJson } from './warehouse.repository';

/**
 * Loads a whole warehouse at once (the demo school's teaching data, seeded with the other demo data): the warehouse,
 * its tables and fields, the physical tables, and the rows in batches of one INSERT ... SELECT from a JSON parameter
 * each, in one transaction. Goes
 * through the same definitions, DDL and value rules as the pages: names are checked as the contract checks them,
 * every value is read by its field's rule, and a bad definition or value stops the load naming the table and field.
 */

export interface LoadField {
  name: string;
  label: string;
  type: FieldType;
  length?: number | null;
  scale?: number | null;
  required?: boolean;
  unique?: boolean;
  /** A dimension type's code (dimensions.code); unknown codes leave the field unlinked. */
  dimension?: string;
}

export interface LoadTable {
  name: string;
  label: string;
  remark?: string;
  fields: LoadField[];
  rows: (string | number | boolean | null)[][];
}

export interface WarehouseLoad {
  name: string;
  remark?: string;
  sortOrder?: number;
  tables: LoadTable[];
}

/** Rows inserted per statement (one JSON parameter each). */
const batchSize = (fields: number) => Math.max(100, Math.floor(60_000 / Math.max(1, fields)));

export async function loadWarehouse(db: Db, load: WarehouseLoad, actorId: string | null = null) {
  return db.transaction(async (tx) => {
    const dimensionByCode = new Map((await allDimensions(tx)).map((d) => [d.code, d.id]));
    const warehouse = await insertWarehouse(tx, {
      name: load.name,
      remark: load.remark ?? null,
      sortOrder: load.sortOrder ?? 0,
      createdBy: actorId,
    });
    const counts: { name: string; rows: number }[] = [];
    for (const t of load.tables) {
      const problem = identifierProblem(t.name, 'table');
      if (problem) throw new Error(`数据表 ${t.name}：${problem}`);
      const table = await insertTable(tx, {
        warehouseId: warehouse.id,
        name: t.name,
        label: t.label,
        remark: t.remark ?? null,
        createdBy: actorId,
      });
      for (const f of t.fields) {
        const p =
          identifierProblem(f.name, 'field') ??
          fieldShapeProblem({ zdlx: f.type, cd: f.length ?? null, xsws: f.scale ?? null })?.message;
        if (p) throw new Error(`数据表 ${t.name} 字段 ${f.name}：${p}`);
      }
      const fields = (
        await insertFields(
          tx,
          t.fields.map((f, i) => ({
            tableId: table.id,
            name: f.name,
            label: f.label,
            type: f.type,
            length: f.length ?? null,
            scale: f.type === 'decimal' ? (f.scale ?? null) : null,
            required: f.required ?? false,
            unique: f.unique ?? false,
            dimensionId: f.dimension ? (dimensionByCode.get(f.dimension) ?? null) : null,
            sortOrder: i + 1,
          })),
        )
      )
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map(fieldDef);
      await createTable(tx, t.name, fields);
      await updateTable(tx, table.id, { physical: true });
      const size = batchSize(fields.length);
      for (let i = 0; i < t.rows.length; i += size) {
        const batch = t.rows.slice(i, i + size).map((row, k) =>
          fields.map((f, j) => {
            const raw = row[j];
            const parsed = parseValue(f, raw === null || raw === undefined ? null : raw);
            if (!parsed.ok) throw new Error(`数据表 ${t.name} 第${i + k + 1}行 ${f.label}：${parsed.rule}`);
            return parsed.value as CellValue;
          }),
        );
        await insertRowsJson(tx, t.name, fields, batch);
      }
      counts.push({ name: t.name, rows: t.rows.length });
    }
    await writeAudit(tx, {
      actorId,
      action: 'warehouse.load',
      entityType: 'warehouse',
      entityId: String(warehouse.id),
      detail: { tables: counts },
    });
    return { warehouseId: warehouse.id, tables: counts };
  });
}
