import { randomUUID } from 'node:crypto';
import {
  ALGORITHM_KIND_NAMES,
  type CalRuleOption,
  type GradeRule,
  STANDARD_MSG as M,
  type NodeFields,
  type NodeKind,
  STANDARD_LIMITS,
  type StandardChange,
  type StandardNode,
  type WarningRule,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { algorithmVersionHeads, currentDetailVersions, currentValueVersions } from '../algorithm';
import { presentNode, presentSystem } from './standard.presenter';
import * as repo from './standard.repository';
import { audit, nodeFor, systemFor } from './standard-access';
import { type NodeValues, nodeProblems } from './standard-node.rules';
import { moveProblem, nestNodes, placementProblem, reorder, storedName, subtreeIds } from './standard-tree.rules';
import { changeSystem } from './standard-version.service';

/** A system's tree: reading it, adding, editing, moving and deleting nodes (to a new version while the system is in use), the calculation rules. */

export async function calRuleNames(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  const heads = await algorithmVersionHeads(db, { ids: wanted });
  return new Map(heads.map((h) => [h.versionId, `${h.name}/V${h.number}`]));
}

/** The live tree of a system (one query for the nodes, one for the algorithm names). */
export async function treeOf(db: Db, systemId: number): Promise<StandardNode[]> {
  const rows = await repo.liveNodes(db, systemId);
  const names = await calRuleNames(
    db,
    rows.flatMap((r) => [r.calRule, r.detailRule]),
  );
  type Nested = repo.NodeRow & { depth: number; children: Nested[] };
  const out = (n: Nested): StandardNode => ({ ...presentNode(n, n.depth, names), children: n.children.map(out) });
  return (nestNodes(rows) as Nested[]).map(out);
}

export async function getTargetFull(db: Db, actor: Actor, id: number) {
  const v = await systemFor(db, actor, id, 'read');
  return { system: presentSystem(v), tree: await treeOf(db, id) };
}

export async function getNode(db: Db, actor: Actor, id: number): Promise<StandardNode> {
  const { node } = await nodeFor(db, actor, id, 'read');
  const all = await repo.liveNodes(db, node.systemId);
  const byId = new Map(all.map((n) => [n.id, n]));
  let depth = 0;
  for (let cur: repo.NodeRow | undefined = node; cur; cur = cur.parentId === null ? undefined : byId.get(cur.parentId))
    depth++;
  return { ...presentNode(node, depth, await calRuleNames(db, [node.calRule, node.detailRule])), children: [] };
}

/** The calculation rule must be a value algorithm's version, the 详情算法 a detail algorithm's (one lookup). */
async function checkCalRule(db: Db, calRule: number | null, detailRule: number | null) {
  const ids = [calRule, detailRule].filter((x): x is number => x !== null);
  if (!ids.length) return;
  const heads = await algorithmVersionHeads(db, { ids });
  if (calRule !== null) {
    const head = heads.find((h) => h.versionId === calRule);
    if (!head) throw badRequest(M.calRuleNotFound);
    if (head.kind !== 'value') throw badRequest(M.calRuleWrongKind(ALGORITHM_KIND_NAMES[head.kind]));
  }
  if (detailRule !== null) {
    const head = heads.find((h) => h.versionId === detailRule);
    if (!head) throw badRequest(M.detailRuleNotFound);
    if (head.kind !== 'detail') throw badRequest(M.detailRuleWrongKind(ALGORITHM_KIND_NAMES[head.kind]));
  }
}

function valuesOf(f: NodeFields): NodeValues {
  return {
    bzz: f.bzz ?? null,
    zlx: f.zlx ?? null,
    fsdl: f.fsdl ?? false,
    calRule: f.calRule ?? null,
    detailRule: f.detailRule ?? null,
    direction: f.direction ?? null,
    gradeRule: (f.gradeRule ?? null) as GradeRule | null,
    warningRule: (f.warningRule ?? null) as WarningRule | null,
    zdbz: f.zdbz ?? null,
  };
}

async function checkFields(db: Db, kind: NodeKind, f: NodeFields) {
  const values = valuesOf(f);
  const problems = nodeProblems(kind, values);
  if (problems.length) throw badRequest(problems.join('；'));
  await checkCalRule(db, values.calRule, values.detailRule ?? null);
  return values;
}

export async function checkSiblingName(db: Db, systemId: number, parentId: number | null, name: string, self?: number) {
  const taken = (await repo.siblings(db, systemId, parentId)).some((s) => s.name === name && s.id !== self);
  if (taken) throw badRequest(M.siblingTaken(name));
}

async function parentOf(db: Db, systemId: number, parentId: number | null) {
  if (parentId === null) return null;
  const p = await repo.findNode(db, parentId);
  if (!p || p.systemId !== systemId) throw badRequest(M.parentNotFound);
  return p;
}

function nodeColumns(kind: NodeKind, name: string, f: NodeFields, values: NodeValues) {
  return {
    kind,
    name: storedName(kind, name),
    sortOrder: f.sort ?? 0,
    nh: f.nh ?? null,
    zdbz: values.zdbz,
    bzz: values.bzz?.trim() || null,
    zlx: values.zlx,
    fsdl: values.fsdl,
    calRule: values.calRule,
    detailRule: values.detailRule ?? null,
    direction: values.direction,
    gradeRule: values.gradeRule,
    warningRule: values.warningRule,
  };
}

export async function insertNode(
  db: Db,
  hooks: Hooks,
  actor: Actor,
  input: NodeFields & { systemId: number; parentId?: number | null; kind: NodeKind },
): Promise<StandardChange> {
  return db.transaction(async (tx) => {
    await systemFor(tx, actor, input.systemId, 'write');
    const parentId = input.parentId ?? null;
    const parent = await parentOf(tx, input.systemId, parentId);
    const placement = placementProblem(input.kind, (parent?.kind as NodeKind | undefined) ?? null);
    if (placement) throw badRequest(placement);
    const values = await checkFields(tx, input.kind, input);
    const name = storedName(input.kind, input.name);
    // Like every other change of the tree: a system a task uses is left as it is and the node goes into its next
    // version (changeSystem also holds the system's lock, so two adds cannot both pass the sibling-name check).
    const change = await changeSystem(tx, hooks, actor, input.systemId, async (systemId, mapNode) => {
      const under = parentId === null ? null : await mapNode(parentId);
      const all = await repo.liveNodes(tx, systemId);
      if (all.length >= STANDARD_LIMITS.nodesMax) throw badRequest(M.tooMany);
      if (under !== null && moveProblem(all, -1, under) === M.tooDeep) throw badRequest(M.tooDeep);
      await checkSiblingName(tx, systemId, under, name);
      const row = await repo.insertNode(tx, {
        systemId,
        parentId: under,
        ...nodeColumns(input.kind, input.name, input, values),
      });
      return row.id;
    });
    await audit(tx, actor, 'node.create', change.systemId, { nodeId: change.nodeId, versioned: change.versioned });
    return { ...change, message: change.versioned ? change.message : M.created };
  });
}

export async function updateNode(db: Db, hooks: Hooks, actor: Actor, input: NodeFields & { id: number }) {
  return db.transaction(async (tx) => {
    const { node } = await nodeFor(tx, actor, input.id, 'write');
    const kind = node.kind as NodeKind;
    const values = await checkFields(tx, kind, input);
    const change = await changeSystem(tx, hooks, actor, node.systemId, async (systemId, mapNode) => {
      const id = await mapNode(node.id);
      const name = storedName(kind, input.name);
      await checkSiblingName(tx, systemId, (await repo.findNode(tx, id))!.parentId, name, id);
      await repo.updateNode(tx, id, nodeColumns(kind, input.name, input, values));
      return id;
    });
    await audit(tx, actor, 'node.update', change.systemId, { nodeId: change.nodeId, versioned: change.versioned });
    return change;
  });
}

export async function moveNode(
  db: Db,
  hooks: Hooks,
  actor: Actor,
  input: { id: number; parentId: number | null; sort: number },
) {
  return db.transaction(async (tx) => {
    const { node } = await nodeFor(tx, actor, input.id, 'write');
    const parent = await parentOf(tx, node.systemId, input.parentId);
    const placement = placementProblem(node.kind as NodeKind, (parent?.kind as NodeKind | undefined) ?? null);
    if (placement) throw badRequest(placement);
    const before = await repo.liveNodes(tx, node.systemId);
    const problem = moveProblem(before, node.id, input.parentId);
    if (problem) throw badRequest(problem);
    const change = await changeSystem(tx, hooks, actor, node.systemId, async (systemId, mapNode) => {
      const id = await mapNode(node.id);
      const parentId = input.parentId === null ? null : await mapNode(input.parentId);
      await checkSiblingName(tx, systemId, parentId, node.name, id);
      await repo.updateNode(tx, id, { parentId });
      const order = reorder(
        (await repo.siblings(tx, systemId, parentId)).map((s) => s.id),
        id,
        input.sort,
      );
      await repo.setSortOrders(tx, order);
      return id;
    });
    await audit(tx, actor, 'node.move', change.systemId, {
      ...input,
      nodeId: change.nodeId,
      versioned: change.versioned,
    });
    return change;
  });
}

export async function deleteNode(db: Db, hooks: Hooks, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const { node } = await nodeFor(tx, actor, id, 'write');
    const change = await changeSystem(tx, hooks, actor, node.systemId, async (systemId, mapNode) => {
      const target = await mapNode(node.id);
      const ids = subtreeIds(await repo.liveNodes(tx, systemId), target);
      await repo.markNodesDeleted(tx, ids, randomUUID(), actor.userId);
      return null;
    });
    await audit(tx, actor, 'node.delete', change.systemId, { nodeId: id, versioned: change.versioned });
    return { ...change, message: change.versioned ? change.message : M.deleted };
  });
}

/** The 计算规则 choices: value algorithms at their current version (anyone with the 目标标准 menu may pick). */
export async function calRuleOptions(db: Db, name?: string): Promise<CalRuleOption[]> {
  const rows = await currentValueVersions(db, name);
  return rows.map((r) => ({
    id: r.versionId,
    label: `${r.name}/V${r.number}`,
    algorithmName: r.name,
    version: r.number,
    group: r.group,
  }));
}

/** The 详情算法 choices: detail algorithms at their current version (the 明细数据 of the QCP panel). */
export async function detailRuleOptions(db: Db, name?: string): Promise<CalRuleOption[]> {
  const rows = await currentDetailVersions(db, name);
  return rows.map((r) => ({
    id: r.versionId,
    label: `${r.name}/V${r.number}`,
    algorithmName: r.name,
    version: r.number,
    group: r.group,
  }));
}
