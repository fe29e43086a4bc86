import { warningScheduleText } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { dueToRaise, lastSlot, type Moment, specWeekday, type WarningSchedule } from './warning-schedule.rules';

const at = (s: string): Moment => ({ today: s.slice(0, 10), hour: Number(s.slice(11, 13)) });
const show = (m: Moment | null) => (m ? `${m.today}T${String(m.hour).padStart(2, '0')}` : null);

const monthly: WarningSchedule = { period: 'month', day: 25, hour: 9 };
const lastDayOfMonth: WarningSchedule = { period: 'month', day: 31, hour: 0 };
const marchSeptember: WarningSchedule = { period: 'month', day: 1, hour: 8, months: [3, 9] };
const mondays: WarningSchedule = { period: 'week', weekday: 2, hour: 9 };
const sundays: WarningSchedule = { period: 'week', weekday: 1, hour: 18 };
const daily: WarningSchedule = { period: 'day', hour: 9 };
const atOnce: WarningSchedule = { period: 'no', hour: 9 };

describe('the last slot of a schedule at or before now', () => {
  it.each<[string, WarningSchedule, string, string | null]>([
    ['monthly, before the day', monthly, '2026-03-24T23', '2026-02-25T09'],
    ['monthly, the day before the hour', monthly, '2026-03-25T08', '2026-02-25T09'],
    ['monthly, the day at the hour', monthly, '2026-03-25T09', '2026-03-25T09'],
    ['monthly, later in the month', monthly, '2026-03-31T02', '2026-03-25T09'],
    ['monthly, across the new year', monthly, '2026-01-10T12', '2025-12-25T09'],
    ['day 31 is the last day of a short month', lastDayOfMonth, '2026-02-28T00', '2026-02-28T00'],
    ['day 31 in a long month', lastDayOfMonth, '2026-03-30T12', '2026-02-28T00'],
    ['listed months only: before March', marchSeptember, '2026-02-28T12', '2025-09-01T08'],
    ['listed months only: in March', marchSeptember, '2026-03-01T08', '2026-03-01T08'],
    ['listed months only: in July', marchSeptember, '2026-07-15T00', '2026-03-01T08'],
    ['weekly on Monday (2), on a Wednesday', mondays, '2026-03-04T10', '2026-03-02T09'],
    ['weekly on Monday, Monday before the hour', mondays, '2026-03-09T08', '2026-03-02T09'],
    ['weekly on Monday, Monday at the hour', mondays, '2026-03-09T09', '2026-03-09T09'],
    ['weekly on Sunday (1), on a Saturday', sundays, '2026-03-07T20', '2026-03-01T18'],
    ['daily, before the hour', daily, '2026-03-04T08', '2026-03-03T09'],
    ['daily, at the hour', daily, '2026-03-04T09', '2026-03-04T09'],
    ['no period: now itself', atOnce, '2026-03-04T03', '2026-03-04T03'],
  ])('%s', (_name, schedule, now, slot) => {
    expect(show(lastSlot(schedule, at(now)))).toBe(slot);
  });

  it('counts weekdays as the spec does: 1 Sunday, 2 Monday ... 7 Saturday', () => {
    expect(specWeekday('2026-03-01')).toBe(1);
    expect(specWeekday('2026-03-02')).toBe(2);
    expect(specWeekday('2026-03-07')).toBe(7);
  });
});

describe('when a warning is raised', () => {
  // A condition that began on 2026-03-08 (a Sunday): the first moment each schedule raises it.
  it.each<[string, WarningSchedule, string[], string[]]>([
    ['monthly: on the 25th at 9', monthly, ['2026-03-08T10', '2026-03-24T23', '2026-03-25T08'], ['2026-03-25T09']],
    [
      'monthly in March and September: not before September',
      marchSeptember,
      ['2026-04-01T08', '2026-08-31T23'],
      ['2026-09-01T08'],
    ],
    ['weekly on Monday at 9', mondays, ['2026-03-08T23', '2026-03-09T08'], ['2026-03-09T09', '2026-03-12T00']],
    ['weekly on Sunday at 18: the same day', sundays, ['2026-03-08T17'], ['2026-03-08T18']],
    ['daily at 9', daily, ['2026-03-07T23', '2026-03-08T08'], ['2026-03-08T09', '2026-03-09T00']],
    ['no period: as soon as it holds, whatever the hour', atOnce, ['2026-03-07T23'], ['2026-03-08T00']],
  ])('%s', (_name, schedule, notYet, raised) => {
    for (const now of notYet) expect(dueToRaise(schedule, '2026-03-08', at(now)), now).toBe(false);
    for (const now of raised) expect(dueToRaise(schedule, '2026-03-08', at(now)), now).toBe(true);
  });

  it('raises a condition older than the last slot at once (a job that did not run for a while)', () => {
    expect(dueToRaise(monthly, '2026-01-03', at('2026-03-01T00'))).toBe(true);
  });
});

describe('a schedule in words', () => {
  it.each<[Parameters<typeof warningScheduleText>[0], string]>([
    [{ yjzq: 'month', weekday: null, day: 25, months: [], hour: 9 }, '每月25日9时'],
    [{ yjzq: 'month', weekday: null, day: 1, months: [9, 3], hour: 8 }, '每月1日8时（3、9月）'],
    [{ yjzq: 'week', weekday: 1, day: null, months: [], hour: 18 }, '每周周日18时'],
    [{ yjzq: 'day', weekday: null, day: null, months: [], hour: 9 }, '每天9时'],
    [{ yjzq: 'no', weekday: null, day: null, months: [], hour: 9 }, '无'],
  ])('%j reads %s', (type, text) => {
    expect(warningScheduleText(type)).toBe(text);
  });
});
