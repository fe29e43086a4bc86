import { type Period, ROLE, SCHEDULE_COLOR, SCHEDULE_STATUS, type TaskCard } from '@zg/contract';

/** How a period's circle looks (spec-2 section 4): the schedule's colour, filled when the audit status is '2'. */
export function circleOf(period: Pick<Period, 'schedule' | 'shzt'>) {
  return {
    color: SCHEDULE_COLOR[period.schedule],
    filled: period.shzt === '2',
    label: SCHEDULE_STATUS[period.schedule],
  };
}

/** Periods that may take a new process report: none yet, or the last one was rejected or only partly passed. */
export function reportablePeriods(periods: Period[]): Period[] {
  return periods.filter(
    (p) => p.reportStatus === null || p.reportStatus === 'reject' || p.reportStatus === 'childPass',
  );
}

/** The period a new report most likely is for: the earliest one behind, else the one under way, else the first open. */
export function suggestedPeriod(periods: Period[]): string | undefined {
  const open = reportablePeriods(periods);
  return (
    open.find((p) => p.schedule === 'block')?.key ?? open.find((p) => p.schedule === 'normal')?.key ?? open[0]?.key
  );
}

const UNDER_WAY = new Set(['executeing', 'delayNotDone']);

/** Whether the user may report on the task now: its owner (or an administrator) while it is under way. */
export function mayReport(task: Pick<TaskCard, 'ownerId' | 'rwzt'>, userId: string, roleIds: readonly string[]) {
  return UNDER_WAY.has(task.rwzt) && (task.ownerId === userId || roleIds.includes(ROLE.admin));
}

/** A rejection needs a reason; passing does not. */
export function auditNeedsReason(result: string): boolean {
  return result === 'reject';
}
