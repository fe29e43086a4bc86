import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Db } from '../../db/client';
import type { ReadOnlyConnection } from '../data-manage';
import { WAREHOUSE_SCHEMA } from './algorithm-sql.rules';

/**
 * Runs an algorithm's text on its own connection (issue 18 item 3, OWASP ASVS 13.2.2): a READ ONLY transaction,
 * `statement_timeout` and `search_path = warehouse, pg_temp` (pg_catalog implicitly first) set locally, `SET LOCAL ROLE
 * zg_warehouse_reader` (migration 0014: it can read the schema warehouse and nothing else), the text wrapped so that
 * PostgreSQL itself cuts the result at the row cap and at the byte cap (`capped` below: nothing past the caps is ever
 * sent), and a rollback at the end. The checker (algorithm-sql.rules.ts) has passed the text before; this layer holds
 * even if it had not (algorithm.api.test.ts).
 */

/** The role of migration 0014. */
export const READER_ROLE = 'zg_warehouse_reader';

export interface RunLimits {
  timeoutMs: number;
  rowCap: number;
  /** Bytes of the rows (as PostgreSQL writes them as text) a result keeps at most (ALGORITHM_BYTE_CAP). */
  byteCap: number;
}

export interface RawColumn {
  name: string;
  typeId: number;
}
export interface RawResult {
  columns: RawColumn[];
  rows: unknown[][];
  truncated: boolean;
  /** Which cap cut the result: more rows than the row cap, or more bytes than the byte cap. */
  truncatedBy: 'rows' | 'bytes' | null;
  /** Bytes of the rows kept (their text). */
  bytes: number;
  ms: number;
  plan?: string[];
  /** pg_current_snapshot() of the run, when asked (stored results: the cache's guard). */
  snapshot?: string;
}

/** PostgreSQL refused or stopped the text: its SQLSTATE, message and 1-based character position in the text run. */
export class RunFailure extends Error {
  constructor(
    readonly code: string | undefined,
    readonly pgMessage: string,
    readonly position: number | null,
  ) {
    super(pgMessage);
  }
}
/** The reader role is missing or this user may not take it: algorithms do not run (deny by default). */
export class ReaderRoleMissing extends Error {}

/**
 * The statement run (issue 28 item 3): the text as a subquery cut at `rowCap + 1` rows, and beside each row the running
 * total of the rows' sizes (their text, `octet_length(row::text)`: what PostgreSQL sends), counted in a variable of the
 * transaction (`zg.result_bytes`, set_config local, tagged with the statement's serial so a batch's statements in one
 * transaction never read each other's). Rows are counted one by one in the order they come, and once the total is past
 * the byte cap the rest are neither measured nor sent; the first row past it comes with its columns null (a LEFT JOIN
 * LATERAL on the total) as the marker of the cut. So 1 000 rows of 100 kB send 5 MB and a marker, never 100 MB, and
 * cost PostgreSQL little past the cap. The prefix has a fixed length (the numbers in it are padded), so PostgreSQL's
 * positions are shifted back by its length alone.
 */
const pad = (n: number) => String(Math.max(0, Math.trunc(n))).padStart(12, '0');
let serial = 0;
const prefixOf = (tag: string, cap: string) => {
  const mine = `split_part(coalesce(current_setting('zg.result_bytes', true), ''), ':', 1) = '${tag}'`;
  const before = `(CASE WHEN ${mine} THEN split_part(current_setting('zg.result_bytes', true), ':', 2)::bigint ELSE 0 END)`;
  return (
    `SELECT zg_v.*, zg_w.zg_total FROM (SELECT zg_r AS zg_row, CASE WHEN ${before} > ${cap} THEN -1 ELSE ` +
    `split_part(set_config('zg.result_bytes', '${tag}:' || (${before} + octet_length(zg_r::text)), true), ':', 2)::bigint ` +
    'END AS zg_total FROM (SELECT * FROM (\n'
  );
};
/** Characters before the text in the statement sent; PostgreSQL's positions are shifted back by it. */
const WRAP_OFFSET = prefixOf(pad(0), pad(0)).length;

