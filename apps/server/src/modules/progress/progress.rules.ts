/** Pure rules of a task's reporting schedule (dates are YYYY-MM-DD strings); periods: target-task/periods.rules.ts. */
import type { Period } from '../target-task';

export type Schedule = 'unstart' | 'block' | 'normal' | 'finish';

/** The schedule status of a period: finished when its report passed, behind when due without an accepted report. */
export function scheduleOf(p: Period, today: string, reportStatus: string | null): Schedule {
  if (reportStatus === 'pass' || reportStatus === 'childPass') return 'finish';
  if (today < p.start) return 'unstart';
  if (today > p.deadline && reportStatus !== 'reviewing') return 'block';
  return 'normal';
}
