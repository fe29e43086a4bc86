import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Db } from '../../db/client';
import type { ReadOnlyConnection } from '../data-manage';
import { WAREHOUSE_SCHEMA } from './algorithm-sql.rules';

/**
 * Runs an algorithm's text on its own connection (issue 18 item 3, OWASP ASVS 13.2.2): a READ ONLY transaction,
 * `statement_timeout` and `search_path = warehouse, pg_temp` (pg_catalog implicitly first) set locally, `SET LOCAL ROLE zg_warehouse_reader`
 * (migration 0014: it can read the schema warehouse and nothing else), the text wrapped as
 * `SELECT * FROM (...) LIMIT cap + 1` so a larger result is cut and said to be, and a rollback at the end. The checker
 * (algorithm-sql.rules.ts) has passed the text before; this layer holds even if it had not (algorithm.api.test.ts).
 */

/** The role of migration 0014. */
export const READER_ROLE = 'zg_warehouse_reader';

export interface RunLimits {
  timeoutMs: number;
  rowCap: number;
}

export interface RawColumn {
  name: string;
  typeId: number;
}
export interface RawResult {
  columns: RawColumn[];
  rows: unknown[][];
  truncated: boolean;
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

const PREFIX = 'SELECT * FROM (\n';
/** Characters before the text in the statement sent; PostgreSQL's positions are shifted back by it. */
export const WRAP_OFFSET = PREFIX.length;

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
      const statement = `${PREFIX}${text}\n) AS algorithm_result LIMIT ${limits.rowCap + 1}`;
      let ranQuery = !opts.plan;
      try {
        // The plan PostgreSQL chose (EXPLAIN without ANALYZE: planned, not run), for the editor's 测试.
        const plan = opts.plan
          ? (await client.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN ${statement}`, values })).rows.map(
              (r) => r['QUERY PLAN'],
            )
          : undefined;
        ranQuery = true;
        // For a stored result: the snapshot the text reads (repeatable read: the transaction's one snapshot).
        const snapshot = opts.snapshot
          ? (await client.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s')).rows[0]?.s
          : undefined;
        const started = performance.now();
        const res = await client.query({ text: statement, values, rowMode: 'array', types });
        const ms = Math.round(performance.now() - started);
        const rows = res.rows as unknown[][];
        const truncated = rows.length > limits.rowCap;
        return {
          columns: res.fields.map((f) => ({ name: f.name, typeId: f.dataTypeID })),
          rows: truncated ? rows.slice(0, limits.rowCap) : rows,
          truncated,
          ms,
          ...(plan ? { plan } : {}),
          ...(snapshot ? { snapshot } : {}),
        };
      } catch (err) {
        const e = err as { code?: string; message: string; position?: string };
        if (e.code === undefined && !(err instanceof Error)) throw err;
        // EXPLAIN's statement starts 8 characters later than the one run.
        const shift = ranQuery ? 0 : 'EXPLAIN '.length;
        throw new RunFailure(e.code, e.message, e.position ? Number(e.position) - shift : null);
      }
    },
    { repeatableRead: opts.snapshot },
  );
}

/**
 * Runs one checked text for several sets of bound values in one restricted transaction (one connection, the settings
 * once, one repeatable-read snapshot): a value algorithm for many dimension objects. Each statement keeps the timeout;
 * the first refusal stops the batch as `RunFailure`.
 */
export async function runReadOnlyEach(
  db: Db,
  text: string,
  valuesList: unknown[][],
  limits: RunLimits,
): Promise<{ results: RawResult[]; snapshot: string | undefined }> {
  return underReaderRole(
    db,
    limits,
    async (client) => {
      const statement = `${PREFIX}${text}\n) AS algorithm_result LIMIT ${limits.rowCap + 1}`;
      try {
        const snapshot = (await client.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s')).rows[0]?.s;
        const results: RawResult[] = [];
        for (const values of valuesList) {
          const started = performance.now();
          const res = await client.query({ text: statement, values, rowMode: 'array', types });
          const ms = Math.round(performance.now() - started);
          const rows = res.rows as unknown[][];
          const truncated = rows.length > limits.rowCap;
          results.push({
            columns: res.fields.map((f) => ({ name: f.name, typeId: f.dataTypeID })),
            rows: truncated ? rows.slice(0, limits.rowCap) : rows,
            truncated,
            ms,
          });
        }
        return { results, snapshot };
      } catch (err) {
        const e = err as { code?: string; message: string; position?: string };
        if (e.code === undefined && !(err instanceof Error)) throw err;
        throw new RunFailure(e.code, e.message, e.position ? Number(e.position) : null);
      }
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
  const statement = `${PREFIX}${text}\n) AS algorithm_result LIMIT ${limits.rowCap + 1}`;
  let ranQuery = !opts.plan;
  try {
    const plan = opts.plan
      ? (await conn.queryArrays(`EXPLAIN ${statement}`, values)).rows.map((r) => String(r[0]))
      : undefined;
    ranQuery = true;
    const started = performance.now();
    const res = await conn.queryArrays(statement, values, types);
    const ms = Math.round(performance.now() - started);
    const truncated = res.rows.length > limits.rowCap;
    return {
      columns: res.fields.map((f) => ({ name: f.name, typeId: f.dataTypeID })),
      rows: truncated ? res.rows.slice(0, limits.rowCap) : res.rows,
      truncated,
      ms,
      ...(plan ? { plan } : {}),
    };
  } catch (err) {
    const e = err as { code?: string; message: string; position?: string };
    // PostgreSQL's refusals carry a SQLSTATE (five characters); a connection failure (DataSourceConnectError, or the
    // socket's own error such as ECONNRESET) goes on as it is.
    if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) throw err;
    const shift = ranQuery ? 0 : 'EXPLAIN '.length;
    throw new RunFailure(e.code, e.message, e.position ? Number(e.position) - shift : null);
  }
}
