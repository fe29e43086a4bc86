import { randomUUID } from 'node:crypto';
import {
  ALGORITHM_KIND_NAMES,
  type CalRuleOption,
  type DepotNode,
  type Direction,
  formatDateTime,
  type GradeRule,
  STANDARD_MSG as M,
  type NodeFields,
  type NodeKind,
  STANDARD_EXCEL_COLUMNS,
  STANDARD_LIMITS,
  type StandardChange,
  type StandardExcelKey,
  type StandardNode,
  type StandardState,
  type StandardSystem,
  type ValueType,
  type WarningRule,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, readSheet } from '../../platform/excel';
import { algorithmVersionHeads, currentValueVersions } from '../algorithm';
import {
  depotViewerOf,
  globalAbilities,
  mustCreate,
  mustKeepDepot,
  mustRead,
  mustWrite,
  systemAbilities,
  viewerOf,
} from './standard.policy';
import * as repo from './standard.repository';
import { type PlannedNode, pathKey, planSheet, rowOfNode } from './standard-excel.reader';
import { standardWorkbook, workbookBuffer } from './standard-excel.writer';
import { type NodeValues, nodeProblems } from './standard-node.rules';
import {
  byLevels,
  MAX_DEPTH,
  moveProblem,
  nestNodes,
  nextYearName,
  placementProblem,
  reorder,
  storedName,
  subtreeIds,
} from './standard-tree.rules';
import { usersOfSystem } from './standard-users';

/** Standard systems: the systems, their trees, authority, Excel, the depot and the recycle bin. */

const audit = (db: Db, actor: Actor, action: string, entityId: number | string, detail?: unknown) =>
  writeAudit(db, {
    actorId: actor.userId,
    action: `standard.${action}`,
    entityType: 'standard',
    entityId: String(entityId),
    detail,
  });

const iso = (d: Date | string | null) => (d ? formatDateTime(new Date(d)) : '');

function systemOut(v: repo.SystemView): StandardSystem {
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

/** The system as the actor sees it: 404 when it is not there, 403 without read (or write when asked). */
async function systemFor(db: Db, actor: Actor, id: number, need: 'read' | 'write', opts: { deleted?: boolean } = {}) {
  const v = await repo.viewSystem(db, viewerOf(actor), id, opts);
  if (!v) throw notFound(M.systemNotFound);
  if (need === 'read') mustRead(v);
  else mustWrite(v);
  return v;
}

/** A live node and its system, checked for the actor. */
async function nodeFor(db: Db, actor: Actor, id: number, need: 'read' | 'write') {
  const node = await repo.findNode(db, id);
  if (!node) throw notFound(M.nodeNotFound);
  const view = await repo.viewSystem(db, viewerOf(actor), node.systemId);
  if (!view) throw notFound(M.nodeNotFound);
  if (need === 'read') mustRead(view);
  else mustWrite(view);
  return { node, view };
}

export const abilities = (actor: Actor) => globalAbilities(actor);

// ---- systems ----

export async function pageSystems(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; name?: string; dimension?: string; state?: string },
) {
  const { rows, total } = await repo.pageSystems(db, viewerOf(actor), q);
  return { records: rows.map(systemOut), total };
}

export async function getSystem(db: Db, actor: Actor, id: number) {
  return systemOut(await systemFor(db, actor, id, 'read'));
}

export async function createSystem(
  db: Db,
  actor: Actor,
  input: { name: string; dimension: string; startYear: number; endYear: number },
) {
  mustCreate(actor);
  return db.transaction(async (tx) => {
    const row = await repo.insertSystem(tx, { ...input, createdBy: actor.userId });
    await audit(tx, actor, 'create', row.id, input);
    return systemOut((await repo.viewSystem(tx, viewerOf(actor), row.id))!);
  });
}

