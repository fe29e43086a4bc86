import type { WarningRule } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { lastSlot } from '../warning';
import { breaches, cycleEnd, cycleSchedule, holt, stepsToEnd, warningValueText } from './quality-warning.rules';

const value = (operator: WarningRule['operator'], v: number): WarningRule => ({
  mode: 'value',
  operator,
  value: v,
  grade: null,
  cycle: 'day',
});
const level = (operator: WarningRule['operator'], grade: 'A' | 'B' | 'C' | 'D'): WarningRule => ({
  mode: 'level',
  operator,
  value: null,
  grade,
  cycle: 'month',
});

describe('breaches', () => {
  it('compares the value with the rule in value mode', () => {
    expect(breaches(value('<', 85), { value: '80', grade: null })).toBe(true);
    expect(breaches(value('<', 85), { value: '85', grade: null })).toBe(false);
    expect(breaches(value('<=', 85), { value: '85', grade: null })).toBe(true);
    expect(breaches(value('>', 10), { value: '10.5', grade: null })).toBe(true);
    expect(breaches(value('>=', 10), { value: '9.99', grade: null })).toBe(false);
    expect(breaches(value('=', 0), { value: '0', grade: null })).toBe(true);
  });
  it('cannot judge without a number', () => {
    expect(breaches(value('<', 85), { value: null, grade: null })).toBeNull();
    expect(breaches(value('<', 85), { value: '合格', grade: 'C' })).toBeNull();
  });
  it('compares grades in grade order in level mode (A best)', () => {
    expect(breaches(level('<', 'B'), { value: '70', grade: 'C' })).toBe(true);
    expect(breaches(level('<', 'B'), { value: '88', grade: 'B' })).toBe(false);
    expect(breaches(level('<=', 'B'), { value: '88', grade: 'B' })).toBe(true);
    expect(breaches(level('=', 'D'), { value: '不合格', grade: 'D' })).toBe(true);
    expect(breaches(level('>', 'C'), { value: 'x', grade: 'A' })).toBe(true);
    expect(breaches(level('<', 'B'), { value: '1', grade: 'Y' })).toBeNull();
    expect(breaches(level('<', 'B'), { value: null, grade: null })).toBeNull();
  });
  it('writes the warning value', () => {
    expect(warningValueText(value('<', 85))).toBe('< 85');
    expect(warningValueText(level('<=', 'C'))).toBe('<= C');
  });
});

describe('cycles', () => {
  it('maps each cycle to the warning module’s schedule (00:00 of the 1st, Monday, every day; 无 none)', () => {
    const now = { today: '2026-03-18', hour: 9 }; // a Wednesday
    expect(lastSlot(cycleSchedule('month')!, now)).toEqual({ today: '2026-03-01', hour: 0 });
    expect(lastSlot(cycleSchedule('week')!, now)).toEqual({ today: '2026-03-16', hour: 0 });
    expect(lastSlot(cycleSchedule('day')!, now)).toEqual({ today: '2026-03-18', hour: 0 });
    expect(cycleSchedule('none')).toBeNull();
  });
  it('ends the cycle under way on its last day', () => {
    expect(cycleEnd('month', '2026-02-10', '2026-07-31')).toBe('2026-02-28');
    expect(cycleEnd('week', '2026-03-18', '2026-07-31')).toBe('2026-03-22');
    expect(cycleEnd('week', '2026-03-22', '2026-07-31')).toBe('2026-03-22');
    expect(cycleEnd('day', '2026-03-18', '2026-07-31')).toBe('2026-03-18');
    expect(cycleEnd('none', '2026-03-18', '2026-07-31')).toBe('2026-07-31');
  });
});

describe('Holt’s linear method', () => {
  it('projects as computed by hand', () => {
    // l0 10 b0 2; l1 12 b1 2; l2 13.5 b2 1.85; l3 15.175 b3 1.7975; two steps: 15.175 + 2 x 1.7975 = 18.77.
    const r = holt([10, 12, 13, 15], 0.5, 0.3, 2);
    expect(r.level).toBeCloseTo(15.175, 10);
    expect(r.trend).toBeCloseTo(1.7975, 10);
    expect(r.projected).toBeCloseTo(18.77, 10);
  });
  it('counts the steps to the cycle’s end in the points’ mean interval', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'].map((d) => new Date(`${d}T23:59:59`));
    expect(stepsToEnd(days, '2026-03-05')).toBeCloseTo(2, 6);
    expect(stepsToEnd(days, '2026-03-02')).toBe(0);
    expect(stepsToEnd(days.slice(0, 1), '2026-03-05')).toBe(0);
  });
});
