import {
  type DiagnosisTaskState,
  type GradeRule,
  DIAGNOSIS_MSG as M,
  type ObjectTaskAction,
  type RevisionState,
  type ValueType,
  WARNING_CYCLE_NAMES,
  WARNING_MODE_NAMES,
  type WarningRule,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { algorithmVersionHeads } from '../algorithm';
import { isFbr, isFzr, isGly } from './diagnosis.policy';
import { eachLevelCount, presentRow } from './diagnosis.presenter';
import { checkTarget, checkValue, judge, type RowRule } from './diagnosis.rules';
import { tellRevisionWaiting, tellTargetsWaiting } from './diagnosis-notify';
import { decideObject, decideRevision, type RevisionKind } from './object-task.machine';
import * as objects from './object-task.repository';
import { factsOf, objectDetail, objectSeenBy, peopleOf } from './object-task.service';
import * as repo from './quality-row.repository';

/** 质控点行: the rows of an object task, one row's detail, targets (save, submit, issue down), revisions, manual results. */

export const ruleOf = (r: repo.QualityRowRecord): RowRule => ({
  zlx: r.zlx as ValueType,
  direction: r.direction as RowRule['direction'],
  gradeRule: r.gradeRule as GradeRule | null,
  bzz: r.bzz,
});

/** What the row's values come to (grade and flags), after a change of one of them. */
export const judged = (r: repo.QualityRowRecord, change: Partial<repo.QualityRowRecord>) => {
  const next = { ...r, ...change };
  return { ...change, ...judge(ruleOf(next), next) };
};

export async function calRuleNames(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  const heads = wanted.length ? await algorithmVersionHeads(db, { ids: wanted }) : [];
  return new Map(heads.map((h) => [h.versionId, `${h.name} V${h.number}`]));
}

export async function rowList(db: Db, actor: Actor, q: { dxrwid: number; flag?: 'unfin' | 'dis'; zkdmc?: string }) {
  const o = await objectSeenBy(db, actor, q.dxrwid);
  const all = await repo.rowsOfObject(db, q.dxrwid);
  const rows = all.filter((r) => (!q.flag || r[q.flag]) && (!q.zkdmc || r.name.includes(q.zkdmc)));
  const names = await calRuleNames(
    db,
    rows.map((r) => r.calRule),
  );
  const ctx = { facts: factsOf(o), people: peopleOf(o) };
  return {
    list: rows.map((r) => presentRow(r, actor, ctx, names)),
    eachLevelCount: eachLevelCount(all),
    objectTask: await objectDetail(db, actor, q.dxrwid),
  };
}

/** A row as the actor may see it, with its object task. */
export async function rowSeenBy(db: Db, actor: Actor, id: number, lock = false) {
  const row = await repo.findRow(db, id, lock);
  if (!row) throw notFound(M.rowNotFound);
  try {
    return { row, object: await objectSeenBy(db, actor, row.objectTaskId) };
  } catch {
    throw notFound(M.rowNotFound);
  }
}

export async function rowDetail(db: Db, actor: Actor, id: number) {
  const { row, object: o } = await rowSeenBy(db, actor, id);
  const names = await calRuleNames(db, [row.calRule]);
  const w = row.warningRule as WarningRule | null;
  const sharers = await objects.objectUsers(db, o.object.id, 'sharer');
  return {
    ...presentRow(row, actor, { facts: factsOf(o), people: peopleOf(o) }, names),
    rwmc: o.task.name,
    gzdxmc: o.object.objectName,
    datasourceVos: [
      row.calRule === null
        ? { sjlx: '手工填报', jsgz: '手工填报', xsfs: '数值' }
        : { sjlx: '算法', jsgz: names.get(row.calRule) ?? `算法版本 ${row.calRule}`, xsfs: '数值' },
    ],
    warningVo: w
      ? {
          yjlx: WARNING_MODE_NAMES[w.mode],
          yjz:
            w.mode === 'value'
              ? w.value === null || w.value === undefined
                ? null
                : String(w.value)
              : (w.grade ?? null),
          yjzq: WARNING_CYCLE_NAMES[w.cycle],
        }
      : null,
    sharePos: sharers.map((s) => ({ gxrmc: s.name })),
  };
}

function refuseObject(action: ObjectTaskAction, o: objects.ObjectWithTask, actor: Actor, reason?: string) {
  const d = decideObject(action, factsOf(o), actor, { reason });
  if (d.ok) return d.targetState;
  switch (d.refusal) {
    case 'taskPaused':
      throw conflict(M.taskPaused);
    case 'taskFinished':
      throw conflict(M.taskFinished);
    case 'notAllowed':
      throw forbidden(
        action === 'pass' || action === 'refuse'
          ? M.notAuditor
          : action === 'issueDown'
            ? M.notPublisher
            : M.notCharger,
      );
    case 'reasonRequired':
      throw badRequest(M.refuseReasonRequired);
    default:
      throw conflict(action === 'saveTargets' || action === 'submit' ? M.targetsNotSubmittable : M.wrongState);
  }
}

const auditRow = (
  objectTaskId: number,
  actor: Actor,
  stage: string,
  action: string,
  rowId: number | null = null,
  reason: string | null = null,
) => ({ objectTaskId, rowId, stage, action, actorId: actor.userId, reason });

/** Saves targets given as { id, mbz } (each checked by type and direction); a row not of the object task is refused. */
async function writeTargets(
  tx: Db,
  objectTaskId: number,
  list: { id: number; mbz: string | null }[],
  rows: repo.QualityRowRecord[],
) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of list) {
    const r = byId.get(item.id);
    if (!r) throw badRequest(M.rowNotInTask(item.id));
    let mbz: string | null = null;
    if (item.mbz !== null && item.mbz.trim() !== '') {
      const c = checkTarget(ruleOf(r), item.mbz);
      if (!c.ok) throw badRequest(`${r.name}：${c.message}`);
      mbz = c.value;
    }
    const change = judged(r, { mbz });
    await repo.updateRow(tx, r.id, change);
    byId.set(r.id, { ...r, ...change });
  }
  void objectTaskId;
  return [...byId.values()];
}

