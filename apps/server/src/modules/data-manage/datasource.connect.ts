import { DATASOURCE_LIMITS, DATASOURCE_MSG, type DataSourceTestResult } from '@zg/contract';
import pg from 'pg';
import { DeadlineError, DestinationRefused, failureReason, MissingSchemaError } from './datasource.rules';

/** Where a data source is: everything a connection needs, the password in clear (held only for the connection). */
export interface Target {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string | null;
  /** The schemas it declares: all must exist; a read-only connection's search_path is these, in order. */
  schemas: readonly string[];
  /**
   * The address to connect to: the one the destination check resolved the host to and allowed, so the host is never
   * resolved a second time to somewhere else (datasource.destination.ts). Absent: the host as written.
   */
  address?: string | null;
  /** What the destination check knows of this application's own server, checked again once connected. */
  guard?: ConnectionGuard;
}

/** The application's own PostgreSQL server as a connection recognises it, and whether the allow-list names it. */
export interface ConnectionGuard {
  /** pg_postmaster_start_time() of our own server: a server answering the same is ours. */
  started: string;
  /** DATASOURCE_ALLOWED_HOSTS names this host: another database of our server may then be a source. */
  serverAllowed: boolean;
}

export interface Timeouts {
  /** The whole connection (socket, start-up, authentication, the first queries) within this many milliseconds. */
  connectMs: number;
  /** Each query within this many milliseconds (server-side statement_timeout, and the socket destroyed after). */
  queryMs: number;
}

/**
 * A connection test answers within DATASOURCE_LIMITS.testTimeoutMs (5 s): the connection gets 4.5 s in all, leaving
 * the server time to answer; the driver's own timeouts sit inside it, and the hard deadline destroys the socket.
 */
export const TEST_TIMEOUTS: Timeouts = {
  connectMs: DATASOURCE_LIMITS.testTimeoutMs - 500,
  queryMs: DATASOURCE_LIMITS.testTimeoutMs - 500,
};

/**
 * A pg client for a target that takes nothing from the server's environment: the password is a function (so neither
 * PGPASSWORD nor ~/.pgpass of this server is ever sent to another host), SSL and options are explicit.
 */
function clientFor(t: Target, timeouts: Timeouts, options?: string) {
  const client = new pg.Client({
    host: t.address ?? t.host.replace(/^\[(.*)\]$/, '$1'),
    port: t.port,
    database: t.database,
    user: t.user,
    password: async () => t.password ?? '',
    ssl: false,
    options: options ?? '',
    application_name: 'zg-datasource',
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a long statement first (an error the caller can read); the driver gives up a little later,
    // and the hard deadline (queryMs + 500) destroys the socket of a server that answers nothing at all.
    statement_timeout: timeouts.queryMs,
    query_timeout: timeouts.queryMs + 250,
    keepAlive: true,
  });
  // A socket error after the deadline (or an end the other side never acknowledges) must not become an unhandled event.
  client.on('error', () => {});
  return client;
}

/** Destroys the client's socket at once: whatever the other side does, nothing of this connection stays open. */
function destroy(client: pg.Client) {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  try {
    stream?.destroy();
  } catch {
    // already gone
  }
}

/** Runs `work` within `ms`; past it, `onExpire` runs (destroying the socket) and DeadlineError is thrown. */
async function withDeadline<T>(ms: number, work: Promise<T>, onExpire: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onExpire();
      reject(new DeadlineError());
    }, ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
    // The loser of the race may still settle later: never as an unhandled rejection.
    work.catch(() => {});
  }
}

/**
 * The tables that make a database this application's (or a copy of it: a replica, a restored backup), whose users'
 * password hashes, sessions and data-source secrets no algorithm may read.
 */
const OWN_TABLES = ['public.users', 'public.sessions', 'public.data_sources', 'public.login_attempts'];

/**
 * Connects and checks the server: its version; that it is not this application's database (refused in every case)
 * nor, unless the allow-list names it, this application's server; and that every declared schema exists.
 */
async function connect(client: pg.Client, t: Target): Promise<string> {
  await client.connect();
  const { rows } = await client.query<{ server_version: string; started: string; own: boolean }>(
    `select current_setting('server_version') as server_version, pg_postmaster_start_time()::text as started,
       (select count(*) = $1 from unnest($2::text[]) n where to_regclass(n) is not null) as own`,
    [OWN_TABLES.length, OWN_TABLES],
  );
  const server = rows[0]!;
  if (server.own) throw new DestinationRefused(DATASOURCE_MSG.destination.ownDatabase);
  if (t.guard && server.started === t.guard.started && !t.guard.serverAllowed)
    throw new DestinationRefused(DATASOURCE_MSG.destination.ownServer);
  if (t.schemas.length) {
    const found = await client.query<{ missing: string | null }>(
      'select (select s from unnest($1::text[]) with ordinality u(s, i) where not exists (select 1 from pg_namespace where nspname = s) order by i limit 1) as missing',
      [t.schemas],
    );
    const missing = found.rows[0]?.missing;
    if (missing) throw new MissingSchemaError(missing);
  }
  return server.server_version ?? '';
}

/** The schemas of the connected database the user may use (not the system's), for the administrator to choose from. */
async function usableSchemas(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ nspname: string }>(
    `select nspname from pg_namespace
     where nspname !~ '^pg_' and nspname <> 'information_schema' and has_schema_privilege(oid, 'USAGE')
     order by nspname limit 200`,
  );
  return rows.map((r) => r.nspname);
}