export function capped(text: string, limits: Pick<RunLimits, 'rowCap' | 'byteCap'>) {
  serial = (serial + 1) % 1e12;
  const cap = pad(limits.byteCap);
  return (
    `${prefixOf(pad(serial), cap)}${text}\n) AS algorithm_result LIMIT ${Math.trunc(limits.rowCap) + 1}) AS zg_r) AS zg_w ` +
    `LEFT JOIN LATERAL (SELECT (zg_w.zg_row).*) AS zg_v ON zg_w.zg_total BETWEEN 0 AND ${cap} WHERE zg_w.zg_total >= 0`
  );
}

/** The plan shown to the editor (测试 with 执行计划): the text's own, cut at the row cap, without the byte wrapper. */
const PLAN_PREFIX = 'EXPLAIN SELECT * FROM (\n';
const planned = (text: string, limits: Pick<RunLimits, 'rowCap'>) =>
  `${PLAN_PREFIX}${text}\n) AS algorithm_result LIMIT ${Math.trunc(limits.rowCap) + 1}`;

/** Rows of the capped statement -> the result: the marker column dropped, the cut said (RawResult.truncatedBy). */
export function cutResult(
  fields: { name: string; dataTypeID: number }[],
  rows: unknown[][],
  limits: Pick<RunLimits, 'rowCap' | 'byteCap'>,
  ms: number,
): RawResult {
  let kept = rows;
  let truncatedBy: RawResult['truncatedBy'] = null;
  const total = (r: unknown[] | undefined) => Number(r?.[r.length - 1] ?? 0);
  if (kept.length > 0 && total(kept.at(-1)) > limits.byteCap) {
    kept = kept.slice(0, -1);
    truncatedBy = 'bytes';
  } else if (kept.length > limits.rowCap) {
    kept = kept.slice(0, limits.rowCap);
    truncatedBy = 'rows';
  }
  return {
    columns: fields.slice(0, -1).map((f) => ({ name: f.name, typeId: f.dataTypeID })),
    rows: kept.map((r) => r.slice(0, -1)),
    truncated: truncatedBy !== null,
    truncatedBy,
    bytes: total(kept.at(-1)),
    ms,
  };
}

/** PostgreSQL's refusal -> RunFailure, its position in the text (1-based) when it points there. */
function failureOf(err: unknown, prefixLength: number): RunFailure {
  const e = err as { code?: string; message: string; position?: string };
  const at = e.position ? Number(e.position) - prefixLength : null;
  return new RunFailure(e.code, e.message, at !== null && at > 0 ? at : null);
}

