import type { Period } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { auditNeedsReason, circleOf, mayReport, reportablePeriods, suggestedPeriod } from './schedule';

const period = (key: string, over: Partial<Period> = {}): Period => ({
  key,
  label: key,
  start: `${key}-01`,
  deadline: `${key}-28`,
  schedule: 'unstart',
  audited: false,
  shzt: '0',
  reportId: null,
  reportStatus: null,
  ...over,
});

describe('schedule circles', () => {
  it('take the colour of the schedule: finish green, normal blue, block yellow, unstart red', () => {
    expect(circleOf({ schedule: 'finish', shzt: '2' }).color).toBe('#52c41a');
    expect(circleOf({ schedule: 'normal', shzt: '1' }).color).toBe('#1677ff');
    expect(circleOf({ schedule: 'block', shzt: '0' }).color).toBe('#faad14');
    expect(circleOf({ schedule: 'unstart', shzt: '0' }).color).toBe('#f5222d');
  });
  it("are filled only when the audit status is '2'", () => {
    expect(circleOf({ schedule: 'finish', shzt: '2' }).filled).toBe(true);
    expect(circleOf({ schedule: 'normal', shzt: '1' }).filled).toBe(false);
    expect(circleOf({ schedule: 'block', shzt: '2' })).toMatchObject({ filled: true, label: '滞后' });
  });
});

describe('reporting periods', () => {
  const periods = [
    period('2026-01', { schedule: 'finish', shzt: '2', reportStatus: 'pass', reportId: 1 }),
    period('2026-02', { schedule: 'block', shzt: '2', reportStatus: 'reject', reportId: 2 }),
    period('2026-03', { schedule: 'normal', shzt: '1', reportStatus: 'reviewing', reportId: 3 }),
    period('2026-04'),
  ];
  it('leave out periods passed or under review', () => {
    expect(reportablePeriods(periods).map((p) => p.key)).toEqual(['2026-02', '2026-04']);
  });
  it('suggest the earliest period behind, then the one under way, then the first open', () => {
    expect(suggestedPeriod(periods)).toBe('2026-02');
    expect(suggestedPeriod([period('2026-05', { schedule: 'normal' }), period('2026-06')])).toBe('2026-05');
    expect(suggestedPeriod([period('2026-07')])).toBe('2026-07');
    expect(suggestedPeriod([periods[0]!])).toBeUndefined();
  });
});

describe('who may do what', () => {
  it('lets the owner report while the task is under way', () => {
    const task = { ownerId: 'rwfzr01', rwzt: 'executeing' };
    expect(mayReport(task, 'rwfzr01', [])).toBe(true);
    expect(mayReport(task, 'shr01', [])).toBe(false);
    expect(mayReport(task, 'zyadmin', ['zyadmin'])).toBe(true);
    expect(mayReport({ ...task, rwzt: 'delayNotDone' }, 'rwfzr01', [])).toBe(true);
    expect(mayReport({ ...task, rwzt: 'hasDone' }, 'rwfzr01', [])).toBe(false);
    expect(mayReport({ ...task, rwzt: 'waitDefine' }, 'rwfzr01', [])).toBe(false);
  });
  it('asks a reason for a rejection only', () => {
    expect(auditNeedsReason('reject')).toBe(true);
    expect(auditNeedsReason('pass')).toBe(false);
    expect(auditNeedsReason('childPass')).toBe(false);
  });
});
