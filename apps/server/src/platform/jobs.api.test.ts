import { JOB_KEEP_DAYS, JOB_MSG } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { type Actor, actorOfSession } from './access';
import { AppError } from './errors';
import { type JobContext, JobFailed, JobRunner } from './jobs';
import { userGrants } from './session';
import { presentJob, readJob } from './tracked-jobs';

let s: TestServer;
let owner: Actor;
let other: Actor;
let admin: Actor;
beforeAll(async () => {
  s = await startTestServer();
  const actor = async (id: string) => actorOfSession((await userGrants(s.database.db, id))!);
  owner = await actor('sjgl01');
  other = await actor('fbr01');
  admin = await actor('zyadmin');
});
afterAll(async () => {
  await s?.close();
});

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await s.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const read = (actor: Actor, ref: string, kind: string) => readJob(s.database.db, actor, ref, kind);

describe('tracked jobs (platform/jobs.ts)', () => {
  it('show their progress while they run, then their result, to their owner and administrators only', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let seen: JobContext | null = null;
    s.app.jobs.register('test.count', async (payload: { to: number }, ctx) => {
      seen = ctx;
      ctx.progress({ step: '正在数', total: payload.to, done: 0 });
      ctx.progress({ done: 3 });
      await gate;
      ctx.progress({ done: payload.to });
      return { result: { counted: payload.to }, message: `数到${payload.to}` };
    });
    const ref = await s.app.jobs.start('test.count', { owner, payload: { to: 10 }, input: Buffer.from('字节') });
    expect(presentJob(await read(owner, ref, 'test.count'))).toEqual({
      id: ref,
      state: 'queued',
      step: null,
      done: 0,
      total: null,
      percent: 0,
      message: null,
      result: null,
      report: null,
    });
    const run = s.app.jobs.drain();
    let running = presentJob(await read(owner, ref, 'test.count'));
    for (let i = 0; i < 200 && running.done !== 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
      running = presentJob(await read(owner, ref, 'test.count'));
    }
    expect(running).toMatchObject({ state: 'running', step: '正在数', done: 3, total: 10, percent: 30 });
    expect(seen!.ownerId).toBe('sjgl01');
    expect((await seen!.input())?.toString()).toBe('字节');
    expect((await seen!.actor()).userId).toBe('sjgl01');
    release();
    await run;
    const done = presentJob(await read(owner, ref, 'test.count'));
    expect(done).toEqual({
      id: ref,
      state: 'done',
      step: '正在数',
      done: 10,
      total: 10,
      percent: 100,
      message: '数到10',
      result: { counted: 10 },
      report: null,
    });
    expect(presentJob(await read(admin, ref, 'test.count'))).toEqual(done);
    // Another user, another kind, an unknown or malformed id: not found alike.
    for (const [actor, id, kind] of [
      [other, ref, 'test.count'],
      [owner, ref, 'test.other'],
      [owner, '00000000-0000-4000-8000-000000000000', 'test.count'],
      [owner, 'nothing', 'test.count'],
    ] as const)
      await expect(read(actor, id, kind)).rejects.toMatchObject({ status: 404, message: JOB_MSG.notFound });
    // The input went with the end.
    expect(await rows(sql`select input from jobs where ref = ${ref}`)).toEqual([{ input: null }]);
  });

  it('end failed with the message and report a handler gives, or, after its attempts, with a plain message', async () => {
    s.app.jobs.register('test.refuse', async () => {
      throw new JobFailed('第3行不对', { rows: [3] });
    });
    s.app.jobs.register('test.refuse-app', async () => {
      throw new AppError(409, '已存在');
    });
    let runs = 0;
    s.app.jobs.register('test.crash', async (_p, ctx) => {
      runs++;
      ctx.progress({ done: 1, total: 2, step: '处理中' });
      throw new Error(`boom ${ctx.attempt}`);
    });
    const refused = await s.app.jobs.start('test.refuse', { owner, payload: {}, maxAttempts: 3 });
    const refusedApp = await s.app.jobs.start('test.refuse-app', { owner, payload: {} });
    const crashed = await s.app.jobs.start('test.crash', { owner, payload: {}, maxAttempts: 2 });
    await s.app.jobs.drain();
    expect(presentJob(await read(owner, refused, 'test.refuse'))).toMatchObject({
      state: 'failed',
      message: '第3行不对',
      report: { rows: [3] },
    });
    expect(presentJob(await read(owner, refusedApp, 'test.refuse-app'))).toMatchObject({
      state: 'failed',
      message: '已存在',
    });
    // The crash is retried after a back-off: still under way, waiting.
    expect((await read(owner, crashed, 'test.crash')).state).toBe('queued');
    await s.database.db.execute(sql`update jobs set run_at = now() where ref = ${crashed}`);
    await s.app.jobs.drain();
    expect(runs).toBe(2);
    expect(presentJob(await read(owner, crashed, 'test.crash'))).toMatchObject({
      state: 'failed',
      message: JOB_MSG.failed,
      done: 1,
      total: 2,
      percent: 50,
    });
    expect(
      await rows(sql`select ref::text, attempts, last_error from jobs where kind like 'test.re%' or kind = 'test.crash'
        order by id`),
    ).toEqual([
      { ref: refused, attempts: 1, last_error: '第3行不对' },
      { ref: refusedApp, attempts: 1, last_error: '已存在' },
      { ref: crashed, attempts: 2, last_error: 'boom 2' },
    ]);
  });

  it('one unfinished job per exclusive key; a disabled owner fails the job', async () => {
    s.app.jobs.register('test.as-owner', async (_p, ctx) => ({ result: (await ctx.actor()).userId }));
    const key = { key: 'sjgl01', message: '已有一个在进行' };
    const first = await s.app.jobs.start('test.as-owner', { owner, payload: {}, exclusive: key });
    await expect(s.app.jobs.start('test.as-owner', { owner, payload: {}, exclusive: key })).rejects.toMatchObject({
      status: 409,
      message: '已有一个在进行',
    });
    await s.database.db.execute(sql`update users set enabled = false where id = 'sjgl01'`);
    try {
      await s.app.jobs.drain();
    } finally {
      await s.database.db.execute(sql`update users set enabled = true where id = 'sjgl01'`);
    }
    expect(presentJob(await read(owner, first, 'test.as-owner'))).toMatchObject({
      state: 'failed',
      message: JOB_MSG.ownerDisabled,
    });
    const second = await s.app.jobs.start('test.as-owner', { owner, payload: {}, exclusive: key });
    await s.app.jobs.drain();
    expect(presentJob(await read(owner, second, 'test.as-owner'))).toMatchObject({ state: 'done', result: 'sjgl01' });
  });

  it("a job whose worker's lease ran out is run again when its kind allows it, else marked interrupted", async () => {
    const ran: string[] = [];
    s.app.jobs.register('test.again', async (p: { n: string }) => {
      ran.push(p.n);
    });
    s.app.jobs.register(
      'test.once',
      async (p: { n: string }) => {
        ran.push(p.n);
      },
      { whenLost: 'interrupt' },
    );
    // As a worker that died after claiming them leaves them: running, with a lease in the past.
    const lost = async (kind: string, n: string, attempts: number, maxAttempts: number) =>
      (
        await rows<{
          id: number;
        }>(sql`insert into jobs (kind, payload, status, attempts, max_attempts, locked_until, ref, owner_id)
          values (${kind}, ${JSON.stringify({ n })}::jsonb, 'running', ${attempts}, ${maxAttempts},
            now() - interval '1 second', gen_random_uuid(), 'sjgl01') returning id`)
      )[0]!.id;
    const again = await lost('test.again', 'again', 1, 3);
    const spent = await lost('test.again', 'spent', 1, 1);
    const once = await lost('test.once', 'once', 1, 3);
    // A lease still running is left alone.
    await s.database.db.execute(sql`insert into jobs (kind, payload, status, attempts, locked_until)
      values ('test.again', '{"n":"alive"}', 'running', 1, now() + interval '1 minute')`);
    await s.app.jobs.drain();
    expect(ran).toEqual(['again']);
    expect(
      await rows(
        sql`select id, status, attempts, message from jobs where id in (${again}, ${spent}, ${once}) order by id`,
      ),
    ).toEqual([
      { id: again, status: 'done', attempts: 2, message: null },
      { id: spent, status: 'interrupted', attempts: 2, message: JOB_MSG.interrupted },
      { id: once, status: 'interrupted', attempts: 2, message: JOB_MSG.interrupted },
    ]);
  });

  it('a job whose outcome cannot be written (the database went away) ends its run without a rejection', async () => {
    // The database stops answering as the handler fails: the 'failed' outcome does not reach the row. The run must
    // still end quietly (an unhandled rejection would end the process before the embedded server's one-line message).
    let down = false;
    const db = new Proxy(s.database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'execute') return value;
        return (...args: unknown[]) => {
          if (!down) return (value as (...a: unknown[]) => unknown).apply(target, args);
          down = false;
          return Promise.reject(new Error('Connection terminated'));
        };
      },
    });
    const runner = new JobRunner(db, s.app.log, { pollMs: 60_000, lockSeconds: 30 });
    runner.register('test.db-gone', async () => {
      down = true;
      throw new Error('boom');
    });
    const ref = await runner.start('test.db-gone', { owner, payload: {} });
    await expect(runner.drain()).resolves.toBeUndefined();
    expect(down).toBe(false);
    // The row keeps its lease: when it runs out, a claim retries or interrupts it, as for a worker that died.
    expect(await rows(sql`select status, attempts from jobs where ref = ${ref}`)).toEqual([
      { status: 'running', attempts: 1 },
    ]);
    await runner.stop();
  });

  it('runs a quick job beside a long one, and removes finished jobs after the days they are kept', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    s.app.jobs.register('test.long', async () => {
      await gate;
    });
    s.app.jobs.register('test.quick', async () => ({ result: 1 }));
    const long = await s.app.jobs.start('test.long', { owner, payload: {} });
    s.app.jobs.startPolling();
    try {
      const quick = await s.app.jobs.start('test.quick', { owner, payload: {} });
      let state = '';
      for (let i = 0; i < 200 && state !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        state = (await read(owner, quick, 'test.quick')).state;
      }
      expect(state).toBe('done');
      expect((await read(owner, long, 'test.long')).state).toBe('running');
      release();
    } finally {
      await s.app.jobs.stop();
    }
    expect((await read(owner, long, 'test.long')).state).toBe('done');

    await s.database.db.execute(sql`update jobs set finished_at = now() - make_interval(days => ${JOB_KEEP_DAYS + 1})
      where ref = ${long}`);
    await s.database.db.execute(sql`insert into jobs (kind, payload) values ('platform.jobs.purge', '{}')`);
    await s.app.jobs.drain();
    await expect(read(owner, long, 'test.long')).rejects.toMatchObject({ status: 404 });
    expect(await rows(sql`select count(*)::int as n from jobs where kind = 'test.quick'`)).toEqual([{ n: 1 }]);
  });
});
