import { describe, expect, it } from 'vitest';
import { departmentTree } from './department-tree';

describe('departmentTree', () => {
  it('nests children under parents and keeps orphans at the root', () => {
    const tree = departmentTree([
      { departmentId: 'A', parentId: null },
      { departmentId: 'B', parentId: 'A' },
      { departmentId: 'C', parentId: 'X' },
    ]);
    expect(tree).toEqual([
      { departmentId: 'A', parentId: null, children: [{ departmentId: 'B', parentId: 'A' }] },
      { departmentId: 'C', parentId: 'X' },
    ]);
  });
});
