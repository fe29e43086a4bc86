import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A database a data source reaches like any other server's: its place (with the password) and a client of its own. */
export interface ExternalDatabase {
  target: { host: string; port: number; database: string; user: string; password: string };
  /** Runs SQL in it (to make its schemas and tables), as the test run's administrator. */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

/**
 * An empty database on the test run's PostgreSQL server, for data-source tests: never the application's own database
 * (a data source may not point there), though on the same server, which a test allows with DATASOURCE_ALLOWED_HOSTS.
 */
export async function openExternalDatabase(): Promise<ExternalDatabase> {
  const base = new URL(inject('testDatabaseUrl'));
  const name = `zg_ext_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => {});
  await client.connect();
  return {
    target: {
      host: url.hostname,
      port: Number(url.port || 5432),
      database: name,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    },
    query: (text, values) => client.query(text, values),
    drop: async () => {
      await client.end().catch(() => {});
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
