import { ALGORITHM_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * Bounded runs (issue 28 item 3), through the routes with the default caps (5 000 rows, 5 MB): memory at will refused
 * by the checker, a result cut in bytes as well as in rows, and a batch that stops at its overall deadline with each
 * object's outcome and the objects it did not reach.
 */

const TIMEOUT_MS = 2000;
const DEADLINE_MS = 5000;
let s: TestServer;
let admin: TestSession;
let groupId: number;

const S = '/api/herm-sjgl';
const post = (url: string, payload: object) => admin.request({ method: 'POST', url: `${S}${url}`, payload });
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const runCount = async () =>
  rowsOf<{ n: number }>(await s.database.db.execute(sql`select count(*)::int as n from algorithm_runs`))[0]?.n;

beforeAll(async () => {
  s = await startTestServer({
    env: {
      ALGORITHM_TIMEOUT_MS: String(TIMEOUT_MS),
      ALGORITHM_BATCH_DEADLINE_MS: String(DEADLINE_MS),
      ALGORITHM_MAX_CONCURRENT: '2',
    },
  });
  admin = await s.login('zyadmin');
  // 1 000 rows of 100 kB each (md5 digests: text that does not compress), and a small table of majors.
  await s.database.db.execute(sql`
    create table warehouse.wide as
    select g as id, (select string_agg(md5((g * 10000 + k)::text), '') from generate_series(1, 3125) k) as v
    from generate_series(1, 1000) g`);
  await s.database.db.execute(sql`create table warehouse.majors (code varchar(20), n integer)`);
  await s.database.db.execute(sql`insert into warehouse.majors values ('a', 10), ('b', 20), ('c', 30), ('bad', 0)`);
  const group = await post('/algorithmGroup/insert', { zmc: '限额' });
  groupId = group.json().data.id;
});
afterAll(async () => {
  await s?.close();
});

describe('memory at will', () => {
  it('is refused by the checker before anything runs, when tested and when saved', async () => {
    const before = await runCount();
    for (const [text, message] of [
      ["select format('%100000000s', 'x')", M.formatWidth({ line: 1, column: 8 })],
      ["select rpad('x', 100000000)", M.functionForbidden('rpad', { line: 1, column: 8 })],
      [
        "select length(string_agg('xxxxxxxxxx', '')) from generate_series(1, 100000000)",
        M.accumulatesGenerated('string_agg()', 'generate_series()', { line: 1, column: 15 }),
      ],
    ] as const) {
      const tested = await post('/algorithmContent/testByObject', { sql: text, params: {} });
      expect(tested.statusCode, text).toBe(400);
      expect(tested.json().meta.message).toBe(message);
      const saved = await post('/algorithmContent/insert', {
        sfzid: groupId,
        sfmc: '分配内存',
        sflx: 'detail',
        sql: text,
      });
      expect(saved.statusCode, text).toBe(400);
      expect(saved.json().meta.message).toBe(message);
    }
    expect(await runCount()).toBe(before);
  });
});

describe('a result capped in bytes as well as rows', () => {
  it('answers 1 000 rows of 100 kB with about 5 MB: the first rows in order, cut, flagged, and said in Chinese', async () => {
    const res = await post('/algorithmContent/testByObject', {
      sql: 'select id, v from warehouse.wide order by id',
      params: {},
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // Not 100 MB: the rows PostgreSQL sent fit the cap (the keys and quotes of JSON add a little).
    expect(res.body.length).toBeLessThan(5_200_000);
    const data = res.json().data as {
      rows: { id: number; v: string }[];
      rowCount: number;
      truncated: boolean;
      note: string;
    };
    expect(data.truncated).toBe(true);
    expect(data.rowCount).toBeGreaterThan(40);
    expect(data.rowCount).toBeLessThan(50);
    expect(data.rows.map((r) => r.id)).toEqual(Array.from({ length: data.rowCount }, (_, i) => i + 1));
    expect(data.rows.every((r) => r.v.length === 100_000)).toBe(true);
    expect(data.note).toBe(M.truncatedBytes(5_000_000, data.rowCount));
    expect(data.note).toBe(`结果超过 5 MB 的上限，只返回了前 ${data.rowCount} 行`);
    // 5 000 of them (the probe's 500 and 1.4 GB worker): the same answer, nothing measured past the cap.
    const more = await post('/algorithmContent/testByObject', {
      sql: 'select w.id, w.v from warehouse.wide w, generate_series(1, 5) g',
      params: {},
    });
    expect(more.statusCode).toBe(200);
    expect(more.body.length).toBeLessThan(5_200_000);
    expect(more.json().data).toMatchObject({ truncated: true, rowCount: data.rowCount });
  });

  it('stores a cut result cut (a detail algorithm), and refuses a value whose one row is over the cap', async () => {
    const detail = await post('/algorithmContent/insert', {
      sfzid: groupId,
      sfmc: '宽表明细',
      sflx: 'detail',
      sql: 'select id, v from warehouse.wide order by id',
    });
    const stored = await post('/algorithmContent/testResult', { sfid: detail.json().data.id, params: {} });
    expect(stored.statusCode).toBe(200);
    expect(stored.body.length).toBeLessThan(5_200_000);
    expect(stored.json().data).toMatchObject({ truncated: true, cached: false });
    const [cached] = rowsOf<{ n: number }>(
      await s.database.db.execute(sql`select max(pg_column_size(result))::int as n from algorithm_result_cache`),
    );
    expect(cached?.n).toBeLessThan(5_200_000);

    const big = await post('/algorithmContent/testByObject', {
      sql: "select string_agg(v, '') as s from warehouse.wide where id <= 60",
      params: {},
      sflx: 'value',
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().meta.message).toBe(M.tooLarge(5_000_000));
  });

  it('cuts at the row cap first when the rows are small, and says so', async () => {
    const res = await post('/algorithmContent/testByObject', {
      sql: 'select g from generate_series(1, 6000) g',
      params: {},
    });
    expect(res.json().data).toMatchObject({ rowCount: 5000, truncated: true, note: M.truncatedRows(5000) });
    const whole = await post('/algorithmContent/testByObject', { sql: 'select 1 as n', params: {} });
    expect(whole.json().data).toMatchObject({ rowCount: 1, truncated: false, note: null });
  });
});

describe('a batch', () => {
  it('answers each object: computed, failed alone, timed out, or left at the overall deadline and named', async () => {
    // Objects named slow* run for hours (stopped by the timeout); 'bad' divides by zero; the others count a row.
    const created = await post('/algorithmContent/insert', {
      sfzid: groupId,
      sfmc: '专业人数（限时）',
      sflx: 'value',
      sql: `select case when :objectId = 'bad' then 1 / min(m.n) else sum(m.n) / count(*) end as value
        from warehouse.majors m, generate_series(1, case when :objectId like 'slow%' then 1000000000 else 1 end) g
        where m.code = :objectId or :objectId like 'slow%'`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const sfid = created.json().data.id as number;
    const objectIds = ['a', 'bad', 'slow1', 'slow2', 'slow3', 'b', 'c'];
    const started = Date.now();
    const res = await post('/algorithmContent/testResultBatch', { sfid, objectIds, params: {} });
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      results: {
        objectId: string;
        status: string;
        value: number | null;
        runId: number | null;
        message: string | null;
      }[];
      notReached: string[];
      message: string | null;
    };
    // Two objects at their timeout, the third cut by the deadline: the request held its run slot about 5 s, not 7 × 2 s.
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(took).toBeLessThan(DEADLINE_MS + 2500);
    expect(data.results.map((r) => [r.objectId, r.status])).toEqual([
      ['a', 'ok'],
      ['bad', 'error'],
      ['slow1', 'timeout'],
      ['slow2', 'timeout'],
      ['slow3', 'notReached'],
      ['b', 'notReached'],
      ['c', 'notReached'],
    ]);
    const [a, bad, slow1, , slow3] = data.results;
    expect(a).toMatchObject({ value: 10, message: null });
    expect(a?.runId).toBeGreaterThan(0);
    expect(bad).toMatchObject({ value: null, runId: null, message: 'SQL 执行出错：除数为零' });
    expect(slow1).toMatchObject({ runId: null, message: M.timeout(TIMEOUT_MS / 1000) });
    expect(slow3?.message).toBe(M.notReached(DEADLINE_MS / 1000));
    expect(data.notReached).toEqual(['slow3', 'b', 'c']);
    expect(data.message).toBe(M.batchDeadline(DEADLINE_MS / 1000, 3));

    // The slot is free again, and the objects left are computed when asked again; the computed one from the cache.
    const rest = await post('/algorithmContent/testResultBatch', { sfid, objectIds: ['b', 'c', 'a'], params: {} });
    expect(rest.json().data.results).toMatchObject([
      { objectId: 'b', status: 'ok', value: 20, cached: false },
      { objectId: 'c', status: 'ok', value: 30, cached: false },
      { objectId: 'a', status: 'ok', value: 10, cached: true, runId: a?.runId },
    ]);
    expect(rest.json().data).toMatchObject({ notReached: [], message: null });
  });

  it('refuses more than the documented 1 000 objects with a clear message', async () => {
    const created = await post('/algorithmContent/insert', {
      sfzid: groupId,
      sfmc: '专业人数',
      sflx: 'value',
      sql: 'select sum(n) from warehouse.majors where code = :objectId',
    });
    const res = await post('/algorithmContent/testResultBatch', {
      sfid: created.json().data.id,
      objectIds: Array.from({ length: 1001 }, (_, i) => `m${i}`),
      params: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.message).toContain(M.batchObjects);
    expect(M.batchObjects).toBe('请选择 1 至 1000 个维度对象');
  });
});
