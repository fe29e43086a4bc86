import { type DiagnosisTaskState, formatDateTime, DIAGNOSIS_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { matchNodesToVersion, newerVersionsOf, systemVersionTree } from '../standard';
import { isFbr, isFzr, isGly, isJkr, seesObjectTask } from './diagnosis.policy';
import { objectFactsOf, presentObjectTask } from './diagnosis.presenter';
import { type ObjectFilter, objectPage } from './diagnosis.query';
import { scoreOf } from './diagnosis.rules';
import { enabledUsers } from './diagnosis-task.repository';
import { objectsToPublish, objectTaskValues, requireTask, taskSeenBy, viewerOf } from './diagnosis-task.service';
import * as repo from './object-task.repository';
import { deleteRows, insertRows, type RowInsert, rowsOfObject, updateRowsValues } from './quality-row.repository';
import { rowsFor, rowTemplates } from './row-templates';

/** 诊改对象任务: lists, the auditor's queue, add / remove objects, people, a new round, refresh, score. */

const audit = (db: Db, actor: Actor, action: string, id: number, detail: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'diagnosisObjectTask', entityId: String(id), detail });

/** An object task as the actor may see it (a hidden one answers as a missing one). */
export async function objectSeenBy(db: Db, actor: Actor, id: number, lock = false) {
  const o = await repo.findObjectTask(db, id, lock);
  if (!o || !seesObjectTask(actor, o.task, { chargerId: o.object.chargerId, ...o }))
    throw notFound(M.objectTaskNotFound);
  return o;
}

export const factsOf = (o: repo.ObjectWithTask) =>
  objectFactsOf({
    ...o.task,
    taskState: o.task.state,
    targetState: o.object.targetState,
    chargerId: o.object.chargerId,
  });
export const peopleOf = (o: repo.ObjectWithTask) => ({
  chargerId: o.object.chargerId,
  sharerIds: o.sharerIds,
  collectorIds: o.collectorIds,
});

/** The publisher or the person in charge (or an administrator). */
const fbrOrFzr = (actor: Actor, o: repo.ObjectWithTask) =>
  isFbr(actor, o.task) || isFzr(actor, o.object) || isGly(actor);

function requireOpen(o: repo.ObjectWithTask, underWay = false) {
  const s = o.task.state as DiagnosisTaskState;
  if (s === 'finished') throw conflict(M.taskFinished);
  if (underWay && s === 'pause') throw conflict(M.taskPaused);
}

export async function objectDetail(db: Db, actor: Actor, id: number) {
  const { rows } = await objectPage(db, viewerOf(actor), { ids: [id] }, { offset: 0, limit: 1 });
  if (!rows[0]) throw notFound(M.objectTaskNotFound);
  return presentObjectTask(rows[0], actor);
}

export async function listObjects(db: Db, actor: Actor, q: ObjectFilter & { pageNum: number; pageSize: number }) {
  const { rows, total } = await objectPage(db, viewerOf(actor), q, {
    offset: (q.pageNum - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows.map((r) => presentObjectTask(r, actor)), total };
}

/** The diagnosis to-dos, counted by the lists they open (null: the user has no such part in any task). */
export async function todoCounts(db: Db, actor: Actor) {
  const v = viewerOf(actor);
  const one = { offset: 0, limit: 1 };
  const [charged, toSubmit, audits, toAudit] = await Promise.all([
    objectPage(db, v, { userType: 'fzr' }, one),
    objectPage(db, v, { userType: 'fzr', state: 'tosubmit' }, one),
    objectPage(db, v, { userType: 'shr' }, one),
    objectPage(db, v, { auditStage: 'any' }, one),
  ]);
  return {
    toSubmit: charged.total ? toSubmit.total : null,
    toAudit: audits.total || isGly(actor) ? toAudit.total : null,
  };
}

export async function addObjects(
  db: Db,
  actor: Actor,
  input: { rwid: number; dxbms: string[]; chargers?: Record<string, string> },
) {
  return db.transaction(async (tx) => {
    const t = await taskSeenBy(tx, actor, input.rwid, true);
    requireTask('addObjects', t, actor);
    const objects = await objectsToPublish(tx, t.dimension, input.dxbms);
    const taken = await repo.objectCodesOf(tx, t.id);
    const again = objects.find((o) => taken.has(o.code));
    if (again) throw conflict(M.objectTaken(again.name));
    const tree = await systemVersionTree(tx, t.standardSystemId);
    if (!tree) throw notFound(M.standardNotFound);
    const made = await repo.insertObjectTasks(
      tx,
      await objectTaskValues(tx, t.id, t.standardSystemId, objects, input.chargers),
    );
    await insertRows(
      tx,
      rowsFor(
        made.map((m) => m.id),
        rowTemplates(tree),
      ),
    );
    await audit(tx, actor, 'diagnosisObjectTask.insert', t.id, { codes: objects.map((o) => o.code) });
    return { added: made.length };
  });
}

export async function removeObjects(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    for (const id of [...new Set(ids)]) {
      const o = await objectSeenBy(tx, actor, id, true);
      requireTask('addObjects', o.task, actor);
    }
    await repo.deleteObjectTasks(tx, ids);
    await audit(tx, actor, 'diagnosisObjectTask.delete', ids[0]!, { ids });
  });
}

