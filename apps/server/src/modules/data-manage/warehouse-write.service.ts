import { DATA_MANAGE_MSG as M, WAREHOUSE_RULE } from '@zg/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { fieldsOf, findTable, lockTable } from './data-manage.repository';
import { type CellValue, type FieldDef, type Parsed, parseValue } from './data-manage.rules';
import { fieldDef } from './data-manage.service';
import { deleteRows, existingValues, insertRowsReturning } from './warehouse.repository';
import { warehouseChanged } from './warehouse-events';

/**
 * Other modules writing rows into the warehouse (data collection's synDataByTaskId): a table's definition and fields,
 * one value read by its field's rule, and rows validated and written in the caller's transaction.
 */

export interface WarehouseTableInfo {
  id: number;
  name: string;
  label: string;
  physical: boolean;
  fields: FieldDef[];
}

/** A table's definition and fields (null when there is no such table). */
export async function warehouseTable(db: Db, id: number): Promise<WarehouseTableInfo | null> {
  const found = await findTable(db, id);
  if (!found) return null;
  const fields = (await fieldsOf(db, id)).map((r) => fieldDef(r.field));
  const t = found.table;
  return { id: t.id, name: t.name, label: t.label, physical: t.physical, fields };
}

/** Reads one value for a field by the warehouse's rules (type, length, digits, date, yes/no, required). */
export const readFieldValue = (f: FieldDef, raw: unknown): Parsed => parseValue(f, raw);

/** Which of the values a unique field already holds in a created table. */
export async function valuesTaken(db: Db, tableId: number, fieldId: number, values: CellValue[]) {
  const t = await warehouseTable(db, tableId);
  const f = t?.fields.find((x) => x.id === fieldId);
  if (!t?.physical || !f || values.length === 0) return [];
  return existingValues(db, t.name, f, values);
}

/**
 * Writes rows into a created table inside the caller's transaction `tx`: the table is locked, the rows `replace`
 * (written before from the same source) are deleted, each new row's values (by field name; a field not given is
 * empty) are read by their fields' rules and unique fields checked against the rows and the table; any problem throws a
 * Chinese message naming the row and field, so the caller's transaction writes nothing. Returns the new rows' ids.
 */
export async function writeWarehouseRows(
  tx: Db,
  hooks: Hooks,
  tableId: number,
  rows: Record<string, unknown>[],
  opts: { replace?: number[]; rowLabel?: (i: number) => string } = {},
) {
  const table = await lockTable(tx, tableId);
  if (!table) throw notFound(M.tableNotFound);
  if (!table.physical) throw conflict(M.notPhysical(table.name));
  const fields = (await fieldsOf(tx, tableId)).map((r) => fieldDef(r.field));
  const label = opts.rowLabel ?? ((i: number) => `第${i + 1}行`);
  if (opts.replace?.length) await deleteRows(tx, table.name, [...new Set(opts.replace)]);
  const seen = new Map<number, Map<string, number>>();
  const values: CellValue[][] = rows.map((row, i) =>
    fields.map((f) => {
      const parsed = parseValue(f, row[f.name]);
      if (!parsed.ok) throw badRequest(`${label(i)}${M.valueRefused(f.label, parsed.rule)}`);
      if (f.unique && parsed.key !== null) {
        const firsts = seen.get(f.id) ?? new Map<string, number>();
        seen.set(f.id, firsts);
        const first = firsts.get(parsed.key);
        if (first !== undefined)
          throw badRequest(`${label(i)}字段“${f.label}”${WAREHOUSE_RULE.duplicateInFile(first + 1)}`);
        firsts.set(parsed.key, i);
      }
      return parsed.value;
    }),
  );
  for (const [i, f] of fields.entries()) {
    if (!f.unique) continue;
    const given = values.map((v) => v[i]!).filter((v) => v !== null);
    const taken = await existingValues(tx, table.name, f, given);
    if (taken.length) throw conflict(M.duplicateValue(f.label, String(taken[0])));
  }
  const ids: number[] = [];
  const size = Math.max(1, Math.min(1000, Math.floor(30_000 / Math.max(1, fields.length))));
  for (let at = 0; at < values.length; at += size)
    ids.push(...(await insertRowsReturning(tx, table.name, fields, values.slice(at, at + size))));
  // The modules above hear of it in this transaction (the algorithms drop the results they cached from the table).
  await warehouseChanged(tx, hooks, [table.name]);
  return ids;
}
