import {
  PORTRAIT_FIGURES,
  type PortraitCard,
  type PortraitKind,
  type PortraitRadar,
  type PortraitTrend,
} from '@zg/contract';

/** Pure rules of the portraits: which figures a kind shows, the cards and trend from the yearly rows, the radar. */

type FigureKey = (typeof PORTRAIT_FIGURES)[number]['key'];

/** The built-in figures each portrait kind shows (a student's are its class's). */
export const KIND_FIGURES: Record<PortraitKind, readonly FigureKey[]> = {
  school: ['students', 'avgScore', 'passRate', 'excellentRate', 'employmentRate', 'salary'],
  college: ['students', 'avgScore', 'passRate', 'excellentRate', 'employmentRate', 'salary'],
  major: ['students', 'avgScore', 'passRate', 'excellentRate', 'employmentRate', 'salary'],
  course: ['assessed', 'avgScore', 'passRate', 'excellentRate'],
  teacher: ['assessed', 'avgScore', 'passRate', 'excellentRate'],
  class: ['students', 'avgScore', 'passRate', 'excellentRate', 'employmentRate'],
  student: ['avgScore', 'passRate', 'excellentRate'],
};

/** The kinds under each kind (what a portrayal authority rooted there may open), itself first. */
export const KINDS_FROM: Record<PortraitKind, readonly PortraitKind[]> = {
  school: ['school', 'college', 'major', 'course', 'teacher', 'class', 'student'],
  college: ['college', 'major', 'course', 'teacher', 'class', 'student'],
  major: ['major', 'course', 'teacher', 'class', 'student'],
  course: ['course'],
  teacher: ['teacher'],
  class: ['class', 'student'],
  student: ['student'],
};

/** The kinds a set of granted roots opens, in the catalogue's order. */
export function kindsOf(roots: readonly { kind: PortraitKind }[], order: readonly PortraitKind[]) {
  const open = new Set(roots.flatMap((r) => KINDS_FROM[r.kind]));
  return order.filter((k) => open.has(k));
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export type YearRow = Record<string, unknown>;
const YEAR = '学年';

/** The years of the rows (ascending) and, for the cards, the latest year that has any of the kind's figures. */
export function latestYear(rows: readonly YearRow[], kind: PortraitKind): number | null {
  const figures = PORTRAIT_FIGURES.filter((f) => KIND_FIGURES[kind].includes(f.key));
  let latest: number | null = null;
  for (const r of rows) {
    const y = num(r[YEAR]);
    if (y === null) continue;
    if (figures.some((f) => num(r[f.column]) !== null) && (latest === null || y > latest)) latest = y;
  }
  return latest;
}

/**
 * The built-in cards: each of the kind's figures in its own latest year with a value (the year's graduates are
 * counted only after they leave, so employment lags the results by a year); null with no year when none has one.
 */
export function builtInCards(rows: readonly YearRow[], kind: PortraitKind): PortraitCard[] {
  return PORTRAIT_FIGURES.filter((f) => KIND_FIGURES[kind].includes(f.key)).map((f) => {
    let year: number | null = null;
    let value: number | null = null;
    for (const r of rows) {
      const y = num(r[YEAR]);
      const v = num(r[f.column]);
      if (y !== null && v !== null && (year === null || y > year)) [year, value] = [y, v];
    }
    return { key: f.key, label: f.label, value, year, unit: f.unit, configured: false, error: null };
  });
}

/** The trend: every year of the rows, one series per figure of the kind that has a value in some year. */
export function trendOf(rows: readonly YearRow[], kind: PortraitKind): PortraitTrend {
  const sorted = rows
    .map((r) => ({ r, y: num(r[YEAR]) }))
    .filter((x): x is { r: YearRow; y: number } => x.y !== null)
    .sort((a, b) => a.y - b.y);
  const series = PORTRAIT_FIGURES.filter((f) => KIND_FIGURES[kind].includes(f.key))
    .map((f) => ({ key: f.key, name: f.label, unit: f.unit, data: sorted.map((x) => num(x.r[f.column])) }))
    .filter((s) => s.data.some((v) => v !== null));
  return { years: series.length ? sorted.map((x) => x.y) : [], series };
}

/** A grade's score on the radar. */
export const GRADE_SCORES: Record<string, number> = { A: 100, B: 80, C: 60, D: 40 };

/** The radar from the graded rows of the latest diagnosis: per axis, the mean score of its grades (one decimal). */
export function radarOf(
  graded: { taskName: string; year: number; rows: readonly { axis: string; grade: string; n: number }[] } | null,
): PortraitRadar | null {
  if (!graded) return null;
  const axes = new Map<string, { sum: number; n: number; grades: Record<string, number> }>();
  for (const r of graded.rows) {
    const score = GRADE_SCORES[r.grade];
    if (score === undefined || r.n <= 0) continue;
    const a = axes.get(r.axis) ?? { sum: 0, n: 0, grades: {} };
    a.sum += score * r.n;
    a.n += r.n;
    a.grades[r.grade] = (a.grades[r.grade] ?? 0) + r.n;
    axes.set(r.axis, a);
  }
  if (!axes.size) return null;
  return {
    taskName: graded.taskName,
    year: graded.year,
    axes: [...axes].map(([name, a]) => ({ name, score: Math.round((a.sum / a.n) * 10) / 10, grades: a.grades })),
  };
}

/** One page of rows (1-based page), rows filtered by a keyword on the given columns first. */
export function pageRows<T extends Record<string, unknown>>(
  rows: readonly T[],
  q: { current: number; size: number; keyword?: string },
  searchColumns: readonly string[] = [],
) {
  const k = q.keyword?.trim();
  const kept = k ? rows.filter((r) => searchColumns.some((c) => String(r[c] ?? '').includes(k))) : rows;
  const start = (q.current - 1) * q.size;
  return { records: kept.slice(start, start + q.size), total: kept.length };
}
