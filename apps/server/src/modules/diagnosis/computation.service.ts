import { ALGORITHM_LIMITS, formatDateTime, DIAGNOSIS_MSG as M, QUALITY_VIEW_MSG } from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { type ObjectOutcome, runLineage } from '../algorithm';
import { isFbr, isFzr, isGly, isJkr } from './diagnosis.policy';
import { checkValue, numberText } from './diagnosis.rules';
import { announceRows } from './diagnosis-hooks';
import type { ObjectWithTask } from './object-task.repository';
import { objectSeenBy } from './object-task.service';
import * as repo from './quality-row.repository';
import { calRuleNames, judged, rowSeenBy, ruleOf } from './quality-row.service';

/**
 * 计算结果: the rows of object tasks computed through the algorithm module's shared runner (`app.algorithms`), one
 * `computeMany` per calculation rule (an algorithm VERSION) over the objects' codes (`:objectId`) with the task's year
 * (`:year`). Each object's outcome is its own: a value (checked by the row's value type) is stored with its grade and
 * flags and appended as a sampling record naming its lineage run; a failure (the algorithm's error or timeout, a value
 * of the wrong type, no value) leaves the row's last value and records the failure in Chinese (last_error). The rows
 * computed are announced after the transaction commits (ROW_COMPUTED, for the quality warnings).
 */

export interface CalSummary {
  computed: number;
  failed: number;
  manual: number;
  failures: { id: number; dxrwid: number; gzdxmc: string; zkdmc: string; message: string }[];
}

export const emptySummary = (): CalSummary => ({ computed: 0, failed: 0, manual: 0, failures: [] });

type Runner = FastifyInstance['algorithms'];

/** The computed value as the row keeps it: a number with two decimals, 0 / 1 for have / whether. */
function valueText(zlx: string, v: number) {
  if (zlx === 'have' || zlx === 'whether') return v ? '1' : '0';
  return numberText(v);
}

/**
 * Computes the rows of the given object tasks (of one task: `year`), adding to `summary`. `runBy` is the user
 * (null: the scheduled computation); `waitForSlotMs` how long to wait for a run slot (a job waits, a request not).
 */
export async function computeObjects(
  db: Db,
  hooks: Hooks,
  runner: Runner,
  objects: { id: number; code: string; name: string }[],
  opts: { year: number; runBy: string | null; now: Date; waitForSlotMs: number },
  summary: CalSummary,
) {
  const rows = await repo.rowsOfObjects(
    db,
    objects.map((o) => o.id),
  );
  const objectOf = new Map(objects.map((o) => [o.id, o]));
  const byRule = new Map<number, repo.QualityRowRecord[]>();
  for (const r of rows) {
    if (r.calRule === null) {
      summary.manual += 1;
      continue;
    }
    byRule.set(r.calRule, [...(byRule.get(r.calRule) ?? []), r]);
  }
  const changes: { row: repo.QualityRowRecord; change: Partial<repo.QualityRowRecord>; sample?: boolean }[] = [];
  const fail = (row: repo.QualityRowRecord, message: string) => {
    changes.push({ row, change: { lastError: message.slice(0, 500) } });
    summary.failed += 1;
    if (summary.failures.length < 200) {
      const o = objectOf.get(row.objectTaskId)!;
      summary.failures.push({ id: row.id, dxrwid: o.id, gzdxmc: o.name, zkdmc: row.name, message });
    }
  };
  for (const [versionId, ruleRows] of byRule) {
    const codes = [...new Set(ruleRows.map((r) => objectOf.get(r.objectTaskId)!.code))];
    const outcomes = new Map<string, ObjectOutcome>();
    let refused: string | null = null;
    for (let i = 0; i < codes.length && refused === null; i += ALGORITHM_LIMITS.batchMax) {
      try {
        const out = await runner.computeMany({
          versionId,
          objectIds: codes.slice(i, i + ALGORITHM_LIMITS.batchMax),
          params: { year: opts.year },
          runBy: opts.runBy,
          waitForSlotMs: opts.waitForSlotMs,
        });
        for (const r of out.results) outcomes.set(r.objectId, r);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        refused = err.status === 404 ? M.algorithmGone : err.message;
      }
    }
    for (const row of ruleRows) {
      const outcome = outcomes.get(objectOf.get(row.objectTaskId)!.code);
      if (refused !== null || !outcome) {
        fail(row, M.computeFailed(refused ?? M.noValue));
        continue;
      }
      if (outcome.status !== 'ok') {
        fail(row, M.computeFailed(outcome.message ?? M.noValue));
        continue;
      }
      if (outcome.value === null) {
        fail(row, M.computeFailed(M.noValue));
        continue;
      }
      const checked = checkValue(ruleOf(row), valueText(row.zlx, outcome.value), '结果值', { measured: true });
      if (!checked.ok) {
        fail(row, M.computeFailed(checked.message));
        continue;
      }
      changes.push({
        row,
        change: judged(row, {
          jgz: checked.value,
          computedAt: opts.now,
          lastRunId: outcome.runId,
          lastError: null,
          enteredBy: null,
        }),
        sample: true,
      });
      summary.computed += 1;
    }
  }
  await db.transaction(async (tx) => {
    await repo.updateRowsValues(
      tx,
      changes.map((c) => ({ id: c.row.id, set: c.change })),
    );
    await repo.insertSamples(
      tx,
      changes
        .filter((c) => c.sample)
        .map((c) => ({
          rowId: c.row.id,
          sampledAt: opts.now,
          value: c.change.jgz ?? null,
          runId: c.change.lastRunId ?? null,
          actorId: opts.runBy,
        })),
    );
  });
  await announceRows(
    hooks,
    db,
    changes.filter((c) => c.sample).map((c) => c.row.id),
  );
}

