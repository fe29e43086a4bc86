import {
  DOUBLE_HIGH_COLUMNS,
  DOUBLE_HIGH_GRADES,
  DOUBLE_HIGH_KINDS,
  type DoubleHighGrade,
  type DoubleHighKind,
  RIVAL_MSG as M,
  RIVAL_COLUMNS,
  RIVAL_INDICATORS,
  RIVAL_YEARS,
} from '@zg/contract';

/** Pure rules of 对标分析 and 双高: ranks, averages, and the checks of the two imports (no I/O). */

/** Two decimals, as the spec shows floats. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Competition ranks (1, 2, 2, 4) by value, the better first as the indicator says; schools without a value last. */
export function rankRows<T extends { value: number | null }>(rows: readonly T[], higher: boolean) {
  const withValue = rows
    .filter((r) => r.value !== null)
    .sort((a, b) => (higher ? b.value! - a.value! : a.value! - b.value!));
  const ranked = withValue.map((r, i) => {
    const first = withValue.findIndex((x) => x.value === r.value);
    return { ...r, rank: first === i ? i + 1 : first + 1 };
  });
  return [...ranked, ...rows.filter((r) => r.value === null).map((r) => ({ ...r, rank: null }))];
}

/** Average, highest and lowest of the values given (null when none), to two decimals. */
export function summarize(values: readonly (number | null)[]) {
  const xs = values.filter((v): v is number => v !== null);
  if (xs.length === 0) return { avg: null, max: null, min: null, count: 0 };
  return {
    avg: round2(xs.reduce((a, b) => a + b, 0) / xs.length),
    max: Math.max(...xs),
    min: Math.min(...xs),
    count: xs.length,
  };
}

/** The years from start to end, or the last `RIVAL_YEARS.trendMax`... of those with figures when not given. */
export function trendYears(available: readonly number[], start?: number, end?: number): number[] | null {
  const sorted = [...available].sort((a, b) => a - b);
  const last = end ?? sorted[sorted.length - 1];
  if (last === undefined) return [];
  const first = start ?? Math.max(sorted[0] ?? last, last - 4);
  if (first > last || last - first + 1 > RIVAL_YEARS.trendMax) return null;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export interface CellProblem {
  row: number;
  column: string;
  rule: string;
  value?: string;
}

const header = (cols: readonly { key: string; header: string }[], key: string) =>
  cols.find((c) => c.key === key)?.header ?? key;

/** 是 / 否 / empty (否). */
function yesNo(v: string): boolean | null {
  if (v === '' || v === '否') return false;
  if (v === '是') return true;
  return null;
}

function yearOf(v: string): number | null {
  if (!/^\d{4}$/.test(v)) return null;
  const y = Number(v);
  return y >= RIVAL_YEARS.min && y <= RIVAL_YEARS.max ? y : null;
}

export interface FigureRecord {
  schoolCode: string;
  year: number;
  indicator: string;
  value: number;
  sample: boolean;
}

/**
 * The figures' sheet: every row a known school and a year, each indicator cell empty or a number within its range, at
 * least one per row, no school and year twice. Returns every problem (nothing is written when there is one).
 */
export function checkFigureRows(
  rows: readonly { row: number; values: Record<string, string> }[],
  known: ReadonlySet<string>,
) {
  const problems: CellProblem[] = [];
  const records: FigureRecord[] = [];
  const seen = new Set<string>();
  const bad = (row: number, key: string, rule: string, value?: string) =>
    problems.push({ row, column: header(RIVAL_COLUMNS, key), rule, value });
  for (const { row, values } of rows) {
    const code = values.schoolCode ?? '';
    if (!code) bad(row, 'schoolCode', M.required);
    else if (!known.has(code)) bad(row, 'schoolCode', M.notSchool, code);
    const yearText = values.year ?? '';
    const year = yearOf(yearText);
    if (!yearText) bad(row, 'year', M.required);
    else if (year === null) bad(row, 'year', M.notYear, yearText);
    const sample = yesNo(values.sample ?? '');
    if (sample === null) bad(row, 'sample', M.yesNo, values.sample);
    let filled = 0;
    const rowRecords: FigureRecord[] = [];
    for (const ind of RIVAL_INDICATORS) {
      const text = (values[ind.code] ?? '').replace(/%$/, '').trim();
      if (!text) continue;
      filled++;
      const n = Number(text);
      if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(n)) bad(row, ind.code, M.notNumber, values[ind.code]);
      else if (n < 0 || n > ind.max) bad(row, ind.code, M.outOfRange(ind.max), values[ind.code]);
      else if (code && year !== null)
        rowRecords.push({ schoolCode: code, year, indicator: ind.code, value: n, sample: !!sample });
    }
    if (filled === 0) bad(row, RIVAL_INDICATORS[0].code, M.noFigures);
    if (code && year !== null) {
      const key = `${code}|${year}`;
      if (seen.has(key)) bad(row, 'schoolCode', M.duplicateRow, code);
      seen.add(key);
    }
    records.push(...rowRecords);
  }
  return { problems, records };
}

