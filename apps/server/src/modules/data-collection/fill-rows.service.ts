import { type FormField, type FormTableType, COLLECTION_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict } from '../../platform/errors';
import { type CellValue, type FieldDef, readFieldValue, valuesTaken, warehouseTable } from '../data-manage';
import { attachOwnFiles } from '../files';
import { audit } from './data-collection.audit';
import { decideFill } from './data-collection.machine';
import { factsOf } from './data-collection.policy';
import { presentColumns } from './data-collection.presenter';
import * as fillRepo from './fill.repository';
import { refuse, visibleFill } from './fill-task.service';
import * as formRepo from './form.repository';

/** The rows of a fill task: read and checked by the form's rules, saved by its filler, their files attached, unique values checked. */

export interface Column {
  form: FormField;
  field: FieldDef;
}

/** The form version's fields with the warehouse fields they are bound to (in the form's order). */
export async function columnsOf(db: Db, r: fillRepo.FillRow): Promise<Column[]> {
  const table = await warehouseTable(db, r.version.tableId);
  if (!table?.physical) throw conflict(M.tableNotReady);
  const byId = new Map(table.fields.map((f) => [f.id, f]));
  return (r.version.fields as FormField[]).flatMap((form) => {
    const field = byId.get(form.fieldId);
    return field ? [{ form, field }] : [];
  });
}

export async function queryRows(db: Db, actor: Actor, fillTaskId: number) {
  const r = await visibleFill(db, actor, fillTaskId);
  const cols = await columnsOf(db, r);
  const rows = await fillRepo.rowsOfFillTask(db, fillTaskId);
  return {
    tableType: r.version.tableType as FormTableType,
    fields: presentColumns(cols),
    rows: rows.map((x) => x.values),
  };
}

const countDecimals = (s: string) => (s.includes('.') ? s.split('.')[1]!.replace(/0+$/, '').length : 0);

/**
 * One cell read by its form field (options from the constants, min, max, decimals, required) and then by its
 * warehouse field's rules; the rule broken, or the value to keep.
 */
function readCell(
  c: Column,
  raw: unknown,
  options: Map<number, Set<string>>,
): { ok: true; value: CellValue; key: string | null } | { ok: false; rule: string } {
  let value: unknown = raw;
  if (c.form.kind === 'multiSelect' && Array.isArray(raw)) value = raw.map((x) => String(x)).join(',');
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text !== '' && (c.form.kind === 'select' || c.form.kind === 'multiSelect')) {
    const allowed = options.get(c.form.constantTypeId ?? 0) ?? new Set<string>();
    const parts = c.form.kind === 'multiSelect' ? text.split(',').map((s) => s.trim()) : [text];
    const bad = parts.find((p) => !allowed.has(p));
    if (bad !== undefined) return { ok: false, rule: M.notOption(bad) };
  }
  const parsed = readFieldValue({ ...c.field, required: c.form.required || c.field.required }, value);
  if (!parsed.ok || parsed.value === null || c.form.kind !== 'number') return parsed;
  const n = Number(parsed.value);
  if (c.form.min != null && n < c.form.min) return { ok: false, rule: M.belowMin(c.form.min) };
  if (c.form.max != null && n > c.form.max) return { ok: false, rule: M.aboveMax(c.form.max) };
  if (c.form.decimals != null && countDecimals(String(parsed.value)) > c.form.decimals)
    return { ok: false, rule: M.decimals(c.form.decimals) };
  return parsed;
}

/** The option values of the constant types the columns use, by type id. */
export async function optionsOf(db: Db, cols: Column[]) {
  const options = new Map<number, Map<string, string>>();
  const typeIds = [...new Set(cols.flatMap((c) => (c.form.constantTypeId ? [c.form.constantTypeId] : [])))];
  for (const c of await formRepo.constantsOf(db, typeIds)) {
    const byValue = options.get(c.typeId) ?? new Map<string, string>();
    byValue.set(c.value, c.label);
    options.set(c.typeId, byValue);
  }
  return options;
}

/** A problem of a cell: by default the first one is thrown; an import lists them all. */
type Problem = (rowNo: number, label: string, rule: string, value?: string) => void;
const throwProblem: Problem = (rowNo, label, rule) => {
  throw badRequest(M.cellRefused(rowNo, label, rule));
};

/**
 * Reads every row (keyed by column name) by the form's rules; each problem names its row (`rowNo`: 1, 2 ... for the
 * grid, the sheet's row for an import) and field.
 */
