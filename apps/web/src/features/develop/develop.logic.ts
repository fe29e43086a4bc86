import { DEVELOP_MAX_YEARS, type DevelopDepartmentYear, type QcpFigures, DEVELOP_UI as T } from '@zg/contract';
import type { CategoryData } from '../../components/charts';

/** The view's first range: the last five years up to this one. */
export function defaultRange(thisYear: number): [number, number] {
  return [thisYear - 4, thisYear];
}

/** A chosen range made valid: ordered, and at most DEVELOP_MAX_YEARS long (kept from its end). */
export function clampRange(start: number | null, end: number | null, thisYear: number): [number, number] {
  const e = end ?? start ?? thisYear;
  let s = start ?? e;
  if (s > e) s = e;
  if (e - s >= DEVELOP_MAX_YEARS) s = e - DEVELOP_MAX_YEARS + 1;
  return [s, e];
}

/**
 * The chart: one line per department of its average progress over the years of the range (null for a year with no
 * task of it, so the line skips it); departments by name.
 */
export function progressChart(rows: readonly DevelopDepartmentYear[], years: readonly number[]): CategoryData {
  const names = new Map<string, string>();
  for (const r of rows) names.set(r.bmid, r.bmmc);
  const at = new Map(rows.map((r) => [`${r.bmid}|${r.year}`, r.avgProgress]));
  return {
    categories: years.map(String),
    series: [...names]
      .sort((a, b) => a[1].localeCompare(b[1], 'zh-CN'))
      .map(([bmid, name]) => ({ name, data: years.map((y) => at.get(`${bmid}|${y}`) ?? null) })),
  };
}

/** How a QCP's latest diagnosis reads beside a task: attainment, one row's value against target, its grade. */
export function figuresLines(f: QcpFigures | null): { text: string; tone: 'success' | 'danger' | 'secondary' }[] {
  if (!f) return [{ text: T.noDiagnosis, tone: 'secondary' }];
  const lines: { text: string; tone: 'success' | 'danger' | 'secondary' }[] = [
    { text: T.diagnosisOf(f.diagnosisTaskName, f.year), tone: 'secondary' },
    { text: T.attainment(f.attained, f.below), tone: f.below > 0 ? 'danger' : 'success' },
  ];
  const s = f.sample;
  if (s) {
    const parts = [`${s.objectName} · ${s.rowName}`, T.valueVsTarget(s.value, s.target)];
    if (s.grade) parts.push(T.grade(s.grade));
    if (s.attained !== null) parts.push(s.attained ? T.attained : T.below);
    lines.push({ text: parts.join('，'), tone: s.attained === false ? 'danger' : 'secondary' });
  }
  return lines;
}
