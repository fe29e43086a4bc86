import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { seedDatabase } from '../seed';

/**
 * The API project's one database server per run: the embedded PostgreSQL (the product's default engine), or the
 * server of TEST_DATABASE_URL (CI's PostgreSQL 15). Two template databases are built once, and each test file's
 * database is cloned from one of them (`create database ... template`), which takes milliseconds.
 */
export const TEMPLATES = { migrated: 'zg_tpl_migrated', seeded: 'zg_tpl_seeded' } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test server's maintenance database (`postgres`), as a role that may create databases. */
    testDatabaseUrl: string;
  }
}

function withDatabase(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(base: string, fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function buildTemplate(base: string, name: string, seed: boolean) {
  await admin(base, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const database = await openDatabase({ url: withDatabase(base, name) });
  try {
    await database.migrate();
    if (seed) await seedDatabase(database.db, { demo: true });
  } finally {
    await database.close();
  }
  // No connection may be open to a template while a database is created from it.
  await admin(base, (c) => c.query(`alter database ${name} with is_template true allow_connections false`));
}

export default async function setup(project: TestProject) {
  let base = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!base) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-test-pg-'));
    const server = await startEmbeddedPostgres({
      dataDir,
      // For the test run's speed only: the product keeps PostgreSQL's defaults (fsync on).
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    base = withDatabase(server.url, 'postgres');
    stop = async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const url = base;
  try {
    await buildTemplate(url, TEMPLATES.migrated, false);
    await buildTemplate(url, TEMPLATES.seeded, true);
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('testDatabaseUrl', url);
  return async () => {
    if (process.env.TEST_DATABASE_URL) {
      await admin(url, async (c) => {
        for (const name of Object.values(TEMPLATES)) {
          await c.query(`alter database ${name} with is_template false`);
          await c.query(`drop database if exists ${name}`);
        }
      });
    }
    await stop();
  };
}
