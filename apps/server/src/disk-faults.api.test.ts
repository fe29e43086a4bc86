import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';
import { mountTmpfs } from './test/tmpfs';
import { multipartBody } from './test/zip';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 7)]);

describe('a full disk', () => {
  let s: TestServer;
  let disk: ReturnType<typeof mountTmpfs>;
  beforeAll(async () => {
    disk = mountTmpfs(4096);
    s = await startTestServer({ env: { DATA_DIR: disk.dir } });
  });
  afterAll(async () => {
    await s?.close();
    disk?.unmount();
  });

  it('answers a write with 507 and 存储空间不足, reports the file store failing, and recovers when space returns', async () => {
    const me = await s.login('rwfzr01');
    const upload = () =>
      me.request({
        method: 'POST',
        url: '/api/herm-zdgj/rest/file/upload',
        ...multipartBody({}, { name: '证明.pdf', content: PDF }),
      });
    const free = disk.fill();
    const refused = await upload();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ meta: { success: false, message: MSG.diskFull }, data: null });

    const sick = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(sick.statusCode).toBe(503);
    expect(sick.json().meta).toEqual({ success: false, message: MSG.fileStoreUnavailable });
    expect(sick.json().data).toMatchObject({ status: 'fail', checks: { database: 'ok', files: 'fail' } });

    free();
    expect((await upload()).statusCode).toBe(200);
    const well = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(well.statusCode).toBe(200);
    expect(well.json().data).toMatchObject({ status: 'ok', checks: { database: 'ok', files: 'ok' } });
  });
});

describe('a data directory that cannot be written', () => {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  async function startWith(dataDir: string) {
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, stderr: stderr.trim() };
  }

  it('stops the start with one line naming the read-only path and the fix', async () => {
    const ro = mountTmpfs(1024, { readOnly: true });
    try {
      const { code, stderr } = await startWith(ro.dir);
      expect(code).toBe(1);
      expect(stderr.split('\n')).toHaveLength(1);
      expect(stderr).toContain(`数据目录 ${ro.dir} 不可写`);
      expect(stderr).toContain('EROFS');
      expect(stderr).toContain('DATA_DIR');
    } finally {
      ro.unmount();
    }
  });

  it('stops the start with one line when the directory cannot be created', async () => {
    const file = path.join(fs.mkdtempSync('/tmp/zg-notdir-'), 'a-file');
    fs.writeFileSync(file, 'x');
    const { code, stderr } = await startWith(path.join(file, 'data'));
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain(`数据目录 ${path.join(file, 'data')} 不可写`);
    expect(stderr).toContain('ENOTDIR');
  });
});
