import { warningLabel } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { dueWarnings } from './warning.rules';

const keys = (ws: { key: string; raise: boolean }[]) => ws.filter((w) => w.raise).map((w) => w.key);

describe('due warnings', () => {
  const types = [
    { id: 1, kind: 'process' as const, days: 7, period: 'no' as const, hour: null },
    { id: 2, kind: 'process' as const, days: 15, period: 'day' as const },
    { id: 3, kind: 'final' as const, days: 0, period: 'day' as const },
  ];
  // Weekly on Sundays (1): 8 February 2026 is a Sunday.
  const process = [{ ...types[0]!, period: 'week' as const, weekday: 1 }];
  const task = { id: 9, start: '2026-01-01', end: '2026-03-31', finished: false, reportedPeriods: new Set<string>() };
  it('finds a missing period report once the period is past its deadline plus the days', () => {
    expect(dueWarnings(task, process, '2026-02-07')).toEqual([]);
    expect(dueWarnings(task, process, '2026-02-08')).toEqual([
      { typeId: 1, key: 'P:2026-01', kind: 'process', since: '2026-02-08', raise: true },
    ]);
    expect(dueWarnings({ ...task, reportedPeriods: new Set(['2026-01']) }, process, '2026-02-08')).toEqual([]);
  });
  it('holds the cause at once but raises it on the schedule of its type', () => {
    const monthly = [{ ...process[0]!, period: 'month' as const, day: 25, hour: 9 }];
    const early = dueWarnings(task, monthly, { today: '2026-02-08', hour: 10 });
    expect(early).toEqual([{ typeId: 1, key: 'P:2026-01', kind: 'process', since: '2026-02-08', raise: false }]);
    expect(keys(dueWarnings(task, monthly, { today: '2026-02-25', hour: 8 }))).toEqual([]);
    expect(keys(dueWarnings(task, monthly, { today: '2026-02-25', hour: 9 }))).toEqual(['P:2026-01']);
  });
  it('follows the periods of the task cycle', () => {
    const halfYear = { ...task, start: '2026-01-01', end: '2026-12-31', cycle: { type: 'periodOfTime', values: [] } };
    // Due from 8 July (30 June plus 7 days), raised on the next Sunday (weekday 1), 12 July.
    expect(dueWarnings(halfYear, process, '2026-07-07')).toEqual([]);
    expect(dueWarnings(halfYear, process, '2026-07-11').map((w) => [w.key, w.raise])).toEqual([['P:2026-H1', false]]);
    expect(keys(dueWarnings(halfYear, process, '2026-07-12'))).toEqual(['P:2026-H1']);
  });
  it('raises the due-soon and overdue warnings, and none for a finished task', () => {
    expect(keys(dueWarnings(task, [...process, ...types.slice(1)], '2026-03-20'))).toEqual([
      'P:2026-01',
      'P:2026-02',
      'due',
    ]);
    expect(keys(dueWarnings(task, [...process, ...types.slice(1)], '2026-04-01'))).toEqual([
      'P:2026-01',
      'P:2026-02',
      'overdue',
    ]);
    expect(dueWarnings({ ...task, finished: true }, types, '2026-05-01')).toEqual([]);
  });
  it('waits for the hour of a daily type on the first due day', () => {
    const at9 = [{ ...types[2]!, hour: 9 }];
    expect(keys(dueWarnings(task, at9, { today: '2026-04-01', hour: 8 }))).toEqual([]);
    expect(keys(dueWarnings(task, at9, { today: '2026-04-01', hour: 9 }))).toEqual(['overdue']);
    expect(keys(dueWarnings(task, at9, { today: '2026-04-02', hour: 0 }))).toEqual(['overdue']);
  });
  it('gives an overdue type its days of grace', () => {
    const grace = [{ id: 4, kind: 'final' as const, days: 3, period: 'day' }];
    expect(dueWarnings(task, grace, '2026-04-03')).toEqual([]);
    expect(keys(dueWarnings(task, grace, '2026-04-04'))).toEqual(['overdue']);
  });
});

describe('warning labels', () => {
  it('say what each warning is about', () => {
    expect(warningLabel('P:2026-03')).toBe('2026年3月的进度报告未按期提交');
    expect(warningLabel('overdue')).toBe('任务已超过结束时间，尚未完成');
  });
});
