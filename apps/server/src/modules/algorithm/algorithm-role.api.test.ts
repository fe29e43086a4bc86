import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { READER_ROLE, ReaderRoleMissing, runReadOnly } from './algorithm-run.repository';

/**
 * An application user that may not create roles (a managed PostgreSQL): the migrations still pass, algorithms refuse
 * to run until a DBA grants the reader role, and then run under it (docs/ARCHITECTURE.md, "Algorithms").
 */
const suffix = randomBytes(4).toString('hex');
const user = `zg_plain_${suffix}`;
const password = randomBytes(12).toString('hex');
const dbName = `zg_plain_db_${suffix}`;
let base: string;
let database: Database | null = null;

async function asAdmin<T>(fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  base = inject('testDatabaseUrl');
  await asAdmin(async (c) => {
    await c.query(`create role ${user} login nocreaterole nosuperuser password '${password}'`);
    await c.query(`create database ${dbName} owner ${user}`);
  });
  const url = new URL(base);
  url.username = user;
  url.password = password;
  url.pathname = `/${dbName}`;
  database = await openDatabase({ url: url.toString() });
});

afterAll(async () => {
  await database?.close();
  await asAdmin(async (c) => {
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`drop owned by ${user} cascade`).catch(() => {});
    await c.query(`drop role if exists ${user}`);
  });
});

describe('an application user without CREATEROLE', () => {
  it('migrates, refuses to run algorithms without the reader role, and runs them once a DBA grants it', async () => {
    const db = database as Database;
    await db.migrate();
    const limits = { timeoutMs: 5000, rowCap: 10, byteCap: 1_000_000 };
    await expect(runReadOnly(db.db, 'select 1', [], limits)).rejects.toBeInstanceOf(ReaderRoleMissing);

    // What a DBA does (docs/ARCHITECTURE.md): the role exists cluster-wide already here; grant it to the user.
    await asAdmin((c) => c.query(`grant ${READER_ROLE} to ${user}`));
    // The migration granted the role the warehouse (USAGE, SELECT now and by default later), so a table the
    // application makes afterwards is readable under it.
    const pool = new pg.Pool({
      connectionString: (() => {
        const u = new URL(base);
        u.username = user;
        u.password = password;
        u.pathname = `/${dbName}`;
        return u.toString();
      })(),
    });
    try {
      await pool.query('create table warehouse.later (n int)');
      await pool.query('insert into warehouse.later values (1), (2)');
    } finally {
      await pool.end();
    }
    const r = await runReadOnly(db.db, 'select sum(n)::int as s from warehouse.later', [], limits);
    expect(r.rows).toEqual([[3]]);
  });
});