/** updatembzcommit: the person in charge saves targets; `commit` submits them for audit (every row needs one). */
export async function saveTargets(
  db: Db,
  actor: Actor,
  input: { dxrwid: number; list: { id: number; mbz: string | null }[]; commit: boolean },
) {
  await db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, input.dxrwid, true);
    refuseObject(input.commit ? 'submit' : 'saveTargets', o, actor);
    const rows = await writeTargets(tx, o.object.id, input.list, await repo.rowsOfObject(tx, o.object.id, true));
    if (input.commit) {
      const missing = rows.filter((r) => r.mbz === null);
      if (missing.length)
        throw badRequest(
          M.targetsMissing(
            missing
              .slice(0, 10)
              .map((r) => r.name)
              .join('、'),
          ),
        );
      await objects.updateObjectTasks(tx, [o.object.id], { targetState: 'waitaudit' });
      await repo.insertAudits(tx, [auditRow(o.object.id, actor, 'target', 'submit')]);
      await tellTargetsWaiting(tx, actor, [o]);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: input.commit ? 'diagnosisTargets.submit' : 'diagnosisTargets.save',
      entityType: 'diagnosisObjectTask',
      entityId: String(o.object.id),
      detail: { rows: input.list.length },
    });
  });
  return objectDetail(db, actor, input.dxrwid);
}

/** updateupmbz: the publisher issues targets down (a row without a target takes its standard value). */
export async function issueDown(
  db: Db,
  actor: Actor,
  input: { ids: number[]; list: { id: number; mbz: string | null }[] },
) {
  const ids = [...new Set(input.ids)];
  await db.transaction(async (tx) => {
    for (const id of ids) {
      const o = await objectSeenBy(tx, actor, id, true);
      refuseObject('issueDown', o, actor);
      let rows = await repo.rowsOfObject(tx, id, true);
      if (ids.length === 1 && input.list.length) rows = await writeTargets(tx, id, input.list, rows);
      const targets: { id: number; set: ReturnType<typeof judged> }[] = [];
      for (const r of rows) {
        if (r.mbz !== null || r.bzz === null) continue;
        const c = checkValue(ruleOf(r), r.bzz, '标准值');
        if (c.ok) targets.push({ id: r.id, set: judged(r, { mbz: c.value }) });
      }
      await repo.updateRowsValues(tx, targets);
      await objects.updateObjectTasks(tx, [id], { targetState: 'toaudit' });
      await repo.insertAudits(tx, [auditRow(id, actor, 'target', 'issueDown')]);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'diagnosisTargets.issueDown',
      entityType: 'diagnosisObjectTask',
      entityId: String(ids[0]),
      detail: { ids },
    });
  });
  return { n: ids.length };
}

