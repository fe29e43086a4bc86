import { performance } from 'node:perf_hooks';
import {
  ALGORITHM_LIMITS,
  type AlgorithmObjectStatus,
  type AlgorithmParams,
  type AlgorithmResult,
  ALGORITHM_MSG as M,
} from '@zg/contract';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { DataSourceInfo, ReadOnlyConnection } from '../data-manage';
import { presentResult } from './algorithm.presenter';
import { markVersionUsed, versionWithAlgorithm } from './algorithm.repository';
import { bindValues, hashText, paramsKey, shapeOf } from './algorithm.rules';
import {
  cachedResults,
  changedOutsideSnapshot,
  insertRuns,
  putCachedResults,
  type RunRow,
} from './algorithm-lineage.repository';
import { checkedText, type Place, placeOf } from './algorithm-place';
import {
  type EachOutcome,
  ReaderRoleMissing,
  type RunLimits,
  runOnDataSourceEach,
  runReadOnlyEach,
} from './algorithm-run.repository';
import type { CheckedSql } from './algorithm-sql.rules';

/**
 * Many objects in one call (issue 28 item 3, issue 29 item 4): a value algorithm's version for up to
 * ALGORITHM_LIMITS.batchMax dimension objects, each bound to `:objectId` with the other parameters shared. Cached
 * values come from the cache; the rest run holding ONE run slot, in one restricted transaction on the warehouse (one
 * snapshot, each statement under the timeout and the caps) or over one connection to the version's data source. Each
 * object has its own outcome: its value and lineage run, or its failure (its own timeout; the text's or the source's
 * error, in Chinese), so one failing object never fails the others. The batch stops at its overall deadline
 * (ALGORITHM_BATCH_DEADLINE_MS from taking the slot, or the caller's shorter one) and names the objects it did not
 * reach. The runs computed are recorded (lineage) and cached in one write transaction, as a stored result is.
 */

/** What a batch needs of the runner (algorithm.runner.ts): its database, limits and gate, and its failure wording. */
export interface BatchRunner {
  readonly db: Db;
  readonly limits: RunLimits;
  readonly batchDeadlineMs: number;
  readonly gate: { leave(): void };
  enterGate(waitMs?: number): Promise<void>;
  openSource(source: DataSourceInfo): Promise<ReadOnlyConnection>;
  faultOf(
    err: unknown,
    source: string,
    checked: CheckedSql,
    where: Place,
  ): { status: 'timeout' | 'error'; message: string };
}

export interface ComputeManyRequest {
  /** The version to run (a calRule is a version id): a value algorithm's, on the warehouse or a data source. */
  versionId: number;
  /** The dimension objects, each bound to `:objectId`; at most ALGORITHM_LIMITS.batchMax distinct ones. */
  objectIds: string[];
  /** The other named parameters, shared by every object (:year, :cycle ...). */
  params?: AlgorithmParams;
  /** Whom the runs are recorded for (algorithm_runs.run_by): the user, or null for a background computation. */
  runBy: string | null;
  /** A deadline shorter than the setting's (ms from taking the slot); never a longer one. */
  deadlineMs?: number;
  /** Wait up to this long for a run slot when the gate is full (a background job); 0 (a request): refused at once. */
  waitForSlotMs?: number;
}

/** One object's outcome. `runId` names its lineage run when computed (or cached: the run that computed it). */
export interface ObjectOutcome {
  objectId: string;
  status: AlgorithmObjectStatus;
  value: number | null;
  runId: number | null;
  cached: boolean;
  ms: number;
  /** Why it was not computed, in Chinese (null when computed). */
  message: string | null;
}

export interface ComputeManyOutcome {
  /** One per object asked, in the order asked (an object asked twice is answered twice). */
  results: ObjectOutcome[];
  /** The objects the deadline left (distinct), in the order asked. */
  notReached: string[];
  /** Why the batch stopped early, in Chinese (null when every object was reached). */
  message: string | null;
  ms: number;
}

type Done = Omit<ObjectOutcome, 'objectId'>;
const failed = (status: AlgorithmObjectStatus, message: string, ms = 0): Done => ({
  status,
  value: null,
  runId: null,
  cached: false,
  ms,
  message,
});

/**
 * Refused as a whole (thrown, the call computes nothing): no object or more than ALGORITHM_LIMITS.batchMax
 * (400 请选择 1 至 1000 个维度对象), an unknown version (404), not a value algorithm, a text without :objectId, a
 * shared parameter missing, a text the checker now refuses, a data source that is gone (400), no run slot (429), the
 * reader role missing (503). Everything else is an object's outcome.
 */
