/** Pure rules of warnings (dates are YYYY-MM-DD strings): which warnings a task is due; schedules: warning-schedule.rules.ts. */
import { addDays, type Period, type TaskCycle, taskPeriods } from '../target-task/periods.rules';
import { dueToRaise, type Moment, type WarningSchedule } from './warning-schedule.rules';

export type { Moment } from './warning-schedule.rules';

export interface WarningTypeRule extends WarningSchedule {
  id: number;
  kind: 'process' | 'final';
  days: number;
}

export interface TaskForWarnings {
  id: number;
  start: string;
  end: string;
  finished: boolean;
  /** The task's cycle (null: monthly periods). */
  cycle?: TaskCycle | null;
  /** Period keys with a report under review or accepted. */
  reportedPeriods: ReadonlySet<string>;
}

export interface DueWarning {
  typeId: number;
  key: string;
  kind: 'process' | 'final';
  /** The first day the condition holds. */
  since: string;
  /** Whether the type's schedule raises it now (see warning-schedule.rules.ts); a held condition keeps it open. */
  raise: boolean;
}

/**
 * The warnings whose condition holds for a task now, each with whether its type's schedule raises it now. Per type:
 * - final (逾期): the task is past its end by more than `days` and not finished;
 * - process with a month or week period (过程): a period of the task's cycle has no report `days` days after its
 *   deadline;
 * - process with a day or no period (到期): the task ends within `days` days and is not finished.
 * A finished task has none.
 */
export function dueWarnings(task: TaskForWarnings, types: WarningTypeRule[], now: Moment | string): DueWarning[] {
  const at: Moment = typeof now === 'string' ? { today: now, hour: 23 } : now;
  if (task.finished) return [];
  const out: DueWarning[] = [];
  const push = (t: WarningTypeRule, key: string, since: string) => {
    if (since <= at.today) out.push({ typeId: t.id, key, kind: t.kind, since, raise: dueToRaise(t, since, at) });
  };
  let periods: Period[] | null = null;
  for (const t of types) {
    if (t.kind === 'final') push(t, 'overdue', addDays(task.end, t.days + 1));
    else if (t.period === 'month' || t.period === 'week') {
      periods ??= taskPeriods(task.start, task.end, task.cycle ?? null);
      for (const p of periods) {
        if (!task.reportedPeriods.has(p.key)) push(t, `P:${p.key}`, addDays(p.deadline, t.days + 1));
      }
    } else if (at.today <= task.end) push(t, 'due', addDays(task.end, -t.days));
  }
  return out;
}
