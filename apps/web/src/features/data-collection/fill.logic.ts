import type { DATA_COLLECTION_API, DataOut, FillState } from '@zg/contract';
import { FILL_TEXT as F } from '@zg/contract';

/** The filling grid's pure logic: cells as text, the form's rules per cell, paste, keyboard moves, server messages. */

/** A form field of a fill task (its rules and the warehouse column it fills). */
export type FillField = DataOut<typeof DATA_COLLECTION_API.dataQuery>['fields'][number];
/** A row being edited: every cell as the text shown (select values, '是'/'否', a file id). */
export type GridRow = Record<string, string>;
/** The options of the choice fields: value -> label, by constant type id. */
export type Options = Map<number, Map<string, string>>;

/** Where a message belongs: row index (0-based) and column name. */
export const cellKey = (row: number, name: string) => `${row}:${name}`;

/** A stored value as the text of its cell. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v === true) return F.yes;
  if (v === false) return F.no;
  if (Array.isArray(v)) return v.map(String).join(',');
  return String(v);
}

/** The server's rows as grid rows (one text per field). */
export function toGrid(fields: readonly FillField[], rows: readonly Record<string, unknown>[]): GridRow[] {
  return rows.map((r) => Object.fromEntries(fields.map((f) => [f.name, cellText(r[f.name])])));
}

/** A new row: each field's default (or empty). */
export function blankRow(fields: readonly FillField[]): GridRow {
  return Object.fromEntries(fields.map((f) => [f.name, f.defaultValue ?? '']));
}

const isBlank = (row: GridRow) => Object.values(row).every((v) => v.trim() === '');

/**
 * What a save sends: the rows that hold anything (an untouched blank row of a floating table is left out), and for
 * each row sent, its index in the grid (so the server's "第 n 行" finds its cell).
 */
export function rowsToSave(rows: readonly GridRow[]): { rows: GridRow[]; index: number[] } {
  const index: number[] = [];
  rows.forEach((r, i) => {
    if (!isBlank(r)) index.push(i);
  });
  return { rows: index.map((i) => rows[i]!), index };
}

const YES = new Set(['是', 'true', '1', 'y', 'yes', 't']);
const NO = new Set(['否', 'false', '0', 'n', 'no', 'f']);

function isDate(s: string) {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}

/** The rule a cell breaks by its form field (required, number, min, max, decimals, date, yes/no, options), or null. */
export function checkCell(f: FillField, text: string, options?: Map<string, string>): string | null {
  const t = text.trim();
  if (t === '') return f.required ? F.rule.required : null;
  switch (f.kind) {
    case 'number': {
      if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return F.rule.number;
      const n = Number(t);
      if (f.min != null && n < f.min) return F.rule.belowMin(f.min);
      if (f.max != null && n > f.max) return F.rule.aboveMax(f.max);
      const decimals = t.includes('.') ? t.split('.')[1]!.replace(/0+$/, '').length : 0;
      // An integer column (0 places): 6.5 is no integer, as the server's warehouse rule says, not "at most 0 places".
      if (f.decimals === 0 && decimals > 0) return F.rule.integer;
      if (f.decimals != null && decimals > f.decimals) return F.rule.decimals(f.decimals);
      return null;
    }
    case 'date':
      return isDate(t) ? null : F.rule.date;
    case 'yesNo':
      return YES.has(t.toLowerCase()) || NO.has(t.toLowerCase()) ? null : F.rule.yesNo;
    case 'select':
    case 'multiSelect': {
      if (!options) return null;
      const parts = f.kind === 'multiSelect' ? t.split(',').map((p) => p.trim()) : [t];
      const bad = parts.find((p) => !options.has(p));
      return bad === undefined ? null : F.rule.notOption(bad);
    }
    default:
      return null;
  }
}

/** Every cell's problem (rules of its field, and repeats of a unique field within the rows), by cellKey. */
export function checkGrid(fields: readonly FillField[], rows: readonly GridRow[], options: Options) {
  const problems = new Map<string, string>();
  const firsts = new Map<string, Map<string, number>>();
  rows.forEach((row, i) => {
    if (isBlank(row) && rows.length > 1) return;
    for (const f of fields) {
      const text = row[f.name] ?? '';
      const rule = checkCell(f, text, f.constantTypeId ? options.get(f.constantTypeId) : undefined);
      if (rule) {
        problems.set(cellKey(i, f.name), rule);
        continue;
      }
      if (!f.unique || text.trim() === '') continue;
      const seen = firsts.get(f.name) ?? new Map<string, number>();
      firsts.set(f.name, seen);
      const first = seen.get(text.trim());
      if (first !== undefined) problems.set(cellKey(i, f.name), F.rule.sameAsRow(first + 1));
      else seen.set(text.trim(), i);
    }
  });
  return problems;
}

/**
 * The cell a refusal of the server names ('第 2 行“姓名”：不能超过6个字符'), given which grid row each row sent came
 * from; null when the message names no cell of the form.
 */
export function serverCellProblem(
  message: string,
  fields: readonly FillField[],
  index: readonly number[],
): { key: string; rule: string } | null {
  const m = /^第\s*(\d+)\s*行“([^”]+)”：(.+)$/s.exec(message.trim());
  if (!m) return null;
  const row = index[Number(m[1]) - 1];
  const field = fields.find((f) => f.label === m[2]);
  if (row === undefined || !field) return null;
  return { key: cellKey(row, field.name), rule: m[3]!.trim() };
}

