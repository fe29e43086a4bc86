import type { Writable } from 'node:stream';
import {
  EXCEL_MSG,
  FIELD_TYPE_NAMES,
  FIELD_TYPES,
  FILTER_OP_NAMES,
  type FieldType,
  fieldShapeProblem,
  identifierProblem,
  DATA_MANAGE_MSG as M,
  type RowFilterInput,
  type RowQuery,
  type RowUpdate,
  STRUCTURE_COLUMNS,
  WAREHOUSE_LIMITS,
  WAREHOUSE_RULE,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, readSheet, sheetRows } from '../../platform/excel';
import type { Hooks } from '../../platform/hooks';
import { keepsWarehouse } from './data-manage.policy';
import {
  allDimensions,
  deleteFieldsOf,
  type FieldInsert,
  fieldsOf,
  findTable,
  insertFields,
  lockTable,
  type TableRow,
} from './data-manage.repository';
import { type CellValue, type FieldDef, filterFits, parseValue, typeLabel } from './data-manage.rules';
import { fieldDef } from './data-manage.service';
import { dataTemplate, type StructureRow, streamRows, structureWorkbook } from './warehouse.excel';
import {
  deleteRows,
  existingValues,
  insertRow,
  insertRows,
  pageRows,
  type RowFilter,
  rowById,
  rowsAfter,
  updateRow,
} from './warehouse.repository';
import { warehouseChanged } from './warehouse-events';

/** The rows of created tables: browse, edit, delete, and Excel (templates, structure, import and export). */

const mustKeep = (actor: Actor) => {
  if (!keepsWarehouse(actor)) throw forbidden();
};

/** A created table and its fields; 404 for no table, 409 for a table whose physical table is not created. */
async function createdTable(db: Db, id: number, lock = false): Promise<{ table: TableRow; fields: FieldDef[] }> {
  const table = lock ? await lockTable(db, id) : ((await findTable(db, id))?.table ?? null);
  if (!table) throw notFound(M.tableNotFound);
  if (!table.physical) throw conflict(M.notPhysical(table.name));
  const fields = (await fieldsOf(db, id)).map((r) => fieldDef(r.field));
  return { table, fields };
}

/** Checks browse filters against the fields: a known field, an operator its type takes, and a value it can hold. */
export function filtersOf(fields: FieldDef[], input: RowFilterInput[]): RowFilter[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return input.map((i) => {
    const field = byName.get(i.field.toLowerCase());
    if (!field) throw badRequest(M.filterFieldUnknown(i.field));
    if (!filterFits(field.type, i.op))
      throw badRequest(M.filterOpNotFor(FILTER_OP_NAMES[i.op], FIELD_TYPE_NAMES[field.type]));
    if (i.op === 'empty' || i.op === 'notEmpty') return { field, op: i.op, value: null };
    const raw = i.value === undefined || i.value === null ? '' : String(i.value).trim();
    if (!raw) throw badRequest(M.filterRefused(field.label, WAREHOUSE_RULE.required));
    if (i.op === 'contains') return { field, op: i.op, value: raw };
    // A filter value is read as the field reads a value, without its length (a longer text simply matches nothing).
    const parsed = parseValue({ ...field, required: true, length: field.type === 'text' ? null : field.length }, raw);
    if (!parsed.ok) throw badRequest(M.filterRefused(field.label, parsed.rule));
    return { field, op: i.op, value: parsed.value };
  });
}

// ---- rows ----

export async function browseRows(db: Db, q: RowQuery) {
  const { table, fields } = await createdTable(db, q.id);
  return pageRows(db, table.name, fields, filtersOf(fields, q.filters), q);
}

/** Refuses a value a unique field already holds in another row. */
async function checkUnique(db: Db, table: string, f: FieldDef, value: CellValue, exceptId?: number) {
  if (!f.unique || value === null) return;
  if ((await existingValues(db, table, f, [value], exceptId)).length > 0)
    throw conflict(M.duplicateValue(f.label, String(value)));
}

