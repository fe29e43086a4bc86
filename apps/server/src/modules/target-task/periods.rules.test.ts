import { periodLabel, warningLabel } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { addDays, cycleValuesOutside, monthlyPeriods, type TaskCycle, taskPeriods } from './periods.rules';

type Row = [name: string, start: string, end: string, cycle: TaskCycle | null, periods: [string, string, string][]];

// Each row: a task's dates and cycle, and its periods as [key, start, deadline].
const TABLE: Row[] = [
  [
    'no cycle: calendar months, clipped',
    '2026-01-15',
    '2026-03-10',
    null,
    [
      ['2026-01', '2026-01-15', '2026-01-31'],
      ['2026-02', '2026-02-01', '2026-02-28'],
      ['2026-03', '2026-03-01', '2026-03-10'],
    ],
  ],
  [
    'an unknown cycle type: monthly too',
    '2026-01-01',
    '2026-01-31',
    { type: 'quarter', values: [] },
    [['2026-01', '2026-01-01', '2026-01-31']],
  ],
  [
    'year without values: each calendar year, clipped',
    '2025-09-01',
    '2027-03-31',
    { type: 'year', values: [] },
    [
      ['2025', '2025-09-01', '2025-12-31'],
      ['2026', '2026-01-01', '2026-12-31'],
      ['2027', '2027-01-01', '2027-03-31'],
    ],
  ],
  [
    'year with a named value: only that year',
    '2025-09-01',
    '2027-03-31',
    { type: 'year', values: ['2026'] },
    [['2026', '2026-01-01', '2026-12-31']],
  ],
  [
    'academic year: 1 September to 31 August',
    '2025-03-01',
    '2026-12-31',
    { type: 'academicYear', values: [] },
    [
      ['2024-2025', '2025-03-01', '2025-08-31'],
      ['2025-2026', '2025-09-01', '2026-08-31'],
      ['2026-2027', '2026-09-01', '2026-12-31'],
    ],
  ],
  [
    'academic year named by its value',
    '2025-01-01',
    '2026-12-31',
    { type: 'academicYear', values: ['2025-2026'] },
    [['2025-2026', '2025-09-01', '2026-08-31']],
  ],
  [
    'terms: Sep-Jan and Feb-Jul, the summer belongs to none',
    '2025-09-01',
    '2026-12-31',
    { type: 'term', values: [] },
    [
      ['2025-2026-1', '2025-09-01', '2026-01-31'],
      ['2025-2026-2', '2026-02-01', '2026-07-31'],
      ['2026-2027-1', '2026-09-01', '2026-12-31'],
    ],
  ],
  [
    'terms named as the seeded values, out of order',
    '2025-09-01',
    '2026-12-31',
    { type: 'term', values: ['2025-2026学年第二学期', '2025-2026学年第一学期'] },
    [
      ['2025-2026-1', '2025-09-01', '2026-01-31'],
      ['2025-2026-2', '2026-02-01', '2026-07-31'],
    ],
  ],
  [
    'a spring term named with one year is the second term of the academic year before',
    '2026-01-01',
    '2026-12-31',
    { type: 'term', values: ['2026年春季学期', '2026年秋季学期'] },
    [
      ['2025-2026-2', '2026-02-01', '2026-07-31'],
      ['2026-2027-1', '2026-09-01', '2026-12-31'],
    ],
  ],
  [
    'half-years: 上半年 and 下半年',
    '2026-03-01',
    '2026-12-31',
    { type: 'periodOfTime', values: [] },
    [
      ['2026-H1', '2026-03-01', '2026-06-30'],
      ['2026-H2', '2026-07-01', '2026-12-31'],
    ],
  ],
  [
    'a named half-year, the deadline clipped to the task end',
    '2026-01-01',
    '2026-10-31',
    { type: 'periodOfTime', values: ['2026年下半年'] },
    [['2026-H2', '2026-07-01', '2026-10-31']],
  ],
  [
    'points of time: a deadline on each date, outside ones dropped',
    '2026-01-01',
    '2026-12-31',
    { type: 'pointOfTime', values: ['2026-12-31', '2026-06-30', '2027-03-31'] },
    [
      ['2026-06-30', '2026-01-01', '2026-06-30'],
      ['2026-12-31', '2026-07-01', '2026-12-31'],
    ],
  ],
  [
    'point of time written in Chinese',
    '2026-01-01',
    '2026-12-31',
    { type: 'pointOfTime', values: ['2026年9月1日'] },
    [['2026-09-01', '2026-01-01', '2026-09-01']],
  ],
  [
    'point of time without a value: the task end',
    '2026-01-01',
    '2026-05-20',
    { type: 'pointOfTime', values: [] },
    [['2026-05-20', '2026-01-01', '2026-05-20']],
  ],
  [
    'values that cannot be read: every period of the type',
    '2026-01-01',
    '2026-12-31',
    { type: 'periodOfTime', values: ['第三季度'] },
    [
      ['2026-H1', '2026-01-01', '2026-06-30'],
      ['2026-H2', '2026-07-01', '2026-12-31'],
    ],
  ],
  [
    'no period inside the dates (a term task in August): one period ending with the task',
    '2026-08-01',
    '2026-08-31',
    { type: 'term', values: [] },
    [['2026-08-31', '2026-08-01', '2026-08-31']],
  ],
  [
    'named values all outside the dates: one period ending with the task',
    '2026-01-01',
    '2026-06-30',
    { type: 'year', values: ['2024'] },
    [['2026-06-30', '2026-01-01', '2026-06-30']],
  ],
  [
    'the same value twice counts once',
    '2026-01-01',
    '2026-12-31',
    { type: 'year', values: ['2026', '2026年'] },
    [['2026', '2026-01-01', '2026-12-31']],
  ],
];

