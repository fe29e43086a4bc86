/**
 * The demo diagnosis indicators (story/indicators.ts) as the demo seed installs them with the warehouse: found in the
 * algorithm tree in their five groups, and each run through the API for the school, a college and every one of the 40
 * majors, answering one number within the demo school's plausible bounds; a stored result keeps its lineage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../test/harness';
import { seedDatabase } from '.';
import { DEMO_DETAIL_ALGORITHMS } from './detail-algorithms';
import { allDemoIndicators, DEMO_INDICATORS } from './story/indicators';
import { academicYearOf, DEMO_SCHOOL, generateSchool } from './story/school-data';

const S = '/api/herm-sjgl';
const NOW = new Date();
const pad = (n: number) => String(n).padStart(2, '0');
const LAST = academicYearOf(`${NOW.getFullYear()}-${pad(NOW.getMonth() + 1)}-${pad(NOW.getDate())}`);
/** The last academic year that is over: its graduates, both terms' results and its internships are all there. */
const YEAR = LAST - 1;

let server: TestServer;
let dropDatabase: () => Promise<void>;
let admin: TestSession;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase('migrated');
  dropDatabase = drop;
  await database.migrate();
  await seedDatabase(database.db, { demo: true, warehouse: true, now: NOW });
  server = await startTestServer({ database });
  admin = await server.login('zyadmin');
}, 180_000);
afterAll(async () => {
  await server?.close();
  await server?.database.close();
  await dropDatabase?.();
});

const post = (url: string, payload: object) => admin.request({ method: 'POST', url: `${S}${url}`, payload });

interface TreeNode {
  zmc: string;
  children: TreeNode[];
  algorithms?: { id: number; sfmc: string; sflx: string; sfbb: number }[];
}

