import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo';
import { allDemoIndicators } from './indicators';
import { DEMO_STANDARDS, type DemoStandardNode } from './standards';

const walk = (nodes: DemoStandardNode[], depth = 0): { node: DemoStandardNode; depth: number }[] =>
  nodes.flatMap((node) => [{ node, depth }, ...walk(node.children ?? [], depth + 1)]);

const leaves = (nodes: DemoStandardNode[]) =>
  walk(nodes)
    .filter(({ node, depth }) => depth >= 1 && !node.children?.length)
    .map(({ node }) => node);

describe('the demo standard systems', () => {
  it('are the five levels of the guidance, each with dimensions, QCPs and indicators', () => {
    expect(DEMO_STANDARDS.map((s) => s.dimension)).toEqual(['school', 'major', 'course', 'teacher', 'class']);
    for (const system of DEMO_STANDARDS) {
      expect(system.startYear).toBeLessThanOrEqual(system.endYear);
      expect(system.items.length, system.name).toBeGreaterThanOrEqual(3);
      for (const dimension of system.items) {
        expect(dimension.zlx, `${system.name} ${dimension.name}`).toBeUndefined();
        expect(dimension.children?.length, `${system.name} ${dimension.name}`).toBeGreaterThan(0);
      }
    }
  });

  it('bind only demo indicators that exist, and bind most of them', () => {
    const names = new Set(allDemoIndicators().map((i) => i.name));
    const bound = new Set<string>();
    for (const system of DEMO_STANDARDS) {
      for (const { node } of walk(system.items)) {
        if (!node.indicator) continue;
        expect(names.has(node.indicator), `${system.name} ${node.name} -> ${node.indicator}`).toBe(true);
        bound.add(node.indicator);
      }
    }
    expect(bound.size).toBeGreaterThanOrEqual(25);
  });

  it('give every leaf a value type and a standard value that fits it, and ordered thresholds', () => {
    for (const system of DEMO_STANDARDS) {
      for (const node of leaves(system.items)) {
        const at = `${system.name} ${node.name}`;
        expect(node.zlx, at).toBeDefined();
        expect(node.bzz, at).toBeDefined();
        if (node.zlx === 'have' || node.zlx === 'whether') expect(['0', '1'], at).toContain(node.bzz);
        if (node.zlx === 'percent' || node.zlx === 'others') expect(Number.isFinite(Number(node.bzz)), at).toBe(true);
        if (node.zlx === 'levels') {
          expect(Array.isArray(node.grades), at).toBe(true);
          expect(
            (node.grades as { value: string }[]).map((g) => g.value),
            at,
          ).toContain(node.bzz);
        }
        if (node.grades && !Array.isArray(node.grades)) {
          const { A, B, C } = node.grades;
          if (node.direction === 'lower') expect(A < B && B < C, at).toBe(true);
          else expect(A > B && B > C, at).toBe(true);
        }
        if (node.warning?.mode === 'value') expect(typeof node.warning.value, at).toBe('number');
        if (node.warning?.mode === 'level') expect(['A', 'B', 'C', 'D'], at).toContain(node.warning.grade);
      }
    }
  });

  it('uses the renamed categories of spec-2 §9 for the school level, and readers that exist', () => {
    expect(DEMO_STANDARDS[0]!.items.map((d) => d.name)).toEqual([
      '计分卡',
      '资源表',
      '服务贡献表',
      '国际影响表',
      '落实政策表',
    ]);
    const users = new Set(DEMO_USERS.map((u) => u.id));
    for (const system of DEMO_STANDARDS)
      for (const id of system.readers?.users ?? []) expect(users.has(id), `${system.name} ${id}`).toBe(true);
    expect(DEMO_STANDARDS[1]!.readers?.users).toContain('zyfzr01');
  });
});
