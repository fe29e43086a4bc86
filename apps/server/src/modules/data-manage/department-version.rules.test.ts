import { describe, expect, it } from 'vitest';
import { presentItems, snapshotOf } from './department-version.rules';

const dep = (id: string, parentId: string | null = null) => ({
  id,
  name: `部门${id}`,
  parentId,
  headId: `head${id}`,
  headName: `负责人${id}`,
});

describe('department version snapshot', () => {
  it('copies each department with its head, in order', () => {
    expect(snapshotOf([dep('D01'), dep('D02')])).toEqual([
      { departmentId: 'D01', name: '部门D01', parentId: null, headId: 'headD01', headName: '负责人D01', sortOrder: 1 },
      { departmentId: 'D02', name: '部门D02', parentId: null, headId: 'headD02', headName: '负责人D02', sortOrder: 2 },
    ]);
  });
  it('keeps a parent inside the snapshot, drops one outside it or in a loop', () => {
    const items = snapshotOf([dep('C1'), dep('M1', 'C1'), dep('X', 'GONE'), dep('A', 'B'), dep('B', 'A')]);
    expect(items.map((i) => [i.departmentId, i.parentId])).toEqual([
      ['C1', null],
      ['M1', 'C1'],
      ['X', null],
      ['A', null],
      ['B', null],
    ]);
  });
  it('shows each department with its parent name from the same version', () => {
    const shown = presentItems(snapshotOf([dep('C1'), dep('M1', 'C1')]));
    expect(shown[1]).toEqual({
      bmid: 'M1',
      bmmc: '部门M1',
      sjbmid: 'C1',
      sjbmmc: '部门C1',
      fzrid: 'headM1',
      fzrmc: '负责人M1',
      px: 2,
    });
    expect(shown[0]!.sjbmmc).toBeNull();
  });
});