export async function editSystem(
  db: Db,
  actor: Actor,
  input: { id: number; name: string; startYear: number; endYear: number },
) {
  return db.transaction(async (tx) => {
    await systemFor(tx, actor, input.id, 'write');
    await repo.updateSystem(tx, input.id, { name: input.name, startYear: input.startYear, endYear: input.endYear });
    await audit(tx, actor, 'update', input.id, input);
    return systemOut((await repo.viewSystem(tx, viewerOf(actor), input.id))!);
  });
}

export async function publishSystem(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    await systemFor(tx, actor, id, 'write');
    await repo.updateSystem(tx, id, { state: 'published' });
    await audit(tx, actor, 'publish', id);
    return systemOut((await repo.viewSystem(tx, viewerOf(actor), id))!);
  });
}

export async function deleteSystem(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    await systemFor(tx, actor, id, 'write');
    await repo.lockSystem(tx, id);
    const users = await usersOfSystem(tx, id);
    if (users.length) throw badRequest(M.inUseDelete(users));
    await repo.updateSystem(tx, id, { deletedAt: new Date(), deleteBatch: randomUUID(), deletedBy: actor.userId });
    await audit(tx, actor, 'delete', id);
  });
}

export async function systemUsage(db: Db, actor: Actor, id: number) {
  await systemFor(db, actor, id, 'read');
  const users = await usersOfSystem(db, id);
  return { inUse: users.length > 0, users };
}

/**
 * Copies a system's row, live tree (level by level, one insert a level) and authority rows; answers the new system
 * and the map from the source's node ids to the copy's.
 */
