import type { Direction, GradeRule, NodeKind, StandardState, ValueType, WarningRule } from '@zg/contract';
import type { Db } from '../../db/client';
import * as repo from './standard.repository';
import { nestNodes } from './standard-tree.rules';

/**
 * A system version's tree as other modules read it, with no user (publishing a diagnosis task from a system and
 * refreshing it to the system's newer version run on the task's rights, not on the system's authority rows).
 */

/** A system version: the row a task names. */
export interface SystemVersion {
  id: number;
  name: string;
  /** The dimension type code (专业, 课程 ...) whose objects the system is published to. */
  dimension: string;
  startYear: number;
  endYear: number;
  state: StandardState;
  version: number;
  /** The version this one was made from (a destructive change to a system in use), or null. */
  previousVersionId: number | null;
}

/** One live node of a system version, flat, in tree order (parents before children, siblings in order). */
export interface SystemVersionNode {
  id: number;
  parentId: number | null;
  /** 1 for a top node (a dimension), 2 below it, ... */
  level: number;
  kind: NodeKind;
  name: string;
  sort: number;
  /** 内涵 */
  nh: string | null;
  /** 诊断标准 */
  zdbz: string | null;
  /** 值类型: null for a node that carries no value (dimensions, QCPs without one). */
  zlx: ValueType | null;
  /** 标准值 */
  bzz: string | null;
  /** 计算规则: the algorithm VERSION id that computes the value, or null (手工填报). */
  calRule: number | null;
  /** 详情算法: the detail algorithm's VERSION id behind the value's rows (明细数据), or null. */
  detailRule: number | null;
  /** 方向: higher or lower is better. */
  direction: Direction | null;
  gradeRule: GradeRule | null;
  warningRule: WarningRule | null;
  /** 否决点: the node is a veto point. */
  fsdl: boolean;
  /**
   * The node of the version this one was copied from (`source`): a node of a newer version names its node of the
   * older one, so the two are matched through it; null for a node added in this version (or a first version's).
   */
  source: number | null;
}

export interface SystemVersionTree {
  system: SystemVersion;
  nodes: SystemVersionNode[];
}

const versionOf = (s: repo.SystemRow): SystemVersion => ({
  id: s.id,
  name: s.name,
  dimension: s.dimension,
  startYear: s.startYear,
  endYear: s.endYear,
  state: s.state as StandardState,
  version: s.version,
  previousVersionId: s.previousVersionId,
});

/** A live system version with its live nodes in tree order (two queries), or null when it is missing or deleted. */
export async function systemVersionTree(db: Db, systemId: number): Promise<SystemVersionTree | null> {
  const system = await repo.liveSystem(db, systemId);
  if (!system) return null;
  type Nested = repo.NodeRow & { depth: number; children: Nested[] };
  const nodes: SystemVersionNode[] = [];
  const walk = (n: Nested) => {
    nodes.push({
      id: n.id,
      parentId: n.parentId,
      level: n.depth,
      kind: n.kind as NodeKind,
      name: n.name,
      sort: n.sortOrder,
      nh: n.nh,
      zdbz: n.zdbz,
      zlx: n.zlx as ValueType | null,
      bzz: n.bzz,
      calRule: n.calRule,
      detailRule: n.detailRule,
      direction: n.direction as Direction | null,
      gradeRule: n.gradeRule ?? null,
      warningRule: n.warningRule ?? null,
      fsdl: n.fsdl,
      source: n.sourceId,
    });
    for (const c of n.children) walk(c);
  };
  for (const top of nestNodes(await repo.liveNodes(db, systemId)) as Nested[]) walk(top);
  return { system: versionOf(system), nodes };
}

/** The live versions made from this one, oldest first (V n+1, V n+2 ...); empty when it is the newest. */
export async function newerVersionsOf(db: Db, systemId: number): Promise<SystemVersion[]> {
  const out: SystemVersion[] = [];
  const seen = new Set([systemId]);
  for (
    let next = await repo.successorOf(db, systemId);
    next && !seen.has(next.id);
    next = await repo.successorOf(db, next.id)
  ) {
    seen.add(next.id);
    out.push(versionOf(next));
  }
  return out;
}

/**
 * For each live node of `fromSystemId`, its node in `toSystemId`, a newer version of it, matched through the sources
 * of every version between (a node deleted on the way has no match). Null when `toSystemId` is not a newer version of
 * `fromSystemId` (or is the same one: then every node is its own match).
 */
export async function matchNodesToVersion(db: Db, fromSystemId: number, toSystemId: number) {
  const from = await systemVersionTree(db, fromSystemId);
  if (!from) return null;
  if (fromSystemId === toSystemId) return new Map(from.nodes.map((n) => [n.id, n.id]));
  const chain = await newerVersionsOf(db, fromSystemId);
  const upTo = chain.findIndex((v) => v.id === toSystemId);
  if (upTo < 0) return null;
  let map = new Map(from.nodes.map((n) => [n.id, n.id]));
  for (const v of chain.slice(0, upTo + 1)) {
    const bySource = new Map<number, number>();
    for (const n of (await systemVersionTree(db, v.id))?.nodes ?? [])
      if (n.source !== null) bySource.set(n.source, n.id);
    const next = new Map<number, number>();
    for (const [origin, at] of map) {
      const moved = bySource.get(at);
      if (moved !== undefined) next.set(origin, moved);
    }
    map = next;
  }
  return map;
}
