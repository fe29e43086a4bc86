import {
  type AlgorithmKind,
  type AlgorithmParams,
  type AlgorithmResult,
  DATASOURCE_MSG,
  ALGORITHM_MSG as M,
} from '@zg/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors';
import { DataSourceConnectError, type DataSourceInfo, openDataSource } from '../data-manage';
import { presentResult } from './algorithm.presenter';
import { markVersionUsed } from './algorithm.repository';
import { bindValues, failureMessage, hashText, paramsKey, shapeOf } from './algorithm.rules';
import { type BatchRunner, type ComputeManyOutcome, type ComputeManyRequest, computeMany } from './algorithm-batch';
import { cachedResult, changedOutsideSnapshot, insertRun, putCachedResult } from './algorithm-lineage.repository';
import { checkedText, type Place, placeOf, WAREHOUSE } from './algorithm-place';
import {
  type RawResult,
  ReaderRoleMissing,
  RunFailure,
  type RunLimits,
  runOnDataSource,
  runReadOnly,
} from './algorithm-run.repository';
import type { CheckedSql } from './algorithm-sql.rules';

/**
 * The algorithm runner (issue 29 item 4): ONE per server instance (app.ts decorates the instance with it as
 * `app.algorithms`), owning the run gate (ALGORITHM_MAX_CONCURRENT) and the limits (ALGORITHM_TIMEOUT_MS,
 * ALGORITHM_ROW_CAP, ALGORITHM_BYTE_CAP, ALGORITHM_BATCH_DEADLINE_MS). Every run goes through it: the routes' 测试,
 * 计算结果 and 批量计算 and rerun, and other modules' computations (`computeMany`, `computeOne`), which have no user:
 * the caller names who the run is for (`runBy`, null for a background job). It checks no permission; its callers do.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's algorithm runner (modules/algorithm): compute through it, never around it. */
    algorithms: AlgorithmRunner;
  }
}

/** The settings the runner reads. */
export type RunnerConfig = Pick<
  Config,
  | 'ALGORITHM_TIMEOUT_MS'
  | 'ALGORITHM_ROW_CAP'
  | 'ALGORITHM_BYTE_CAP'
  | 'ALGORITHM_BATCH_DEADLINE_MS'
  | 'ALGORITHM_MAX_CONCURRENT'
  | 'ENCRYPTION_KEY'
  | 'DATA_DIR'
>;

/**
 * Runs at once per server instance: a runaway text holds one connection until its timeout, never the whole pool. A
 * request is refused at once when the gate is full (429); a background computation may wait for a slot.
 */
export class RunGate {
  private running = 0;
  private readonly waiting: ((entered: boolean) => void)[] = [];
  constructor(readonly max: number) {}

  /** Takes a slot: at once, or within `waitMs` when one is freed; false when none was. */
  enter(waitMs = 0): Promise<boolean> {
    if (this.running < this.max) {
      this.running++;
      return Promise.resolve(true);
    }
    if (waitMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(take);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      }, waitMs);
      const take = (entered: boolean) => {
        clearTimeout(timer);
        resolve(entered);
      };
      this.waiting.push(take);
    });
  }

  /** Frees a slot: the first waiter takes it over, or it is free. */
  leave() {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.running = Math.max(0, this.running - 1);
  }
}

/** A saved version as the runner runs it: its id, text and place, and its algorithm's kind. */
export interface RunnableVersion {
  id: number;
  sql: string;
  dataSourceId: number | null;
  kind: AlgorithmKind;
}

/** A stored result: the result, its lineage run and whether it came from the cache. */
export type StoredResult = AlgorithmResult & { runId: number; cached: boolean };

/**
 * Why a run failed, for a person: a timeout (the run's own), or the text's or the data source's error, with the HTTP
 * status a route answers it with. The reader role missing is no run's failure: it is thrown (503) wherever it shows.
 */
export interface RunFault {
  status: 'timeout' | 'error';
  message: string;
  http: number;
}

export class AlgorithmRunner implements BatchRunner {
  readonly gate: RunGate;
  readonly limits: RunLimits;
  /** A batch's overall deadline (ms), from taking its slot. */
  readonly batchDeadlineMs: number;

  constructor(
    readonly db: Db,
    private readonly config: RunnerConfig,
  ) {
    this.gate = new RunGate(config.ALGORITHM_MAX_CONCURRENT);
    this.limits = {
      timeoutMs: config.ALGORITHM_TIMEOUT_MS,
      rowCap: config.ALGORITHM_ROW_CAP,
      byteCap: config.ALGORITHM_BYTE_CAP,
    };
    this.batchDeadlineMs = config.ALGORITHM_BATCH_DEADLINE_MS;
  }

  /** Takes a run slot (at once, or within `waitMs`), or refuses with 429 正在执行的算法过多. */
  async enterGate(waitMs = 0) {
    if (!(await this.gate.enter(waitMs))) throw tooManyRequests(M.busy);
  }