/** A new round: this round's results become the last round's (sljsz / sldj), targets and results start again. */
export async function diagnoseAgain(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, id, true);
    requireOpen(o, true);
    if (!fbrOrFzr(actor, o)) throw forbidden(M.notAllowed);
    const rows = await rowsOfObject(tx, id, true);
    const cleared = rows.map((r) => ({
      id: r.id,
      set: {
        sljsz: r.xzjgz ?? r.jgz,
        sldj: r.jgdj,
        mbz: null,
        xzmbz: null,
        xzmbzReason: null,
        xzmbzState: 'none',
        xzmbzPending: null,
        jgz: null,
        xzjgz: null,
        xzjgzReason: null,
        xzjgzState: 'none',
        xzjgzPending: null,
        jgdj: null,
        unfin: false,
        dis: false,
        yyfx: null,
        gjcs: null,
        computedAt: null,
        lastRunId: null,
        lastError: null,
        enteredBy: null,
      } as const,
    }));
    await updateRowsValues(tx, cleared);
    await repo.updateObjectTasks(tx, [id], {
      round: o.object.round + 1,
      targetState: 'tosubmit',
      score: null,
      scoredAt: null,
    });
    await audit(tx, actor, 'diagnosisObjectTask.again', id, { round: o.object.round + 1 });
  });
  return objectDetail(db, actor, id);
}

export async function setAuthority(db: Db, actor: Actor, input: { id: number; gxrids: string[]; cjrids: string[] }) {
  const found = await enabledUsers(db, [...input.gxrids, ...input.cjrids]);
  const missing = [...input.gxrids, ...input.cjrids].find((u) => !found.has(u));
  if (missing) throw badRequest(M.userUnknown(missing));
  await db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, input.id, true);
    requireOpen(o);
    if (!fbrOrFzr(actor, o)) throw forbidden(M.notAllowed);
    await repo.replaceObjectUsers(tx, o.object.id, 'sharer', input.gxrids);
    await repo.replaceObjectUsers(tx, o.object.id, 'collector', input.cjrids);
    await audit(tx, actor, 'diagnosisObjectTask.authority', o.object.id, input);
  });
  return objectDetail(db, actor, input.id);
}

export async function changeCharger(db: Db, actor: Actor, input: { ids: number[]; fzrid: string }) {
  if (!(await enabledUsers(db, [input.fzrid])).size) throw badRequest(M.userUnknown(input.fzrid));
  await db.transaction(async (tx) => {
    for (const id of [...new Set(input.ids)]) {
      const o = await objectSeenBy(tx, actor, id, true);
      requireOpen(o);
      if (!isFbr(actor, o.task)) throw forbidden(M.notPublisher);
    }
    await repo.updateObjectTasks(tx, input.ids, { chargerId: input.fzrid });
    await audit(tx, actor, 'diagnosisObjectTask.charger', input.ids[0]!, input);
  });
}

/**
 * Moves an object task's rows to the system's newest version: nodes matched through their sources keep the row and its
 * values (the copied fields follow the new node), new nodes with a value type get rows, rows of nodes gone are removed.
 */
export async function refreshTarget(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, id, true);
    requireOpen(o);
    if (!fbrOrFzr(actor, o)) throw forbidden(M.notAllowed);
    const newest = (await newerVersionsOf(tx, o.object.systemId)).filter((v) => v.state === 'published').at(-1);
    if (!newest) throw conflict(M.noNewerVersion);
    const match = await matchNodesToVersion(tx, o.object.systemId, newest.id);
    const tree = await systemVersionTree(tx, newest.id);
    if (!match || !tree) throw notFound(M.standardNotFound);
    const templates = new Map(rowTemplates(tree).map((t) => [t.nodeId, t]));
    const rows = await rowsOfObject(tx, id, true);
    const kept = new Set<number>();
    const gone: number[] = [];
    const moved: { id: number; set: Partial<RowInsert> }[] = [];
    for (const r of rows) {
      const to = match.get(r.nodeId);
      const t = to === undefined ? undefined : templates.get(to);
      if (!t || kept.has(t.nodeId)) {
        gone.push(r.id);
        continue;
      }
      kept.add(t.nodeId);
      moved.push({ id: r.id, set: t });
    }
    await updateRowsValues(tx, moved);
    await deleteRows(tx, gone);
    const added = [...templates.values()].filter((t) => !kept.has(t.nodeId));
    await insertRows(tx, rowsFor([id], added));
    await repo.updateObjectTasks(tx, [id], { systemId: newest.id });
    await audit(tx, actor, 'diagnosisObjectTask.refresh', id, { from: o.object.systemId, to: newest.id });
    return { bzid: newest.id, bzbb: newest.version, kept: kept.size, added: added.length, removed: gone.length };
  });
}

/** calScore: the mean of the graded rows' points, stored with its time. */
export async function calScore(db: Db, actor: Actor, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, id, true);
    requireOpen(o);
    if (!(fbrOrFzr(actor, o) || isJkr(actor, o.task))) throw forbidden(M.notAllowed);
    const s = scoreOf((await repo.rowGrades(tx, id)).map((r) => r.jgdj as Parameters<typeof scoreOf>[0][number]));
    await repo.updateObjectTasks(tx, [id], { score: s.score, scoredAt: now });
    await audit(tx, actor, 'diagnosisObjectTask.score', id, { score: s.score });
    return { id, score: s.score, pfsj: formatDateTime(now), graded: s.graded, grades: s.grades };
  });
}

export async function scoreResult(db: Db, actor: Actor, id: number) {
  const o = await objectSeenBy(db, actor, id);
  const s = scoreOf((await repo.rowGrades(db, id)).map((r) => r.jgdj as Parameters<typeof scoreOf>[0][number]));
  return {
    id,
    score: o.object.score,
    pfsj: o.object.scoredAt ? formatDateTime(o.object.scoredAt) : null,
    graded: s.graded,
    grades: s.grades,
  };
}