/** 修改表数据: sets the named fields of a row (or adds a row with every field), each value checked by its field. */
export async function saveRow(db: Db, hooks: Hooks, actor: Actor, input: RowUpdate) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const { table, fields } = await createdTable(tx, input.id, true);
    const byName = new Map(fields.map((f) => [f.name, f]));
    const given = new Map<string, unknown>();
    for (const [key, value] of Object.entries(input.values)) {
      const f = byName.get(key.toLowerCase());
      if (!f) throw badRequest(M.unknownColumn(key));
      given.set(f.name, value);
    }
    const targets = input.rowId === undefined ? fields : fields.filter((f) => given.has(f.name));
    if (targets.length === 0) throw badRequest(M.noValues);
    const values: CellValue[] = [];
    for (const f of targets) {
      const parsed = parseValue(f, given.get(f.name));
      if (!parsed.ok) throw badRequest(M.valueRefused(f.label, parsed.rule));
      await checkUnique(tx, table.name, f, parsed.value, input.rowId);
      values.push(parsed.value);
    }
    let rowId = input.rowId;
    if (rowId === undefined) rowId = await insertRow(tx, table.name, targets, values);
    else {
      const done = await updateRow(
        tx,
        table.name,
        rowId,
        targets.map((field, i) => ({ field, value: values[i]! })),
      );
      if (!done) throw notFound(M.rowNotFound);
    }
    await warehouseChanged(tx, hooks, [table.name]);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: input.rowId === undefined ? 'warehouseRow.create' : 'warehouseRow.update',
      entityType: 'warehouseRow',
      entityId: `${table.name}:${rowId}`.slice(0, 64),
    });
    return (await rowById(tx, table.name, fields, rowId))!;
  });
}

/** 删除表数据: all the rows named, or none when one of them is not there. */
export async function removeRows(db: Db, hooks: Hooks, actor: Actor, input: { id: number; rowIds: number[] }) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const { table } = await createdTable(tx, input.id, true);
    const ids = [...new Set(input.rowIds)];
    const deleted = await deleteRows(tx, table.name, ids);
    if (deleted.length !== ids.length) throw notFound(M.rowNotFound);
    await warehouseChanged(tx, hooks, [table.name]);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warehouseRow.delete',
      entityType: 'warehouseRow',
      entityId: table.name,
      detail: { ids },
    });
    return deleted.length;
  });
}

// ---- Excel: templates and structure ----

const structureRowOf = (f: FieldDef & { dimension: string | null }): StructureRow => ({
  zdm: f.name,
  zdzwm: f.label,
  zdlx: FIELD_TYPE_NAMES[f.type],
  cd: f.length,
  xsws: f.scale,
  sfbt: f.required ? '是' : '否',
  sfwy: f.unique ? '是' : '否',
  wd: f.dimension,
});

/** 下载模板: the data template of a table (its fields' names as the header), or the structure template. */
export async function template(db: Db, q: { id?: number; type: 'data' | 'structure' }) {
  if (q.type === 'structure') return { name: '表结构导入模板.xlsx', buffer: await structureWorkbook([]) };
  if (!q.id) throw badRequest(M.tableIdRequired);
  const found = await findTable(db, q.id);
  if (!found) throw notFound(M.tableNotFound);
  const fields = (await fieldsOf(db, q.id)).map((r) => fieldDef(r.field));
  if (fields.length === 0) throw badRequest(M.noFields);
  return { name: `${found.table.label}数据导入模板.xlsx`, buffer: await dataTemplate(fields, typeLabel) };
}

/** 导出表结构: the fields as a structure sheet, which 导入表结构 reads back. */
export async function exportStructure(db: Db, id: number) {
  const found = await findTable(db, id);
  if (!found) throw notFound(M.tableNotFound);
  const rows = (await fieldsOf(db, id)).map((r) =>
    structureRowOf({ ...fieldDef(r.field), dimension: r.dimensionName }),
  );
  return { name: `${found.table.label}表结构.xlsx`, buffer: await structureWorkbook(rows) };
}

const TYPE_BY_WORD = new Map<string, FieldType>([
  ...FIELD_TYPES.map((t) => [t, t] as const),
  ...FIELD_TYPES.map((t) => [FIELD_TYPE_NAMES[t], t] as const),
]);
const YES_NO = new Map([
  ['', false],
  ['否', false],
  ['是', true],
]);
const HEADER = Object.fromEntries(STRUCTURE_COLUMNS.map((c) => [c.key, c.header])) as Record<
  (typeof STRUCTURE_COLUMNS)[number]['key'],
  string
>;

/**
 * 导入表结构: replaces every field of a table whose physical table is not created yet by the sheet's rows, all or
 * nothing; each problem names its row, column and rule.
 */
