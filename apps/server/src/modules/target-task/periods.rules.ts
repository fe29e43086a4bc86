/**
 * Reporting periods of a target task, from its cycle (spec-1 section 3: a task has a cycle type and cycle values).
 * Pure: dates are YYYY-MM-DD strings, nothing is read from the clock or the database.
 *
 * - no cycle type: one period per calendar month the task spans (the rule before cycles were honoured);
 * - year (年): one per calendar year, 1 January to 31 December;
 * - academicYear (学年): 1 September to 31 August of the next year;
 * - term (学期): the first term 1 September to 31 January, the second term 1 February to 31 July;
 * - periodOfTime (时间段): half-years, 上半年 1 January to 30 June, 下半年 1 July to 31 December;
 * - pointOfTime (时间点): one deadline on each named date (the period runs from the day after the previous point, or
 *   the task's start); with no date named, one deadline on the task's end.
 * Every period is clipped to the task's start and end (its deadline is its end, clipped to the task's end); periods
 * outside the task's dates do not exist. When the task names cycle values, only the periods of those values are
 * periods; a value whose name cannot be read (an administrator's free text) is ignored, and when no named value can
 * be read the task gets every period of its type. A value whose period lies wholly outside the task's dates would
 * give no period: saving such a task is refused (cycleValuesOutside), so no named value is silently dropped. A task whose cycle leaves no period inside its dates (say a term
 * task that lies wholly in August) gets one period with its end as the deadline, so it can always be reported on.
 */
import { periodLabel } from '@zg/contract';

export interface Period {
  /** Stable key stored with the reports and the warnings: 2026-03, 2026, 2025-2026, 2025-2026-1, 2026-H1, 2026-06-30. */
  key: string;
  label: string;
  start: string;
  deadline: string;
}

export type CycleCode = 'year' | 'academicYear' | 'term' | 'periodOfTime' | 'pointOfTime';

