import { STANDARD_MSG as M, type StandardChange } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest, notFound } from '../../platform/errors';
import { viewerOf } from './standard.policy';
import { iso } from './standard.presenter';
import * as repo from './standard.repository';
import { audit, systemFor } from './standard-access';
import { checkSiblingName } from './standard-tree.service';

/** The recycle bin: deleted systems and deleted subtrees, recovered or purged by batch. */

export async function recycleList(db: Db, actor: Actor, systemId?: number) {
  if (systemId) await systemFor(db, actor, systemId, 'write', { deleted: true });
  const { systems, nodes } = await repo.recycleEntries(db, viewerOf(actor), systemId);
  return [
    ...systems.map((s) => ({
      batchId: s.batch!,
      kind: 'system' as const,
      systemId: s.systemId,
      systemName: s.systemName,
      name: s.systemName,
      nodeCount: Number(s.nodeCount ?? 0),
      deletedAt: iso(s.deletedAt),
      deletedBy: s.deletedByName ?? s.deletedBy,
      deletedById: s.deletedBy,
    })),
    ...nodes.map((n) => ({
      batchId: n.batch!,
      kind: 'nodes' as const,
      systemId: n.systemId,
      systemName: n.systemName,
      name: n.name,
      nodeCount: Number(n.nodeCount),
      deletedAt: iso(n.deletedAt),
      deletedBy: n.deletedByName ?? n.deletedBy,
      deletedById: n.deletedBy,
    })),
  ].sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
}

async function batchFor(db: Db, actor: Actor, batch: string) {
  const owner = await repo.batchOwner(db, batch);
  if (!owner) throw notFound(M.recycleNotFound);
  const v = await systemFor(db, actor, owner.systemId, 'write', { deleted: true });
  if (owner.kind === 'nodes' && v.system.deletedAt) throw notFound(M.recycleNotFound);
  return { ...owner, view: v };
}

export async function recover(db: Db, actor: Actor, batch: string): Promise<StandardChange> {
  return db.transaction(async (tx) => {
    const { kind, systemId, view } = await batchFor(tx, actor, batch);
    if (kind === 'system') {
      await repo.updateSystem(tx, systemId, { deletedAt: null, deleteBatch: null, deletedBy: null });
    } else {
      await repo.lockSystem(tx, systemId);
      const nodes = await repo.nodesOfBatch(tx, batch);
      const inBatch = new Set(nodes.map((n) => n.id));
      for (const root of nodes.filter((n) => n.parentId === null || !inBatch.has(n.parentId))) {
        if (root.parentId !== null && !(await repo.findNode(tx, root.parentId))) throw badRequest(M.recoverParentGone);
        await checkSiblingName(tx, systemId, root.parentId, root.name);
      }
      await repo.restoreNodes(tx, batch);
      await repo.updateSystem(tx, systemId, {});
    }
    await audit(tx, actor, 'recover', systemId, { batch });
    return { systemId, version: view.system.version, versioned: false, message: M.recovered, nodeId: null };
  });
}

export async function purge(db: Db, actor: Actor, batch: string) {
  await db.transaction(async (tx) => {
    const { kind, systemId } = await batchFor(tx, actor, batch);
    if (kind === 'system') await repo.deleteSystemsOfBatch(tx, batch);
    else await repo.purgeNodes(tx, batch);
    await audit(tx, actor, 'purge', systemId, { batch });
  });
}