async function tree() {
  const res = await admin.request({ method: 'GET', url: `${S}/algorithmContent/selectTree` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TreeNode[];
}

describe('the demo indicators', () => {
  const school = generateSchool({ lastYear: LAST });
  const majors = school.dimensionObjects.filter((o) => o.typeCode === 'major').map((o) => o.code);

  it('are installed as value algorithms V1 in the five level groups', async () => {
    const groups = await tree();
    for (const g of DEMO_INDICATORS) {
      const node = groups.find((n) => n.zmc === g.name);
      expect(node, g.name).toBeDefined();
      expect(node!.algorithms!.map((a) => a.sfmc).sort()).toEqual(g.indicators.map((i) => i.name).sort());
      for (const a of node!.algorithms!) expect(a).toMatchObject({ sflx: 'value', sfbb: 1 });
    }
  });

  it("the detail algorithm 初次就业明细 lists a major's graduates of the year (the QCP panel's 明细数据)", async () => {
    const node = (await tree()).find((n) => n.zmc === DEMO_DETAIL_ALGORITHMS.name)!;
    const a = node.algorithms!.find((x) => x.sfmc === '初次就业明细')!;
    expect(a).toMatchObject({ sflx: 'detail', sfbb: 1 });
    const bbid = (await admin.request({ method: 'GET', url: `${S}/algorithmContent/selectById?id=${a.id}` })).json()
      .data.bbid as number;
    const res = await post('/algorithmContent/testByObject', { bbid, params: { objectId: majors[0]!, year: YEAR } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns.map((c: { name: string }) => c.name)).toEqual([
      '学号',
      '专业代码',
      '毕业去向',
      '单位性质',
      '月收入',
      '就业地区',
    ]);
    expect(data.rowCount).toBeGreaterThan(0);
    expect(data.rows.every((r: { 专业代码: string }) => r.专业代码 === majors[0])).toBe(true);
  });

  it('each gives one plausible number for the school, a college and every major', async () => {
    expect(majors).toHaveLength(40);
    const ids = new Map((await tree()).flatMap((n) => (n.algorithms ?? []).map((a) => [a.sfmc, a.id] as const)));
    const objects = [DEMO_SCHOOL.code, 'XY03', ...majors];
    const started = performance.now();
    let runs = 0;
    const outside: string[] = [];
    const schoolValues: string[] = [];
    for (const indicator of allDemoIndicators()) {
      const detail = await admin.request({
        method: 'GET',
        url: `${S}/algorithmContent/selectById?id=${ids.get(indicator.name)}`,
      });
      const bbid = detail.json().data.bbid as number;
      for (const objectId of objects) {
        const res = await post('/algorithmContent/testByObject', { bbid, params: { objectId, year: YEAR } });
        expect(res.statusCode, `${indicator.name} ${objectId}: ${res.body}`).toBe(200);
        const data = res.json().data;
        expect(data.rowCount).toBe(1);
        const value = data.value as number | null;
        expect(typeof value, `${indicator.name} ${objectId}`).toBe('number');
        const [lo, hi] = indicator.bounds;
        if (!(value! >= lo && value! <= hi)) outside.push(`${indicator.name} ${objectId} = ${value}`);
        if (objectId === DEMO_SCHOOL.code) schoolValues.push(`${indicator.name} ${value}${indicator.unit}`);
        runs++;
      }
    }
    console.info(`the school in ${YEAR}-${YEAR + 1}: ${schoolValues.join('；')}`);
    console.info(`${runs} indicator runs through the API in ${Math.round(performance.now() - started)} ms`);
    expect(outside).toEqual([]);
  }, 300_000);

  it('an unknown object gives no value (null), not an error', async () => {
    const ids = (await tree()).flatMap((n) => n.algorithms ?? []);
    const res = await post('/algorithmContent/testResult', {
      sfid: ids.find((a) => a.sfmc === '课程及格率')!.id,
      params: { objectId: 'ZY9999', year: YEAR },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rowCount: 1, value: null });
  });

  it('a stored result of an indicator records its lineage: version, parameters, tables read', async () => {
    const ids = (await tree()).flatMap((n) => n.algorithms ?? []);
    const sfid = ids.find((a) => a.sfmc === '生师比')!.id;
    const res = await post('/algorithmContent/testResult', {
      sfid,
      params: { objectId: DEMO_SCHOOL.code, year: YEAR },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { runId, value } = res.json().data;
    expect(value).toBeGreaterThan(5);
    const run = await admin.request({ method: 'GET', url: `${S}/algorithmRun/selectById?id=${runId}` });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({
      sfid,
      bbh: 1,
      params: { objectId: DEMO_SCHOOL.code, year: YEAR },
      value,
      tables: expect.arrayContaining(['jx_student', 'jx_teacher', 'jx_course_result', 'jx_course']),
    });
  });

  it('a batch (testResultBatch) gives each major the value a single run gives, records each, then answers from the cache', async () => {
    const ids = new Map((await tree()).flatMap((n) => (n.algorithms ?? []).map((a) => [a.sfmc, a.id] as const)));
    const started = performance.now();
    for (const indicator of allDemoIndicators()) {
      const sfid = ids.get(indicator.name)!;
      const res = await post('/algorithmContent/testResultBatch', { sfid, objectIds: majors, params: { year: YEAR } });
      expect(res.statusCode, `${indicator.name}: ${res.body}`).toBe(200);
      const { results } = res.json().data as {
        results: { objectId: string; value: number | null; runId: number; cached: boolean }[];
      };
      expect(results.map((r) => r.objectId)).toEqual(majors);
      for (const r of results) {
        expect(r.cached).toBe(false);
        expect(r.value, `${indicator.name} ${r.objectId}`).toBeGreaterThanOrEqual(indicator.bounds[0]);
        expect(r.value, `${indicator.name} ${r.objectId}`).toBeLessThanOrEqual(indicator.bounds[1]);
      }
      // The same as one object at a time, for two of them.
      for (const r of [results[0]!, results[27]!]) {
        const one = await post('/algorithmContent/testResult', { sfid, params: { objectId: r.objectId, year: YEAR } });
        expect(one.json().data, indicator.name).toMatchObject({ value: r.value, runId: r.runId, cached: true });
      }
    }
    console.info(
      `${allDemoIndicators().length} batches of ${majors.length} majors in ${Math.round(performance.now() - started)} ms`,
    );
    const sfid = ids.get('毕业率')!;
    const again = await post('/algorithmContent/testResultBatch', {
      sfid,
      objectIds: [majors[3], DEMO_SCHOOL.code, majors[3]],
      params: { year: YEAR },
    });
    expect(again.statusCode, again.body).toBe(200);
    const r = again.json().data.results as { objectId: string; cached: boolean; runId: number }[];
    expect(r.map((x) => [x.objectId, x.cached])).toEqual([
      [majors[3], true],
      [DEMO_SCHOOL.code, false],
      [majors[3], true],
    ]);
    const run = await admin.request({ method: 'GET', url: `${S}/algorithmRun/selectById?id=${r[1]!.runId}` });
    expect(run.json().data).toMatchObject({ sfid, params: { objectId: DEMO_SCHOOL.code, year: YEAR } });
  }, 300_000);

  it('a batch is refused with a Chinese message: no objects, too many, a missing parameter, an unknown algorithm', async () => {
    const ids = (await tree()).flatMap((n) => n.algorithms ?? []);
    const sfid = ids.find((a) => a.sfmc === '课程及格率')!.id;
    const none = await post('/algorithmContent/testResultBatch', { sfid, objectIds: [], params: { year: YEAR } });
    expect(none.statusCode).toBe(400);
    expect(none.json().meta.message).toContain('请选择 1 至 1000 个维度对象');
    const many = await post('/algorithmContent/testResultBatch', {
      sfid,
      objectIds: Array.from({ length: 1001 }, (_, i) => `ZY${i}`),
      params: { year: YEAR },
    });
    expect(many.statusCode).toBe(400);
    const noYear = await post('/algorithmContent/testResultBatch', { sfid, objectIds: majors, params: {} });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().meta.message).toBe('参数 :year 未提供');
    const unknown = await post('/algorithmContent/testResultBatch', { sfid: 999_999, objectIds: majors, params: {} });
    expect(unknown.statusCode).toBe(404);
  });
});