export async function importStructure(db: Db, actor: Actor, id: number, upload: ExcelUpload) {
  mustKeep(actor);
  const rows = await readSheet(upload, STRUCTURE_COLUMNS);
  return db.transaction(async (tx) => {
    const table = await lockTable(tx, id);
    if (!table) throw notFound(M.tableNotFound);
    if (table.physical) throw conflict(M.structureImportPhysical(table.name));
    const dimensions = await allDimensions(tx);
    const dimensionBy = new Map<string, number>();
    for (const d of dimensions) {
      dimensionBy.set(d.name, d.id);
      dimensionBy.set(d.code, d.id);
    }
    const errors = new ImportErrors();
    if (rows.length > WAREHOUSE_LIMITS.fieldsMax) throw badRequest(M.tooManyFields);
    const seen = new Map<string, number>();
    const fields: FieldInsert[] = [];
    for (const { row, values: v } of rows) {
      const before = errors.count;
      const cell = (k: keyof typeof HEADER, rule: string) => errors.cell(row, HEADER[k], rule, v[k]);
      const name = (v.zdm ?? '').toLowerCase();
      const nameProblem = identifierProblem(name, 'field');
      if (nameProblem) cell('zdm', nameProblem);
      else if (seen.has(name)) cell('zdm', WAREHOUSE_RULE.duplicateField(seen.get(name)!));
      else seen.set(name, row);
      if (!v.zdzwm) cell('zdzwm', WAREHOUSE_RULE.required);
      else if (v.zdzwm.length > WAREHOUSE_LIMITS.nameMax)
        cell('zdzwm', WAREHOUSE_RULE.tooLong(WAREHOUSE_LIMITS.nameMax));
      const type = TYPE_BY_WORD.get((v.zdlx ?? '').toLowerCase()) ?? TYPE_BY_WORD.get(v.zdlx ?? '');
      if (!type) cell('zdlx', WAREHOUSE_RULE.fieldType);
      const number = (k: 'cd' | 'xsws') => {
        if (!v[k]) return null;
        if (!/^\d{1,6}$/.test(v[k]!)) {
          cell(k, WAREHOUSE_RULE.number);
          return null;
        }
        return Number(v[k]);
      };
      const cd = number('cd');
      const xsws = number('xsws');
      const flag = (k: 'sfbt' | 'sfwy') => {
        const b = YES_NO.get(v[k] ?? '');
        if (b === undefined) cell(k, WAREHOUSE_RULE.yesNo);
        return b ?? false;
      };
      const required = flag('sfbt');
      const unique = flag('sfwy');
      const dimensionId = v.wd ? dimensionBy.get(v.wd) : null;
      if (dimensionId === undefined) cell('wd', WAREHOUSE_RULE.unknownDimension);
      if (type) {
        const shape = fieldShapeProblem({ zdlx: type, cd, xsws });
        if (shape) cell(shape.path, shape.message);
      }
      if (errors.count > before || !type) continue;
      fields.push({
        tableId: id,
        name,
        label: v.zdzwm!,
        type,
        length: cd,
        scale: type === 'decimal' ? xsws : null,
        required,
        unique,
        dimensionId: dimensionId ?? null,
        sortOrder: fields.length + 1,
      });
    }
    errors.throwIfAny();
    await deleteFieldsOf(tx, id);
    await insertFields(tx, fields);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warehouseTable.importStructure',
      entityType: 'warehouseTable',
      entityId: String(id),
      detail: { fields: fields.length },
    });
    return fields.length;
  });
}

// ---- Excel: rows ----

/** How a background import follows its own progress and keeps its report. */
export interface ImportOptions {
  /** Collects the problems (the background job reads its structured report after a refusal). */
  errors?: ImportErrors;
  /** Called after each data row is read, with the number read so far. */
  onRow?: (processed: number) => void;
}

/** Checks that the actor may import into the table and that its physical table exists (before a job starts). */
export async function importTarget(db: Db, actor: Actor, id: number) {
  mustKeep(actor);
  const { fields } = await createdTable(db, id);
  return { width: fields.length };
}

/** The data rows of the sheet (rows with content, less the header), read once with the same bounded reader. */
export async function countDataRows(upload: ExcelUpload, width: number) {
  let rows = 0;
  for await (const _ of sheetRows(upload, width)) rows++;
  return Math.max(0, rows - 1);
}

/** Rows inserted per statement: within PostgreSQL's 65 535 parameters, at most 1000. */
const batchSize = (fields: number) => Math.max(1, Math.min(1000, Math.floor(30_000 / Math.max(1, fields))));

