import type { WarningCycle, WarningOperator, WarningRule } from '@zg/contract';
import type { WarningSchedule } from '../warning';

/**
 * The pure rules of the quality warnings (issue 32): whether a row's value breaches its warning rule (按值: operator
 * and value; 按等级: operator and grade, compared in grade order, A best), the schedule of a rule's cycle (every
 * month on the 1st, every week on Monday, every day, at 00:00; 无: none, only after computations), the end of the
 * cycle under way, and Holt's linear method for the forecast.
 */

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** Grade order: the better the grade, the higher its rank (so "< B" means worse than B). */
const GRADE_RANK: Record<string, number> = { A: 4, B: 3, C: 2, D: 1 };

export function compare(a: number, op: WarningOperator, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '=':
      return a === b;
    case '>=':
      return a >= b;
    default:
      return a > b;
  }
}

/**
 * Whether the row's value breaches its rule: true / false, or null when it cannot be judged (no value yet, a value
 * that is not a number in value mode, no grade in level mode).
 */
export function breaches(rule: WarningRule, v: { value: string | null; grade: string | null }): boolean | null {
  if (rule.mode === 'level') {
    if (!rule.grade || !v.grade || !(v.grade in GRADE_RANK)) return null;
    return compare(GRADE_RANK[v.grade]!, rule.operator, GRADE_RANK[rule.grade]!);
  }
  if (v.value === null || rule.value === null || rule.value === undefined || !NUMBER.test(v.value.trim())) return null;
  return compare(Number(v.value), rule.operator, rule.value);
}

/** The rule's warning value as the pages show it: "< 85" or "< B". */
export function warningValueText(rule: WarningRule): string {
  return `${rule.operator} ${rule.mode === 'level' ? (rule.grade ?? '') : String(rule.value ?? '')}`.trim();
}

/** The schedule of a cycle (the warning module's schedule rules), null for 无. */
export function cycleSchedule(cycle: WarningCycle): WarningSchedule | null {
  switch (cycle) {
    case 'month':
      return { period: 'month', day: 1, hour: 0 };
    case 'week':
      return { period: 'week', weekday: 2, hour: 0 };
    case 'day':
      return { period: 'day', hour: 0 };
    default:
      return null;
  }
}

const shift = (d: string, days: number) => {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
};

/** The last day of the cycle under way on `today` (无: the task's end). */
export function cycleEnd(cycle: WarningCycle, today: string, taskEnd: string): string {
  switch (cycle) {
    case 'day':
      return today;
    case 'week': {
      const dow = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday
      return shift(today, (7 - dow) % 7);
    }
    case 'month': {
      const y = Number(today.slice(0, 4));
      const m = Number(today.slice(5, 7));
      return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    }
    default:
      return taskEnd;
  }
}

/** Holt's linear method: level and trend smoothed over the values, projected `h` steps past the last. */
export function holt(values: readonly number[], alpha: number, beta: number, h: number) {
  if (values.length < 2) throw new Error('holt needs two values');
  let level = values[0]!;
  let trend = values[1]! - values[0]!;
  for (let i = 1; i < values.length; i += 1) {
    const prev = level;
    level = alpha * values[i]! + (1 - alpha) * (level + trend);
    trend = beta * (level - prev) + (1 - beta) * trend;
  }
  return { level, trend, projected: level + h * trend };
}

/** The steps from the last point to the end of `endDay` (23:59:59), a step being the points' mean interval. */
export function stepsToEnd(times: readonly Date[], endDay: string): number {
  if (times.length < 2) return 0;
  const first = times[0]!.getTime();
  const last = times[times.length - 1]!.getTime();
  const step = (last - first) / (times.length - 1);
  const end = new Date(`${endDay}T23:59:59`).getTime();
  if (step <= 0 || end <= last) return 0;
  return (end - last) / step;
}

/** Rounds a projection to two decimals, as the values are written. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whole days between two instants (a case's age). */
export const daysBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 86_400_000));