export interface UnitRecord {
  year: number;
  schoolName: string;
  schoolCode: string | null;
  kind: DoubleHighKind;
  grade: DoubleHighGrade;
  majors: string;
  source: string;
  sample: boolean;
}

const KIND_BY_NAME = Object.fromEntries(Object.entries(DOUBLE_HIGH_KINDS).map(([k, v]) => [v, k])) as Record<
  string,
  DoubleHighKind
>;

/** The double-high list's sheet: a round year, a name, an optional known code, a category and grade, once per round. */
export function checkUnitRows(
  rows: readonly { row: number; values: Record<string, string> }[],
  known: ReadonlySet<string>,
) {
  const problems: CellProblem[] = [];
  const units: UnitRecord[] = [];
  const seen = new Set<string>();
  const bad = (row: number, key: string, rule: string, value?: string) =>
    problems.push({ row, column: header(DOUBLE_HIGH_COLUMNS, key), rule, value });
  for (const { row, values: v } of rows) {
    const year = yearOf(v.year ?? '');
    if (!v.year) bad(row, 'year', M.required);
    else if (year === null) bad(row, 'year', M.notYear, v.year);
    const name = v.schoolName ?? '';
    if (!name) bad(row, 'schoolName', M.required);
    else if (name.length > 100) bad(row, 'schoolName', M.tooLong(100), name);
    const code = v.schoolCode ?? '';
    if (code && !known.has(code)) bad(row, 'schoolCode', M.notSchool, code);
    const kind = KIND_BY_NAME[v.kind ?? ''];
    if (!kind) bad(row, 'kind', v.kind ? M.notKind : M.required, v.kind);
    const grade = (v.grade ?? '').replace(/档$/, '').toUpperCase();
    const okGrade = (DOUBLE_HIGH_GRADES as readonly string[]).includes(grade);
    if (!okGrade) bad(row, 'grade', v.grade ? M.notGrade : M.required, v.grade);
    const majors = v.majors ?? '';
    if (majors.length > 500) bad(row, 'majors', M.tooLong(500), majors);
    const source = v.source ?? '';
    if (source.length > 300) bad(row, 'source', M.tooLong(300), source);
    const sample = yesNo(v.sample ?? '');
    if (sample === null) bad(row, 'sample', M.yesNo, v.sample);
    if (year !== null && name) {
      const key = `${year}|${name}`;
      if (seen.has(key)) bad(row, 'schoolName', M.duplicateUnit, name);
      seen.add(key);
    }
    if (year !== null && name && kind && okGrade && sample !== null)
      units.push({
        year,
        schoolName: name,
        schoolCode: code || null,
        kind,
        grade: grade as DoubleHighGrade,
        majors,
        source,
        sample,
      });
  }
  return { problems, units };
}

/** A small deterministic hash of a text to [0, 1) (the sample figures vary by school, never by run). */
function unit(text: string) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

/** Ranges of the sample figures per indicator: [low, high, yearly drift]. */
const SAMPLE_RANGES: Record<string, [number, number, number]> = {
  jyl: [88, 97, 0.4],
  ysr: [3600, 5200, 150],
  myd: [85, 96, 0.5],
  mxmyd: [90, 98, 0.3],
  sbb: [15, 22, -0.2],
  bdl: [86, 96, 0.3],
  jsfw: [300, 3000, 80],
};

/**
 * 示例数据: plausible figures of every indicator for the schools and years given, deterministic (the demo seed and the
 * bench's generator). Never real: rows made from them are marked sample.
 */
export function sampleFigures(codes: readonly string[], years: readonly number[]): FigureRecord[] {
  const out: FigureRecord[] = [];
  for (const code of codes)
    for (const ind of RIVAL_INDICATORS) {
      const [low, high, drift] = SAMPLE_RANGES[ind.code]!;
      const base = low + (high - low) * unit(`${code}:${ind.code}`);
      years.forEach((year, i) => {
        const wobble = (unit(`${code}:${ind.code}:${year}`) - 0.5) * (high - low) * 0.08;
        const value = Math.min(ind.max, Math.max(0, base + drift * i + wobble));
        out.push({ schoolCode: code, year, indicator: ind.code, value: round2(value), sample: true });
      });
    }
  return out;
}
