import {
  ALGORITHM_PARAMS,
  type AlgorithmGroupNode,
  type AlgorithmParam,
  type AlgorithmParams,
  ALGORITHM_TEXT as T,
} from '@zg/contract';

/** The pure parts of 算法管理: what the editor, the test form and the lists compute without a server or a DOM. */

/** A place in the text: 1-based line and column (characters), as the checker and PostgreSQL report it. */
export interface TextPlace {
  line: number;
  column: number;
}

/**
 * The named parameters a text uses, in the order of ALGORITHM_PARAMS. Like the server's binder, a `:name` inside a
 * string literal, a quoted identifier or a comment is text, and a cast (`::int`) is no parameter.
 */
export function extractParams(sql: string): AlgorithmParam[] {
  const found = new Set<string>();
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === "'" || c === '"') {
      // A doubled quote inside is the quote itself: the scan just goes on past it.
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c) {
          if (sql[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      i = j + 1;
    } else if (c === ':' && next === ':') {
      i += 2;
    } else if (c === ':') {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1));
      if (m) found.add(m[0]);
      i += 1 + (m ? m[0].length : 0);
    } else i++;
  }
  return ALGORITHM_PARAMS.filter((p) => found.has(p));
}

/** The place a Chinese message names (`（第 3 行第 7 列）`), as the checker and the runner write it; null when none. */
export function placeInMessage(message: string | null | undefined): TextPlace | null {
  const m = /第\s*(\d+)\s*行第\s*(\d+)\s*列/.exec(message ?? '');
  return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
}

/**
 * The offset in `text` of a 1-based line and column, clamped into the text: a line past the end is the last line, a
 * column past the line's end is its end. Columns count characters (UTF-16 code units for the BMP, as the server).
 */
export function offsetOf(text: string, place: TextPlace): number {
  const lines = text.split('\n');
  const line = Math.min(Math.max(place.line, 1), lines.length);
  let offset = 0;
  for (let k = 0; k < line - 1; k++) offset += (lines[k] ?? '').length + 1;
  const length = (lines[line - 1] ?? '').length;
  return offset + Math.min(Math.max(place.column - 1, 0), length);
}

/** A warehouse table with its fields, as the data-management endpoints list them. */
export interface WarehouseTableInfo {
  bm: string;
  bzwm: string;
  fields: { zdm: string; zdzwm: string; zdlx: string }[];
}

/** A completion the editor offers: a label to insert, its kind and a Chinese detail. */
export interface SqlCompletion {
  label: string;
  type: 'table' | 'field' | 'variable' | 'namespace';
  detail: string;
}

/**
 * What to offer for the word before the cursor: after `warehouse.` the tables, after `table.` (a table of the
 * warehouse, or an alias the text gives it) that table's fields, after `:` the named parameters, otherwise the schema,
 * the tables and every field, filtered by the word typed so far. Details are Chinese (the table's and field's names).
 */
export function completionsFor(tables: WarehouseTableInfo[], before: string, text = ''): SqlCompletion[] {
  const word = /[A-Za-z_][A-Za-z0-9_]*$/.exec(before)?.[0] ?? '';
  const head = before.slice(0, before.length - word.length);
  const starts = (label: string) => label.toLowerCase().startsWith(word.toLowerCase());
  if (head.endsWith(':') && !head.endsWith('::'))
    return ALGORITHM_PARAMS.filter(starts).map((p) => ({ label: p, type: 'variable', detail: T.paramDetails[p] }));
  const qualifier = /([A-Za-z_][A-Za-z0-9_]*)\.$/.exec(head)?.[1]?.toLowerCase();
  if (qualifier === 'warehouse')
    return tables.filter((t) => starts(t.bm)).map((t) => ({ label: t.bm, type: 'table', detail: t.bzwm }));
  if (qualifier) {
    const table = tables.find((t) => t.bm.toLowerCase() === qualifier) ?? tableOfAlias(tables, text, qualifier);
    return table ? fieldsOf(table).filter((f) => starts(f.label)) : [];
  }
  const all: SqlCompletion[] = [
    { label: 'warehouse', type: 'namespace', detail: T.warehouseSchema },
    ...tables.map((t): SqlCompletion => ({ label: t.bm, type: 'table', detail: t.bzwm })),
    ...tables.flatMap(fieldsOf),
  ];
  const seen = new Set<string>();
  return all.filter((c) => starts(c.label) && !seen.has(c.label) && seen.add(c.label));
}

