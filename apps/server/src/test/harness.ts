import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { csrfPair } from '@zg/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { seedDatabase } from '../seed';
import { TEMPLATES } from './global-setup';

/** A signed-in test user: the cookie, the login record and a request helper that adds the CSRF pair. */
export interface TestSession {
  cookie: string;
  record: Record<string, unknown> & { csrfSecret: string; userId: string };
  /** Injects a request as this user, with the CSRF pair in the query (as the spec's request helper does). */
  request(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

export interface TestServer {
  app: App;
  database: Database;
  close(): Promise<void>;
  login(userId: string, password?: string): Promise<TestSession>;
}

/**
 * A fresh database for one test file on the run's test server (the embedded PostgreSQL, or TEST_DATABASE_URL's; see
 * global-setup.ts), cloned from a template: `migrated` (the schema only) or `seeded` (plus reference and demo data).
 * `drop()` removes it.
 */
export async function openTestDatabase(
  template: 'migrated' | 'seeded' = 'migrated',
): Promise<{ database: Database; drop(): Promise<void>; url: string }> {
  const base = inject('testDatabaseUrl');
  if (!base) throw new Error('testDatabaseUrl is not provided: run the API tests through vitest --project api');
  const name = `zg_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATES[template]}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `zg-test-${process.pid}-${randomBytes(4).toString('hex')}`),
    WEB_DIST: path.join(os.tmpdir(), 'zg-no-web-dist'),
    ...overrides,
  });
}

/** Adds the CSRF pair to a URL's query. */
export function withCsrf(url: string, secret: string, now?: number) {
  const { csrfTimestamp, csrfToken } = csrfPair(secret, now);
  return `${url}${url.includes('?') ? '&' : '?'}_t=${Date.now()}&csrfTimestamp=${csrfTimestamp}&csrfToken=${csrfToken}`;
}

export async function startTestServer(
  opts: {
    env?: Record<string, string>;
    extraRoutes?: (app: FastifyInstance) => void;
    startJobs?: boolean;
    /** Reuse a database (a restart test builds a second app over the same one). */
    database?: Database;
  } = {},
): Promise<TestServer> {
  const { database, drop } = opts.database
    ? { database: opts.database, drop: async () => {} }
    : await openTestDatabase('seeded');
  await database.migrate();
  await seedDatabase(database.db, { demo: true });
  const app = await buildApp({
    config: testConfig(opts.env),
    database,
    logger: false,
    extraRoutes: opts.extraRoutes,
    startJobs: opts.startJobs ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!opts.database) {
        await database.close();
        await drop();
      }
    },
    login: async (userId, password = userId === 'zyadmin' ? 'Admin@2026' : 'Demo@2026') => {
      const res = await app.inject({ method: 'POST', url: '/api/authc/login', payload: { userId, password } });
      if (res.statusCode !== 200) throw new Error(`login ${userId} failed: ${res.statusCode} ${res.body}`);
      const sid = res.cookies.find((c) => c.name === 'sid');
      if (!sid) throw new Error('no sid cookie');
      const cookie = `sid=${sid.value}`;
      const record = res.json().data as TestSession['record'];
      return {
        cookie,
        record,
        request: (o) =>
          app.inject({
            ...o,
            url: withCsrf(o.url, record.csrfSecret),
            headers: { cookie, ...(o.headers ?? {}) },
          }),
      };
    },
  };
}