/**
 * Tests a connection to the target: 连接成功 with the server's version, or 连接失败 with the reason in Chinese,
 * always within DATASOURCE_LIMITS.testTimeoutMs whatever the other side does (refuses, never answers, answers
 * garbage); never throws.
 */
export async function testConnection(t: Target, timeouts: Timeouts = TEST_TIMEOUTS): Promise<DataSourceTestResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = clientFor(t, timeouts);
  try {
    const { version, schemas } = await withDeadline(
      timeouts.connectMs,
      (async () => ({ version: await connect(client, t), schemas: await usableSchemas(client) }))(),
      () => destroy(client),
    );
    return { success: true, message: DATASOURCE_MSG.testOk(version), version, elapsedMs: elapsed(), schemas };
  } catch (err) {
    const reason = failureReason(err, { hadPassword: Boolean(t.password) });
    return {
      success: false,
      message: DATASOURCE_MSG.testFailed(reason),
      version: null,
      elapsedMs: elapsed(),
      schemas: null,
    };
  } finally {
    close(client);
  }
}

/** Ends the client politely, and destroys its socket if the other side has not let go within a second. */
function close(client: pg.Client) {
  client.end().catch(() => {});
  setTimeout(() => destroy(client), 1000).unref();
}

/** A connection failed: the reason in Chinese (the caller answers it or records it). */
export class DataSourceConnectError extends Error {
  constructor(readonly reason: string) {
    super(DATASOURCE_MSG.testFailed(reason));
  }
}

/** A read-only connection to a data source (modules/data-manage `openDataSource`). */
export interface ReadOnlyConnection {
  /** The server's version (`show server_version`). */
  readonly version: string;
  /**
   * Runs one statement with parameters ($1, $2 ...) inside a read-only transaction that is rolled back after, within
   * the query timeout (statement_timeout on the server, and the socket destroyed when the server does not answer).
   * A statement that writes is refused by the server (SQLSTATE 25006).
   */
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; fields: { name: string; dataTypeID: number }[] }>;
  /**
   * The same, each row an array in the columns' order (two columns of one name both kept), values parsed by `types`
   * when given (the algorithms read dates as text and numerics as numbers, as on the warehouse).
   */
  queryArrays(
    sql: string,
    params?: unknown[],
    types?: { getTypeParser: typeof pg.types.getTypeParser },
  ): Promise<{ rows: unknown[][]; fields: { name: string; dataTypeID: number }[] }>;
  close(): Promise<void>;
}

/**
 * Opens a read-only connection to the target within `timeouts.connectMs`, its search_path set to the schemas the
 * target declares (in order; pg_catalog stays implicitly first). Throws DataSourceConnectError with the reason in
 * Chinese when it cannot connect or may not (the application's own database or server).
 */
export async function openReadOnly(t: Target, timeouts: Timeouts = TEST_TIMEOUTS): Promise<ReadOnlyConnection> {
  const client = clientFor(t, timeouts, '-c default_transaction_read_only=on');
  let version: string;
  try {
    version = await withDeadline(
      timeouts.connectMs,
      (async () => {
        const v = await connect(client, t);
        // The declared schemas only (public when none is declared), never the server's "$user" default.
        const schemas = t.schemas.length ? t.schemas : ['public'];
        await client.query(`select set_config('search_path', $1, false)`, [
          schemas.map((x) => client.escapeIdentifier(x)).join(', '),
        ]);
        return v;
      })(),
      () => destroy(client),
    );
  } catch (err) {
    close(client);
    throw new DataSourceConnectError(failureReason(err, { hadPassword: Boolean(t.password) }));
  }
  let broken = false;
  let queue: Promise<unknown> = Promise.resolve();
  const run = async <R>(
    sql: string,
    params: unknown[],
    array?: { types?: { getTypeParser: typeof pg.types.getTypeParser } },
  ) => {
    if (broken) throw new DataSourceConnectError(DATASOURCE_MSG.reason.closed);
    try {
      return await withDeadline(
        timeouts.queryMs + 500,
        (async () => {
          await client.query('begin transaction read only');
          try {
            // A first query takes the transaction's snapshot: from then on it cannot be made read-write.
            await client.query('select 1');
            // Parameters (even none) send the statement through the extended protocol: one statement only.
            const res = array
              ? await client.query({
                  text: sql,
                  values: params,
                  rowMode: 'array',
                  ...(array.types ? { types: array.types } : {}),
                })
              : await client.query({ text: sql, values: params });
            return {
              rows: res.rows as R[],
              fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
            };
          } finally {
            await client.query('rollback').catch(() => {});
          }
        })(),
        () => {
          broken = true;
          destroy(client);
        },
      );
    } catch (err) {
      if (err instanceof DeadlineError) throw new DataSourceConnectError(DATASOURCE_MSG.reason.timeout);
      if (err instanceof Error && /Query read timeout/.test(err.message)) {
        // The driver gave up on an answer that may still come: the connection cannot be trusted any more.
        broken = true;
        destroy(client);
        throw new DataSourceConnectError(DATASOURCE_MSG.reason.timeout);
      }
      throw err;
    }
  };
  return {
    version,
    query: <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => {
      const next = queue.then(() => run<R>(sql, params));
      queue = next.catch(() => {});
      return next;
    },
    queryArrays: (sql: string, params: unknown[] = [], types?: { getTypeParser: typeof pg.types.getTypeParser }) => {
      const next = queue.then(() => run<unknown[]>(sql, params, { types }));
      queue = next.catch(() => {});
      return next;
    },
    close: async () => {
      await queue;
      close(client);
    },
  };
}
