import { ALGORITHM_LIMITS, type AlgorithmGroupNode, ALGORITHM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { requireKeeper } from './algorithm.policy';
import { presentGroupTree } from './algorithm.presenter';
import {
  deleteGroup,
  findGroup,
  groupContents,
  insertGroup,
  listAlgorithmHeads,
  listGroups,
  lockGroupTree,
  siblingNamed,
  updateGroup,
} from './algorithm.repository';
import { depthOf, heightOf, wouldCycle } from './algorithm.rules';

/** Algorithm groups (算法组): a tree of at most ALGORITHM_LIMITS.groupDepthMax levels, changed one at a time. */

const audit = (db: Db, actor: Actor, action: string, id: number) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'algorithmGroup', entityId: String(id) });

/** The group tree, with each group's algorithms when asked (the algorithm tree). */
export async function groupTree(db: Db, withAlgorithms = false): Promise<AlgorithmGroupNode[]> {
  const [groups, heads] = await Promise.all([listGroups(db), listAlgorithmHeads(db)]);
  return presentGroupTree(groups, heads, withAlgorithms);
}

async function groupNode(db: Db, id: number) {
  const find = (nodes: AlgorithmGroupNode[]): AlgorithmGroupNode | null => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const f = find(n.children);
      if (f) return f;
    }
    return null;
  };
  const n = find(await groupTree(db));
  if (!n) throw notFound(M.groupNotFound);
  return n;
}

export async function createGroup(db: Db, actor: Actor, input: { zmc: string; fid?: number | null; px: number }) {
  requireKeeper(actor);
  const id = await db.transaction(async (tx) => {
    await lockGroupTree(tx);
    const parentId = input.fid ?? null;
    if (parentId !== null) {
      const groups = await listGroups(tx);
      if (!groups.some((g) => g.id === parentId)) throw badRequest(M.groupParentNotFound);
      if (depthOf(groups, parentId) + 1 > ALGORITHM_LIMITS.groupDepthMax) throw badRequest(M.groupTooDeep);
    }
    if ((await siblingNamed(tx, parentId, input.zmc)).length > 0) throw conflict(M.groupNameTaken(input.zmc));
    const row = await insertGroup(tx, { name: input.zmc, parentId, sortOrder: input.px, createdBy: actor.userId });
    await audit(tx, actor, 'algorithmGroup.create', row.id);
    return row.id;
  });
  return groupNode(db, id);
}

export async function editGroup(
  db: Db,
  actor: Actor,
  input: { id: number; zmc: string; fid?: number | null; px: number },
) {
  requireKeeper(actor);
  await db.transaction(async (tx) => {
    await lockGroupTree(tx);
    const groups = await listGroups(tx);
    if (!groups.some((g) => g.id === input.id)) throw notFound(M.groupNotFound);
    const parentId = input.fid ?? null;
    if (parentId !== null && !groups.some((g) => g.id === parentId)) throw badRequest(M.groupParentNotFound);
    if (wouldCycle(groups, input.id, parentId)) throw badRequest(M.groupCycle);
    const depth = (parentId === null ? 0 : depthOf(groups, parentId)) + 1 + heightOf(groups, input.id);
    if (depth > ALGORITHM_LIMITS.groupDepthMax) throw badRequest(M.groupTooDeep);
    if ((await siblingNamed(tx, parentId, input.zmc)).some((id) => id !== input.id))
      throw conflict(M.groupNameTaken(input.zmc));
    await updateGroup(tx, input.id, { name: input.zmc, parentId, sortOrder: input.px });
    await audit(tx, actor, 'algorithmGroup.update', input.id);
  });
  return groupNode(db, input.id);
}

export async function removeGroup(db: Db, actor: Actor, id: number) {
  requireKeeper(actor);
  await db.transaction(async (tx) => {
    await lockGroupTree(tx);
    const g = await findGroup(tx, id, { lock: true });
    if (!g) throw notFound(M.groupNotFound);
    const c = await groupContents(tx, id);
    if (c.groups > 0 || c.algorithms > 0) throw conflict(M.groupNotEmpty(g.name));
    await deleteGroup(tx, id);
    await audit(tx, actor, 'algorithmGroup.delete', id);
  });
}
