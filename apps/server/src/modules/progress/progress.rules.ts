/** Pure rules of progress periods, schedule status and warnings (dates are YYYY-MM-DD strings). */

export interface Period {
  key: string;
  label: string;
  start: string;
  deadline: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Adds days to a YYYY-MM-DD date. */
export function addDays(d: string, days: number): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** Monthly reporting periods of a task: one per calendar month it spans; a period's report is due at month end. */
export function monthlyPeriods(start: string, end: string): Period[] {
  const out: Period[] = [];
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  const endKey = end.slice(0, 7);
  for (;;) {
    const key = `${y}-${pad(m)}`;
    const monthStart = `${key}-01`;
    const monthEnd = `${key}-${pad(lastDay(y, m))}`;
    out.push({
      key,
      label: `${y}年${m}月`,
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

export type Schedule = 'unstart' | 'block' | 'normal' | 'finish';

/** The schedule status of a period: finished when its report passed, behind when due without an accepted report. */
export function scheduleOf(p: Period, today: string, reportStatus: string | null): Schedule {
  if (reportStatus === 'pass' || reportStatus === 'childPass') return 'finish';
  if (today < p.start) return 'unstart';
  if (today > p.deadline && reportStatus !== 'reviewing') return 'block';
  return 'normal';
}

export interface WarningTypeRule {
  id: number;
  kind: 'process' | 'final';
  days: number;
  period: string;
  /** From this hour of the first due day on (0-23); null: from midnight. */
  hour?: number | null;
}

export interface TaskForWarnings {
  id: number;
  start: string;
  end: string;
  finished: boolean;
  /** Period keys with a report under review or accepted. */
  reportedPeriods: ReadonlySet<string>;
}

/** The moment the rules are evaluated at: the date and the hour (0-23) of the server's time zone. */
export interface Moment {
  today: string;
  hour: number;
}

/** Whether a warning whose first due day is `firstDay` is due at `now` (on that day only from the type's hour). */
function reached(firstDay: string, now: Moment, hour: number | null | undefined) {
  return now.today > firstDay || (now.today === firstDay && now.hour >= (hour ?? 0));
}

/**
 * The warnings that should be open for a task now. Per warning type:
 * - final (逾期): the task is past its end by more than `days` and not finished;
 * - process with a month or week period (过程): a monthly period's report is missing `days` days after its deadline;
 * - process with a day or no period (到期): the task ends within `days` days and is not finished.
 */
export function dueWarnings(
  task: TaskForWarnings,
  types: WarningTypeRule[],
  now: Moment | string,
): { typeId: number; key: string; kind: 'process' | 'final' }[] {
  const at: Moment = typeof now === 'string' ? { today: now, hour: 23 } : now;
  if (task.finished) return [];
  const out: { typeId: number; key: string; kind: 'process' | 'final' }[] = [];
  for (const t of types) {
    if (t.kind === 'final') {
      if (reached(addDays(task.end, t.days + 1), at, t.hour)) out.push({ typeId: t.id, key: 'overdue', kind: 'final' });
    } else if (t.period === 'month' || t.period === 'week') {
      for (const p of monthlyPeriods(task.start, task.end)) {
        if (reached(addDays(p.deadline, t.days + 1), at, t.hour) && !task.reportedPeriods.has(p.key)) {
          out.push({ typeId: t.id, key: `P:${p.key}`, kind: 'process' });
        }
      }
    } else if (at.today <= task.end && reached(addDays(task.end, -t.days), at, t.hour)) {
      out.push({ typeId: t.id, key: 'due', kind: 'process' });
    }
  }
  return out;
}
