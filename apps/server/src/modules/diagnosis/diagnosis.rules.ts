import {
  type Direction,
  GRADE_POINTS,
  type GradeRule,
  DIAGNOSIS_MSG as M,
  RESULT_GRADES,
  type ResultGrade,
  type ValueType,
} from '@zg/contract';

/**
 * The pure rules of 诊断改进 (no I/O): values checked by their value type, targets against the standard by direction,
 * the grade of a result, the unfinished / below-standard flags, the score of an object task, the daily schedule of a
 * task's computation. Values are kept as text: a number with at most two decimals ("85.5"), 0 / 1, or a level's name.
 */

/** What the rules need of a row. */
export interface RowRule {
  zlx: ValueType;
  direction: Direction | null;
  gradeRule: GradeRule | null;
  bzz: string | null;
}

export type Checked = { ok: true; value: string } | { ok: false; message: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The level values a row offers (a level-typed row's grade rule lists them). */
export function levelOptions(rule: Pick<RowRule, 'gradeRule'>): string[] {
  return rule.gradeRule?.type === 'levels' ? rule.gradeRule.levels.map((l) => l.value) : [];
}

/** A number as stored: at most two decimals, no trailing zeros ("85.50" -> "85.5", "-0" -> "0"). */
export const numberText = (n: number) => String(Number(n.toFixed(2)) || 0);

/**
 * A value as typed, checked by the row's value type and normalised: percent 0-100, others any finite number (both
 * with at most two decimals), have / whether 0 or 1, levels one of the grade rule's level values. `label` names the
 * value in the message (目标值, 结果值 ...). `measured`: a value an algorithm computed from the data, whose percent may
 * leave 0-100 (招生计划完成率 101.33 when a major enrolled more than planned; a growth rate below 0): the range
 * catches a typing slip (850 for 85.0), not a fact of the school.
 */
export function checkValue(
  row: Pick<RowRule, 'zlx' | 'gradeRule'>,
  raw: string,
  label: string,
  opts: { measured?: boolean } = {},
): Checked {
  const v = raw.trim();
  if (!v) return { ok: false, message: M.valueRequired(label) };
  switch (row.zlx) {
    case 'levels': {
      const levels = levelOptions(row);
      return levels.includes(v)
        ? { ok: true, value: v }
        : { ok: false, message: M.levelValue(label, v, levels.join('、') || '未设置等级') };
    }
    case 'have':
    case 'whether':
      return v === '0' || v === '1'
        ? { ok: true, value: v }
        : { ok: false, message: row.zlx === 'have' ? M.haveValue(label, v) : M.whetherValue(label, v) };
    default: {
      if (!NUMBER.test(v) || !Number.isFinite(Number(v))) return { ok: false, message: M.notNumber(label, v) };
      const decimals = v.includes('.') ? v.split('.')[1]!.length : 0;
      if (decimals > 2) return { ok: false, message: M.tooManyDecimals(label, v) };
      const n = Number(v);
      if (row.zlx === 'percent' && !opts.measured && (n < 0 || n > 100))
        return { ok: false, message: M.percentRange(label, v) };
      return { ok: true, value: numberText(n) };
    }
  }
}

/** The rank of a level value (0 best): by its grade A-D, then by its place in the list; -1 when not listed. */
function levelRank(rule: Pick<RowRule, 'gradeRule'>, v: string): number {
  if (rule.gradeRule?.type !== 'levels') return -1;
  const i = rule.gradeRule.levels.findIndex((l) => l.value === v);
  if (i < 0) return -1;
  return RESULT_GRADES.indexOf(rule.gradeRule.levels[i]!.dxLevel) * 1000 + i;
}

/**
 * Whether `value` reaches `goal` for the row: numbers by direction (higher: ≥, lower: ≤; no direction: higher),
 * have / whether by equality, levels by grade order (a level at least as good). Null when they cannot be compared
 * (a goal that is not a value of the row's type).
 */
export function reaches(row: RowRule, value: string, goal: string): boolean | null {
  switch (row.zlx) {
    case 'levels': {
      const a = levelRank(row, value);
      const b = levelRank(row, goal);
      return a < 0 || b < 0 ? null : Math.floor(a / 1000) <= Math.floor(b / 1000);
    }
    case 'have':
    case 'whether':
      return value === goal;
    default: {
      const a = Number(value);
      const b = Number(goal);
      if (!NUMBER.test(value.trim()) || !NUMBER.test(goal.trim())) return null;
      return row.direction === 'lower' ? a <= b : a >= b;
    }
  }
}

/**
 * A target checked: its value type first, then against the standard by direction — for "higher is better" a target
 * below bzz is refused naming both (目标值 80 低于标准值 85 …), for "lower is better" one above it.
 */
export function checkTarget(row: RowRule, raw: string, label = '目标值'): Checked {
  const c = checkValue(row, raw, label);
  if (!c.ok || row.bzz === null || row.bzz.trim() === '') return c;
  if (row.zlx !== 'percent' && row.zlx !== 'others' && row.zlx !== 'levels') return c;
  if (reaches(row, c.value, row.bzz) === false) {
    return {
      ok: false,
      message:
        row.direction === 'lower' ? M.targetAboveStandard(c.value, row.bzz) : M.targetBelowStandard(c.value, row.bzz),
    };
  }
  return c;
}

/**
 * The grade of a result: thresholds by direction (higher: ≥A → A, ≥B → B, ≥C → C, else D; lower: ≤A → A ...), a
 * level list's value → its dxLevel, have / whether → Y when the value is the good one (1, or 0 for "lower is
 * better"), else N; null without a result, or a numeric row without a grade rule.
 */
export function gradeOf(row: RowRule, result: string | null): ResultGrade | null {
  if (result === null || result.trim() === '') return null;
  if (row.zlx === 'have' || row.zlx === 'whether') {
    return result === (row.direction === 'lower' ? '0' : '1') ? 'Y' : 'N';
  }
  const rule = row.gradeRule;
  if (!rule) return null;
  if (rule.type === 'levels') return rule.levels.find((l) => l.value === result)?.dxLevel ?? null;
  if (row.zlx === 'levels' || !NUMBER.test(result.trim())) return null;
  const v = Number(result);
  if (row.direction === 'lower') return v <= rule.A ? 'A' : v <= rule.B ? 'B' : v <= rule.C ? 'C' : 'D';
  return v >= rule.A ? 'A' : v >= rule.B ? 'B' : v >= rule.C ? 'C' : 'D';
}

/** The values a row is judged on: the revised one where there is one. */
export interface RowValues {
  mbz: string | null;
  xzmbz: string | null;
  jgz: string | null;
  xzjgz: string | null;
}

export const resultOf = (v: Pick<RowValues, 'jgz' | 'xzjgz'>) => v.xzjgz ?? v.jgz;
export const targetOf = (v: Pick<RowValues, 'mbz' | 'xzmbz'>) => v.xzmbz ?? v.mbz;

/**
 * unfin: a result and a target exist and the result does not reach the target; dis: the same against the standard
 * value. No result: neither flag.
 */
export function flagsOf(row: RowRule, v: RowValues): { unfin: boolean; dis: boolean } {
  const result = resultOf(v);
  if (result === null) return { unfin: false, dis: false };
  const target = targetOf(v);
  return {
    unfin: target !== null && reaches(row, result, target) === false,
    dis: row.bzz !== null && row.bzz.trim() !== '' && reaches(row, result, row.bzz) === false,
  };
}

/** What a row's result comes to: grade and flags. */
export function judge(row: RowRule, v: RowValues) {
  return { jgdj: gradeOf(row, resultOf(v)), ...flagsOf(row, v) };
}

/**
 * The score of an object task: the mean of its graded rows' points (A 100, B 85, C 70, D 50, Y 100, N 0), two
 * decimals; null when no row is graded.
 */
export function scoreOf(grades: readonly (ResultGrade | null)[]) {
  const counts = Object.fromEntries(RESULT_GRADES.map((g) => [g, 0])) as Record<ResultGrade, number>;
  let sum = 0;
  let graded = 0;
  for (const g of grades) {
    if (!g) continue;
    counts[g] += 1;
    sum += GRADE_POINTS[g];
    graded += 1;
  }
  return { score: graded ? Number((sum / graded).toFixed(2)) : null, graded, grades: counts };
}

/** A share as a percentage with two decimals (0 when the whole is 0). */
export const percent = (part: number, whole: number) => (whole > 0 ? Number(((part / whole) * 100).toFixed(2)) : 0);

/** The year a cycle value names (its first four-digit year: 2025-2026学年 -> 2025), or null. */
export function yearOfCycleValue(value: string): number | null {
  const m = /(19|20|21)\d{2}/.exec(value);
  return m ? Number(m[0]) : null;
}

/**
 * The daily computation of a task whose cycle is under way: a normal task whose start ≤ today ≤ end is computed once
 * a day (by the hourly job, at its first run of the day). `today` and the dates are yyyy-MM-dd; `lastRunDay` the day
 * of the last computation. Answers whether it is scheduled, whether it is due now, and the day of the next run.
 */
export function dailySchedule(
  task: { state: string; startDate: string; endDate: string },
  today: string,
  lastRunDay: string | null,
): { scheduled: boolean; due: boolean; nextDay: string | null } {
  const scheduled = task.state === 'normal' && task.startDate <= task.endDate && today <= task.endDate;
  if (!scheduled) return { scheduled: false, due: false, nextDay: null };
  if (today < task.startDate) return { scheduled: true, due: false, nextDay: task.startDate };
  const due = lastRunDay === null || lastRunDay < today;
  if (due) return { scheduled: true, due: true, nextDay: today };
  const next = addDay(today);
  return { scheduled: true, due: false, nextDay: next <= task.endDate ? next : null };
}

/** The next calendar day of a yyyy-MM-dd date. */
export function addDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
