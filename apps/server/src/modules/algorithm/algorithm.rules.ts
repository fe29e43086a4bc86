import { createHash } from 'node:crypto';
import {
  type AlgorithmKind,
  type AlgorithmParam,
  type AlgorithmParams,
  ALGORITHM_MSG as M,
  type SqlPlace,
} from '@zg/contract';
import { placeOf } from './algorithm-sql.rules';

/** Pure rules of algorithms: result columns and shapes per kind, bound values, cache keys, PostgreSQL's refusals. */

export type ColumnKind = 'number' | 'text' | 'date' | 'boolean' | 'other';

const NUMBER = new Set([20, 21, 23, 26, 700, 701, 1700]);
const TEXT = new Set([18, 19, 25, 1042, 1043]);
const DATE = new Set([1082, 1083, 1114, 1184, 1186, 1266]);

export function columnKind(typeId: number): ColumnKind {
  if (NUMBER.has(typeId)) return 'number';
  if (TEXT.has(typeId)) return 'text';
  if (DATE.has(typeId)) return 'date';
  if (typeId === 16) return 'boolean';
  return 'other';
}

/** Column names as keys of a row: a repeated name gets `_2`, `_3` ... (`a.id, b.id` both come back as `id`). */
export function columnKeys(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const count = (seen.get(n) ?? 0) + 1;
    seen.set(n, count);
    let key = count === 1 ? n : `${n}_${count}`;
    while (count > 1 && names.includes(key)) key = `${key}_`;
    return key;
  });
}

export type Shape = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * Whether a result has its kind's shape. A value algorithm: one row whose first column is a number (or null: no
 * data); a chart algorithm: a category column then number columns; a detail algorithm: any table.
 */
export function shapeOf(kind: AlgorithmKind, columns: { name: string; kind: ColumnKind }[], rows: unknown[][]): Shape {
  if (kind === 'value') {
    const first = columns[0];
    if (rows.length !== 1 || !first) return { ok: false, message: M.shapeValue(rows.length, columns.length) };
    const v = (rows[0] as unknown[])[0];
    if (v === null || v === undefined) return { ok: true, value: null };
    if (first.kind !== 'number' || typeof v !== 'number' || !Number.isFinite(v))
      return { ok: false, message: M.shapeValueNotNumber(first.name) };
    return { ok: true, value: v };
  }
  if (kind === 'chart') {
    if (columns.length < 2) return { ok: false, message: M.shapeChart };
    const notNumber = columns.slice(1).find((c) => c.kind !== 'number');
    if (notNumber) return { ok: false, message: M.shapeChartNotNumber(notNumber.name) };
  }
  return { ok: true, value: null };
}

/** The values bound to `$1`, `$2` ... in order, or the first parameter the text uses that was not given. */
export function bindValues(
  used: AlgorithmParam[],
  given: AlgorithmParams,
): { ok: true; values: (string | number)[] } | { ok: false; missing: AlgorithmParam } {
  const values: (string | number)[] = [];
  for (const p of used) {
    const v = given[p];
    if (v === undefined || v === '') return { ok: false, missing: p };
    values.push(typeof v === 'number' ? String(v) : v);
  }
  return { ok: true, values };
}

/** The cache key of a run: the values of the parameters the text uses, in a fixed order. */
export function paramsKey(used: AlgorithmParam[], given: AlgorithmParams): string {
  const key: Record<string, unknown> = {};
  for (const p of [...used].sort()) key[p] = given[p] ?? null;
  return JSON.stringify(key);
}

export const hashText = (sql: string) => createHash('sha256').update(sql, 'utf8').digest('hex');

