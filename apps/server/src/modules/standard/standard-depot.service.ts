import {
  type DepotNode,
  type Direction,
  STANDARD_MSG as M,
  type NodeKind,
  STANDARD_LIMITS,
  type ValueType,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest, notFound } from '../../platform/errors';
import { depotViewerOf, mustKeepDepot } from './standard.policy';
import { presentDepot } from './standard.presenter';
import * as repo from './standard.repository';
import { audit, nodeFor } from './standard-access';
import { nestNodes, subtreeIds } from './standard-tree.rules';
import { checkSiblingName } from './standard-tree.service';
import { copyNodes } from './standard-version.service';

/** The task depot (任务库): QCP subtrees saved as snapshots, and used under a dimension of another system. */

export function snapshotOf(nodes: repo.NodeRow[], rootId: number): DepotNode {
  type Nested = repo.NodeRow & { depth: number; children: Nested[] };
  const sub = new Set(subtreeIds(nodes, rootId));
  const [root] = nestNodes(
    nodes.filter((n) => sub.has(n.id)).map((n) => (n.id === rootId ? { ...n, parentId: null } : n)),
  ) as Nested[];
  const out = (n: Nested): DepotNode => ({
    kind: n.kind as NodeKind,
    name: n.name,
    sort: n.sortOrder,
    nh: n.nh,
    zdbz: n.zdbz,
    bzz: n.bzz,
    zlx: n.zlx as ValueType | null,
    fsdl: n.fsdl,
    calRule: n.calRule,
    detailRule: n.detailRule,
    direction: n.direction as Direction | null,
    gradeRule: n.gradeRule ?? null,
    warningRule: n.warningRule ?? null,
    children: n.children.map(out),
  });
  return out(root!);
}

/** The depot's items the actor may read: those of the systems they may read (item 5 of issue 28). */
export async function depotList(db: Db, actor: Actor, q: { dimension?: string; name?: string }) {
  return (await repo.depotList(db, depotViewerOf(actor), q)).map((r) => presentDepot(r));
}

export async function depotGet(db: Db, actor: Actor, id: number) {
  const found = await repo.findDepot(db, id, depotViewerOf(actor));
  if (!found) throw notFound(M.depotNotFound);
  return presentDepot({ ...found.item, creatorName: found.creatorName }, found.item.snapshot);
}

export async function depotSave(db: Db, actor: Actor, nodeId: number) {
  mustKeepDepot(actor);
  return db.transaction(async (tx) => {
    const { node, view } = await nodeFor(tx, actor, nodeId, 'read');
    if (node.kind !== 'qcp') throw badRequest(M.depotOnlyQcp);
    const nodes = await repo.liveNodes(tx, node.systemId);
    const snapshot = snapshotOf(nodes, node.id);
    const id = await repo.insertDepot(tx, {
      name: node.name,
      dimension: view.system.dimension,
      nodeCount: subtreeIds(nodes, node.id).length,
      snapshot,
      sourceSystemId: node.systemId,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'depot.save', id, { nodeId }, 'standardDepot');
    return depotGet(tx, actor, id);
  });
}

export async function depotUse(db: Db, actor: Actor, input: { depotId: number; parentId: number }) {
  return db.transaction(async (tx) => {
    const found = await repo.findDepot(tx, input.depotId, depotViewerOf(actor));
    if (!found) throw notFound(M.depotNotFound);
    const { node: parent, view } = await nodeFor(tx, actor, input.parentId, 'write');
    if (parent.kind !== 'dimension') throw badRequest(M.depotUseUnderDimension);
    await repo.lockSystem(tx, parent.systemId);
    if (view.system.dimension !== found.item.dimension)
      throw badRequest(M.depotDimensionMismatch(view.system.dimension, found.item.dimension));
    const snap = found.item.snapshot;
    await checkSiblingName(tx, parent.systemId, parent.id, snap.name);
    const existing = await repo.liveNodes(tx, parent.systemId);
    if (existing.length + found.item.nodeCount > STANDARD_LIMITS.nodesMax) throw badRequest(M.tooMany);
    // Flatten the snapshot with temporary ids, then copy it in level by level.
    const flat: repo.NodeRow[] = [];
    let next = -1;
    const add = (n: DepotNode, parentId: number | null) => {
      const id = next--;
      flat.push({
        id,
        systemId: parent.systemId,
        parentId,
        sourceId: null,
        kind: n.kind,
        name: n.name,
        sortOrder: parentId === null ? existing.filter((e) => e.parentId === parent.id).length : n.sort,
        nh: n.nh,
        zdbz: n.zdbz,
        bzz: n.bzz,
        zlx: n.zlx,
        fsdl: n.fsdl,
        calRule: n.calRule,
        detailRule: n.detailRule ?? null,
        direction: n.direction,
        gradeRule: n.gradeRule,
        warningRule: n.warningRule,
        deletedAt: null,
        deleteBatch: null,
        deletedBy: null,
      });
      for (const c of n.children) add(c, id);
    };
    add(snap, null);
    const map = await copyNodes(tx, flat, parent.systemId, parent.id, false);
    const rootId = map.get(-1)!;
    await repo.updateSystem(tx, parent.systemId, {});
    await audit(tx, actor, 'depot.use', input.depotId, { parentId: input.parentId }, 'standardDepot');
    return {
      systemId: parent.systemId,
      version: view.system.version,
      versioned: false,
      message: M.created,
      nodeId: rootId,
    };
  });
}

export async function depotDelete(db: Db, actor: Actor, id: number) {
  mustKeepDepot(actor);
  await db.transaction(async (tx) => {
    const found = await repo.findDepot(tx, id, depotViewerOf(actor));
    if (!found) throw notFound(M.depotNotFound);
    await repo.deleteDepot(tx, id);
    await audit(tx, actor, 'depot.delete', id, undefined, 'standardDepot');
  });
}