const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/** Dates and times as PostgreSQL writes them (no time-zone shift of a DATE); int8 and numeric as numbers. */
const TEXT_TYPES = new Set([1082, 1083, 1114, 1184, 1266]);
const NUMBER_TYPES = new Set([20, 1700]);
const types = {
  getTypeParser: ((oid: number, format?: string) => {
    if (TEXT_TYPES.has(oid)) return (v: string) => v;
    if (NUMBER_TYPES.has(oid)) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/**
 * Opens the restricted transaction and hands the client to `fn`; always rolls back. `fn` runs the text (the
 * executor below, or a test sending raw text as the role to show what the role alone allows).
 */
export async function underReaderRole<T>(
  db: Db,
  limits: Pick<RunLimits, 'timeoutMs'>,
  fn: (client: pg.PoolClient) => Promise<T>,
  opts: { readOnly?: boolean; repeatableRead?: boolean } = {},
): Promise<T> {
  const client = await poolOf(db).connect();
  let broken = false;
  try {
    // One round trip: the settings are integers of the configuration and constants, never request input.
    const ms = Math.trunc(limits.timeoutMs);
    try {
      await client.query(
        [
          `BEGIN${opts.repeatableRead ? ' ISOLATION LEVEL REPEATABLE READ' : ''}${opts.readOnly === false ? '' : ' READ ONLY'}`,
          `SET LOCAL statement_timeout = ${ms}`,
          `SET LOCAL lock_timeout = ${ms}`,
          // One core per run: a runaway until its timeout must not take the parallel workers (every core) from the
          // other requests; the demo indicators read small tables and never planned parallel scans anyway.
          'SET LOCAL max_parallel_workers_per_gather = 0',
          // pg_catalog is searched first as always (its functions cannot be shadowed), then the warehouse; the
          // session's temporary schema, which would otherwise come first for tables, last.
          `SET LOCAL search_path = ${WAREHOUSE_SCHEMA}, pg_temp`,
          `SET LOCAL ROLE ${READER_ROLE}`,
          // A first snapshot: from here on the transaction's read-only mode cannot be changed (SET TRANSACTION READ
          // WRITE must come before any query), even by a text that got past the checker.
          'SELECT 1',
        ].join('; '),
      );
    } catch (err) {
      const code = (err as { code?: string }).code;
      // 42704: no such role; 42501: this user may not take it.
      if (code === '42704' || code === '42501') throw new ReaderRoleMissing((err as Error).message);
      throw err;
    }
    return await fn(client);
  } finally {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    client.release(broken);
  }
}

/** Runs a checked text with its bound values under the reader role; PostgreSQL's refusals become `RunFailure`. */
export async function runReadOnly(
  db: Db,
  text: string,
  values: unknown[],
  limits: RunLimits,
  opts: { plan?: boolean; snapshot?: boolean } = {},
): Promise<RawResult> {
  return underReaderRole(
    db,
    limits,
    async (client) => {
      // The plan PostgreSQL chose (EXPLAIN without ANALYZE: planned, not run), for the editor's 测试.
      let plan: string[] | undefined;
      if (opts.plan) {
        try {
          const res = await client.query<{ 'QUERY PLAN': string }>({ text: planned(text, limits), values });
          plan = res.rows.map((r) => r['QUERY PLAN']);
        } catch (err) {
          throw failureOf(err, PLAN_PREFIX.length);
        }
      }
      try {
        // For a stored result: the snapshot the text reads (repeatable read: the transaction's one snapshot).
        const snapshot = opts.snapshot
          ? (await client.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s')).rows[0]?.s
          : undefined;
        const started = performance.now();
        const res = await client.query({ text: capped(text, limits), values, rowMode: 'array', types });
        const result = cutResult(res.fields, res.rows as unknown[][], limits, Math.round(performance.now() - started));
        return { ...result, ...(plan ? { plan } : {}), ...(snapshot ? { snapshot } : {}) };
      } catch (err) {
        throw failureOf(err, WRAP_OFFSET);
      }
    },
    { repeatableRead: opts.snapshot },
  );
}

/** One object of a batch: its result, its failure (PostgreSQL's, or the data source's connection), or not reached. */
export type EachOutcome = { ok: true; result: RawResult } | { ok: false; failure: RunFailure | Error } | null;

/** What bounds a batch beside the limits: its overall deadline (a `performance.now()` instant). */
export interface BatchBounds {
  deadline: number;
}

/**
 * Runs one checked text for several sets of bound values in one restricted transaction (one connection, the settings
 * once, one repeatable-read snapshot): a value algorithm for many dimension objects. Each statement keeps the timeout
 * and the caps (the byte cap shared by the whole batch); one that PostgreSQL refuses or stops is that object's failure
 * (a savepoint keeps the transaction usable) and the next goes on. At the deadline the batch stops: a statement that
 * would outlive it gets the time left as its timeout, and the objects after it are not reached (null).
 */
export async function runReadOnlyEach(
  db: Db,
  text: string,
  valuesList: unknown[][],
  limits: RunLimits,
  bounds: BatchBounds,
): Promise<{ outcomes: EachOutcome[]; snapshot: string | undefined }> {
  return underReaderRole(
    db,
    limits,
    async (client) => {
      const snapshot = (await client.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s')).rows[0]?.s;
      // Every object's statement runs after this savepoint; a failed one rolls back to it (it stays), read only, so
      // nothing of the others is lost.
      await client.query('SAVEPOINT zg_each');
      const outcomes: EachOutcome[] = valuesList.map(() => null);
      let timeout = Math.trunc(limits.timeoutMs);
      let bytesLeft = limits.byteCap;
      for (const [i, values] of valuesList.entries()) {
        const left = Math.floor(bounds.deadline - performance.now());
        if (left <= 0) break;
        const cut = left < limits.timeoutMs;
        if (Math.min(left, limits.timeoutMs) !== timeout) {
          timeout = Math.max(1, Math.min(left, Math.trunc(limits.timeoutMs)));
          await client.query(`SET LOCAL statement_timeout = ${timeout}`);
        }
        const started = performance.now();
        try {
          const res = await client.query({
            text: capped(text, { rowCap: limits.rowCap, byteCap: bytesLeft }),
            values,
            rowMode: 'array',
            types,
          });
          const result = cutResult(
            res.fields,
            res.rows as unknown[][],
            { rowCap: limits.rowCap, byteCap: bytesLeft },
            Math.round(performance.now() - started),
          );
          bytesLeft = Math.max(0, bytesLeft - result.bytes);
          outcomes[i] = { ok: true, result };
        } catch (err) {
          const e = err as { code?: string };
          if (e.code === undefined && !(err instanceof Error)) throw err;
          // The rollback to the savepoint also undoes a SET LOCAL made after it: the timeout is the setting's again.
          await client.query('ROLLBACK TO SAVEPOINT zg_each');
          timeout = Math.trunc(limits.timeoutMs);
          const failure = failureOf(err, WRAP_OFFSET);
          // Stopped by the batch's deadline rather than by its own timeout: not reached.
          if (failure.code === '57014' && cut) break;
          outcomes[i] = { ok: false, failure };
        }
      }
      return { outcomes, snapshot };
    },
    { repeatableRead: true },
  );
}

/**
 * Runs a checked text on a data source's read-only connection (openDataSource: a read-only transaction rolled back
 * after each statement, statement_timeout = the algorithms' timeout, the search_path its schema), wrapped and capped
 * as on the warehouse. No reader role: that role is ours; on a data source the remote DBA gives the connection's user
 * SELECT on that one schema (docs/ARCHITECTURE.md). Connection failures stay DataSourceConnectError.
 */
export async function runOnDataSource(
  conn: ReadOnlyConnection,
  text: string,
  values: unknown[],
  limits: RunLimits,
  opts: { plan?: boolean } = {},
): Promise<RawResult> {
  const refusal = (err: unknown, prefixLength: number) => {
    const e = err as { code?: string };
    // PostgreSQL's refusals carry a SQLSTATE (five characters); a connection failure (DataSourceConnectError, or the
    // socket's own error such as ECONNRESET) goes on as it is.
    if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return err;
    return failureOf(err, prefixLength);
  };
  let plan: string[] | undefined;
  if (opts.plan) {
    try {
      plan = (await conn.queryArrays(planned(text, limits), values)).rows.map((r) => String(r[0]));
    } catch (err) {
      throw refusal(err, PLAN_PREFIX.length);
    }
  }
  try {
    const started = performance.now();
    const res = await conn.queryArrays(capped(text, limits), values, types);
    const result = cutResult(res.fields, res.rows, limits, Math.round(performance.now() - started));
    return { ...result, ...(plan ? { plan } : {}) };
  } catch (err) {
    throw refusal(err, WRAP_OFFSET);
  }
}

/**
 * The batch on a data source: one connection, each object's statement in its own read-only transaction (as
 * runOnDataSource), a failure that object's. The deadline is checked before each object; a statement that started
 * before it may run to its own timeout (the connection's timeout is set when it opens).
 */
export async function runOnDataSourceEach(
  conn: ReadOnlyConnection,
  text: string,
  valuesList: unknown[][],
  limits: RunLimits,
  bounds: BatchBounds,
): Promise<EachOutcome[]> {
  const outcomes: EachOutcome[] = valuesList.map(() => null);
  let bytesLeft = limits.byteCap;
  for (const [i, values] of valuesList.entries()) {
    if (performance.now() >= bounds.deadline) break;
    try {
      const result = await runOnDataSource(conn, text, values, { ...limits, byteCap: bytesLeft });
      bytesLeft = Math.max(0, bytesLeft - result.bytes);
      outcomes[i] = { ok: true, result };
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      outcomes[i] = { ok: false, failure: err };
    }
  }
  return outcomes;
}