describe('periods of a task follow its cycle', () => {
  it.each(TABLE)('%s', (_name, start, end, cycle, expected) => {
    expect(taskPeriods(start, end, cycle).map((p) => [p.key, p.start, p.deadline])).toEqual(expected);
  });

  it('never overlaps, never leaves the task dates, and labels every period', () => {
    for (const [, start, end, cycle] of TABLE) {
      const periods = taskPeriods(start, end, cycle);
      for (const [i, p] of periods.entries()) {
        expect(p.start >= start && p.deadline <= end && p.start <= p.deadline).toBe(true);
        if (i > 0) expect(p.start > periods[i - 1]!.deadline).toBe(true);
        expect(p.label).toBe(periodLabel(p.key));
        expect(p.label).not.toBe(p.key);
      }
    }
  });

  it('keeps the monthly periods of a task without a cycle', () => {
    expect(taskPeriods('2025-12-01', '2026-01-31', null)).toEqual(monthlyPeriods('2025-12-01', '2026-01-31'));
    expect(monthlyPeriods('2025-12-01', '2026-01-31').map((x) => x.label)).toEqual(['2025年12月', '2026年1月']);
  });

  it('adds days across months', () => {
    expect(addDays('2026-01-31', 7)).toBe('2026-02-07');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('cycle values outside the task dates', () => {
  it.each([
    ['a year before the start', '2026-01-01', '2026-06-30', { type: 'year', values: ['2025', '2026'] }, ['2025']],
    ['a year that meets the dates by one day', '2025-12-31', '2026-03-31', { type: 'year', values: ['2025'] }, []],
    [
      'a half-year after the end',
      '2026-01-01',
      '2026-06-30',
      { type: 'periodOfTime', values: ['2026年下半年'] },
      ['2026年下半年'],
    ],
    [
      'a half-year clipped, not outside',
      '2026-03-01',
      '2026-09-30',
      { type: 'periodOfTime', values: ['2026年上半年', '2026年下半年'] },
      [],
    ],
    [
      'a term before the start',
      '2026-02-01',
      '2026-12-31',
      { type: 'term', values: ['2025-2026学年第一学期', '2025-2026学年第二学期'] },
      ['2025-2026学年第一学期'],
    ],
    [
      'an academic year after the end',
      '2026-01-01',
      '2026-08-31',
      { type: 'academicYear', values: ['2026-2027', '2025-2026'] },
      ['2026-2027'],
    ],
    [
      'points on the edges are inside',
      '2026-01-01',
      '2026-06-30',
      { type: 'pointOfTime', values: ['2026-01-01', '2026-06-30'] },
      [],
    ],
    [
      'a point a day late',
      '2026-01-01',
      '2026-06-30',
      { type: 'pointOfTime', values: ['2026-07-01', '2026-03-31'] },
      ['2026-07-01'],
    ],
    ['names that cannot be read are not judged', '2026-01-01', '2026-06-30', { type: 'term', values: ['秋季'] }, []],
    ['no cycle type: nothing to judge', '2026-01-01', '2026-06-30', { type: null, values: ['2024'] }, []],
  ] as [string, string, string, TaskCycle, string[]][])('%s', (_name, start, end, cycle, outside) => {
    expect(cycleValuesOutside(start, end, cycle)).toEqual(outside);
  });

  it('leaves every value it accepts a reporting period of its own', () => {
    const cases: [string, string, TaskCycle][] = [
      ['2026-03-01', '2026-09-30', { type: 'periodOfTime', values: ['2026年上半年', '2026年下半年'] }],
      ['2025-12-31', '2026-03-31', { type: 'year', values: ['2025', '2026'] }],
      ['2026-01-01', '2026-06-30', { type: 'pointOfTime', values: ['2026-01-01', '2026-06-30'] }],
      ['2026-02-01', '2026-12-31', { type: 'term', values: ['2025-2026学年第二学期', '2026-2027学年第一学期'] }],
    ];
    for (const [start, end, cycle] of cases) {
      expect(cycleValuesOutside(start, end, cycle)).toEqual([]);
      expect(taskPeriods(start, end, cycle)).toHaveLength(cycle.values.length);
    }
  });
});

describe('period and warning labels', () => {
  it.each([
    ['2026-03', '2026年3月'],
    ['2026', '2026年'],
    ['2025-2026', '2025-2026学年'],
    ['2025-2026-1', '2025-2026学年第一学期'],
    ['2025-2026-2', '2025-2026学年第二学期'],
    ['2026-H1', '2026年上半年'],
    ['2026-H2', '2026年下半年'],
    ['2026-06-30', '2026年6月30日'],
    ['final', '结果报告'],
  ])('%s is %s', (key, label) => {
    expect(periodLabel(key)).toBe(label);
    if (key !== 'final') expect(warningLabel(`P:${key}`)).toBe(`${label}的进度报告未按期提交`);
  });
});
