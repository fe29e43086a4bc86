import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './test/harness';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  // As `npm run serve` starts it: node itself runs the server (the tsx CLI would stand between the signal and the app).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  child.stdout?.on('data', (d) => {
    stdout += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it gives a value, failing when the server exits first or after `timeoutMs`. */
async function whenServing<T>(proc: ReturnType<typeof start>, probe: () => Promise<T | null>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  while (Date.now() < until) {
    if (exited) throw new Error(`server exited before it was healthy: ${proc.stderr()}`);
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

function waitHealthy(port: number, proc: ReturnType<typeof start>, timeoutMs = 60_000) {
  return whenServing(
    proc,
    async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : null),
    timeoutMs,
  );
}

/** An HTTP/2 session with the server once it answers /api/health (its certificate is the tests' self-signed one). */
function waitForHttp2(base: string, proc: ReturnType<typeof start>, timeoutMs = 90_000) {
  return whenServing(
    proc,
    async () => {
      const session = http2.connect(base, { rejectUnauthorized: false });
      session.on('error', () => {});
      const res = await h2Request(session, '/api/health').catch(() => null);
      if (res?.status === 200) return session;
      session.destroy();
      return null;
    },
    timeoutMs,
  );
}

function h2Request(session: http2.ClientHttp2Session, url: string, o: { method?: string; body?: string } = {}) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = session.request({
      ':path': url,
      ':method': o.method ?? 'GET',
      ...(o.body ? { 'content-type': 'application/json' } : {}),
    });
    let headers: http2.IncomingHttpHeaders = {};
    let body = '';
    req.on('response', (h) => {
      headers = h;
    });
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    req.on('error', reject);
    req.end(o.body);
  });
}