  /**
   * Runs a checked text for the parameters under every limit and checks the result's shape for `kind`. Refusals and
   * stops are 400s in Chinese; an unreachable data source a 502; a missing reader role a 503. Nothing is stored.
   */
  async run(
    source: string,
    checked: CheckedSql,
    params: AlgorithmParams,
    kind: AlgorithmKind | undefined,
    opts: { plan?: boolean; snapshot?: boolean } = {},
    where: Place = WAREHOUSE,
  ): Promise<{ result: AlgorithmResult; value: number | null; rows: number; snapshot?: string }> {
    const bound = bindValues(checked.params, params);
    if (!bound.ok) throw badRequest(M.paramMissing(bound.missing));
    await this.enterGate();
    let raw: RawResult;
    try {
      raw = where.source
        ? await this.runThere(where.source, checked.text, bound.values, { plan: opts.plan })
        : await runReadOnly(this.db, checked.text, bound.values, this.limits, opts);
    } catch (err) {
      const fault = this.faultOf(err, source, checked, where);
      throw new AppError(fault.http, fault.message);
    } finally {
      this.gate.leave();
    }
    const { result, columns } = presentResult(raw, this.limits);
    let value: number | null = null;
    if (kind) {
      const shape = shapeOf(kind, columns, raw.rows);
      if (!shape.ok) throw badRequest(raw.truncatedBy === 'bytes' ? M.tooLarge(this.limits.byteCap) : shape.message);
      value = shape.value;
      if (kind === 'value') result.value = value;
    }
    return { result, value, rows: result.rowCount, snapshot: raw.snapshot };
  }

  /**
   * A stored result of a version for parameters: from the cache when it holds one for (version, parameters), else
   * run, recorded as a lineage run (who: `runBy`), cached, and the version marked used (immutable from then on). A
   * data source's results are never cached: we cannot hear its changes (docs/ARCHITECTURE.md).
   */
  async computeOne(version: RunnableVersion, params: AlgorithmParams, runBy: string | null): Promise<StoredResult> {
    const where = await placeOf(this.db, version.dataSourceId);
    const checked = await checkedText(version.sql, where);
    const key = paramsKey(checked.params, params);
    const hit = where.source ? null : await cachedResult(this.db, version.id, key);
    if (hit) return { ...(hit.result as AlgorithmResult), runId: Number(hit.runId), cached: true };
    const { result, value, rows, snapshot } = await this.run(
      version.sql,
      checked,
      params,
      version.kind,
      { snapshot: !where.source },
      where,
    );
    const runId = await this.db.transaction(async (tx) => {
      const run = await insertRun(tx, {
        versionId: version.id,
        hash: hashText(version.sql),
        params: JSON.parse(key) as Record<string, unknown>,
        rows,
        ms: result.ms,
        value,
        tables: checked.tables,
        dataSourceId: where.source?.id ?? null,
        runBy,
      });
      await markVersionUsed(tx, version.id);
      // Cached only when no table it read changed outside the snapshot it read (a write racing the run).
      if (!where.source && snapshot && !(await changedOutsideSnapshot(tx, checked.tables, snapshot)))
        await putCachedResult(tx, {
          versionId: version.id,
          paramsKey: key,
          runId: run.id,
          result,
          tables: checked.tables,
        });
      return run.id;
    });
    return { ...result, runId, cached: false };
  }

  /**
   * A value algorithm's version for many dimension objects in one call, each bound to `:objectId`: a result per
   * object (its value and lineage run, or its failure: timeout, or the error in Chinese), under the overall deadline
   * and the size bound (algorithm-batch.ts).
   */
  computeMany(request: ComputeManyRequest): Promise<ComputeManyOutcome> {
    return computeMany(this, request);
  }

  /**
   * Runs on a data source (openDataSource: read-only, each statement within the algorithms' timeout, the socket
   * destroyed when the server does not answer), the connection closed after.
   */
  private async runThere(source: DataSourceInfo, text: string, values: unknown[], opts: { plan?: boolean }) {
    const conn = await this.openSource(source);
    try {
      return await runOnDataSource(conn, text, values, this.limits, opts);
    } finally {
      await conn.close().catch(() => {});
    }
  }

  /** A read-only connection to a data source with the algorithms' timeout. */
  openSource(source: DataSourceInfo) {
    return openDataSource(this.db, this.config, source.id, { queryMs: this.limits.timeoutMs });
  }

  /**
   * A run's failure in Chinese. A statement PostgreSQL refused or stopped is the text's (400; a timeout says so),
   * except on a data source a connection ended by the other side (08xxx; 57P01-03: terminated by an administrator, a
   * crash, a shutdown) or not made: the source's (502). A missing reader role is thrown (503); anything else too.
   */
  faultOf(err: unknown, source: string, checked: CheckedSql, where: Place): RunFault {
    if (err instanceof ReaderRoleMissing) throw new AppError(503, M.roleMissing);
    if (err instanceof AppError) return { status: 'error', message: err.message, http: err.status };
    const textsFault = err instanceof RunFailure && !/^(08|57P)/.test(err.code ?? '');
    if (where.source && !textsFault) {
      const reason =
        err instanceof DataSourceConnectError ? err.message : DATASOURCE_MSG.testFailed(DATASOURCE_MSG.reason.closed);
      return { status: 'error', message: M.dataSourceFailed(where.source.name, reason), http: 502 };
    }
    if (err instanceof RunFailure) {
      const f = failureMessage(
        err,
        source,
        { wrapOffset: 0, textOffset: checked.offset, textLength: checked.text.length },
        this.limits.timeoutMs,
      );
      return { status: f.timeout ? 'timeout' : 'error', message: f.message, http: 400 };
    }
    throw err;
  }
}

/** The runner of a server instance, from its settings (app.ts). */
export const createAlgorithmRunner = (db: Db, config: RunnerConfig) => new AlgorithmRunner(db, config);
