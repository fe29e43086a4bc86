import type { CycleValue } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { cycleBody, deletableIds, deleteBlocked, typeFilterOptions } from './cycles';

const value = (over: Partial<CycleValue> = {}): CycleValue => ({
  id: 1,
  cycleTypeId: 1,
  lxmc: '年',
  cycleNumber: '2026',
  defaultsStatus: 0,
  hideStatus: 0,
  px: 1,
  usedBy: 0,
  ...over,
});

describe('cycles (pure)', () => {
  it('offers 全部 with an empty value first, then each type with its count', () => {
    expect(typeFilterOptions([{ id: 3, lxmc: '学期', code: 'term', px: 3, zqzs: 4 }])).toEqual([
      { value: '', label: '全部' },
      { value: 3, label: '学期（4）' },
    ]);
  });
  it('sends the trimmed value, the order only when typed, and the id when editing', () => {
    expect(cycleBody({ cycleTypeId: 2, cycleNumber: ' 2026 ', px: null }, null)).toEqual({
      cycleTypeId: 2,
      cycleNumber: '2026',
    });
    expect(cycleBody({ cycleTypeId: 2, cycleNumber: '2026', px: 5 }, value({ id: 9 }))).toEqual({
      cycleTypeId: 2,
      cycleNumber: '2026',
      px: 5,
      id: 9,
    });
  });
  it('keeps values in use out of deletion', () => {
    expect(deleteBlocked(value({ usedBy: 2 }))).toContain('2 个目标任务');
    expect(deleteBlocked(value())).toBeNull();
    const rows = [value({ id: 1 }), value({ id: 2, usedBy: 1 }), value({ id: 3 })];
    expect(deletableIds(rows, [1, 2, 3])).toEqual([1, 3]);
  });
});