describe('npm start (the server process)', () => {
  it('stops with a message naming an invalid environment variable', async () => {
    const p = start({ PORT: 'abc' });
    expect(await p.exited).toBe(1);
    expect(p.stderr()).toContain('环境变量 PORT');
    expect(p.stderr()).not.toMatch(/\n\s+at /);
  });

  it('stops with a one-line reason when DATABASE_URL is unreachable', async () => {
    const port = await freePort();
    const p = start({ DATABASE_URL: `postgres://zg@127.0.0.1:${port}/zg` });
    expect(await p.exited).toBe(1);
    const out = p.stderr().trim();
    expect(out.split('\n')).toHaveLength(1);
    expect(out).toContain('无法连接数据库（DATABASE_URL）');
    expect(out).toContain('ECONNREFUSED');
  });

  it('keeps all data across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-restart-'));
    // On the run's test server through DATABASE_URL; the embedded server's restarts: db/embedded-postgres.api.test.ts.
    const testDb = await openTestDatabase();
    await testDb.database.close();
    // The demo accounts without the story: what a restart keeps does not need the school, and seeding the story
    // (warehouse, standards, diagnosis) took over a minute on a loaded machine.
    const env: Record<string, string> = { DATABASE_URL: testDb.url, DATA_DIR: dataDir, SEED_DEMO_STORY: 'false' };
    try {
      const port = await freePort();
      const first = start({ ...env, PORT: String(port) });
      await waitHealthy(port, first);
      const login = await fetch(`http://127.0.0.1:${port}/api/authc/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'zyadmin', password: 'Admin@2026' }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = start({ ...env, PORT: String(port) });
      await waitHealthy(port, second);
      // The session written before the restart is still there.
      const again = await fetch(`http://127.0.0.1:${port}/api/authc/tryLogin`, { headers: { cookie } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { data: { userId: string } }).data.userId).toBe('zyadmin');
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await testDb.drop();
    }
  }, 120_000);

  it('serves HTTPS with HTTP/2 (and HTTP/1.1) given a certificate, and stops on SIGTERM with a session open', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-tls-'));
    const testDb = await openTestDatabase();
    await testDb.database.close();
    const tls = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/tls');
    try {
      const port = await freePort();
      const p = start({
        DATABASE_URL: testDb.url,
        DATA_DIR: dataDir,
        SEED_DEMO_STORY: 'false',
        PORT: String(port),
        WORKERS: '2',
        TLS_CERT_FILE: path.join(tls, 'cert.pem'),
        TLS_KEY_FILE: path.join(tls, 'key.pem'),
      });
      const base = `https://127.0.0.1:${port}`;
      const session = await waitForHttp2(base, p);
      // HTTP/2: sign in; the session cookie is HTTPS-only and the browser is told to keep to HTTPS.
      const login = await h2Request(session, '/api/authc/login', {
        method: 'POST',
        body: JSON.stringify({ userId: 'zyadmin', password: 'Admin@2026' }),
      });
      expect(login.status).toBe(200);
      expect(String(login.headers['set-cookie'])).toMatch(/^sid=[^;]+;.*Secure/);
      expect(login.headers['strict-transport-security']).toBeDefined();
      // HTTP/1.1 over TLS still answers (a client without HTTP/2).
      const h1 = await new Promise<number>((resolve, reject) => {
        https
          .get(`${base}/api/health`, { rejectUnauthorized: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
      expect(h1).toBe(200);
      // A browser keeps its HTTP/2 session open: the server still stops.
      expect(session.closed).toBe(false);
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      session.destroy();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await testDb.drop();
    }
  }, 120_000);

  it('refuses a second server on the same embedded data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-lock-'));
    try {
      const port = await freePort();
      // The default WORKERS (one per core): a first start creates the cluster and compiles the app in each worker; the
      // demo accounts without the story, which the lock does not need (seeding it took a minute on 2 busy cores).
      const first = start({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO_STORY: 'false' });
      await waitHealthy(port, first, 100_000);
      const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain('DATA_DIR');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('serves from WORKERS workers, runs each job once across them, and stops them all on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-workers-'));
    const testDb = await openTestDatabase('seeded');
    const rows = async <T>(q: ReturnType<typeof sql>) =>
      ((await testDb.database.db.execute(q)) as unknown as { rows: T[] }).rows;
    /** The JSON log lines of the server's workers (pino writes one object a line). */
    const logLines = (p: ReturnType<typeof start>) =>
      p
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { pid: number; msg: string; jobId?: string });
    try {
      const port = await freePort();
      const p = start({
        DATABASE_URL: testDb.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        WORKERS: '2',
        LOG_LEVEL: 'info',
        JOB_POLL_MS: '50',
      });
      await waitHealthy(port, p);
      // Each request on a connection of its own: the primary hands connections to the workers in turn.
      const served = async () => {
        for (let i = 0; i < 12; i++) {
          await new Promise<void>((resolve, reject) => {
            http
              .get({ host: '127.0.0.1', port, path: '/api/authc/tryLogin', agent: false }, (res) => {
                res.resume();
                res.on('end', resolve);
              })
              .on('error', reject);
          });
        }
        await new Promise((r) => setTimeout(r, 300));
        return new Set(
          logLines(p)
            .filter((l) => l.msg === 'request completed')
            .map((l) => l.pid),
        );
      };
      let pids = await served();
      // The second worker may still be starting when the first answers the health check.
      for (let i = 0; i < 20 && pids.size < 2; i++) pids = await served();
      expect(pids.size).toBe(2);
      expect(pids.has(p.child.pid!)).toBe(false);

      // A job tick in two workers polling every 50 ms: each of 40 jobs runs once (one "job done" line, one attempt).
      await testDb.database.db.execute(sql`insert into jobs (kind, payload, run_at, max_attempts)
        select 'file.cleanup', '{}'::jsonb, now(), 1 from generate_series(1, 40)`);
      const until = Date.now() + 30_000;
      while (Date.now() < until) {
        const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from jobs where status <> 'done'`);
        if (left?.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 300));
      const jobs = await rows<{ id: number; attempts: number; unique_key: string | null }>(
        sql`select id, attempts, unique_key from jobs order by id`,
      );
      // The three hourly jobs (file cleanup, warnings, outdated collection tasks) were enqueued by both workers for
      // the current hour under one key each, plus the 40 above; every one done once.
      expect(jobs.length).toBeGreaterThanOrEqual(43);
      expect(jobs.every((j) => j.attempts === 1)).toBe(true);
      const keys = jobs.flatMap((j) => (j.unique_key ? [j.unique_key] : []));
      expect(new Set(keys).size).toBe(keys.length);
      const runs = new Map<string, number>();
      for (const l of logLines(p)) if (l.msg === 'job done') runs.set(l.jobId!, (runs.get(l.jobId!) ?? 0) + 1);
      expect(runs.size).toBe(jobs.length);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);

      // SIGTERM to the primary: the workers finish and exit, then the primary, with 0.
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await testDb.drop();
    }
  }, 120_000);
});