export async function readRows(
  db: Db,
  cols: Column[],
  rows: Record<string, unknown>[],
  problem: Problem = throwProblem,
  rowNo: (i: number) => number = (i) => i + 1,
) {
  const options = new Map([...(await optionsOf(db, cols))].map(([k, v]) => [k, new Set(v.keys())]));
  const known = new Set(cols.map((c) => c.field.name));
  const firsts = new Map<string, Map<string, number>>();
  return rows.map((row, i) => {
    const n = rowNo(i);
    for (const key of Object.keys(row)) if (!known.has(key)) throw badRequest(M.cellUnknown(n, key));
    const out: Record<string, CellValue> = {};
    for (const c of cols) {
      const raw = row[c.field.name];
      const parsed = readCell(c, raw, options);
      if (!parsed.ok) {
        problem(n, c.form.label, parsed.rule, raw === null || raw === undefined ? undefined : String(raw));
        out[c.field.name] = null;
        continue;
      }
      if (c.form.unique && parsed.key !== null) {
        const seen = firsts.get(c.field.name) ?? new Map<string, number>();
        firsts.set(c.field.name, seen);
        const first = seen.get(parsed.key);
        if (first !== undefined) problem(n, c.form.label, M.sameAsRow(first), String(raw));
        else seen.set(parsed.key, n);
      }
      out[c.field.name] = parsed.value;
    }
    return out;
  });
}

/**
 * updateOrInsert: replaces the fill task's rows with the rows given (its filler, while it is uncommitted and the task
 * open), every cell checked first; nothing is saved when one is refused.
 */
export async function saveRows(
  db: Db,
  clock: Clock,
  actor: Actor,
  v: { fillTaskId: number; rows: Record<string, unknown>[] },
) {
  await db.transaction(async (tx) => {
    const { r, cols } = await fillable(tx, clock, actor, v.fillTaskId);
    if (r.version.tableType === 'fixed' && v.rows.length > 1) throw badRequest(M.fixedOneRow);
    const rows = await readRows(tx, cols, v.rows);
    await attachFiles(tx, actor, r.fill.id, cols, rows);
    await fillRepo.replaceRows(tx, r.fill.id, rows);
    await audit(tx, actor, 'fillTask.save', 'fillTask', r.fill.id, { rows: rows.length });
  });
  return queryRows(db, actor, v.fillTaskId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The files of the file fields go to the fill task (owner FillTask), so its auditor can read them: each must be
 * attached to it already or be an unattached upload of the filler's; anything else is refused, naming the cell.
 */
async function attachFiles(
  tx: Db,
  actor: Actor,
  fillTaskId: number,
  cols: Column[],
  rows: Record<string, CellValue>[],
) {
  const fileCols = cols.filter((c) => c.form.kind === 'file');
  if (!fileCols.length) return;
  const cells = rows.flatMap((row, i) =>
    fileCols.flatMap((c) => {
      const v = row[c.field.name];
      return typeof v === 'string' && v !== '' ? [{ row: i + 1, label: c.form.label, id: v }] : [];
    }),
  );
  const bad = cells.find((x) => !UUID.test(x.id));
  if (bad) throw badRequest(M.cellRefused(bad.row, bad.label, M.notOwnFile));
  const ids = [...new Set(cells.map((x) => x.id))];
  const owned = await fillRepo.filesOfFillTask(tx, fillTaskId, ids);
  const fresh = ids.filter((id) => !owned.has(id));
  if (!(await attachOwnFiles(tx, fresh, actor.userId, 'FillTask', String(fillTaskId)))) {
    const taken = await fillRepo.filesOfFillTask(tx, fillTaskId, fresh);
    // Name the first cell whose file could not be attached (the update left the others as they were: it is rolled back).
    const first = cells.find((x) => fresh.includes(x.id) && !taken.has(x.id)) ?? cells[0]!;
    throw badRequest(M.cellRefused(first.row, first.label, M.notOwnFile));
  }
}

/** checkDataUnique: whether a value of a unique field is free in the warehouse table (the grid asks as you type). */
export async function checkUnique(db: Db, actor: Actor, q: { fillTaskId: number; fieldId: number; value: string }) {
  const r = await visibleFill(db, actor, q.fillTaskId);
  const cols = await columnsOf(db, r);
  const c = cols.find((x) => x.form.fieldId === q.fieldId);
  if (!c) throw badRequest(M.fieldNotInForm);
  const parsed = readFieldValue({ ...c.field, required: false }, q.value);
  if (!parsed.ok) return { unique: false, message: `“${c.form.label}”${parsed.rule}` };
  if (parsed.value === null) return { unique: true, message: null };
  const taken = await valuesTaken(db, r.version.tableId, c.field.id, [parsed.value]);
  return taken.length
    ? { unique: false, message: M.valueTaken(c.form.label, String(parsed.value)) }
    : { unique: true, message: null };
}

/** A fill task its filler may fill now (uncommitted, the task open), locked, with its columns. */
export async function fillable(tx: Db, clock: Clock, actor: Actor, fillTaskId: number) {
  const r = await visibleFill(tx, actor, fillTaskId, true);
  const today = clock.today();
  const d = decideFill('save', factsOf(r, today), actor);
  if (!d.ok) throw refuse(d.refusal, 'save', r, today);
  return { r, cols: await columnsOf(tx, r) };
}
