import {
  AUDIT_ACTION_NAMES,
  AUDIT_STAGE_NAMES,
  type AuditActionName,
  type AuditStage,
  formatDateTime,
  DIAGNOSIS_MSG as M,
  type RevisionState,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { decideObject, decideRevision } from './object-task.machine';
import * as objects from './object-task.repository';
import { factsOf, objectSeenBy } from './object-task.service';
import * as repo from './quality-row.repository';
import { judged, saveTargets } from './quality-row.service';

/** 审核: targets of an object task, a row's revised target, a row's revised result; and the trail (rest/audit/dynamic). */

export const submitTargets = (db: Db, actor: Actor, dxrwid: number) =>
  saveTargets(db, actor, { dxrwid, list: [], commit: true });

/** pass / refuse at a stage: the targets, or the waiting revisions of the rows named (all waiting ones by default). */
export async function audit(
  db: Db,
  actor: Actor,
  pass: boolean,
  input: { dxrwid: number; shjd: AuditStage; rowIds?: number[]; reason?: string },
) {
  const reason = input.reason?.trim() || null;
  if (!pass && !reason) throw badRequest(M.refuseReasonRequired);
  return db.transaction(async (tx) => {
    const o = await objectSeenBy(tx, actor, input.dxrwid, true);
    const facts = factsOf(o);
    if (input.shjd === 'target') {
      const d = decideObject(pass ? 'pass' : 'refuse', facts, actor, { reason: reason ?? undefined });
      if (!d.ok) {
        if (d.refusal === 'notAllowed') throw forbidden(M.notAuditor);
        if (d.refusal === 'taskPaused') throw conflict(M.taskPaused);
        if (d.refusal === 'taskFinished') throw conflict(M.taskFinished);
        throw conflict(M.nothingToAudit);
      }
      await objects.updateObjectTasks(tx, [o.object.id], { targetState: d.targetState });
      await repo.insertAudits(tx, [
        { objectTaskId: o.object.id, stage: 'target', action: pass ? 'pass' : 'refuse', actorId: actor.userId, reason },
      ]);
      await log(tx, actor, o.object.id, input.shjd, pass);
      return { n: 1 };
    }
    const kind = input.shjd;
    const wanted = input.rowIds ? new Set(input.rowIds) : null;
    const rows = (await repo.rowsOfObject(tx, o.object.id, true)).filter(
      (r) => (kind === 'xzmbz' ? r.xzmbzState : r.xzjgzState) === 'waitaudit' && (!wanted || wanted.has(r.id)),
    );
    if (!rows.length) throw conflict(M.nothingToAudit);
    const updates: { id: number; set: ReturnType<typeof judged> }[] = [];
    for (const r of rows) {
      const d = decideRevision(
        kind,
        pass ? 'pass' : 'refuse',
        { ...facts, state: 'waitaudit' as RevisionState, hasResult: true },
        actor,
        { reason: reason ?? undefined },
      );
      if (!d.ok) {
        if (d.refusal === 'notAllowed') throw forbidden(M.notAuditor);
        throw conflict(
          d.refusal === 'taskPaused' ? M.taskPaused : d.refusal === 'taskFinished' ? M.taskFinished : M.wrongState,
        );
      }
      const change =
        kind === 'xzmbz'
          ? pass
            ? { xzmbz: r.xzmbzPending, xzmbzPending: null, xzmbzState: 'toaudit' }
            : { xzmbzPending: null, xzmbzState: 'refused' }
          : pass
            ? { xzjgz: r.xzjgzPending, xzjgzPending: null, xzjgzState: 'toaudit' }
            : { xzjgzPending: null, xzjgzState: 'refused' };
      updates.push({ id: r.id, set: judged(r, change) });
    }
    await repo.updateRowsValues(tx, updates);
    await repo.insertAudits(
      tx,
      rows.map((r) => ({
        objectTaskId: o.object.id,
        rowId: r.id,
        stage: kind,
        action: pass ? 'pass' : 'refuse',
        actorId: actor.userId,
        reason,
      })),
    );
    await log(tx, actor, o.object.id, kind, pass);
    return { n: rows.length };
  });
}

const log = (db: Db, actor: Actor, id: number, stage: string, pass: boolean) =>
  writeAudit(db, {
    actorId: actor.userId,
    action: `diagnosisAudit.${pass ? 'pass' : 'refuse'}`,
    entityType: 'diagnosisObjectTask',
    entityId: String(id),
    detail: { stage },
  });

export async function auditTrail(db: Db, actor: Actor, dxrwid: number) {
  await objectSeenBy(db, actor, dxrwid);
  return (await repo.auditsOf(db, dxrwid)).map(({ audit: a, actorName, rowName }) => ({
    id: a.id,
    shjd: a.stage as AuditStage,
    shjdmc: AUDIT_STAGE_NAMES[a.stage as AuditStage],
    dz: a.action as AuditActionName,
    dzmc: AUDIT_ACTION_NAMES[a.action as AuditActionName],
    czr: { id: a.actorId, name: actorName },
    sj: formatDateTime(a.createdAt),
    yj: a.reason,
    zkdmc: rowName,
  }));
}