export async function computeMany(runner: BatchRunner, request: ComputeManyRequest): Promise<ComputeManyOutcome> {
  const started = performance.now();
  const objects = [...new Set(request.objectIds)];
  if (objects.length === 0 || objects.length > ALGORITHM_LIMITS.batchMax) throw badRequest(M.batchObjects);
  const [found] = await versionWithAlgorithm(runner.db, [request.versionId]);
  if (!found) throw notFound(M.versionNotFound);
  if (found.kind !== 'value') throw badRequest(M.batchValueOnly);
  const version = found.version;
  const where = await placeOf(runner.db, version.dataSourceId);
  const checked = await checkedText(version.sql, where);
  if (!checked.params.includes('objectId')) throw badRequest(M.batchNoObject);
  const paramsOf = (objectId: string) => ({ ...request.params, objectId });
  const shared = bindValues(
    checked.params.filter((p) => p !== 'objectId'),
    request.params ?? {},
  );
  if (!shared.ok) throw badRequest(M.paramMissing(shared.missing));

  const keys = new Map(objects.map((o) => [o, paramsKey(checked.params, paramsOf(o))]));
  const done = new Map<string, Done>();
  // A data source's results are never cached (computeOne).
  const hits = where.source ? new Map() : await cachedResults(runner.db, version.id, [...keys.values()]);
  for (const o of objects) {
    const hit = hits.get(keys.get(o) as string);
    if (!hit) continue;
    const r = hit.result as AlgorithmResult;
    done.set(o, { status: 'ok', value: r.value ?? null, runId: hit.runId, cached: true, ms: r.ms, message: null });
  }
  const todo: { objectId: string; values: unknown[] }[] = [];
  for (const o of objects.filter((x) => !done.has(x))) {
    const bound = bindValues(checked.params, paramsOf(o));
    if (bound.ok) todo.push({ objectId: o, values: bound.values });
    else done.set(o, failed('error', M.paramMissing(bound.missing)));
  }

  let stopped = false;
  const deadlineMs = Math.min(request.deadlineMs ?? runner.batchDeadlineMs, runner.batchDeadlineMs);
  const seconds = Math.round(deadlineMs / 100) / 10;
  if (todo.length) {
    await runner.enterGate(request.waitForSlotMs ?? 0);
    let outcomes: EachOutcome[] = [];
    let snapshot: string | undefined;
    const bounds = { deadline: performance.now() + deadlineMs };
    const valuesList = todo.map((t) => t.values);
    try {
      if (where.source) {
        let conn: ReadOnlyConnection | null = null;
        try {
          conn = await runner.openSource(where.source);
        } catch (err) {
          // Not reached at all: every object has the source's failure.
          outcomes = todo.map(() => ({ ok: false, failure: err as Error }));
        }
        if (conn) {
          try {
            outcomes = await runOnDataSourceEach(conn, checked.text, valuesList, runner.limits, bounds);
          } finally {
            await conn.close().catch(() => {});
          }
        }
      } else {
        ({ outcomes, snapshot } = await runReadOnlyEach(runner.db, checked.text, valuesList, runner.limits, bounds));
      }
    } catch (err) {
      // What no object caused: the reader role missing (503), or a fault of ours.
      if (err instanceof ReaderRoleMissing) throw new AppError(503, M.roleMissing);
      throw err;
    } finally {
      runner.gate.leave();
    }
    const computed: { objectId: string; result: AlgorithmResult }[] = [];
    for (const [i, { objectId }] of todo.entries()) {
      const outcome = outcomes[i] ?? null;
      if (outcome === null) {
        stopped = true;
        done.set(objectId, failed('notReached', M.notReached(seconds)));
      } else if (!outcome.ok) {
        const fault = runner.faultOf(outcome.failure, version.sql, checked, where);
        done.set(objectId, failed(fault.status, fault.message));
      } else {
        const raw = outcome.result;
        const { result, columns } = presentResult(raw, runner.limits);
        const shape = shapeOf('value', columns, raw.rows);
        if (!shape.ok)
          done.set(
            objectId,
            failed('error', raw.truncatedBy === 'bytes' ? M.tooLarge(runner.limits.byteCap) : shape.message, raw.ms),
          );
        else computed.push({ objectId, result: { ...result, value: shape.value } });
      }
    }
    if (computed.length)
      await record(runner, { version, checked, keys, snapshot, runBy: request.runBy, computed, done });
  }
  const notReached = objects.filter((o) => done.get(o)?.status === 'notReached');
  return {
    results: request.objectIds.map((o) => ({ objectId: o, ...(done.get(o) as Done) })),
    notReached,
    message: stopped ? M.batchDeadline(seconds, notReached.length) : null,
    ms: Math.round(performance.now() - started),
  };
}

/** The computed objects' lineage runs and cached results, in one write transaction (the snapshot guard first). */
async function record(
  runner: Pick<BatchRunner, 'db'>,
  b: {
    version: { id: number; sql: string; dataSourceId: number | null };
    checked: { tables: string[] };
    keys: Map<string, string>;
    snapshot: string | undefined;
    runBy: string | null;
    computed: { objectId: string; result: AlgorithmResult }[];
    done: Map<string, Done>;
  },
) {
  await runner.db.transaction(async (tx) => {
    await markVersionUsed(tx, b.version.id);
    const cache = b.snapshot ? !(await changedOutsideSnapshot(tx, b.checked.tables, b.snapshot)) : false;
    const hash = hashText(b.version.sql);
    const runs = await insertRuns(
      tx,
      b.computed.map(({ objectId, result }) => ({
        versionId: b.version.id,
        hash,
        params: JSON.parse(b.keys.get(objectId) as string) as Record<string, unknown>,
        rows: result.rowCount,
        ms: result.ms,
        value: result.value ?? null,
        tables: b.checked.tables,
        dataSourceId: b.version.dataSourceId,
        runBy: b.runBy,
      })),
    );
    if (cache)
      await putCachedResults(
        tx,
        b.computed.map(({ objectId, result }, i) => ({
          versionId: b.version.id,
          paramsKey: b.keys.get(objectId) as string,
          runId: (runs[i] as RunRow).id,
          result,
          tables: b.checked.tables,
        })),
      );
    b.computed.forEach(({ objectId, result }, i) => {
      b.done.set(objectId, {
        status: 'ok',
        value: result.value ?? null,
        runId: (runs[i] as RunRow).id,
        cached: false,
        ms: result.ms,
        message: null,
      });
    });
  });
}