/** PostgreSQL's messages that algorithm authors meet most, in Chinese; others keep PostgreSQL's words. */
export function translatePg(message: string): string {
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^column "(.+)" does not exist$/, (m) => `字段“${m[1]}”不存在`],
    [/^relation "(.+)" does not exist$/, (m) => `表“${m[1]}”不存在`],
    [/^function (.+) does not exist$/, (m) => `函数 ${m[1]} 不存在或参数类型不符`],
    [/^operator does not exist: (.+)$/, (m) => `运算符不适用于这些类型：${m[1]}`],
    [/^division by zero$/, () => '除数为零'],
    [/^invalid input syntax for type (\w+): "(.*)"$/, (m) => `值“${m[2]}”不能转换为 ${m[1]} 类型`],
    [/^column reference "(.+)" is ambiguous$/, (m) => `字段“${m[1]}”不明确（多个表都有），请加表名或别名`],
    [/^missing FROM-clause entry for table "(.+)"$/, (m) => `FROM 中没有表或别名“${m[1]}”`],
    [/^permission denied for (\w+) (.+)$/, (m) => `没有读取 ${m[2]} 的权限`],
    [
      /must appear in the GROUP BY clause or be used in an aggregate function$/,
      () => '非聚合字段必须出现在 GROUP BY 中',
    ],
  ];
  for (const [re, make] of rules) {
    const m = re.exec(message);
    if (m) return make(m);
  }
  return message;
}

/**
 * The Chinese message of PostgreSQL's refusal of a text: `position` is PostgreSQL's 1-based character position in the
 * statement sent; `wrapOffset` characters came before the text, which starts `textOffset` characters into `source`.
 */
export function failureMessage(
  f: { code: string | undefined; message: string; position: number | null },
  source: string,
  at: { wrapOffset: number; textOffset: number; textLength: number },
  timeoutMs: number,
): { message: string; place: SqlPlace | null; timeout: boolean } {
  let place: SqlPlace | null = null;
  if (f.position !== null) {
    const inText = f.position - 1 - at.wrapOffset;
    if (inText >= 0 && inText <= at.textLength) place = placeOf(source, at.textOffset + inText);
  }
  if (f.code === '57014')
    return { message: M.timeout(Math.max(1, Math.round(timeoutMs / 100) / 10)), place: null, timeout: true };
  if (f.code === '25006') return { message: M.readOnly, place, timeout: false };
  if (f.code === '42501') return { message: M.noPermission, place, timeout: false };
  const detail = translatePg(f.message);
  if (f.code === '42P01' || f.code === '42703')
    return { message: M.tableMissing(detail, place), place, timeout: false };
  return { message: M.runFailed(detail, place), place, timeout: false };
}

// ---- the group tree ----

export interface GroupLike {
  id: number;
  parentId: number | null;
}

/** The depth of a group (1 at the top), or Infinity on a cycle (never stored: moves are checked by `wouldCycle`). */
export function depthOf(groups: GroupLike[], id: number): number {
  const byId = new Map(groups.map((g) => [g.id, g]));
  let depth = 0;
  let at: number | null = id;
  const seen = new Set<number>();
  while (at !== null) {
    if (seen.has(at)) return Number.POSITIVE_INFINITY;
    seen.add(at);
    depth++;
    at = byId.get(at)?.parentId ?? null;
  }
  return depth;
}

/** The group and every group under it. */
export function subtreeOf(groups: GroupLike[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++)
    for (const g of groups) if (g.parentId === out[i] && !out.includes(g.id)) out.push(g.id);
  return out;
}

/** How deep a subtree goes below its root (0 for a leaf). */
export function heightOf(groups: GroupLike[], id: number): number {
  const children = groups.filter((g) => g.parentId === id);
  return children.length === 0 ? 0 : 1 + Math.max(...children.map((c) => heightOf(groups, c.id)));
}

/** Whether putting `id` under `parentId` would make a cycle (under itself or one of its own). */
export const wouldCycle = (groups: GroupLike[], id: number, parentId: number | null) =>
  parentId !== null && subtreeOf(groups, id).includes(parentId);

/** Nests flat rows (ordered) under their parents; a row whose parent is missing goes to the top. */
export function nest<T extends GroupLike>(rows: T[]): (T & { children: (T & { children: unknown[] })[] })[] {
  type N = T & { children: N[] };
  const nodes = new Map<number, N>(rows.map((r) => [r.id, { ...r, children: [] as N[] }]));
  const top: N[] = [];
  for (const r of rows) {
    const n = nodes.get(r.id) as N;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    (parent ? parent.children : top).push(n);
  }
  return top;
}
