import {
  type DepotNode,
  type Direction,
  formatDateTime,
  type NodeKind,
  type StandardNode,
  type StandardState,
  type StandardSystem,
  type ValueType,
} from '@zg/contract';
import { systemAbilities } from './standard.policy';
import type * as repo from './standard.repository';

/** Standard records as the API sends them (db rows -> the contract's shapes). */

export const iso = (d: Date | string | null) => (d ? formatDateTime(new Date(d)) : '');

export function presentSystem(v: repo.SystemView): StandardSystem {
  const s = v.system;
  return {
    id: s.id,
    name: s.name,
    dimension: s.dimension,
    startYear: s.startYear,
    endYear: s.endYear,
    state: s.state as StandardState,
    version: s.version,
    previousVersionId: s.previousVersionId,
    nodeCount: Number(v.nodeCount ?? 0),
    qcpCount: Number(v.qcpCount ?? 0),
    creator: s.createdBy,
    creatorName: v.creatorName,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    abilities: systemAbilities(v),
  };
}

/** A node without its children; `names` holds the algorithms' labels (算法名/V版本) by version id (计算规则 and 详情算法). */
export function presentNode(
  n: repo.NodeRow,
  depth: number,
  names: Map<number, string>,
): Omit<StandardNode, 'children'> {
  return {
    id: n.id,
    parentId: n.parentId,
    kind: n.kind as NodeKind,
    name: n.name,
    sort: n.sortOrder,
    depth,
    nh: n.nh,
    zdbz: n.zdbz,
    bzz: n.bzz,
    zlx: n.zlx as ValueType | null,
    fsdl: n.fsdl,
    calRule: n.calRule,
    calRuleName: n.calRule === null ? null : (names.get(n.calRule) ?? null),
    detailRule: n.detailRule,
    detailRuleName: n.detailRule === null ? null : (names.get(n.detailRule) ?? null),
    direction: n.direction as Direction | null,
    gradeRule: n.gradeRule ?? null,
    warningRule: n.warningRule ?? null,
  };
}

export function presentAuthority(r: { row: repo.AuthorityRow; roleName: string | null; userName: string | null }) {
  return {
    id: r.row.id,
    systemId: r.row.systemId,
    subjectKind: r.row.subjectKind as 'role' | 'user',
    subjectId: r.row.subjectId,
    subjectName: r.roleName ?? r.userName ?? r.row.subjectId,
    access: r.row.access as 'read' | 'write',
  };
}

type DepotListRow = Awaited<ReturnType<typeof repo.depotList>>[number];
export const presentDepot = (r: DepotListRow, snapshot?: DepotNode) => ({
  id: r.id,
  name: r.name,
  dimension: r.dimension,
  nodeCount: r.nodeCount,
  creator: r.creatorName ?? r.createdBy,
  createdAt: iso(r.createdAt),
  ...(snapshot ? { snapshot } : {}),
});
