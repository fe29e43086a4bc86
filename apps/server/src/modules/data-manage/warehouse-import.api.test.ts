import { jobUnderWay, DATA_MANAGE_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';

let s: TestServer;
let admin: TestSession;
let office: TestSession;
beforeAll(async () => {
  // Jobs run as in production: the instance that starts an import looks for it at once.
  s = await startTestServer({ startJobs: true });
  admin = await s.login('zyadmin');
  office = await s.login('sjgl01');
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });
const upload = (me: TestSession, url: string, content: Buffer, name = 'data.xlsx') =>
  me.request({ method: 'POST', url: `${S}${url}`, ...multipartBody({}, { name, content }) });

async function xlsx(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
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
    (await s.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier('warehouse')}.${sql.identifier(table)}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

/** Polls the job until it ends, keeping every answer seen. */
async function follow(me: TestSession, id: string) {
  const seen: { state: string; percent: number; done: number; total: number | null }[] = [];
  for (let i = 0; i < 600; i++) {
    const res = await get(me, `/ckb/getFutureTaskResult?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data;
    seen.push(job);
    if (!jobUnderWay(job)) return { job, seen };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the import job did not end');
}

describe('a data import as a background job (drsj/task, getFutureTaskResult)', () => {
  it('answers a job id at once, reports progress up to 100 and the rows imported', async () => {
    const t = await createdTable(office, 'job_rows');
    const rows: (string | number)[][] = [['序号', '值']];
    for (let i = 1; i <= 5000; i++) rows.push([i, `值${i}`]);
    const started = await upload(office, `/ckb/drsj/task?id=${t}`, await xlsx(rows));
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().data.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const { job, seen } = await follow(office, id);
    expect(job).toEqual({
      id,
      state: 'done',
      step: '正在导入',
      percent: 100,
      done: 5000,
      total: 5000,
      result: { count: 5000 },
      message: M.imported(5000),
      report: null,
    });
    // The percentages only grow, and none is 100 before the end.
    const percents = seen.map((j) => j.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(percents.slice(0, -1).every((p) => p < 100)).toBe(true);
    expect(await count('job_rows')).toBe(5000);
    // An administrator may read anyone's job.
    expect((await get(admin, `/ckb/getFutureTaskResult?id=${id}`)).json().data).toEqual(job);
  });

  it('keeps the row-by-row report of a refused import, imports nothing, and shows the job to its starter only', async () => {
    const t = await createdTable(admin, 'job_bad');
    const started = await upload(
      admin,
      `/ckb/drsj/task?id=${t}`,
      await xlsx([
        ['序号', '值'],
        [1, '甲'],
        ['x', '乙'],
        [1, '丙'],
        [4, '一二三四五六七八九十十一'],
      ]),
    );
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().data.id as string;
    const { job } = await follow(admin, id);
    expect(job.state).toBe('failed');
    expect(job.result).toBeNull();
    expect(job.report.errorCount).toBe(3);
    expect(job.message).toContain('导入失败，共3处错误，未导入任何数据：');
    expect(job.report.errors).toEqual([
      { row: 3, column: '序号', reason: '应为整数', value: 'x' },
      { row: 4, column: '序号', reason: '与第2行重复（该字段要求唯一）', value: '1' },
      { row: 5, column: '值', reason: '不能超过10个字符', value: '一二三四五六七八九十十一' },
    ]);
    expect(await count('job_bad')).toBe(0);

    // Another keeper of the warehouse cannot read it; an unknown id is not found either.
    const other = await get(office, `/ckb/getFutureTaskResult?id=${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().meta.message).toBe(M.importJobNotFound);
    expect((await get(admin, '/ckb/getFutureTaskResult?id=nothing')).statusCode).toBe(404);
    // A reader of the warehouse may not start or read jobs.
    const reader = await s.login('zgfb01');
    expect(
      (
        await upload(
          reader,
          `/ckb/drsj/task?id=${t}`,
          await xlsx([
            ['序号', '值'],
            [1, '甲'],
          ]),
        )
      ).statusCode,
    ).toBe(403);
    expect((await get(reader, `/ckb/getFutureTaskResult?id=${id}`)).statusCode).toBe(403);
  });

  it('refuses before starting: a table not created, a file that is not Excel; a file with a bad header fails the job', async () => {
    const ck = (await post(admin, '/ck/insert', { ckmc: '未建仓库' })).json().data.id as number;
    const plain = (await post(admin, '/ckb/insert', { ckid: ck, bm: 'job_plain', bzwm: '未建' })).json().data
      .id as number;
    await post(admin, '/ckbzd/insert', { ckbid: plain, zdm: 'a', zdzwm: '甲', zdlx: 'text' });
    const notCreated = await upload(admin, `/ckb/drsj/task?id=${plain}`, await xlsx([['甲'], ['1']]));
    expect(notCreated.statusCode).toBe(409);
    expect(notCreated.json().meta.message).toBe(M.notPhysical('job_plain'));

    const t = await createdTable(admin, 'job_header');
    const csv = await upload(admin, `/ckb/drsj/task?id=${t}`, Buffer.from('a,b'), 'data.csv');
    expect(csv.statusCode).toBe(415);

    const started = await upload(
      admin,
      `/ckb/drsj/task?id=${t}`,
      await xlsx([
        ['序号', '名字'],
        [1, '甲'],
      ]),
    );
    const { job } = await follow(admin, started.json().data.id);
    expect(job.state).toBe('failed');
    expect(job.report.errors).toEqual([{ row: 1, column: '第2列', reason: '表头应为“值”', value: '名字' }]);
  });
});
