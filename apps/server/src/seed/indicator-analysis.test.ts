import { describe, expect, it } from 'vitest';
import { lastRoundValue } from './indicator-analysis';

const row = (over: object) => ({
  objectCode: 'ZY0101',
  name: '初次就业率',
  zlx: 'percent',
  bzz: '90',
  direction: 'higher',
  ...over,
});

describe('the demo’s last round', () => {
  it('puts four number rows in five on the good side of the standard, within 2-16 %', () => {
    const values = Array.from({ length: 200 }, (_, i) =>
      Number(lastRoundValue(row({ objectCode: `ZY${i}`, bzz: '50' }))),
    );
    const good = values.filter((v) => v >= 50);
    expect(good.length / values.length).toBeGreaterThan(0.7);
    expect(good.length / values.length).toBeLessThan(0.9);
    for (const v of values) expect(Math.abs(v - 50) / 50).toBeGreaterThanOrEqual(0.02 - 1e-9);
    for (const v of values) expect(Math.abs(v - 50) / 50).toBeLessThanOrEqual(0.16 + 1e-9);
  });
  it('is the same every time, caps percentages at 100, and turns for lower-is-better rows', () => {
    expect(lastRoundValue(row({}))).toBe(lastRoundValue(row({})));
    for (let i = 0; i < 50; i++)
      expect(Number(lastRoundValue(row({ objectCode: `M${i}`, bzz: '99' })))).toBeLessThanOrEqual(100);
    const lower = Array.from({ length: 100 }, (_, i) =>
      Number(lastRoundValue(row({ objectCode: `L${i}`, zlx: 'others', bzz: '18', direction: 'lower' }))),
    );
    expect(lower.filter((v) => v <= 18).length).toBeGreaterThan(70);
  });
  it('gives level and have rows their standard, and nothing without one', () => {
    expect(lastRoundValue(row({ zlx: 'levels', bzz: '合格' }))).toBe('合格');
    expect(lastRoundValue(row({ zlx: 'have', bzz: '1' }))).toBe('1');
    expect(lastRoundValue(row({ bzz: null }))).toBeNull();
    expect(lastRoundValue(row({ bzz: '约90' }))).toBeNull();
  });
});