/**
 * 导入表数据: the first sheet read row by row (the bounded streaming reader), its header checked against the fields
 * (their Chinese names, or their names), every cell against its field, unique fields against the file and the table;
 * rows go in by batches inside one transaction, which any problem rolls back: all or nothing, with the problems listed
 * by row, column and rule.
 */
export async function importRows(
  db: Db,
  hooks: Hooks,
  actor: Actor,
  id: number,
  upload: ExcelUpload,
  opts: ImportOptions = {},
) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const { table, fields } = await createdTable(tx, id, true);
    const errors = opts.errors ?? new ImportErrors();
    const firstRowOf = new Map<number, Map<string, number>>(
      fields.flatMap((f, i) => (f.unique ? [[i, new Map<string, number>()] as const] : [])),
    );
    const size = batchSize(fields.length);
    let batch: { row: number; cells: string[]; values: CellValue[]; keys: (string | null)[] }[] = [];
    let header = false;
    let count = 0;

    const flush = async () => {
      for (const i of firstRowOf.keys()) {
        if (errors.count > 0) break;
        const f = fields[i]!;
        const values = batch.map((b) => b.values[i]!).filter((v) => v !== null);
        if (values.length === 0) continue;
        const existing = new Set(
          (await existingValues(tx, table.name, f, values)).map((v) => {
            const p = parseValue({ ...f, required: false }, v);
            return p.ok ? p.key : null;
          }),
        );
        for (const b of batch)
          if (b.keys[i] !== null && existing.has(b.keys[i]!))
            errors.cell(b.row, f.label, WAREHOUSE_RULE.duplicateInTable, b.cells[i]);
      }
      if (errors.count === 0)
        await insertRows(
          tx,
          table.name,
          fields,
          batch.map((b) => b.values),
        );
      batch = [];
    };

    for await (const { row, cells } of sheetRows(upload, fields.length)) {
      if (!header) {
        header = true;
        fields.forEach((f, i) => {
          const cell = cells[i] ?? '';
          if (row !== 1 || (cell !== f.label && cell.toLowerCase() !== f.name))
            errors.cell(row, `第${i + 1}列`, WAREHOUSE_RULE.header(f.label), cell);
        });
        errors.throwIfAny();
        continue;
      }
      const values: CellValue[] = [];
      const keys: (string | null)[] = [];
      fields.forEach((f, i) => {
        const parsed = parseValue(f, cells[i]);
        if (!parsed.ok) {
          errors.cell(row, f.label, parsed.rule, cells[i]);
          values.push(null);
          keys.push(null);
          return;
        }
        const firstRows = firstRowOf.get(i);
        if (firstRows && parsed.key !== null) {
          const first = firstRows.get(parsed.key);
          if (first !== undefined) errors.cell(row, f.label, WAREHOUSE_RULE.duplicateInFile(first), cells[i]);
          else firstRows.set(parsed.key, row);
        }
        values.push(parsed.value);
        keys.push(parsed.key);
      });
      count++;
      opts.onRow?.(count);
      if (errors.count > 0) continue;
      batch.push({ row, cells, values, keys });
      if (batch.length >= size) await flush();
    }
    if (errors.count === 0 && batch.length) await flush();
    if (!header || count === 0) throw badRequest(EXCEL_MSG.emptySheet);
    errors.throwIfAny();
    await warehouseChanged(tx, hooks, [table.name]);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'warehouseRow.import',
      entityType: 'warehouseTable',
      entityId: String(id),
      detail: { rows: count },
    });
    return count;
  });
}

/**
 * 导出表数据: checks the table and the filters, then returns the file name and a writer that streams the rows (the
 * same filters as the browse) in id order from one read-only snapshot, a batch at a time.
 */
export async function rowExport(db: Db, q: { id: number; filters: RowFilterInput[] }) {
  const { table, fields } = await createdTable(db, q.id);
  const filters = filtersOf(fields, q.filters);
  return {
    name: `${table.label}数据.xlsx`,
    write: (out: Writable) =>
      db.transaction(
        async (tx) => {
          async function* batches() {
            let after = 0;
            for (;;) {
              const rows = await rowsAfter(tx, table.name, fields, filters, after, 2000);
              if (rows.length === 0) return;
              yield rows;
              after = Number(rows[rows.length - 1]!.id);
              if (out.destroyed) return;
            }
          }
          await streamRows(out, table.label, fields, batches());
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
  };
}
