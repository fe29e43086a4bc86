import net from 'node:net';
import { DATASOURCE_MSG, ALGORITHM_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExternalDatabase, openExternalDatabase } from '../../test/external-database';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { openDataSource } from '../data-manage';
import { failureMessage } from './algorithm.rules';
import { RunFailure, runOnDataSource } from './algorithm-run.repository';
import { runLineage } from './index';

/**
 * Algorithms on a data source (issue 18 item 3, "on a data source the same rules apply, there"): the data source is
 * a database of its own on the harness's PostgreSQL server (never the application's database, which a source may not
 * name; the server is allowed by DATASOURCE_ALLOWED_HOSTS), reached over the network like any other, its schema
 * `ext_src` made here.
 */

const TIMEOUT_MS = 1500;
let s: TestServer;
let admin: TestSession;
let sourceId: number;
let groupId: number;
let target: { host: string; port: number; database: string; user: string; password: string };
let ext: ExternalDatabase;
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

const S = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload?: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, ...(payload ? { payload } : {}) });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const test = (sqlText: string, sjyid: number | null, params: object = {}, sflx?: string) =>
  post(admin, '/algorithmContent/testByObject', { sql: sqlText, sjyid, params, ...(sflx ? { sflx } : {}) });

async function createSource(body: Record<string, unknown>) {
  const res = await post(admin, '/datasource/insert', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function createAlgorithm(name: string, text: string, sjyid: number | null, sflx = 'value') {
  const res = await post(admin, '/algorithmContent/insert', { sfzid: groupId, sfmc: name, sflx, sql: text, sjyid });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; bbid: number; sjyid: number | null };
}

const scores = async () =>
  (await ext.query('select count(*)::int as n, coalesce(sum(n), 0)::int as sum from ext_src.scores')).rows[0];

beforeAll(async () => {
  // The "external" database: one of its own on the test run's server, reached through a data source like any other.
  ext = await openExternalDatabase();
  target = ext.target;
  s = await startTestServer({
    env: {
      ALGORITHM_TIMEOUT_MS: String(TIMEOUT_MS),
      ALGORITHM_ROW_CAP: '50',
      DATASOURCE_ALLOWED_HOSTS: `${target.host}, 127.0.0.1`,
    },
  });
  admin = await s.login('zyadmin');
  await ext.query('create schema ext_src');
  await ext.query('create table ext_src.scores (major varchar(20), n integer, taken date)');
  await ext.query('create sequence ext_src.seq');
  await ext.query(`
    insert into ext_src.scores select case when g % 2 = 0 then 'm01' else 'm02' end, g, date '2024-09-01' + g
    from generate_series(1, 40) g`);
  sourceId = await createSource({ name: '外部成绩库', ...target, schema: 'ext_src' });
  const g = await post(admin, '/algorithmGroup/insert', { zmc: '外部数据源指标' });
  expect(g.statusCode, g.body).toBe(200);
  groupId = g.json().data.id;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
  await s?.close();
  await ext?.drop();
});

describe('an algorithm on a data source', () => {
  it('computes its value there, with bound parameters, uncached, its lineage naming the source', async () => {
    const a = await createAlgorithm(
      '外部成绩合计',
      'select sum(n) as total from scores where major = :objectId',
      sourceId,
    );
    expect(a.sjyid).toBe(sourceId);
    const versions = (await get(admin, `/algorithmVersion/selectList?sfid=${a.id}`)).json().data;
    expect(versions[0]).toMatchObject({ sjyid: sourceId, sfdq: true });

    const first = await post(admin, '/algorithmContent/testResult', { sfid: a.id, params: { objectId: 'm01' } });
    expect(first.statusCode, first.body).toBe(200);
    // 2 + 4 + ... + 40
    expect(first.json().data).toMatchObject({ value: 420, cached: false, rowCount: 1 });
    const run = (await get(admin, `/algorithmRun/selectById?id=${first.json().data.runId}`)).json().data;
    expect(run).toMatchObject({ sjyid: sourceId, tables: ['scores'], params: { objectId: 'm01' }, value: 420 });

    // Not cached: we cannot hear the source's changes, so a change there is seen at once.
    await ext.query(`insert into ext_src.scores values ('m01', 1000, null)`);
    const second = await post(admin, '/algorithmContent/testResult', { sfid: a.id, params: { objectId: 'm01' } });
    expect(second.json().data).toMatchObject({ value: 1420, cached: false });
    expect(second.json().data.runId).not.toBe(first.json().data.runId);
    await ext.query('delete from ext_src.scores where n = 1000');

    // The schema written out, a CTE, dates as text and numerics as numbers, the row cap: as on the warehouse.
    const qualified = await test(
      `with m as (select major, n, taken from ext_src.scores) select major, count(*) as k, min(taken) as first
       from m group by major order by major`,
      sourceId,
    );
    expect(qualified.statusCode, qualified.body).toBe(200);
    expect(qualified.json().data.rows).toEqual([
      { major: 'm01', k: 20, first: '2024-09-03' },
      { major: 'm02', k: 20, first: '2024-09-02' },
    ]);
    const capped = await test('select n from scores', sourceId);
    expect(capped.json().data).toMatchObject({ rowCount: 40, truncated: false });
    const big = await test('select g from generate_series(1, 60) g', sourceId);
    expect(big.json().data).toMatchObject({ rowCount: 50, truncated: true });
    // The same text on the warehouse reads no ext_src.
    const onWarehouse = await test('select count(*) from ext_src.scores', null);
    expect(onWarehouse.statusCode).toBe(400);
    expect(onWarehouse.json().meta.message).toBe(M.tableOutside('ext_src.scores', { line: 1, column: 22 }));
  });

  it('computes many objects there in one call (the runner): each its outcome, uncached, the lineage naming the source', async () => {
    const a = await createAlgorithm(
      '外部成绩批量',
      "select sum(n) / (case when :objectId = 'bad' then 0 else 1 end) as total from scores\n" +
        "where major = :objectId or :objectId = 'bad'",
      sourceId,
    );
    const batch = () =>
      post(admin, '/algorithmContent/testResultBatch', { sfid: a.id, objectIds: ['m01', 'bad', 'm02', 'none'] });
    const res = await batch();
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json().data as { results: { runId: number | null }[] };
    // 2 + 4 + ... + 40, 1 + 3 + ... + 39; no rows: null; the failing object alone.
    expect(results).toMatchObject([
      { objectId: 'm01', status: 'ok', value: 420, cached: false },
      { objectId: 'bad', status: 'error', value: null, runId: null, message: 'SQL 执行出错：除数为零' },
      { objectId: 'm02', status: 'ok', value: 400, cached: false },
      { objectId: 'none', status: 'ok', value: null, cached: false },
    ]);
    expect(await runLineage(s.database.db, results[0]?.runId as number)).toMatchObject({
      sfmc: '外部成绩批量',
      sjyid: sourceId,
      sjymc: '外部成绩库',
      tables: ['scores'],
      params: { objectId: 'm01' },
      value: 420,
    });
    // Never cached: the next batch runs again.
    expect((await batch()).json().data.results[0]).toMatchObject({ value: 420, cached: false });
  });

  it('refuses a text reading outside the source schema (the warehouse, public, the catalogue), before it runs', async () => {
    const outside: [string, string][] = [
      ['select count(*) from warehouse.x', 'warehouse.x'],
      ['select id, password_hash from public.users', 'public.users'],
      ['select * from pg_catalog.pg_authid', 'pg_catalog.pg_authid'],
      ['select * from information_schema.tables', 'information_schema.tables'],
      ['select * from pg_tables', 'pg_tables'],
      ['select * from scores s join public.sessions p on true', 'public.sessions'],
    ];
    for (const [text, name] of outside) {
      const res = await test(text, sourceId);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().meta.message, text).toMatch(`只能查询数据源模式（ext_src）中的表，不能读取“${name}”`);
      const checked = (await post(admin, '/algorithmContent/check', { sql: text, sjyid: sourceId })).json().data;
      expect(checked).toMatchObject({ ok: false, line: 1 });
      const saved = await post(admin, '/algorithmContent/insert', {
        sfzid: groupId,
        sfmc: '越界算法',
        sflx: 'detail',
        sql: text,
        sjyid: sourceId,
      });
      expect(saved.statusCode, text).toBe(400);
    }
    // The other rules hold there too: one SELECT, allowed functions only.
    for (const text of [
      'select pg_sleep(10)',
      'delete from scores',
      'select 1; select 2',
      "select set_config('a','b',false)",
    ]) {
      const res = await test(text, sourceId);
      expect(res.statusCode, text).toBe(400);
    }
    expect(await scores()).toEqual({ n: 40, sum: 820 });
    // A data source that does not exist.
    const missing = await test('select 1', 999999);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().meta.message).toBe(M.dataSourceNotFound);
  });

  it('stops a runaway on the source at the timeout, and a write is impossible even bypassing the checker', async () => {
    const started = performance.now();
    const runaway = await test(
      'select count(*) from generate_series(1, 100000) a cross join generate_series(1, 100000) b',
      sourceId,
    );
    const took = performance.now() - started;
    expect(runaway.statusCode, runaway.body).toBe(400);
    expect(runaway.json().meta.message).toBe(M.timeout(TIMEOUT_MS / 1000));
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(took).toBeLessThan(TIMEOUT_MS + 2500);

    // A connection ended by the other side mid-query (an administrator terminating it) is a 502, never a 500.
    const cut = test(
      'select count(*) from generate_series(1, 100000) a cross join generate_series(1, 100000) b',
      sourceId,
    );
    let killed = 0;
    for (let i = 0; i < 40 && killed === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const [k] = rowsOf<{ n: number }>(
        await s.database.db.execute(sql`
          select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where application_name = 'zg-datasource' and state = 'active' and query like '%generate_series(1, 100000)%'`),
      );
      killed = k?.n ?? 0;
    }
    expect(killed).toBe(1);
    const ended = await cut;
    expect(ended.statusCode, ended.body).toBe(502);
    expect(ended.json().meta.message).toBe(
      M.dataSourceFailed('外部成绩库', DATASOURCE_MSG.testFailed(DATASOURCE_MSG.reason.closed)),
    );

    // The executor's own layer, the checker bypassed: the wrapped statement and raw text on the same connection.
    const conn = await openDataSource(s.database.db, s.app.config, sourceId, { queryMs: 5000 });
    try {
      const limits = { timeoutMs: 5000, rowCap: 10, byteCap: 1_000_000 };
      // A data-modifying CTE cannot even be wrapped (0A000); a function that writes meets the read-only transaction.
      const wrapped = await runOnDataSource(
        conn,
        `with w as (insert into ext_src.scores values ('x', 1, null) returning n) select n from w`,
        [],
        limits,
      ).catch((e: unknown) => e);
      expect(wrapped).toBeInstanceOf(RunFailure);
      const failure = await runOnDataSource(conn, `select nextval('ext_src.seq') as v`, [], limits).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(RunFailure);
      expect((failure as RunFailure).code).toBe('25006');
      expect(
        failureMessage(failure as RunFailure, 'x', { wrapOffset: 0, textOffset: 0, textLength: 1 }, 5000).message,
      ).toBe(M.readOnly);
      for (const raw of [
        `insert into ext_src.scores values ('x', 1, null)`,
        'update ext_src.scores set n = 0',
        'delete from ext_src.scores',
        'create table ext_src.evil (id int)',
        'drop table ext_src.scores',
        'truncate ext_src.scores',
      ])
        await expect(conn.query(raw), raw).rejects.toMatchObject({ code: '25006' });
      // Nor can the transaction be made writable: a query ran first.
      await expect(conn.query('set transaction read write')).rejects.toThrow();
      await expect(conn.query(`select set_config('transaction_read_only', 'off', true), 1 as one`)).rejects.toThrow();
    } finally {
      await conn.close();
    }
    expect(await scores()).toEqual({ n: 40, sum: 820 });
    const [evil] = (
      await ext.query(`select count(*)::int as n from pg_tables where schemaname = 'ext_src' and tablename = 'evil'`)
    ).rows;
    expect(evil?.n).toBe(0);
  });

  it('answers a source it cannot reach with a Chinese message within about 5 s, never a 500', async () => {
    // A server that accepts and never answers: the worst case, bounded by the connection deadline.
    const srv = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    });
    servers.push(srv);
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const silentPort = (srv.address() as net.AddressInfo).port;
    const silent = await createSource({ name: '无应答外部库', ...target, port: silentPort, schema: 'ext_src' });
    const started = performance.now();
    const res = await test('select count(*) from scores', silent);
    expect(performance.now() - started).toBeLessThan(5500);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().meta.message).toBe(
      M.dataSourceFailed('无应答外部库', DATASOURCE_MSG.testFailed(DATASOURCE_MSG.reason.timeout)),
    );

    // A closed port answers at once, with its own reason.
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const closed = await createSource({ name: '已关闭外部库', ...target, port: closedPort, schema: 'ext_src' });
    const a = await createAlgorithm('关闭库算法', 'select count(*) from scores', closed);
    const quick = performance.now();
    const refused = await post(admin, '/algorithmContent/testResult', { sfid: a.id, params: {} });
    expect(performance.now() - quick).toBeLessThan(5000);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().meta.message).toMatch(/^算法的数据源“已关闭外部库”连接失败：/);
    // Nothing was recorded for a run that never ran.
    expect((await get(admin, `/algorithmRun/selectPage?sfid=${a.id}`)).json().data.total).toBe(0);
  });

  it('keeps a data source its algorithms current version runs on from being deleted, naming the algorithm', async () => {
    const kept = await createSource({ name: '被使用外部库', ...target, schema: 'ext_src' });
    const a = await createAlgorithm('外部专业人数', 'select count(*) from scores where major = :objectId', kept);
    const one = await post(admin, `/datasource/${kept}/delete`);
    expect(one.statusCode, one.body).toBe(409);
    expect(one.json().meta.message).toBe(DATASOURCE_MSG.inUse('被使用外部库', M.dataSourceUsedBy(['外部专业人数'])));
    const batch = await post(admin, '/datasource/deleteBatchIds', { ids: [kept] });
    expect(batch.statusCode).toBe(409);
    expect(batch.json().meta.message).toMatch('外部专业人数');

    // A saved text that is not changed, saved on another place, is a change (a new version if the first was used).
    const used = await post(admin, '/algorithmContent/testResult', { sfid: a.id, params: { objectId: 'm02' } });
    expect(used.json().data.value).toBe(20);
    const moved = await post(admin, '/algorithmContent/update', {
      id: a.id,
      sfzid: groupId,
      sfmc: '外部专业人数',
      sflx: 'value',
      sql: 'select count(*) from scores where major = :objectId',
      sjyid: sourceId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ sfbb: 2, sjyid: sourceId });
    // An update that does not name the source keeps the current version's.
    const kept2 = await post(admin, '/algorithmContent/update', {
      id: a.id,
      sfzid: groupId,
      sfmc: '外部专业人数',
      sflx: 'value',
      sql: 'select count(*) from scores where major = :objectId',
      bz: '说明',
    });
    expect(kept2.json().data).toMatchObject({ sfbb: 2, sjyid: sourceId });

    // The current version no longer runs there: the source may go; the earlier version then says its source is gone.
    const gone = await post(admin, `/datasource/${kept}/delete`);
    expect(gone.statusCode, gone.body).toBe(200);
    const v1 = (await get(admin, `/algorithmVersion/selectList?sfid=${a.id}`))
      .json()
      .data.find((v: { bbh: number }) => v.bbh === 1);
    expect(v1.sjyid).toBe(kept);
    const again = await post(admin, '/algorithmContent/testByObject', { bbid: v1.id, params: { objectId: 'm02' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().meta.message).toBe(M.dataSourceNotFound);
    // Its lineage still names the source it read.
    const runs = (await get(admin, `/algorithmRun/selectPage?sfid=${a.id}`)).json().data.records;
    expect(runs.map((r: { sjyid: number }) => r.sjyid)).toEqual([kept]);
  });
});
