import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { isCalendarDate, isoDate } from './primitives';

describe('calendar dates', () => {
  it.each([
    ['2026-01-01', true],
    ['2024-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['0000-01-01', false],
    ['2026/01/01', false],
    ['2026-1-1', false],
  ])('%s is a day of the calendar: %s', (text, day) => {
    expect(isCalendarDate(text)).toBe(day);
  });

  it('refuses a well-written date that is not on the calendar naming it, and a badly written one by its format', () => {
    const schema = isoDate();
    expect(schema.parse('2026-03-01')).toBe('2026-03-01');
    expect(schema.safeParse('2026-02-30').error?.issues.map((i) => i.message)).toEqual([MSG.noSuchDate('2026-02-30')]);
    expect(schema.safeParse('2026/02/01').error?.issues.map((i) => i.message)).toEqual([MSG.dateFormat]);
  });
});
