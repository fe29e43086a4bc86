import { ALGORITHM_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import {
  AlgorithmRunner,
  createAlgorithmRunner,
  resolveCalRule,
  resolveCalRules,
  runLineage,
  runLineages,
} from './index';

/**
 * The module's public surface for other modules (issue 29 item 4; issue 30 items 5 and 6): the instance's runner
 * (`app.algorithms`) computing many objects without a user, each with its outcome and lineage run; calRules resolved
 * without a user; 数据来源 of a run without a user check.
 */

let s: TestServer;
let admin: TestSession;
let groupId: number;
const S = '/api/herm-sjgl';
const post = (url: string, payload: object) => admin.request({ method: 'POST', url: `${S}${url}`, payload });
const db = () => s.database.db;

async function algorithm(name: string, text: string, sflx = 'value') {
  const res = await post('/algorithmContent/insert', { sfzid: groupId, sfmc: name, sflx, sql: text, bbsm: '初版' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; bbid: number };
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? { status: e.status, message: e.message } : e),
  );

/** Counts a major's students of a year; objects named slow* run for hours (the timeout stops them). */
const STUDENTS = `-- 学生数
select count(*) as value from warehouse.students s,
  generate_series(1, case when :objectId like 'slow%' then 1000000000 else 1 end) g
where (s.major = :objectId or :objectId like 'slow%') and s.year = :year`;

beforeAll(async () => {
  s = await startTestServer({ env: { ALGORITHM_MAX_CONCURRENT: '3' } });
  admin = await s.login('zyadmin');
  await db().execute(sql`create table warehouse.students (id integer, major varchar(20), year integer)`);
  await db().execute(sql`
    insert into warehouse.students
    select g, 'm0' || (g % 3), 2025 from generate_series(1, 30) g`);
  groupId = (await post('/algorithmGroup/insert', { zmc: '对外' })).json().data.id;
});
afterAll(async () => {
  await s?.close();
});

describe('the runner of an instance (app.algorithms)', () => {
  it('is the one the routes use: its gate is the instance gate, and a background call may wait for a slot', async () => {
    const runner = s.app.algorithms;
    expect(runner).toBeInstanceOf(AlgorithmRunner);
    expect(runner.gate.max).toBe(3);
    const { bbid } = await algorithm('等待名额', 'select count(*) from warehouse.students where major = :objectId');
    for (let i = 0; i < 3; i++) expect(await runner.gate.enter()).toBe(true);
    try {
      const busy = await post('/algorithmContent/testByObject', { bbid, params: { objectId: 'm01' } });
      expect(busy.statusCode).toBe(429);
      expect(busy.json().meta.message).toBe(M.busy);
      expect(await refusal(runner.computeMany({ versionId: bbid, objectIds: ['m01'], runBy: null }))).toEqual({
        status: 429,
        message: M.busy,
      });
      // A background computation waits: a slot freed 300 ms later is taken over.
      setTimeout(() => runner.gate.leave(), 300);
      const waited = await runner.computeMany({
        versionId: bbid,
        objectIds: ['m01'],
        runBy: null,
        waitForSlotMs: 5000,
      });
      expect(waited.results).toMatchObject([{ objectId: 'm01', status: 'ok', value: 10 }]);
    } finally {
      runner.gate.leave();
      runner.gate.leave();
    }
    // Every slot is free again.
    for (let i = 0; i < 3; i++) expect(await runner.gate.enter()).toBe(true);
    for (let i = 0; i < 3; i++) runner.gate.leave();
  });

  it('computes many objects without a user: a value and a lineage run each, as one at a time does, then cached', async () => {
    const { bbid } = await algorithm('专业学生数', STUDENTS);
    const runner = s.app.algorithms;
    const out = await runner.computeMany({
      versionId: bbid,
      objectIds: ['m00', 'm01', 'm02', 'none', 'm01'],
      params: { year: 2025 },
      runBy: null,
    });
    expect(out.results.map((r) => [r.objectId, r.status, r.value, r.cached])).toEqual([
      ['m00', 'ok', 10, false],
      ['m01', 'ok', 10, false],
      ['m02', 'ok', 10, false],
      ['none', 'ok', 0, false],
      ['m01', 'ok', 10, false],
    ]);
    expect(out).toMatchObject({ notReached: [], message: null });
    const runIds = out.results.map((r) => r.runId as number);
    expect(new Set(runIds).size).toBe(4);
    // Each run is the object's lineage: no user ran it.
    const lineage = await runLineage(db(), runIds[1] as number);
    expect(lineage).toMatchObject({
      runId: runIds[1],
      sfmc: '专业学生数',
      sflx: 'value',
      bbid,
      bbh: 1,
      sql: STUDENTS,
      params: { objectId: 'm01', year: 2025 },
      value: 10,
      rows: 1,
      tables: ['students'],
      sjyid: null,
      sjymc: null,
      zxrid: null,
      zxr: null,
    });
    // One at a time (computeOne, as 计算结果 does) answers the same value, from the cache of the batch.
    const one = await runner.computeOne(
      { id: bbid, sql: STUDENTS, dataSourceId: null, kind: 'value' },
      { objectId: 'm02', year: 2025 },
      'zyadmin',
    );
    expect(one).toMatchObject({ value: 10, cached: true, runId: runIds[2] });
    const again = await runner.computeMany({
      versionId: bbid,
      objectIds: ['m00'],
      params: { year: 2025 },
      runBy: null,
    });
    expect(again.results).toMatchObject([{ status: 'ok', value: 10, cached: true, runId: runIds[0] }]);
  });

  it("answers a failing or timed-out object as that object's, in Chinese, and computes the others", async () => {
    const { bbid } = await algorithm(
      '会失败',
      STUDENTS.replace('count(*) as value', "count(*) / (case when :objectId = 'bad' then 0 else 1 end) as value"),
    );
    // A runner of its own with a short timeout (what a deployment sets with ALGORITHM_TIMEOUT_MS).
    const quick = createAlgorithmRunner(db(), { ...s.app.config, ALGORITHM_TIMEOUT_MS: 1000 });
    const out = await quick.computeMany({
      versionId: bbid,
      objectIds: ['m00', 'bad', 'slow', 'm01'],
      params: { year: 2025 },
      runBy: 'zyadmin',
    });
    expect(out.results).toMatchObject([
      { objectId: 'm00', status: 'ok', value: 10, message: null },
      { objectId: 'bad', status: 'error', value: null, runId: null, message: 'SQL 执行出错：除数为零' },
      { objectId: 'slow', status: 'timeout', value: null, runId: null, message: M.timeout(1) },
      { objectId: 'm01', status: 'ok', value: 10, message: null },
    ]);
    // Those computed were recorded for the one who asked.
    expect(await runLineage(db(), out.results[3]?.runId as number)).toMatchObject({ zxrid: 'zyadmin' });
  });

  it('stops at the deadline the caller asks for (never later than the setting) and names the objects left', async () => {
    const { bbid } = await algorithm('限时', STUDENTS);
    const quick = createAlgorithmRunner(db(), { ...s.app.config, ALGORITHM_TIMEOUT_MS: 1000 });
    const started = Date.now();
    const out = await quick.computeMany({
      versionId: bbid,
      objectIds: ['m00', 'slow1', 'm01', 'm02'],
      params: { year: 2025 },
      runBy: null,
      deadlineMs: 600,
    });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(out.results.map((r) => r.status)).toEqual(['ok', 'notReached', 'notReached', 'notReached']);
    expect(out.notReached).toEqual(['slow1', 'm01', 'm02']);
    expect(out.message).toBe(M.batchDeadline(0.6, 3));
    // A longer deadline than the setting's is the setting's.
    const capped = createAlgorithmRunner(db(), {
      ...s.app.config,
      ALGORITHM_TIMEOUT_MS: 1000,
      ALGORITHM_BATCH_DEADLINE_MS: 700,
    });
    const late = await capped.computeMany({
      versionId: bbid,
      objectIds: ['slow1', 'm01'],
      params: { year: 2025 },
      runBy: null,
      deadlineMs: 60_000,
    });
    expect(late.notReached).toEqual(['slow1', 'm01']);
  });

  it('refuses as a whole what no object causes, in Chinese', async () => {
    const runner = s.app.algorithms;
    const { bbid } = await algorithm('按专业', STUDENTS);
    const detail = await algorithm('明细', 'select * from warehouse.students where major = :objectId', 'detail');
    const plain = await algorithm('全校', 'select count(*) from warehouse.students');
    const ask = (versionId: number, objectIds: string[], params = { year: 2025 }) =>
      refusal(runner.computeMany({ versionId, objectIds, params, runBy: null }));
    expect(await ask(999_999, ['m00'])).toEqual({ status: 404, message: M.versionNotFound });
    expect(await ask(detail.bbid, ['m00'])).toEqual({ status: 400, message: M.batchValueOnly });
    expect(await ask(plain.bbid, ['m00'])).toEqual({ status: 400, message: M.batchNoObject });
    expect(await ask(bbid, [])).toEqual({ status: 400, message: M.batchObjects });
    expect(
      await ask(
        bbid,
        Array.from({ length: 1001 }, (_, i) => `m${i}`),
      ),
    ).toEqual({
      status: 400,
      message: M.batchObjects,
    });
    expect(await ask(bbid, ['m00'], {} as { year: number })).toEqual({ status: 400, message: M.paramMissing('year') });
  });
});

describe('calRules resolved without a user', () => {
  it('answers the version, its SQL, its algorithm and what the text uses; a gone version is absent', async () => {
    const created = await algorithm('规则', STUDENTS);
    const rule = await resolveCalRule(db(), created.bbid);
    expect(rule).toMatchObject({
      versionId: created.bbid,
      algorithmId: created.id,
      name: '规则',
      kind: 'value',
      number: 1,
      current: true,
      sql: STUDENTS,
      dataSourceId: null,
      params: ['objectId', 'year'],
      tables: ['students'],
      refused: null,
    });
    expect(rule?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await resolveCalRule(db(), 999_999)).toBeNull();
    const many = await resolveCalRules(db(), [created.bbid, 999_999, created.bbid]);
    expect([...many.keys()]).toEqual([created.bbid]);
    // A text the checker refuses now (its rules tightened after it was saved) says why.
    await db().execute(
      sql`update algorithm_versions set sql = ${"select format('%9999s', 'x')"} where id = ${created.bbid}`,
    );
    expect((await resolveCalRule(db(), created.bbid))?.refused).toBe(M.formatWidth({ line: 1, column: 8 }));
  });
});

describe('数据来源 of a run, without a user check', () => {
  it('answers the algorithm and version, the SQL, the parameters, who ran it and when, and the tables read', async () => {
    const created = await algorithm('来源', STUDENTS);
    const stored = await post('/algorithmContent/testResult', {
      sfid: created.id,
      params: { objectId: 'm00', year: 2025 },
    });
    const runId = stored.json().data.runId as number;
    const lineage = await runLineage(db(), runId);
    expect(lineage).toMatchObject({
      runId,
      sfid: created.id,
      sfmc: '来源',
      bbh: 1,
      sql: STUDENTS,
      params: { objectId: 'm00', year: 2025 },
      tables: ['students'],
      value: 10,
      zxrid: 'zyadmin',
    });
    expect(lineage?.zxr).toBeTruthy();
    expect(Number.isNaN(Date.parse(lineage?.zxsj ?? ''))).toBe(false);
    expect(await runLineage(db(), 999_999)).toBeNull();
    expect([...(await runLineages(db(), [runId, 999_999])).keys()]).toEqual([runId]);
  });
});
