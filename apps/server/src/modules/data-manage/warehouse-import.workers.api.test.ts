import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_MSG, jobUnderWay, DATA_MANAGE_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';

// Two app instances over one database, each with its own pool and job runner (as two workers, or two machines), and
// for the interrupted case a third in a process of its own that the test kills in the middle of an import.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let own: Awaited<ReturnType<typeof openTestDatabase>>;
let secondDb: Awaited<ReturnType<typeof openDatabase>>;
let a: TestServer;
let b: TestServer;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  own = await openTestDatabase('seeded');
  a = await startTestServer({ database: own.database, env: { JOB_POLL_MS: '100' } });
  secondDb = await openDatabase({ url: own.url });
  b = await startTestServer({ database: secondDb });
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await a?.close();
  await b?.close();
  await secondDb?.close();
  await own?.drop();
});

const S = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, payload });
const poll = async (me: TestSession, id: string) => {
  const res = await me.request({ method: 'GET', url: `${S}/ckb/getFutureTaskResult?id=${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const upload = (me: TestSession, table: number, content: Buffer) =>
  me.request({
    method: 'POST',
    url: `${S}/ckb/drsj/task?id=${table}`,
    ...multipartBody({}, { name: 'data.xlsx', content }),
  });

async function sheet(rows: number) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(['序号', '值']);
  for (let i = 1; i <= rows; i++) ws.addRow([i, `值${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function createdTable(me: TestSession, name: string) {
  const ck = (await post(me, '/ck/insert', { ckmc: `仓库${name}` })).json().data.id as number;
  const t = (await post(me, '/ckb/insert', { ckid: ck, bm: name, bzwm: `表${name}` })).json().data.id as number;
  for (const f of [
    { zdm: 'no', zdzwm: '序号', zdlx: 'integer', sfbt: true, sfwy: true },
    { zdm: 'v', zdzwm: '值', zdlx: 'text', cd: 10 },
  ])
    expect((await post(me, '/ckbzd/insert', { ckbid: t, ...f })).statusCode).toBe(200);
  expect((await post(me, '/ckb/cjwlb', { id: t })).statusCode).toBe(200);
  return t;
}

const count = async (table: string) =>
  (
    (await own.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier('warehouse')}.${sql.identifier(table)}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('an import job across workers', () => {
  it('started on one instance, run by another, polled on either; one unfinished import per user', async () => {
    const onB = await b.login('sjgl01');
    const onA = await a.login('sjgl01');
    const t = await createdTable(onB, 'across');
    // B starts it; B's runner is never started, so only A can run it, and A does not run yet: it waits, queued.
    const started = await upload(onB, t, await sheet(3000));
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().data.id as string;
    expect(await poll(onA, id)).toMatchObject({ id, state: 'queued', percent: 0, result: null });
    // A second import by the same user, on either instance, waits for this one.
    const second = await upload(onA, t, await sheet(1));
    expect(second.statusCode).toBe(409);
    expect(second.json().meta.message).toBe(M.importJobBusy);

    a.app.jobs.startPolling();
    try {
      const seen: number[] = [];
      // Polled alternately on the instance that did not start it and on the one that did.
      const job = await until(
        async () => {
          const j = await poll(seen.length % 2 ? onB : onA, id);
          seen.push(j.percent);
          return j;
        },
        (j) => !jobUnderWay(j),
        'the import',
      );
      expect(job).toMatchObject({ state: 'done', done: 3000, total: 3000, result: { count: 3000 } });
      expect([...seen].sort((x, y) => x - y)).toEqual(seen);
      expect(await poll(onB, id)).toEqual(await poll(onA, id));
      expect(await count('across')).toBe(3000);
      // The key is free again: the next import of the same user is accepted.
      const next = await upload(onB, t, await sheet(1));
      expect(next.statusCode, next.body).toBe(200);
    } finally {
      await a.app.jobs.stop();
    }
  });

  it('a worker that dies in the middle of an import leaves it interrupted, nothing imported, the next one free', async () => {
    const onB = await b.login('zyadmin');
    const t = await createdTable(onB, 'killed');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/job-worker.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: own.url,
        DATA_DIR: path.join(os.tmpdir(), `zg-job-worker-${process.pid}`),
        WEB_DIST: '/nonexistent',
        JOB_POLL_MS: '50',
        JOB_LOCK_SECONDS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
    });
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    await until(
      async () => out,
      (o) => o.includes('ready') || child.exitCode !== null,
      'the worker to start',
      90_000,
    );
    expect(out).toContain('ready');

    const started = await upload(onB, t, await sheet(19_000));
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().data.id as string;
    // The other process has it and is importing: it is killed there and then.
    const running = await until(
      () => poll(onB, id),
      (j) => (j.state === 'running' && j.done > 0) || !jobUnderWay(j),
      'the worker to import',
    );
    child.kill('SIGKILL');
    expect(running).toMatchObject({ state: 'running', step: '正在导入', total: 19_000 });

    // A's runner finds the lease run out: the job is interrupted, not run again; its poll says so on any instance.
    a.app.jobs.startPolling();
    try {
      const job = await until(
        () => poll(onB, id),
        (j) => !jobUnderWay(j),
        'the interruption',
        30_000,
      );
      expect(job).toMatchObject({ id, state: 'interrupted', message: JOB_MSG.interrupted, result: null });
      expect(job.done).toBeGreaterThan(0);
      expect(job.percent).toBeLessThan(100);
      expect(await poll(await a.login('zyadmin'), id)).toEqual(job);
      // The dead worker's transaction went with it.
      expect(await count('killed')).toBe(0);
      const [row] = (
        (await own.database.db.execute(
          sql`select attempts, input is null as dropped, unique_key from jobs where ref = ${id}`,
        )) as unknown as { rows: { attempts: number; dropped: boolean; unique_key: string | null }[] }
      ).rows;
      expect(row).toEqual({ attempts: 2, dropped: true, unique_key: null });

      // Imported again, it goes through.
      const again = await upload(onB, t, await sheet(5));
      expect(again.statusCode, again.body).toBe(200);
      const done = await until(
        () => poll(onB, again.json().data.id),
        (j) => !jobUnderWay(j),
        'the new import',
      );
      expect(done).toMatchObject({ state: 'done', result: { count: 5 } });
      expect(await count('killed')).toBe(5);
    } finally {
      await a.app.jobs.stop();
    }
  }, 180_000);
});
