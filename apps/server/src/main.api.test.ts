import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
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

async function waitHealthy(port: number, proc: ReturnType<typeof start>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  while (Date.now() < until) {
    if (exited) throw new Error(`server exited before it was healthy: ${proc.stderr()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
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
    const env: Record<string, string> = { DATABASE_URL: testDb.url, DATA_DIR: dataDir };
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

  it('refuses a second server on the same embedded data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-lock-'));
    try {
      const port = await freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port) });
      await waitHealthy(port, first);
      const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain('DATA_DIR');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