/** May start a computation of the task: its publisher, monitor (or an administrator), or the object's person in charge. */
export const mayCompute = (
  actor: Actor,
  task: { createdBy: string; monitorId: string | null },
  chargerId?: string | null,
) =>
  isFbr(actor, task) || isJkr(actor, task) || isGly(actor) || (chargerId !== undefined && isFzr(actor, { chargerId }));

/** calresult of one object task, in the request (bounded: one object, one batch per rule). */
export async function computeObjectTask(app: FastifyInstance, actor: Actor, dxrwid: number) {
  const db = app.database.db;
  const o = await objectSeenBy(db, actor, dxrwid);
  if (!mayCompute(actor, o.task, o.object.chargerId)) throw forbidden(M.notAllowed);
  if (o.task.state !== 'normal') throw conflict(M.calculationNotNormal);
  const summary = emptySummary();
  await computeObjects(
    db,
    app.hooks,
    app.algorithms,
    [{ id: o.object.id, code: o.object.objectCode, name: o.object.objectName }],
    { year: o.task.year, runBy: actor.userId, now: app.clock.now(), waitForSlotMs: 0 },
    summary,
  );
  return summary;
}

/** The sampling records of a row (time ascending), within dates. */
export async function rowSamples(db: Db, actor: Actor, q: { id: number; start?: string; end?: string }) {
  const { row } = await rowSeenBy(db, actor, q.id);
  if (q.start && q.end && q.start > q.end) throw badRequest(QUALITY_VIEW_MSG.rangeReversed);
  const to = q.end ? new Date(`${q.end}T23:59:59.999`) : undefined;
  const from = q.start ? new Date(`${q.start}T00:00:00`) : undefined;
  const names = await calRuleName(db, row.calRule);
  return (await repo.samplesOf(db, row.id, { from, to })).map(({ sample: s, actorName }) => ({
    id: s.id,
    sj: formatDateTime(s.sampledAt),
    cjz: s.value,
    zlx: ruleOf(row).zlx,
    sfdl: row.fsdl,
    calRule: row.calRule,
    jsgz: names,
    runId: s.runId,
    czr: s.actorId && s.runId === null ? { id: s.actorId, name: actorName ?? s.actorId } : null,
  }));
}

async function calRuleName(db: Db, calRule: number | null) {
  if (calRule === null) return '手工填报';
  return (await calRuleNames(db, [calRule])).get(calRule) ?? `算法版本 ${calRule}`;
}

/** 数据来源 of a row's value (or of one of its samples): the run with its algorithm, SQL, parameters and tables. */
export async function rowLineage(db: Db, actor: Actor, q: { id: number; sampleId?: number }) {
  const { row, object: o } = await rowSeenBy(db, actor, q.id);
  return lineageOfRow(db, row, o, q.sampleId);
}

/** The lineage of a row's value (or of one of its samples), the reader already checked (指标分析 checks its own). */
export async function lineageOfRow(db: Db, row: repo.QualityRowRecord, o: ObjectWithTask, sampleId?: number) {
  const q = { sampleId };
  let value = row.xzjgz ?? row.jgz;
  let at = row.computedAt;
  let runId = row.lastRunId;
  let manualBy = row.enteredBy;
  if (q.sampleId !== undefined) {
    const s = await repo.findSample(db, q.sampleId);
    if (!s || s.sample.rowId !== row.id) throw notFound(M.sampleNotFound);
    value = s.sample.value;
    at = s.sample.sampledAt;
    runId = s.sample.runId;
    manualBy = s.sample.runId === null ? s.sample.actorId : null;
  }
  const run = runId === null ? null : await runLineage(db, runId);
  return {
    id: row.id,
    zkdmc: row.name,
    gzdxmc: o.object.objectName,
    dxbm: o.object.objectCode,
    value,
    sj: at ? formatDateTime(at) : null,
    manual: runId === null,
    czr: manualBy ? { id: manualBy, name: (await repo.userName(db, manualBy)) ?? manualBy } : null,
    run,
  };
}
