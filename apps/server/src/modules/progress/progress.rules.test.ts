import { warningLabel } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { addDays, dueWarnings, monthlyPeriods, scheduleOf } from './progress.rules';

describe('monthly periods', () => {
  it('covers every month the task spans, clipped to its dates', () => {
    const p = monthlyPeriods('2026-01-15', '2026-03-10');
    expect(p.map((x) => [x.key, x.start, x.deadline])).toEqual([
      ['2026-01', '2026-01-15', '2026-01-31'],
      ['2026-02', '2026-02-01', '2026-02-28'],
      ['2026-03', '2026-03-01', '2026-03-10'],
    ]);
    expect(monthlyPeriods('2025-12-01', '2026-01-31').map((x) => x.label)).toEqual(['2025年12月', '2026年1月']);
  });
  it('adds days across months', () => {
    expect(addDays('2026-01-31', 7)).toBe('2026-02-07');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('schedule status', () => {
  const p = { key: '2026-02', label: '', start: '2026-02-01', deadline: '2026-02-28' };
  it('is unstart, normal, block or finish', () => {
    expect(scheduleOf(p, '2026-01-20', null)).toBe('unstart');
    expect(scheduleOf(p, '2026-02-10', null)).toBe('normal');
    expect(scheduleOf(p, '2026-03-02', null)).toBe('block');
    expect(scheduleOf(p, '2026-03-02', 'reviewing')).toBe('normal');
    expect(scheduleOf(p, '2026-03-02', 'reject')).toBe('block');
    expect(scheduleOf(p, '2026-03-02', 'pass')).toBe('finish');
  });
});

describe('due warnings', () => {
  const types = [
    { id: 1, kind: 'process' as const, days: 7, period: 'month' },
    { id: 2, kind: 'process' as const, days: 15, period: 'day' },
    { id: 3, kind: 'final' as const, days: 0, period: 'day' },
  ];
  const task = { id: 9, start: '2026-01-01', end: '2026-03-31', finished: false, reportedPeriods: new Set<string>() };
  it('raises a process warning once a period is past its deadline plus the days', () => {
    expect(dueWarnings(task, types, '2026-02-07')).toEqual([]);
    expect(dueWarnings(task, types, '2026-02-08')).toEqual([{ typeId: 1, key: 'P:2026-01', kind: 'process' }]);
    expect(dueWarnings({ ...task, reportedPeriods: new Set(['2026-01']) }, types, '2026-02-08')).toEqual([]);
  });
  it('raises the due-soon and overdue warnings, and none for a finished task', () => {
    expect(dueWarnings(task, types, '2026-03-20').map((w) => w.key)).toEqual(['P:2026-01', 'P:2026-02', 'due']);
    expect(dueWarnings(task, types, '2026-04-01').map((w) => w.key)).toEqual(['P:2026-01', 'P:2026-02', 'overdue']);
    expect(dueWarnings({ ...task, finished: true }, types, '2026-05-01')).toEqual([]);
  });
  it('waits for the hour of the type on the first due day', () => {
    const at9 = [{ ...types[0]!, hour: 9 }];
    expect(dueWarnings(task, at9, { today: '2026-02-08', hour: 8 })).toEqual([]);
    expect(dueWarnings(task, at9, { today: '2026-02-08', hour: 9 }).map((w) => w.key)).toEqual(['P:2026-01']);
    expect(dueWarnings(task, at9, { today: '2026-02-09', hour: 0 }).map((w) => w.key)).toEqual(['P:2026-01']);
  });
  it('gives an overdue type its days of grace', () => {
    const grace = [{ id: 4, kind: 'final' as const, days: 3, period: 'day' }];
    expect(dueWarnings(task, grace, '2026-04-03')).toEqual([]);
    expect(dueWarnings(task, grace, '2026-04-04').map((w) => w.key)).toEqual(['overdue']);
  });
});

describe('warning labels', () => {
  it('say what each warning is about', () => {
    expect(warningLabel('P:2026-03')).toBe('2026年3月的进度报告未按期提交');
    expect(warningLabel('overdue')).toBe('任务已超过结束时间，尚未完成');
  });
});