async function copySystem(tx: Db, src: repo.SystemRow, over: Partial<typeof src>) {
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
async function copyNodes(
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

export async function copyTargetFull(db: Db, actor: Actor, id: number) {
  mustCreate(actor);
  return db.transaction(async (tx) => {
    const v = await systemFor(tx, actor, id, 'read');
    const s = v.system;
    const { system } = await copySystem(tx, s, {
      name: nextYearName(s.name, s.startYear, s.endYear),
      startYear: s.startYear + 1,
      endYear: s.endYear + 1,
      version: 1,
      previousVersionId: null,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'copy', system.id, { from: id });
    return systemOut((await repo.viewSystem(tx, viewerOf(actor), system.id))!);
  });
}

// ---- the tree ----

async function calRuleNames(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  const heads = await algorithmVersionHeads(db, { ids: wanted });
  return new Map(heads.map((h) => [h.versionId, `${h.name}/V${h.number}`]));
}

function nodeOut(n: repo.NodeRow, depth: number, names: Map<number, string>): Omit<StandardNode, 'children'> {
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
    direction: n.direction as Direction | null,
    gradeRule: n.gradeRule ?? null,
    warningRule: n.warningRule ?? null,
  };
}

/** The live tree of a system (one query for the nodes, one for the algorithm names). */
async function treeOf(db: Db, systemId: number): Promise<StandardNode[]> {
  const rows = await repo.liveNodes(db, systemId);
  const names = await calRuleNames(
    db,
    rows.map((r) => r.calRule),
  );
  type Nested = repo.NodeRow & { depth: number; children: Nested[] };
  const out = (n: Nested): StandardNode => ({ ...nodeOut(n, n.depth, names), children: n.children.map(out) });
  return (nestNodes(rows) as Nested[]).map(out);
}

export async function getTargetFull(db: Db, actor: Actor, id: number) {
  const v = await systemFor(db, actor, id, 'read');
  return { system: systemOut(v), tree: await treeOf(db, id) };
}

export async function getNode(db: Db, actor: Actor, id: number): Promise<StandardNode> {
  const { node } = await nodeFor(db, actor, id, 'read');
  const all = await repo.liveNodes(db, node.systemId);
  const byId = new Map(all.map((n) => [n.id, n]));
  let depth = 0;
  for (let cur: repo.NodeRow | undefined = node; cur; cur = cur.parentId === null ? undefined : byId.get(cur.parentId))
    depth++;
  return { ...nodeOut(node, depth, await calRuleNames(db, [node.calRule])), children: [] };
}

/** The calculation rule must be a value algorithm's version. */
async function checkCalRule(db: Db, calRule: number | null) {
  if (calRule === null) return;
  const [head] = await algorithmVersionHeads(db, { ids: [calRule] });
  if (!head) throw badRequest(M.calRuleNotFound);
  if (head.kind !== 'value') throw badRequest(M.calRuleWrongKind(ALGORITHM_KIND_NAMES[head.kind]));
}

function valuesOf(f: NodeFields): NodeValues {
  return {
    bzz: f.bzz ?? null,
    zlx: f.zlx ?? null,
    fsdl: f.fsdl ?? false,
    calRule: f.calRule ?? null,
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
  await checkCalRule(db, values.calRule);
  return values;
}

async function checkSiblingName(db: Db, systemId: number, parentId: number | null, name: string, self?: number) {
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
    direction: values.direction,
    gradeRule: values.gradeRule,
    warningRule: values.warningRule,
  };
}

/**
 * Applies a destructive change to a system: in place while nothing uses it, else to its new version (a draft copy
 * made once, V n+1, or the one made before), mapping node ids into it. Inside the caller's transaction.
 */
async function changeSystem(
  tx: Db,
  actor: Actor,
  systemId: number,
  apply: (targetId: number, mapNode: (id: number) => Promise<number>) => Promise<number | null>,
): Promise<StandardChange> {
  await systemFor(tx, actor, systemId, 'write');
  let target = (await repo.lockSystem(tx, systemId))!;
  const chain: repo.SystemRow[] = [];
  while ((await usersOfSystem(tx, target.id)).length) {
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

export async function insertNode(
  db: Db,
  actor: Actor,
  input: NodeFields & { systemId: number; parentId?: number | null; kind: NodeKind },
): Promise<StandardChange> {
  return db.transaction(async (tx) => {
    const v = await systemFor(tx, actor, input.systemId, 'write');
    // One change of a system's tree at a time, so two adds cannot both pass the sibling-name check.
    await repo.lockSystem(tx, input.systemId);
    const parentId = input.parentId ?? null;
    const parent = await parentOf(tx, input.systemId, parentId);
    const placement = placementProblem(input.kind, (parent?.kind as NodeKind | undefined) ?? null);
    if (placement) throw badRequest(placement);
    const all = await repo.liveNodes(tx, input.systemId);
    if (all.length >= STANDARD_LIMITS.nodesMax) throw badRequest(M.tooMany);
    if (parent && moveProblem(all, -1, parentId) === M.tooDeep) throw badRequest(M.tooDeep);
    const values = await checkFields(tx, input.kind, input);
    const name = storedName(input.kind, input.name);
    await checkSiblingName(tx, input.systemId, parentId, name);
    const row = await repo.insertNode(tx, {
      systemId: input.systemId,
      parentId,
      ...nodeColumns(input.kind, input.name, input, values),
    });
    await repo.updateSystem(tx, input.systemId, {});
    await audit(tx, actor, 'node.create', row.id, { systemId: input.systemId });
    return {
      systemId: input.systemId,
      version: v.system.version,
      versioned: false,
      message: M.created,
      nodeId: row.id,
    };
  });
}

export async function updateNode(db: Db, actor: Actor, input: NodeFields & { id: number }) {
  return db.transaction(async (tx) => {
    const { node } = await nodeFor(tx, actor, input.id, 'write');
    const kind = node.kind as NodeKind;
    const values = await checkFields(tx, kind, input);
    const change = await changeSystem(tx, actor, node.systemId, async (systemId, mapNode) => {
      const id = await mapNode(node.id);
      const name = storedName(kind, input.name);
      await checkSiblingName(tx, systemId, (await repo.findNode(tx, id))!.parentId, name, id);
      await repo.updateNode(tx, id, nodeColumns(kind, input.name, input, values));
      return id;
    });
    await audit(tx, actor, 'node.update', change.nodeId!, { systemId: change.systemId, versioned: change.versioned });
    return change;
  });
}

export async function moveNode(db: Db, actor: Actor, input: { id: number; parentId: number | null; sort: number }) {
  return db.transaction(async (tx) => {
    const { node } = await nodeFor(tx, actor, input.id, 'write');
    const parent = await parentOf(tx, node.systemId, input.parentId);
    const placement = placementProblem(node.kind as NodeKind, (parent?.kind as NodeKind | undefined) ?? null);
    if (placement) throw badRequest(placement);
    const before = await repo.liveNodes(tx, node.systemId);
    const problem = moveProblem(before, node.id, input.parentId);
    if (problem) throw badRequest(problem);
    const change = await changeSystem(tx, actor, node.systemId, async (systemId, mapNode) => {
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
    await audit(tx, actor, 'node.move', change.nodeId!, input);
    return change;
  });
}

export async function deleteNode(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const { node } = await nodeFor(tx, actor, id, 'write');
    const change = await changeSystem(tx, actor, node.systemId, async (systemId, mapNode) => {
      const target = await mapNode(node.id);
      const ids = subtreeIds(await repo.liveNodes(tx, systemId), target);
      await repo.markNodesDeleted(tx, ids, randomUUID(), actor.userId);
      return null;
    });
    await audit(tx, actor, 'node.delete', id, { systemId: change.systemId, versioned: change.versioned });
    return { ...change, message: change.versioned ? change.message : M.deleted };
  });
}

// ---- authority ----

export async function authorityList(db: Db, actor: Actor, systemId: number) {
  await systemFor(db, actor, systemId, 'read');
  return (await repo.authorityRows(db, systemId)).map(authorityOut);
}

function authorityOut(r: { row: repo.AuthorityRow; roleName: string | null; userName: string | null }) {
  return {
    id: r.row.id,
    systemId: r.row.systemId,
    subjectKind: r.row.subjectKind as 'role' | 'user',
    subjectId: r.row.subjectId,
    subjectName: r.roleName ?? r.userName ?? r.row.subjectId,
    access: r.row.access as 'read' | 'write',
  };
}

export async function authorityInsert(
  db: Db,
  actor: Actor,
  input: { systemId: number; subjectKind: 'role' | 'user'; subjectId: string; access: 'read' | 'write' },
) {
  return db.transaction(async (tx) => {
    await systemFor(tx, actor, input.systemId, 'write');
    const name = await repo.subjectName(tx, input.subjectKind, input.subjectId);
    if (name === null) throw badRequest(input.subjectKind === 'role' ? '角色不存在' : '用户不存在');
    if ((await repo.authorityRows(tx, input.systemId)).length >= STANDARD_LIMITS.authorityMax)
      throw badRequest(`一个目标标准最多授权 ${STANDARD_LIMITS.authorityMax} 个角色或用户`);
    const row = await repo.upsertAuthority(tx, input);
    await audit(tx, actor, 'authority.grant', input.systemId, input);
    return authorityOut({ row, roleName: input.subjectKind === 'role' ? name : null, userName: name });
  });
}

async function authorityFor(db: Db, actor: Actor, id: number) {
  const row = await repo.findAuthority(db, id);
  if (!row) throw notFound('授权不存在或已被取消');
  await systemFor(db, actor, row.systemId, 'write');
  return row;
}

export async function authorityUpdate(db: Db, actor: Actor, input: { id: number; access: 'read' | 'write' }) {
  return db.transaction(async (tx) => {
    const row = await authorityFor(tx, actor, input.id);
    await repo.updateAuthority(tx, input.id, input.access);
    await audit(tx, actor, 'authority.update', row.systemId, input);
    const found = (await repo.authorityRows(tx, row.systemId)).find((r) => r.row.id === input.id)!;
    return authorityOut(found);
  });
}

export async function authorityDelete(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await authorityFor(tx, actor, id);
    await repo.deleteAuthority(tx, id);
    await audit(tx, actor, 'authority.revoke', row.systemId, { id });
  });
}

// ---- Excel ----

const CAL_RULE = /^(.*?)\s*[/／]\s*[Vv](\d{1,6})$/;

/** Resolves the calculation rules written in the sheet (one lookup), adding a problem for each unknown or wrong one. */
async function resolveCalRules(db: Db, nodes: PlannedNode[], errors: ImportErrors) {
  const texts = [...new Set(nodes.map((n) => n.calRuleText).filter((t): t is string => Boolean(t)))];
  if (!texts.length) return;
  const parsed = new Map(
    texts.map((t) => {
      const m = CAL_RULE.exec(t);
      return [t, m ? { name: m[1]!.trim(), number: Number(m[2]) } : { name: t.trim(), number: null }];
    }),
  );
  const heads = await algorithmVersionHeads(db, { names: [...new Set([...parsed.values()].map((p) => p.name))] });
  const header = STANDARD_EXCEL_COLUMNS.find((c) => c.key === 'calRule')!.header;
  for (const n of nodes) {
    if (!n.calRuleText) continue;
    const p = parsed.get(n.calRuleText)!;
    const head = heads.find((h) => h.name === p.name && (p.number === null ? h.current : h.number === p.number));
    if (!head) errors.cell(n.row, header, M.calRuleUnknown(n.calRuleText));
    else if (head.kind !== 'value') errors.cell(n.row, header, M.calRuleWrongKind(ALGORITHM_KIND_NAMES[head.kind]));
    else n.values.calRule = head.versionId;
  }
}

/** Reads and checks a workbook: the planned nodes, or a 400 listing every problem by row. */
async function plannedFrom(db: Db, upload: ExcelUpload) {
  const rows = await readSheet(upload, STANDARD_EXCEL_COLUMNS);
  const errors = new ImportErrors();
  if (rows.length > STANDARD_LIMITS.nodesMax) throw badRequest(M.tooMany);
  const { nodes, problems } = planSheet(rows);
  for (const p of problems) {
    if (p.header) errors.cell(p.row, p.header, p.message, p.value);
    else errors.row(p.row, p.message);
  }
  await resolveCalRules(db, nodes, errors);
  for (const n of nodes) for (const message of nodeProblems(n.kind, n.values)) errors.row(n.row, message);
  errors.throwIfAny();
  return nodes;
}

async function insertPlanned(tx: Db, systemId: number, nodes: PlannedNode[]) {
  const ids = new Map<string, number>();
  const byDepth = new Map<number, PlannedNode[]>();
  for (const n of nodes) byDepth.set(n.path.length, [...(byDepth.get(n.path.length) ?? []), n]);
  for (let d = 1; d <= MAX_DEPTH; d++) {
    const level = byDepth.get(d) ?? [];
    const made = await repo.insertNodes(
      tx,
      level.map((n) => ({
        systemId,
        parentId: d === 1 ? null : ids.get(pathKey(n.path.slice(0, -1)))!,
        kind: n.kind,
        name: n.name,
        sortOrder: n.sort,
        nh: n.nh,
        zdbz: n.values.zdbz,
        bzz: n.values.bzz,
        zlx: n.values.zlx,
        fsdl: n.values.fsdl,
        calRule: n.values.calRule,
        direction: n.values.direction,
        gradeRule: n.values.gradeRule,
        warningRule: n.values.warningRule,
      })),
    );
    for (const [i, n] of level.entries()) ids.set(pathKey(n.path), made[i]!);
  }
}

interface UploadTarget {
  systemId?: number;
  name?: string;
  dimension?: string;
  startYear?: number;
  endYear?: number;
}

async function checkTarget(db: Db, actor: Actor, t: UploadTarget) {
  if (t.systemId) return void (await systemFor(db, actor, t.systemId, 'write'));
  if (!t.name || !t.dimension || !t.startYear || !t.endYear) throw badRequest(M.uploadFields);
  if (t.endYear < t.startYear) throw badRequest(M.yearsOrder);
  mustCreate(actor);
}

export async function checkQuality(db: Db, actor: Actor, upload: ExcelUpload, target: UploadTarget) {
  await checkTarget(db, actor, target);
  const nodes = await plannedFrom(db, upload);
  const qcpCount = nodes.filter((n) => n.kind === 'qcp').length;
  return { count: nodes.length, qcpCount, message: M.checked(nodes.length) };
}

/** persistQuality: the workbook replaces the system's tree (the old one to the recycle bin), or makes a new system. */
export async function persistQuality(db: Db, actor: Actor, upload: ExcelUpload, target: UploadTarget) {
  await checkTarget(db, actor, target);
  const nodes = await plannedFrom(db, upload);
  return db.transaction(async (tx) => {
    if (target.systemId) {
      const change = await changeSystem(tx, actor, target.systemId, async (systemId) => {
        const old = (await repo.liveNodes(tx, systemId)).map((n) => n.id);
        await repo.markNodesDeleted(tx, old, randomUUID(), actor.userId);
        await insertPlanned(tx, systemId, nodes);
        return null;
      });
      await audit(tx, actor, 'import', change.systemId, { nodes: nodes.length, versioned: change.versioned });
      return change.versioned ? change : { ...change, message: M.imported(nodes.length) };
    }
    const row = await repo.insertSystem(tx, {
      name: target.name!,
      dimension: target.dimension!,
      startYear: target.startYear!,
      endYear: target.endYear!,
      createdBy: actor.userId,
    });
    await insertPlanned(tx, row.id, nodes);
    await audit(tx, actor, 'import', row.id, { nodes: nodes.length });
    return {
      systemId: row.id,
      version: row.version,
      versioned: false,
      message: M.imported(nodes.length),
      nodeId: null,
    };
  });
}

export async function exportQuality(db: Db, actor: Actor, systemId: number) {
  const { system, tree } = await getTargetFull(db, actor, systemId);
  const rows: Record<StandardExcelKey, string>[] = [];
  const walk = (n: StandardNode, path: string[]) => {
    const here = [...path, n.name];
    rows.push(rowOfNode(here, n, n.calRuleName));
    for (const c of n.children) walk(c, here);
  };
  for (const n of tree) walk(n, []);
  return { name: `${system.name}.xlsx`, bytes: await workbookBuffer(standardWorkbook(rows)) };
}

// ---- depot ----

function snapshotOf(nodes: repo.NodeRow[], rootId: number): DepotNode {
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
    direction: n.direction as Direction | null,
    gradeRule: n.gradeRule ?? null,
    warningRule: n.warningRule ?? null,
    children: n.children.map(out),
  });
  return out(root!);
}

type DepotListRow = Awaited<ReturnType<typeof repo.depotList>>[number];
const depotOut = (r: DepotListRow, snapshot?: DepotNode) => ({
  id: r.id,
  name: r.name,
  dimension: r.dimension,
  nodeCount: r.nodeCount,
  creator: r.creatorName ?? r.createdBy,
  createdAt: iso(r.createdAt),
  ...(snapshot ? { snapshot } : {}),
});

export async function depotList(db: Db, actor: Actor, q: { dimension?: string; name?: string }) {
  return (await repo.depotList(db, depotViewerOf(actor), q)).map((r) => depotOut(r));
}

export async function depotGet(db: Db, actor: Actor, id: number) {
  const found = await repo.findDepot(db, id, depotViewerOf(actor));
  if (!found) throw notFound(M.depotNotFound);
  return depotOut({ ...found.item, creatorName: found.creatorName }, found.item.snapshot);
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
    await audit(tx, actor, 'depot.save', id, { nodeId });
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
    await audit(tx, actor, 'depot.use', input.depotId, { parentId: input.parentId });
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
    await audit(tx, actor, 'depot.delete', id);
  });
}

// ---- recycle bin ----

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
