import { describe, expect, it } from 'vitest';
import { compareCycleValues, cycleIdsOf, placement, toggleDefault, toggleHidden, typeMatches } from './cycle.rules';

describe('cycle values in time order', () => {
  it('sorts years, academic years, terms, halves and dates by time', () => {
    const sorted = (xs: string[]) => [...xs].sort(compareCycleValues);
    expect(sorted(['2027', '2024', '2026', '2025'])).toEqual(['2024', '2025', '2026', '2027']);
    expect(sorted(['2026-2027', '2024-2025', '2025-2026'])).toEqual(['2024-2025', '2025-2026', '2026-2027']);
    expect(sorted(['2025-2026学年第二学期', '2026-2027学年第一学期', '2025-2026学年第一学期'])).toEqual([
      '2025-2026学年第一学期',
      '2025-2026学年第二学期',
      '2026-2027学年第一学期',
    ]);
    expect(sorted(['2026年下半年', '2026年上半年', '2025年下半年'])).toEqual([
      '2025年下半年',
      '2026年上半年',
      '2026年下半年',
    ]);
    expect(sorted(['2026-12-31', '2026-06-30', '2026-10-01'])).toEqual(['2026-06-30', '2026-10-01', '2026-12-31']);
    // Numbers compare as numbers, not as text.
    expect(compareCycleValues('第9期', '第10期')).toBeLessThan(0);
  });
});

describe('placement of a new value', () => {
  const years = [
    { id: 1, value: '2024', sortOrder: 1 },
    { id: 2, value: '2025', sortOrder: 2 },
    { id: 3, value: '2026', sortOrder: 3 },
  ];
  it('goes last when it comes after every value', () => {
    expect(placement(years, '2027')).toEqual({ sortOrder: 4, shiftFrom: null });
  });
  it('goes before the first later value, shifting it and those after it', () => {
    expect(placement(years, '2023')).toEqual({ sortOrder: 1, shiftFrom: 1 });
    expect(placement(years, '2025-下')).toEqual({ sortOrder: 3, shiftFrom: 3 });
  });
  it('is first of an empty type', () => {
    expect(placement([], '2026')).toEqual({ sortOrder: 1, shiftFrom: null });
  });
  it('follows the kept order, not the ids', () => {
    const custom = [
      { id: 9, value: '2026', sortOrder: 1 },
      { id: 2, value: '2030', sortOrder: 5 },
    ];
    expect(placement(custom, '2028')).toEqual({ sortOrder: 5, shiftFrom: 5 });
  });
});

describe('default and hidden flags', () => {
  it('makes a value the default and clears the others, or clears its own default', () => {
    expect(toggleDefault({ value: '2026', isDefault: false, hidden: false })).toEqual({
      isDefault: true,
      clearOthers: true,
    });
    expect(toggleDefault({ value: '2026', isDefault: true, hidden: false })).toEqual({
      isDefault: false,
      clearOthers: false,
    });
  });
  it('refuses a hidden default and hiding the default', () => {
    expect(toggleDefault({ value: '2024', isDefault: false, hidden: true })).toEqual({
      kind: 'hiddenDefault',
      value: '2024',
    });
    expect(toggleHidden({ value: '2026', isDefault: true, hidden: false })).toEqual({
      kind: 'defaultHidden',
      value: '2026',
    });
  });
  it('hides and shows a value that is not the default', () => {
    expect(toggleHidden({ value: '2024', isDefault: false, hidden: false })).toEqual({ hidden: true });
    expect(toggleHidden({ value: '2024', isDefault: false, hidden: true })).toEqual({ hidden: false });
  });
});

describe('cycle ids of a task and type names', () => {
  it('reads the ids a task holds', () => {
    expect(cycleIdsOf('3,5, 8')).toEqual([3, 5, 8]);
    expect(cycleIdsOf('')).toEqual([]);
    expect(cycleIdsOf(null)).toEqual([]);
    expect(cycleIdsOf('3,,x,-1')).toEqual([3]);
  });
  it('matches a type by its name or its code', () => {
    const year = { name: '年', code: 'year' };
    expect(typeMatches(year, '年')).toBe(true);
    expect(typeMatches(year, ' YEAR ')).toBe(true);
    expect(typeMatches(year, '学年')).toBe(false);
  });
});
