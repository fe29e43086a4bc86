import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';

/**
 * `npm run db:import-pglite` end to end: a PGlite data directory made with the same temporary install of PGlite the
 * command uses (so the npm registry must be reachable, as for `npm install`), refused by the server, moved over by the
 * command, then served with its data.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const script = path.join(repoRoot, 'scripts/import-pglite.sh');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-import-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(cmd, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run db:import-pglite', () => {
  it('moves an earlier PGlite data directory into the embedded PostgreSQL, keeping the old one aside', async () => {
    const tools = execFileSync('bash', [script, '--install-tools'], { encoding: 'utf8' }).trim().split('\n').at(-1)!;
    fs.copyFileSync(path.join(repoRoot, 'apps/server/src/test/pglite-fixture.mjs'), path.join(tools, 'fixture.mjs'));
    execFileSync('node', [path.join(tools, 'fixture.mjs'), path.join(dataDir, 'pgdata'), migrationsFolder]);

    // The server refuses it, naming the command.
    const refused = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      DATA_DIR: dataDir,
      PORT: '0',
      DATABASE_URL: '',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('npm run db:import-pglite');

    const imported = await run('npm', ['run', '--silent', 'db:import-pglite'], { DATA_DIR: dataDir });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('迁移完成');
    const entries = fs.readdirSync(dataDir);
    expect(entries).not.toContain('pgdata');
    expect(entries.filter((e) => e.startsWith('pgdata.pglite-'))).toHaveLength(1);
    expect(entries.filter((e) => e.startsWith('pglite-dump-'))).toHaveLength(1);

    const server = await startEmbeddedPostgres({ dataDir });
    try {
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      const school = await c.query('select name from schools where code = $1', ['PGLITE01']);
      expect(school.rows).toEqual([{ name: '迁移测试职业技术学院' }]);
      const migrations = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      await c.end();
    } finally {
      await server.stop();
    }

    // The server starts on it: the migrations recorded by PGlite count as applied, the data is served.
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const app = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        WEB_DIST: '/none',
      },
      stdio: 'ignore',
    });
    const appExited = new Promise<number | null>((resolve) => app.on('exit', resolve));
    try {
      let health = 0;
      for (let i = 0; i < 600 && health !== 200 && app.exitCode === null; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (health !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(health).toBe(200);
    } finally {
      app.kill('SIGTERM');
    }
    expect(await appExited).toBe(0);

    // A second run has nothing left to move.
    const again = await run('npm', ['run', '--silent', 'db:import-pglite'], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('没有要迁移的数据');
  }, 300_000);
});
