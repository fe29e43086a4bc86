import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** Applies the committed drizzle-kit migrations (serialised across instances by an advisory lock). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727_274_001;

/**
 * Opens a pool on a PostgreSQL server (the embedded one or DATABASE_URL's: the application does not know which) and
 * checks it answers. With `timeZone` (the school's, config.TZ) every connection's session runs in that zone, so what
 * SQL takes for today (current_date, now()::date, date_trunc in an algorithm) is the school's day, as it is for the
 * server's own code, whatever zone the database server was set up with.
 */
export async function openDatabase(opts: { url: string; timeZone?: string }): Promise<Database> {
  return openPostgres(opts.url, opts.timeZone);
}

async function openPostgres(url: string, timeZone?: string): Promise<Database> {
  if (timeZone !== undefined && !/^[A-Za-z0-9_+\-/]+$/.test(timeZone))
    throw new Error(`unusable time zone ${timeZone}`);
  const pool = new pg.Pool({
    connectionString: url,
    // Sent in each connection's start-up packet (no extra round trip); an IANA name has no space to escape.
    options: timeZone ? `-c TimeZone=${timeZone}` : undefined,
    max: 20,
    connectionTimeoutMillis: 5000,
    // Connections live long: each keeps its prepared statements and their plans, which a new one parses and plans
    // again. An idle one closes after ten minutes (it was 30 s).
    idleTimeoutMillis: 600_000,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor may a checked-out client's between two queries of a transaction (pg-pool listens only while a client is idle):
  // the transaction's next query fails with it, and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(describeConnectError(err));
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

function describeConnectError(err: unknown): string {
  const e = err as { code?: string; message?: string; address?: string; port?: number };
  const where = e.address ? ` ${e.address}${e.port ? `:${e.port}` : ''}` : '';
  const msg = (e.message ?? String(err)).split('\n')[0];
  return `${e.code ?? 'ERROR'}${where} ${msg}`.trim();
}
