import { STANDARD_MSG as M, type StandardChange } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import * as repo from './standard.repository';
import { systemFor } from './standard-access';
import { byLevels } from './standard-tree.rules';
import { usersOfSystem } from './standard-users';

/**
 * New versions of systems in use: a destructive change to a system that something uses (a diagnosis task) goes to its
 * successor, a draft copy made once (V n+1) whose nodes name the node they were copied from (`sourceId`, sent as
 * `source`), so a node of a newer version is matched to its node of an older one.
 */

/**
 * Copies a system's row, live tree (level by level, one insert a level) and authority rows; answers the new system
 * and the map from the source's node ids to the copy's.
 */
export async function copySystem(tx: Db, src: repo.SystemRow, over: Partial<typeof src>) {
  const row = await repo.insertSystem(tx, {
    name: src.name,
    dimension: src.dimension,
    startYear: src.startYear,
    endYear: src.endYear,
    state: 'draft',
    version: src.version,
    previousVersionId: null,
    createdBy: src.createdBy,
    ...over,
    id: undefined,
    createdAt: undefined,
    updatedAt: undefined,
    deletedAt: null,
    deleteBatch: null,
    deletedBy: null,
  });
  const map = await copyNodes(tx, await repo.liveNodes(tx, src.id), row.id, null);
  const rights = await repo.authorityRows(tx, src.id);
  await repo.insertAuthorities(
    tx,
    rights.map(({ row: a }) => ({
      systemId: row.id,
      subjectKind: a.subjectKind,
      subjectId: a.subjectId,
      access: a.access,
    })),
  );
  return { system: row, map };
}

/** Copies nodes (a whole tree, or a subtree whose root's parent becomes `rootParent`) into a system. */
export async function copyNodes(
  tx: Db,
  nodes: repo.NodeRow[],
  systemId: number,
  rootParent: number | null,
  keepSource = true,
) {
  const map = new Map<number, number>();
  for (const level of byLevels(nodes)) {
    const ids = await repo.insertNodes(
      tx,
      level.map((n) => ({
        ...n,
        id: undefined,
        systemId,
        parentId: n.parentId !== null && map.has(n.parentId) ? map.get(n.parentId)! : rootParent,
        sourceId: keepSource ? n.id : null,
        deletedAt: null,
        deleteBatch: null,
        deletedBy: null,
      })),
    );
    for (const [i, n] of level.entries()) map.set(n.id, ids[i]!);
  }
  return map;
}

/**
 * Applies a destructive change to a system: in place while nothing uses it, else to its new version (a draft copy
 * made once, V n+1, or the one made before), mapping node ids into it. Inside the caller's transaction.
 */
export async function changeSystem(
  tx: Db,
  hooks: Hooks,
  actor: Actor,
  systemId: number,
  apply: (targetId: number, mapNode: (id: number) => Promise<number>) => Promise<number | null>,
): Promise<StandardChange> {
  await systemFor(tx, actor, systemId, 'write');
  let target = (await repo.lockSystem(tx, systemId))!;
  const chain: repo.SystemRow[] = [];
  while ((await usersOfSystem(tx, hooks, target.id)).length) {
    const next =
      (await repo.successorOf(tx, target.id)) ??
      (await copySystem(tx, target, { version: target.version + 1, previousVersionId: target.id })).system;
    chain.push(next);
    target = (await repo.lockSystem(tx, next.id))!;
  }
  const mapNode = async (id: number) => {
    let cur = id;
    for (const s of chain) {
      const copy = await repo.copyOfNode(tx, s.id, cur);
      if (!copy) throw notFound(M.nodeNotFound);
      cur = copy.id;
    }
    return cur;
  };
  const nodeId = await apply(target.id, mapNode);
  await repo.updateSystem(tx, target.id, {});
  const versioned = chain.length > 0;
  return {
    systemId: target.id,
    version: target.version,
    versioned,
    message: versioned ? M.newVersion(target.version) : M.saved,
    nodeId,
  };
}