const REVISION_REFUSALS = {
  taskPaused: () => conflict(M.taskPaused),
  taskFinished: () => conflict(M.taskFinished),
  wrongState: () => conflict(M.nothingToAudit),
  notAllowed: () => forbidden(M.notCharger),
  reasonRequired: () => badRequest(M.reasonRequired),
  targetsNotAudited: () => conflict(M.targetsNotAudited),
  resultMissing: () => conflict(M.resultMissing),
  revisionPending: () => conflict(M.revisionPending),
} as const;

/** A revised target (xzmbz) or result (xzjgz) with its reason, waiting for the auditor. */
export async function revise(
  db: Db,
  actor: Actor,
  kind: RevisionKind,
  input: { id: number; value: string; reason: string },
) {
  await db.transaction(async (tx) => {
    const { row, object: o } = await rowSeenBy(tx, actor, input.id, true);
    const state = (kind === 'xzmbz' ? row.xzmbzState : row.xzjgzState) as RevisionState;
    const d = decideRevision(
      kind,
      'revise',
      { ...factsOf(o), state, hasResult: (row.xzjgz ?? row.jgz) !== null },
      actor,
      {
        reason: input.reason,
      },
    );
    if (!d.ok) throw REVISION_REFUSALS[d.refusal]();
    const c =
      kind === 'xzmbz'
        ? checkTarget(ruleOf(row), input.value, '修正目标值')
        : checkValue(ruleOf(row), input.value, '修正结果值');
    if (!c.ok) throw badRequest(c.message);
    await repo.updateRow(
      tx,
      row.id,
      kind === 'xzmbz'
        ? { xzmbzPending: c.value, xzmbzReason: input.reason, xzmbzState: 'waitaudit' }
        : { xzjgzPending: c.value, xzjgzReason: input.reason, xzjgzState: 'waitaudit' },
    );
    await repo.insertAudits(tx, [auditRow(o.object.id, actor, kind, 'submit', row.id, input.reason)]);
    await tellRevisionWaiting(tx, actor, o, row, kind);
  });
}

/** Manual rows (手工填报): the person in charge enters results directly; each is a sampling record. */
export async function enterResults(
  db: Db,
  actor: Actor,
  now: Date,
  input: { dxrwid: number; list: { id: number; jgz: string | null }[] },
) {
  const written: number[] = [];
  await db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, input.dxrwid, true);
    const s = o.task.state as DiagnosisTaskState;
    if (s !== 'normal') throw conflict(s === 'pause' ? M.taskPaused : M.taskFinished);
    if (!(isFzr(actor, o.object) || isGly(actor))) throw forbidden(M.notCharger);
    const byId = new Map((await repo.rowsOfObject(tx, o.object.id, true)).map((r) => [r.id, r]));
    const samples = [];
    const entered: { id: number; set: ReturnType<typeof judged> }[] = [];
    for (const item of input.list) {
      const r = byId.get(item.id);
      if (!r) throw badRequest(M.rowNotInTask(item.id));
      if (r.calRule !== null) throw badRequest(M.notManual(r.name));
      let jgz: string | null = null;
      if (item.jgz !== null && item.jgz.trim() !== '') {
        const c = checkValue(ruleOf(r), item.jgz, '结果值');
        if (!c.ok) throw badRequest(`${r.name}：${c.message}`);
        jgz = c.value;
      }
      entered.push({
        id: r.id,
        set: judged(r, { jgz, computedAt: now, enteredBy: actor.userId, lastRunId: null, lastError: null }),
      });
      samples.push({ rowId: r.id, sampledAt: now, value: jgz, runId: null, actorId: actor.userId });
      written.push(r.id);
    }
    await repo.updateRowsValues(tx, entered);
    await repo.insertSamples(tx, samples);
  });
  return written;
}

export async function collectors(db: Db, actor: Actor, dxrwid: number) {
  await objectSeenBy(db, actor, dxrwid);
  return (await objects.objectUsers(db, dxrwid, 'collector')).map((u) => ({ yhid: u.id, yhmc: u.name }));
}

export async function removeCollector(db: Db, actor: Actor, input: { dxrwid: number; yhid: string }) {
  await db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, input.dxrwid, true);
    if (o.task.state === 'finished') throw conflict(M.taskFinished);
    if (!(isFbr(actor, o.task) || isFzr(actor, o.object))) throw forbidden(M.notAllowed);
    if (!(await objects.removeObjectUser(tx, o.object.id, 'collector', input.yhid)))
      throw notFound(M.userUnknown(input.yhid));
  });
}
