import type { Direction, GradeRule, NodeKind, ValueType, WarningRule } from '@zg/contract';
import type { Db } from '../../db/client';
import { algorithmVersionHeads } from '../algorithm';
import * as repo from './standard.repository';
import { nodeProblems } from './standard-node.rules';
import { kindUnder, MAX_DEPTH, storedName } from './standard-tree.rules';

/**
 * Installing a set of standard systems (the demo's, seed/story/standards.ts): each system with its tree, published,
 * its QCPs bound to the current version of the value algorithm named by `indicator` (manual when the algorithm is not
 * installed), readers granted. A system already there (same name, dimension and first year) is left as it is. Every
 * node passes the same rules as the form; a broken one stops the install naming the system and the node.
 */

export interface StandardSeedNode {
  name: string;
  nh?: string;
  zdbz?: string;
  bzz?: string;
  zlx?: ValueType;
  fsdl?: boolean;
  indicator?: string;
  /** A detail algorithm (详情算法) by name: its current version lists the rows behind the value (明细数据). */
  detail?: string;
  direction?: Direction;
  grades?: { A: number; B: number; C: number } | { value: string; dxLevel: string }[];
  warning?: {
    mode: 'value' | 'level';
    operator: WarningRule['operator'];
    value?: number;
    grade?: string;
    cycle: WarningRule['cycle'];
  };
  children?: StandardSeedNode[];
}

export interface StandardSeed {
  name: string;
  dimension: string;
  startYear: number;
  endYear: number;
  items: StandardSeedNode[];
  readers?: { users?: string[]; roles?: string[] };
}

function gradeRuleOf(g: StandardSeedNode['grades']): GradeRule | null {
  if (!g) return null;
  if (Array.isArray(g))
    return { type: 'levels', levels: g.map((l) => ({ value: l.value, dxLevel: l.dxLevel as 'A' | 'B' | 'C' | 'D' })) };
  return { type: 'thresholds', A: g.A, B: g.B, C: g.C };
}

function warningOf(w: StandardSeedNode['warning']): WarningRule | null {
  if (!w) return null;
  return {
    mode: w.mode,
    operator: w.operator,
    value: w.value ?? null,
    grade: (w.grade as WarningRule['grade']) ?? null,
    cycle: w.cycle,
  };
}

/**
 * Installs the systems; answers how many were made. `keepers` are roles granted write on every one (besides the
 * creator), e.g. the diagnosis administrators for the demo's.
 */
export async function installStandards(
  db: Db,
  systems: readonly StandardSeed[],
  createdBy: string | null,
  keepers: readonly string[] = [],
) {
  const names = new Set<string>();
  const walk = (n: StandardSeedNode) => {
    if (n.indicator) names.add(n.indicator);
    if (n.detail) names.add(n.detail);
    for (const c of n.children ?? []) walk(c);
  };
  for (const s of systems) for (const n of s.items) walk(n);
  const heads = await algorithmVersionHeads(db, { names: [...names] });
  const current = new Map(heads.filter((h) => h.current && h.kind === 'value').map((h) => [h.name, h.versionId]));
  const details = new Map(heads.filter((h) => h.current && h.kind === 'detail').map((h) => [h.name, h.versionId]));
  return db.transaction(async (tx) => {
    let made = 0;
    for (const s of systems) {
      if (await repo.systemNamed(tx, s.name, s.dimension, s.startYear)) continue;
      const system = await repo.insertSystem(tx, {
        name: s.name,
        dimension: s.dimension,
        startYear: s.startYear,
        endYear: s.endYear,
        state: 'published',
        createdBy,
      });
      let level: { node: StandardSeedNode; parentId: number | null; kind: NodeKind; sort: number }[] = s.items.map(
        (node, sort) => ({ node, parentId: null, kind: 'dimension', sort }),
      );
      for (let depth = 1; level.length; depth++) {
        if (depth > MAX_DEPTH) throw new Error(`installStandards: ${s.name}: 层级超过 ${MAX_DEPTH} 级`);
        const rows = level.map(({ node: n, parentId, kind, sort }) => {
          const values = {
            bzz: n.bzz ?? null,
            zlx: n.zlx ?? null,
            fsdl: n.fsdl ?? false,
            calRule: n.indicator ? (current.get(n.indicator) ?? null) : null,
            detailRule: n.detail ? (details.get(n.detail) ?? null) : null,
            direction: n.direction ?? null,
            gradeRule: gradeRuleOf(n.grades),
            warningRule: warningOf(n.warning),
            zdbz: n.zdbz ?? null,
          };
          const problems = nodeProblems(kind, values);
          if (problems.length) throw new Error(`installStandards: ${s.name} / ${n.name}: ${problems.join('；')}`);
          return {
            systemId: system.id,
            parentId,
            kind,
            name: storedName(kind, n.name),
            sortOrder: sort,
            nh: n.nh ?? null,
            ...values,
          };
        });
        const ids = await repo.insertNodes(tx, rows);
        level = level.flatMap(({ node, kind }, i) =>
          (node.children ?? []).map((child, sort) => ({ node: child, parentId: ids[i]!, kind: kindUnder(kind), sort })),
        );
      }
      const grants = [
        ...(s.readers?.users ?? []).map((id) => ({ subjectKind: 'user', subjectId: id, access: 'read' })),
        ...(s.readers?.roles ?? [])
          .filter((id) => !keepers.includes(id))
          .map((id) => ({ subjectKind: 'role', subjectId: id, access: 'read' })),
        ...keepers.map((id) => ({ subjectKind: 'role', subjectId: id, access: 'write' })),
      ];
      for (const g of grants)
        if ((await repo.subjectName(tx, g.subjectKind, g.subjectId)) === null)
          throw new Error(`installStandards: ${s.name}: 授权对象 ${g.subjectKind} ${g.subjectId} 不存在`);
      await repo.insertAuthorities(
        tx,
        grants.map((g) => ({ systemId: system.id, ...g })),
      );
      made++;
    }
    return made;
  });
}