function fieldsOf(t: WarehouseTableInfo): SqlCompletion[] {
  return t.fields.map((f) => ({
    label: f.zdm,
    type: 'field',
    detail: `${t.bzwm}·${f.zdzwm}（${T.fieldTypes[f.zdlx] ?? f.zdlx}）`,
  }));
}

/** The table an alias stands for in the text: `from warehouse.jx_student s` or `join jx_major as m`. */
function tableOfAlias(tables: WarehouseTableInfo[], text: string, alias: string) {
  const re = /(?:from|join)\s+(?:warehouse\.)?([A-Za-z_][A-Za-z0-9_]*)\s+(?:as\s+)?([A-Za-z_][A-Za-z0-9_]*)/gi;
  for (const m of text.matchAll(re))
    if (m[2]?.toLowerCase() === alias) return tables.find((t) => t.bm.toLowerCase() === m[1]?.toLowerCase());
  return undefined;
}

/** The values of the test form, typed as entered; empty ones are left out, the year becomes a number. */
export interface ParamValues {
  year?: number | null;
  cycle?: string;
  objectId?: string;
  dimension?: string;
  departmentId?: string;
}

/** The parameters to send: only those the text uses, non-empty, trimmed. */
export function paramsToSend(used: AlgorithmParam[], values: ParamValues): AlgorithmParams {
  const out: AlgorithmParams = {};
  for (const p of used) {
    const v = values[p];
    if (v === undefined || v === null) continue;
    if (p === 'year') {
      if (typeof v === 'number') out.year = v;
    } else if (typeof v === 'string' && v.trim()) out[p] = v.trim();
  }
  return out;
}

/** The parameters a text uses that the form leaves empty, by their Chinese names. */
export function missingParams(used: AlgorithmParam[], sent: AlgorithmParams): AlgorithmParam[] {
  return used.filter((p) => sent[p] === undefined);
}

/** A run's parameters as one line: `年度=2025，维度对象=M01`. */
export function paramsText(params: Record<string, unknown>, names: Record<string, string>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${names[k] ?? k}=${String(v)}`);
  return parts.length ? parts.join(T.paramsSeparator) : T.none;
}

/** What the user hears after 保存: a new version when the current version changed (a used one is never edited). */
export function savedText(beforeVersionId: number, after: { bbid: number; sfbb: number }): string {
  return after.bbid !== beforeVersionId ? T.savedAsNew(after.sfbb) : T.saved;
}

/** The first characters of a hash, enough to tell versions apart in a list. */
export const shortHash = (hash: string) => hash.slice(0, 12);

/** A group anywhere in the tree. */
export function findGroup(nodes: AlgorithmGroupNode[], id: number): AlgorithmGroupNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findGroup(n.children, id);
    if (found) return found;
  }
  return undefined;
}

export interface GroupTreeItem {
  key: string;
  title: string;
  children: GroupTreeItem[];
}

/** The tree the group list shows: each group with the number of its own algorithms. */
export function groupTreeData(nodes: AlgorithmGroupNode[]): GroupTreeItem[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: n.sfs > 0 ? `${n.zmc}（${n.sfs}）` : n.zmc,
    children: groupTreeData(n.children),
  }));
}

/** A server time (ISO) in the browser's local time: `2026-11-26 19:31:58`; what is no time stays as it is. */
export function timeText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