export interface TaskCycle {
  /** The cycle type's code; null or an unknown code: monthly periods. */
  type: string | null;
  /** The names of the cycle values the task names (empty: all periods of the type). */
  values: readonly string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Adds days to a YYYY-MM-DD date. */
export function addDays(d: string, days: number): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

interface Span {
  key: string;
  start: string;
  end: string;
}

const yearSpan = (y: number): Span => ({ key: String(y), start: iso(y, 1, 1), end: iso(y, 12, 31) });
const academicSpan = (y: number): Span => ({ key: `${y}-${y + 1}`, start: iso(y, 9, 1), end: iso(y + 1, 8, 31) });
/** Term n (1 or 2) of the academic year starting in September of y. */
const termSpan = (y: number, n: 1 | 2): Span =>
  n === 1
    ? { key: `${y}-${y + 1}-1`, start: iso(y, 9, 1), end: iso(y + 1, 1, 31) }
    : { key: `${y}-${y + 1}-2`, start: iso(y + 1, 2, 1), end: iso(y + 1, 7, 31) };
const halfSpan = (y: number, n: 1 | 2): Span =>
  n === 1
    ? { key: `${y}-H1`, start: iso(y, 1, 1), end: iso(y, 6, 30) }
    : { key: `${y}-H2`, start: iso(y, 7, 1), end: iso(y, 12, 31) };

const yearOf = (d: string) => Number(d.slice(0, 4));
const firstYear = (s: string) => {
  const m = /(\d{4})/.exec(s);
  return m ? Number(m[1]) : null;
};
/** Whether a name carries two years (2025-2026, 2025至2026). */
const twoYears = (s: string) => /\d{4}\s*(?:-|－|–|—|~|～|至|到)\s*\d{4}/.test(s);

/** The term (1 or 2) a term value names: 第一学期 / 上学期 / 秋季 → 1, 第二学期 / 下学期 / 春季 → 2. */
function termNumber(s: string): 1 | 2 | null {
  if (/第一学期|第1学期|上学期|秋季?学期|秋季/.test(s)) return 1;
  if (/第二学期|第2学期|下学期|春季?学期|春季/.test(s)) return 2;
  return null;
}

/** A point-of-time value as a date: 2026-06-30, 2026/6/30, 2026.6.30, 2026年6月30日. */
function pointDate(s: string): string | null {
  const m = /(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > lastDay(y, mo)) return null;
  return iso(y, mo, d);
}

/** The span a named cycle value stands for, or null when its name cannot be read. */
function spanOfValue(type: CycleCode, value: string): Span | null {
  const y = firstYear(value);
  if (y === null) return null;
  switch (type) {
    case 'year':
      return yearSpan(y);
    case 'academicYear':
      return academicSpan(y);
    case 'term': {
      const n = termNumber(value);
      if (n === null) return null;
      // 2026年春季学期 (one year named) is the second term of 2025-2026.
      return termSpan(n === 2 && !twoYears(value) ? y - 1 : y, n);
    }
    case 'periodOfTime': {
      if (value.includes('上半年')) return halfSpan(y, 1);
      if (value.includes('下半年')) return halfSpan(y, 2);
      return null;
    }
    case 'pointOfTime': {
      const d = pointDate(value);
      return d ? { key: d, start: d, end: d } : null;
    }
  }
}

/** Every span of a type that may meet the dates (a year either side, the clipping drops the rest). */
function allSpans(type: Exclude<CycleCode, 'pointOfTime'>, start: string, end: string): Span[] {
  const out: Span[] = [];
  for (let y = yearOf(start) - 1; y <= yearOf(end); y += 1) {
    if (type === 'year') out.push(yearSpan(y));
    else if (type === 'academicYear') out.push(academicSpan(y));
    else if (type === 'term') out.push(termSpan(y, 1), termSpan(y, 2));
    else out.push(halfSpan(y, 1), halfSpan(y, 2));
  }
  return out;
}

/** Monthly reporting periods: one per calendar month the task spans; a period's report is due at month end. */
export function monthlyPeriods(start: string, end: string): Period[] {
  const out: Period[] = [];
  let y = yearOf(start);
  let m = Number(start.slice(5, 7));
  const endKey = end.slice(0, 7);
  for (;;) {
    const key = `${y}-${pad(m)}`;
    const monthStart = `${key}-01`;
    const monthEnd = `${key}-${pad(lastDay(y, m))}`;
    out.push({
      key,
      label: periodLabel(key),
      start: monthStart < start ? start : monthStart,
      deadline: monthEnd > end ? end : monthEnd,
    });
    if (key >= endKey) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

const CODES = new Set<string>(['year', 'academicYear', 'term', 'periodOfTime', 'pointOfTime']);

/**
 * The named cycle values whose period lies wholly outside the task's dates (a span that does not meet them, a point
 * before the start or after the end), in the order given: such a value would give the task no reporting period, so
 * a task naming one is not saved. A value whose name cannot be read is not judged here (it names no period).
 */
export function cycleValuesOutside(start: string, end: string, cycle: TaskCycle): string[] {
  if (!cycle.type || !CODES.has(cycle.type)) return [];
  const type = cycle.type as CycleCode;
  return cycle.values.filter((v) => {
    const span = spanOfValue(type, v);
    return span !== null && (span.end < start || span.start > end);
  });
}

/** The reporting periods of a task from its dates and its cycle, in date order (see the rules above). */
export function taskPeriods(start: string, end: string, cycle: TaskCycle | null): Period[] {
  if (!cycle?.type || !CODES.has(cycle.type)) return monthlyPeriods(start, end);
  const type = cycle.type as CycleCode;
  const named = cycle.values.map((v) => spanOfValue(type, v)).filter((s): s is Span => s !== null);
  const unique = [...new Map(named.map((s) => [s.key, s])).values()];
  let periods: Period[];
  if (type === 'pointOfTime') {
    const points = unique
      .map((s) => s.end)
      .filter((d) => d >= start && d <= end)
      .sort();
    if (!unique.length) points.push(end);
    periods = points.map((d, i) => ({
      key: d,
      label: periodLabel(d),
      start: i === 0 ? start : addDays(points[i - 1]!, 1),
      deadline: d,
    }));
  } else {
    const spans = unique.length ? unique : allSpans(type, start, end);
    periods = spans
      .filter((s) => s.start <= end && s.end >= start)
      .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
      .map((s) => ({
        key: s.key,
        label: periodLabel(s.key),
        start: s.start < start ? start : s.start,
        deadline: s.end > end ? end : s.end,
      }));
  }
  if (periods.length) return periods;
  return [{ key: end, label: periodLabel(end), start, deadline: end }];
}
