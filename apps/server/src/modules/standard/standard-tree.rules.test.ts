import { STANDARD_MSG as M, renamedCategory } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  byLevels,
  depthOf,
  heightOf,
  kindUnder,
  MAX_DEPTH,
  moveProblem,
  nestNodes,
  nextYearName,
  placementProblem,
  reorder,
  storedName,
  subtreeIds,
} from './standard-tree.rules';

// 1 dimension > 2 qcp > 3 indicator > 4 indicator; 5 another dimension > 6 qcp
const NODES = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 3 },
  { id: 5, parentId: null },
  { id: 6, parentId: 5 },
];

describe('tree rules', () => {
  it('puts a dimension on top, QCPs under dimensions, indicators under QCPs and indicators', () => {
    expect(kindUnder(null)).toBe('dimension');
    expect(kindUnder('dimension')).toBe('qcp');
    expect(kindUnder('qcp')).toBe('indicator');
    expect(kindUnder('indicator')).toBe('indicator');
    expect(placementProblem('qcp', null)).toBe(M.kindTop);
    expect(placementProblem('indicator', 'dimension')).toBe(M.kindUnderDimension);
    expect(placementProblem('dimension', 'qcp')).toBe(M.kindTop);
    expect(placementProblem('qcp', 'qcp')).toBe(M.kindUnderQcp);
    expect(placementProblem('indicator', 'indicator')).toBeNull();
  });

  it('refuses a cycle: a node under itself or under one of its descendants', () => {
    expect(moveProblem(NODES, 2, 2)).toBe(M.cycle);
    expect(moveProblem(NODES, 2, 4)).toBe(M.cycle);
    expect(moveProblem(NODES, 1, 3)).toBe(M.cycle);
    expect(moveProblem(NODES, 2, 5)).toBeNull();
    expect(moveProblem(NODES, 3, 6)).toBeNull();
  });

  it('refuses a subtree that would go deeper than the indicator levels allow', () => {
    expect(MAX_DEPTH).toBe(6);
    const deep = [...NODES, { id: 7, parentId: 4 }, { id: 8, parentId: 7 }]; // depth 6 at node 8
    expect(depthOf(deep, 8)).toBe(6);
    expect(moveProblem(deep, 8, 7)).toBeNull();
    // node 3's subtree has height 3: under 8 (depth 6) it would reach 10
    expect(moveProblem(deep, 3, 6)).toBeNull(); // 2 + 1 + 3 = 6
    expect(moveProblem(deep, 4, 8)).toBe(M.cycle);
    expect(moveProblem([...deep, { id: 9, parentId: 6 }], 3, 9)).toBe(M.tooDeep); // 3 + 1 + 3 = 7
    expect(heightOf(deep, 2)).toBe(4);
  });

  it('finds subtrees, nests rows with depths and groups them by level', () => {
    expect(subtreeIds(NODES, 2).sort()).toEqual([2, 3, 4]);
    const tree = nestNodes(NODES);
    expect(tree.map((n) => n.id)).toEqual([1, 5]);
    const deepest = (tree[0]!.children[0] as { children: { children: { id: number; depth: number }[] }[] }).children[0]!
      .children[0]!;
    expect(deepest).toMatchObject({ id: 4, depth: 4 });
    expect(byLevels(NODES).map((l) => l.map((n) => n.id))).toEqual([[1, 5], [2, 6], [3], [4]]);
    // a subtree: its root's parent outside the set makes it a root
    expect(byLevels(NODES.filter((n) => [2, 3, 4].includes(n.id))).map((l) => l.map((n) => n.id))).toEqual([
      [2],
      [3],
      [4],
    ]);
  });

  it('reorders siblings by the position a node is dropped at', () => {
    expect(reorder([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3]);
    expect(reorder([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4]);
    expect(reorder([1, 2, 3], 9, 99)).toEqual([1, 2, 3, 9]);
  });

  it('stores a dimension under its new category name (spec-2 §9), other nodes as typed', () => {
    expect(storedName('dimension', '人才培养')).toBe('计分卡');
    expect(storedName('dimension', ' 教学条件 ')).toBe('资源表');
    expect(renamedCategory('国际交流')).toBe('国际影响表');
    expect(renamedCategory('社会服务')).toBe('服务贡献表');
    expect(renamedCategory('政策落实')).toBe('落实政策表');
    expect(storedName('dimension', '专业建设')).toBe('专业建设');
    expect(storedName('qcp', '人才培养')).toBe('人才培养');
  });

  it('names next year’s copy with its years moved on, or adds them', () => {
    expect(nextYearName('2025-2026专业诊改标准', 2025, 2026)).toBe('2026-2027专业诊改标准');
    expect(nextYearName('2025年课程标准（1999版）', 2025, 2025)).toBe('2026年课程标准（1999版）');
    expect(nextYearName('专业诊改标准', 2025, 2027)).toBe('专业诊改标准（2026-2028）');
    expect(nextYearName('标准', 2025, 2025)).toBe('标准（2026）');
    expect(Array.from(nextYearName('长'.repeat(60), 2025, 2025)).length).toBe(60);
  });
});