/**
 * Text copied from Excel (tab-separated, one line per row; a cell holding a tab, a newline or a quote comes quoted
 * with doubled quotes) as rows of cells. A single trailing newline (Excel adds one) makes no empty row.
 */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const s = text.replace(/\r\n?/g, '\n');
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '"' && cell === '') {
      // A quoted cell: up to the closing quote; "" is a quote.
      let j = i + 1;
      let quoted = '';
      while (j < s.length) {
        if (s[j] === '"') {
          if (s[j + 1] === '"') {
            quoted += '"';
            j += 2;
            continue;
          }
          break;
        }
        quoted += s[j];
        j++;
      }
      if (j < s.length && (j + 1 === s.length || s[j + 1] === '\t' || s[j + 1] === '\n')) {
        cell = quoted;
        i = j + 1;
        continue;
      }
    }
    if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** What a pasted text becomes in a cell: a choice's label becomes its value, 是/否 words stay as typed. */
export function pastedValue(f: FillField, text: string, options?: Map<string, string>): string {
  const t = text.trim();
  if (!options || t === '' || (f.kind !== 'select' && f.kind !== 'multiSelect')) return t;
  const byLabel = new Map([...options].map(([v, l]) => [l, v]));
  const pick = (p: string) => (options.has(p) ? p : (byLabel.get(p) ?? p));
  return f.kind === 'multiSelect'
    ? t
        .split(/[,，、]/)
        .map((p) => pick(p.trim()))
        .join(',')
    : pick(t);
}

/**
 * Pastes a block of cells with its top left at (row, col): a floating table grows to hold every pasted row, a fixed
 * one keeps its one row; columns past the last are dropped. Returns the rows and how much of the block went in.
 */
export function pasteBlock(
  rows: readonly GridRow[],
  fields: readonly FillField[],
  at: { row: number; col: number },
  block: string[][],
  opts: { floating: boolean; options: Options },
): { rows: GridRow[]; pastedRows: number; pastedCols: number; cut: boolean } {
  const out = rows.map((r) => ({ ...r }));
  const maxRows = opts.floating ? Number.POSITIVE_INFINITY : 1;
  let pastedRows = 0;
  let pastedCols = 0;
  block.forEach((cells, i) => {
    const r = at.row + i;
    if (r >= maxRows) return;
    while (out.length <= r) out.push(blankRow(fields));
    cells.forEach((text, j) => {
      const f = fields[at.col + j];
      if (!f) return;
      out[r]![f.name] = pastedValue(f, text, f.constantTypeId ? opts.options.get(f.constantTypeId) : undefined);
      pastedCols = Math.max(pastedCols, j + 1);
    });
    pastedRows++;
  });
  return { rows: out, pastedRows, pastedCols, cut: pastedRows < block.length };
}

/** A cell's place in the grid. */
export interface CellPos {
  row: number;
  col: number;
}

/**
 * Where a key moves the focus from a cell: arrows to the neighbour (left and right only when the caret is at the
 * edge of the text), Tab to the next cell (Shift+Tab the previous), wrapping to the next or previous row, Enter
 * down (Shift+Enter up). Null when the key does not move, or would leave the grid.
 */
export function moveFrom(
  pos: CellPos,
  key: string,
  opts: { shift?: boolean; rows: number; cols: number; caretAtStart?: boolean; caretAtEnd?: boolean },
): CellPos | null {
  const { rows, cols } = opts;
  let next: CellPos | null = null;
  switch (key) {
    case 'ArrowUp':
      next = { row: pos.row - 1, col: pos.col };
      break;
    case 'ArrowDown':
      next = { row: pos.row + 1, col: pos.col };
      break;
    case 'ArrowLeft':
      next = opts.caretAtStart === false ? null : { row: pos.row, col: pos.col - 1 };
      break;
    case 'ArrowRight':
      next = opts.caretAtEnd === false ? null : { row: pos.row, col: pos.col + 1 };
      break;
    case 'Enter':
      next = { row: pos.row + (opts.shift ? -1 : 1), col: pos.col };
      break;
    case 'Tab': {
      const flat = pos.row * cols + pos.col + (opts.shift ? -1 : 1);
      next = { row: Math.floor(flat / cols), col: ((flat % cols) + cols) % cols };
      if (flat < 0) next = null;
      break;
    }
    default:
      return null;
  }
  if (!next || next.row < 0 || next.row >= rows || next.col < 0 || next.col >= cols) return null;
  return next;
}

/** One problem of a refused import ('第3行「姓名」：不能为空（“…”）'), for the row report. */
export interface ImportProblemRow {
  key: number;
  row: number | null;
  column: string;
  reason: string;
  value: string | null;
}

/**
 * The server's refusal of an import ('导入失败，共2处错误，未导入任何数据：第3行「姓名」：不能为空；第4行：…') as its
 * summary and one report row per problem; a refusal of another kind is just its summary.
 */
export function importReport(message: string): { summary: string; rows: ImportProblemRow[] } {
  const i = message.indexOf('：');
  if (i < 0 || !message.startsWith('导入失败')) return { summary: message, rows: [] };
  const rows = message
    .slice(i + 1)
    .split('；')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, key): ImportProblemRow => {
      const cell = /^第\s*(\d+)\s*行「([^」]*)」：(.*?)(?:（“(.*)”）)?$/s.exec(part);
      if (cell) return { key, row: Number(cell[1]), column: cell[2]!, reason: cell[3]!, value: cell[4] ?? null };
      const row = /^第\s*(\d+)\s*行：(.*)$/s.exec(part);
      if (row) return { key, row: Number(row[1]), column: '', reason: row[2]!, value: null };
      return { key, row: null, column: '', reason: part, value: null };
    });
  return { summary: message.slice(0, i), rows };
}

/** The colour of a fill state's tag. */
export function stateColor(state: FillState): string {
  return state === 'finished' ? 'success' : state === 'waitAudit' ? 'processing' : 'default';
}
