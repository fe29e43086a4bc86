import { ALGORITHM_MSG as M, ROLE } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { HOSTILE_STATEMENTS } from '../../test/hostile-statements';
import { READER_ROLE, underReaderRole } from './algorithm-run.repository';
import { warehouseTablesChanged } from './algorithm-warehouse.service';

const TIMEOUT_MS = 1500;
let s: TestServer;
let admin: TestSession;
beforeAll(async () => {
  s = await startTestServer({
    env: { ALGORITHM_TIMEOUT_MS: String(TIMEOUT_MS), ALGORITHM_ROW_CAP: '50', ALGORITHM_MAX_CONCURRENT: '3' },
  });
  admin = await s.login('zyadmin');
  // A warehouse table made the way data-manage makes them: by the application's user, after the migrations, so the
  // reader role reads it through the default privileges of migration 0014 alone.
  await s.database.db.execute(sql`
    create table warehouse.t (id integer generated always as identity primary key, name varchar(40), n bigint,
      major varchar(20))`);
  await s.database.db.execute(sql`
    insert into warehouse.t (name, n, major)
    select '学生' || g, g, case when g % 2 = 0 then 'm01' else 'm02' end from generate_series(1, 40) g`);
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const test = (sqlText: string, params: object = {}, sflx?: string) =>
  post(admin, '/algorithmContent/testByObject', { sql: sqlText, params, ...(sflx ? { sflx } : {}) });

async function warehouseState() {
  const [t] = rowsOf<{ n: number; sum: number }>(
    await s.database.db.execute(sql`select count(*)::int as n, sum(n)::int as sum from warehouse.t`),
  );
  const tables = rowsOf<{ tablename: string }>(
    await s.database.db.execute(sql`select tablename from pg_tables where schemaname = 'warehouse' order by 1`),
  ).map((r) => r.tablename);
  const [roles] = rowsOf<{ n: number }>(
    await s.database.db.execute(sql`select count(*)::int as n from pg_roles where rolname = 'evil'`),
  );
  return { ...t, tables, evil: roles?.n };
}

describe('hostile algorithm texts', () => {
  it(`refuses or stops each of the ${HOSTILE_STATEMENTS.length} with a Chinese message, and nothing is written`, async () => {
    const before = await warehouseState();
    expect(before).toEqual({ n: 40, sum: 820, tables: ['t'], evil: 0 });
    for (const h of HOSTILE_STATEMENTS) {
      const res = await test(h.sql);
      expect(res.statusCode, h.sql).toBe(400);
      expect(res.json().meta.message, h.sql).toMatch(h.expect);
      // Saving is refused the same way.
      if (!h.stoppedAtRun) {
        const saved = await post(admin, '/algorithmContent/insert', {
          sfzid: 1,
          sfmc: '恶意算法',
          sflx: 'detail',
          sql: h.sql,
        });
        expect(saved.statusCode, h.sql).toBe(400);
      }
    }
    expect(await warehouseState()).toEqual(before);
  });

  it('stops a cross join that would run for an hour at the timeout, while other requests are answered', async () => {
    const runaway = HOSTILE_STATEMENTS.find((h) => h.stoppedAtRun)?.sql as string;
    const started = Date.now();
    let runawayEnded = 0;
    const pending = test(runaway).then((r) => {
      runawayEnded = Date.now();
      return r;
    });
    // Meanwhile, other requests: each answered, all before the runaway is stopped.
    const answered: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await get(admin, '/algorithmGroup/selectTree');
      expect(r.statusCode).toBe(200);
      const quick = await test('select count(*) as n from warehouse.t');
      expect(quick.statusCode, quick.body).toBe(200);
      answered.push(Date.now());
    }
    const res = await pending;
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.message).toBe(M.timeout(TIMEOUT_MS / 1000));
    expect(runawayEnded - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    for (const t of answered) expect(t).toBeLessThan(runawayEnded);
  });

  it('检查 answers the place for the editor to mark, and what a passing text uses', async () => {
    const bad = await post(admin, '/algorithmContent/check', { sql: '-- 说明\nselect *\n  from public.users' });
    expect(bad.json().data).toEqual({
      ok: false,
      message: '只能查询数据仓库（warehouse）中的表，不能读取“public.users”（第 3 行第 8 列）',
      line: 3,
      column: 8,
      params: [],
      tables: [],
    });
    const good = await post(admin, '/algorithmContent/check', {
      sql: 'select count(*) from warehouse.t where major = :objectId and n > :year',
    });
    expect(good.json().data).toMatchObject({ ok: true, params: ['objectId', 'year'], tables: ['t'] });
  });

  it('answers PostgreSQL refusals in Chinese with the line and column of the text', async () => {
    const res = await test('-- 统计\nselect name,\n  nope from warehouse.t');
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.message).toBe('表或字段不存在（第 3 行第 3 列）：字段“nope”不存在');
    const zero = await test('select 1 / (count(*) - count(*)) from warehouse.t');
    expect(zero.json().meta.message).toBe('SQL 执行出错：除数为零');
    const missing = await test('select * from warehouse.none');
    expect(missing.json().meta.message).toMatch(/^表或字段不存在（第 1 行第 15 列）：表“warehouse.none”不存在/);
  });
});

describe('the reader role, with the checker bypassed', () => {
  /** Raw text under the role in a read-WRITE transaction: only the role stands between it and the database. */
  async function asReader(text: string) {
    try {
      const r = await underReaderRole(s.database.db, { timeoutMs: 5000 }, (c) => c.query(text), { readOnly: false });
      return { ok: true as const, rows: r.rows };
    } catch (err) {
      return { ok: false as const, code: (err as { code?: string }).code, message: (err as Error).message };
    }
  }

  it('finds unqualified names in the warehouse; every catalogue relation, searched first, is a pg_* name', async () => {
    const [others] = rowsOf<{ n: number }>(
      await s.database.db.execute(sql`
        select count(*)::int as n from pg_class
        where relnamespace = 'pg_catalog'::regnamespace and relname not like 'pg\_%'`),
    );
    expect(others?.n).toBe(0);
    const r = await test('select count(*) as n from t');
    expect(r.json().data.rows).toEqual([{ n: 40 }]);
  });

  it('reads the warehouse', async () => {
    const r = await asReader('select count(*)::int as n from warehouse.t');
    expect(r).toEqual({ ok: true, rows: [{ n: 40 }] });
    const who = await asReader('select current_user as u');
    expect(who).toEqual({ ok: true, rows: [{ u: READER_ROLE }] });
  });

  it('can neither write the warehouse nor read or write outside it', async () => {
    const refused = [
      "insert into warehouse.t (name) values ('x')",
      'update warehouse.t set n = 0',
      'delete from warehouse.t',
      'truncate warehouse.t',
      'drop table warehouse.t',
      'alter table warehouse.t add column z int',
      'create table warehouse.x (a int)',
      'create table public.x (a int)',
      'select * from public.users',
      'select * from public.sessions',
      'select * from public.algorithm_versions',
      "update public.users set name = 'x'",
      'create schema evil',
      'create role evil',
      "select pg_read_file('/etc/hostname')",
      "copy warehouse.t to '/tmp/zg-out'",
      'select lo_import($$/etc/hostname$$)',
    ];
    for (const text of refused) {
      const r = await asReader(text);
      expect(r.ok, text).toBe(false);
      expect(r.ok ? null : r.code, `${text}: ${r.ok ? '' : r.message}`).toBe('42501');
    }
    // Unqualified, the search path (warehouse, pg_catalog) does not even find the application's tables.
    const unqualified = await asReader('select password_hash from users');
    expect(unqualified.ok ? null : unqualified.code).toBe('42P01');
    expect(await warehouseState()).toEqual({ n: 40, sum: 820, tables: ['t'], evil: 0 });
  });
});

describe('the layers together, with the checker bypassed', () => {
  it('a text that leaves the role (RESET ROLE, which the checker refuses) still cannot write: the transaction is read only', async () => {
    const attempt = (text: string) =>
      underReaderRole(s.database.db, { timeoutMs: 5000 }, async (c) => {
        await c.query('reset role');
        return c.query(text);
      }).then(
        () => 'ran',
        (err: { code?: string }) => err.code,
      );
    expect(await attempt('delete from warehouse.t')).toBe('25006');
    expect(await attempt("update public.users set name = 'x'")).toBe('25006');
    expect(await attempt('create table warehouse.x (a int)')).toBe('25006');
    // Nor can it make the transaction writable again: a query ran before.
    expect(await attempt('set transaction read write')).toBe('25001');
    expect(await warehouseState()).toEqual({ n: 40, sum: 820, tables: ['t'], evil: 0 });
  });
});

describe('groups, algorithms and versions', () => {
  let groupId: number;
  let algorithmId: number;

  it('groups form a tree: no cycle, no duplicate sibling, no deleting a group that holds something', async () => {
    const top = await post(admin, '/algorithmGroup/insert', { zmc: '师资指标' });
    expect(top.statusCode, top.body).toBe(200);
    groupId = top.json().data.id;
    const child = await post(admin, '/algorithmGroup/insert', { zmc: '专任教师', fid: groupId });
    const childId = child.json().data.id as number;
    expect((await post(admin, '/algorithmGroup/insert', { zmc: '专任教师', fid: groupId })).json().meta.message).toBe(
      M.groupNameTaken('专任教师'),
    );
    const cycle = await post(admin, '/algorithmGroup/update', { id: groupId, zmc: '师资指标', fid: childId });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().meta.message).toBe(M.groupCycle);
    const tree = (await get(admin, '/algorithmGroup/selectTree')).json().data;
    const node = tree.find((n: { id: number }) => n.id === groupId);
    expect(node.children.map((c: { zmc: string }) => c.zmc)).toEqual(['专任教师']);
    expect((await post(admin, `/algorithmGroup/${groupId}/delete`, {})).statusCode).toBe(409);
    expect((await post(admin, `/algorithmGroup/${childId}/delete`, {})).statusCode).toBe(200);
  });

  it('an algorithm is tested on an object, its stored result traced to its version, and a new text makes V2', async () => {
    const text = '-- 学生数：某专业的学生人数\nselect count(*) as value from warehouse.t where major = :objectId';
    const created = await post(admin, '/algorithmContent/insert', {
      sfzid: groupId,
      sfmc: '专业学生数',
      sflx: 'value',
      sql: text,
      bbsm: '初版',
    });
    expect(created.statusCode, created.body).toBe(200);
    algorithmId = created.json().data.id;
    expect(created.json().data).toMatchObject({ sfbb: 1, bbs: 1, sflx: 'value', sql: text });
    const v1 = created.json().data.bbid as number;

    // 测试 on a dimension object: nothing stored, the version stays editable.
    const tested = await post(admin, '/algorithmContent/testByObject', { bbid: v1, params: { objectId: 'm01' } });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toMatchObject({ value: 20, rowCount: 1, truncated: false });
    const missing = await post(admin, '/algorithmContent/testByObject', { bbid: v1, params: {} });
    expect(missing.json().meta.message).toBe(M.paramMissing('objectId'));

    // Editing an unused version changes it in place.
    const edited = text.replace('count(*)', 'count(id)');
    const inPlace = await post(admin, '/algorithmContent/update', {
      id: algorithmId,
      sfzid: groupId,
      sfmc: '专业学生数',
      sflx: 'value',
      sql: edited,
    });
    expect(inPlace.json().meta.message).toBe(M.saved);
    expect(inPlace.json().data).toMatchObject({ sfbb: 1, bbs: 1, sql: edited });

    // A stored result: lineage, the version becomes used; the same parameters again come from the cache.
    const stored = await post(admin, '/algorithmContent/testResult', {
      sfid: algorithmId,
      params: { objectId: 'm01' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data).toMatchObject({ value: 20, cached: false });
    const runId = stored.json().data.runId as number;
    const again = await post(admin, '/algorithmContent/testResult', {
      sfid: algorithmId,
      params: { objectId: 'm01', year: 2026 },
    });
    expect(again.json().data).toMatchObject({ value: 20, cached: true, runId });

    // A used version is immutable: saving a new text makes V2, current; V1 stays as it was.
    const saved = await post(admin, '/algorithmContent/update', {
      id: algorithmId,
      sfzid: groupId,
      sfmc: '专业学生数',
      sflx: 'value',
      sql: `${edited} and n > 10`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().meta.message).toBe(M.savedNewVersion(2));
    expect(saved.json().data).toMatchObject({ sfbb: 2, bbs: 2 });
    const versions = (await get(admin, `/algorithmVersion/selectList?sfid=${algorithmId}`)).json().data;
    expect(versions.map((v: { bbh: number; sfdq: boolean; sfsy: boolean }) => [v.bbh, v.sfdq, v.sfsy])).toEqual([
      [2, true, false],
      [1, false, true],
    ]);
    expect(versions[1].sql).toBe(edited);

    // The earlier result stays traceable to V1 and runs again to the same value.
    const run = (await get(admin, `/algorithmRun/selectById?id=${runId}`)).json().data;
    expect(run).toMatchObject({ bbid: v1, sfid: algorithmId, bbh: 1, rows: 1, value: 20, tables: ['t'] });
    expect(run.params).toEqual({ objectId: 'm01' });
    expect(run.hash).toBe(versions[1].hash);
    const rerun = await post(admin, `/algorithmRun/${runId}/rerun`, {});
    expect(rerun.json().data).toMatchObject({ value: 20 });
    const now = await post(admin, '/algorithmContent/testResult', { sfid: algorithmId, params: { objectId: 'm01' } });
    expect(now.json().data).toMatchObject({ value: 15, cached: false });

    // §7.5's detail query, by version number and kind.
    const detail = await get(admin, `/algorithmContent/detail?Id=${algorithmId}&Version=1&Type=值算法`);
    expect(detail.json().data.algoRithmDetails).toMatchObject({ id: algorithmId, sfbb: 2, version: { bbh: 1 } });
    expect((await get(admin, `/algorithmContent/detail?Id=${algorithmId}&Type=详情算法`)).statusCode).toBe(404);

    // V1 is used: not deleted; the algorithm neither.
    expect((await post(admin, `/algorithmVersion/${v1}/delete`, {})).json().meta.message).toBe(M.versionUsed(1));
    expect((await post(admin, `/algorithmContent/${algorithmId}/delete`, {})).statusCode).toBe(409);
    // V1 can be made current again.
    const back = await post(admin, `/algorithmVersion/${v1}/setCurrent`, {});
    expect(back.json().data).toMatchObject({ sfbb: 1 });
  });

  it('drops cached results when a warehouse table they read changes', async () => {
    const first = await post(admin, '/algorithmContent/testResult', { sfid: algorithmId, params: { objectId: 'm02' } });
    expect(first.json().data).toMatchObject({ value: 20, cached: false });
    await s.database.db.execute(sql`insert into warehouse.t (name, n, major) values ('新生', 100, 'm02')`);
    expect(await warehouseTablesChanged(s.database.db, ['other'])).toBe(0);
    const stale = await post(admin, '/algorithmContent/testResult', { sfid: algorithmId, params: { objectId: 'm02' } });
    expect(stale.json().data).toMatchObject({ value: 20, cached: true });
    expect(await warehouseTablesChanged(s.database.db, ['T'])).toBeGreaterThan(0);
    const fresh = await post(admin, '/algorithmContent/testResult', { sfid: algorithmId, params: { objectId: 'm02' } });
    expect(fresh.json().data).toMatchObject({ value: 21, cached: false });
    await s.database.db.execute(sql`delete from warehouse.t where name = '新生'`);
    await warehouseTablesChanged(s.database.db, ['t']);
  });

  it('does not cache a result computed while a write of a table it read was being committed', async () => {
    const compute = () =>
      post(admin, '/algorithmContent/testResult', { sfid: algorithmId, params: { objectId: 'm02' } });
    let during: Awaited<ReturnType<typeof compute>> | null = null;
    await s.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into warehouse.t (name, n, major) values ('插班生', 7, 'm02')`);
      await warehouseTablesChanged(tx, ['t']);
      // The run reads a snapshot without the new row, then waits to cache until this transaction ends.
      const pending = compute();
      await new Promise((r) => setTimeout(r, 300));
      during = null;
      pending.then((r) => {
        during = r;
      });
    });
    while (!during) await new Promise((r) => setTimeout(r, 20));
    const raced = during as unknown as Awaited<ReturnType<typeof compute>>;
    expect(raced.json().data).toMatchObject({ value: 20, cached: false });
    // Not cached: the next computation reads the committed row.
    const after = await compute();
    expect(after.json().data).toMatchObject({ value: 21, cached: false });
    expect((await compute()).json().data).toMatchObject({ value: 21, cached: true });
    await s.database.db.execute(sql`delete from warehouse.t where name = '插班生'`);
    await warehouseTablesChanged(s.database.db, ['t']);
  });

  it('refuses a result of the wrong shape for its kind, and cuts a result at the row cap', async () => {
    const two = await test('select n from warehouse.t where n <= 2', {}, 'value');
    expect(two.json().meta.message).toBe(M.shapeValue(2, 1));
    const chart = await test('select major, name from warehouse.t', {}, 'chart');
    expect(chart.json().meta.message).toBe(M.shapeChartNotNumber('name'));
    const okChart = await test('select major, count(*) from warehouse.t group by 1 order by 1', {}, 'chart');
    expect(okChart.json().data.rows).toEqual([
      { major: 'm01', count: 20 },
      { major: 'm02', count: 20 },
    ]);
    const planned = await post(admin, '/algorithmContent/testByObject', {
      sql: 'select count(*) from warehouse.t where major = :objectId',
      params: { objectId: 'm01' },
      plan: true,
    });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json().data.plan.join('\n')).toMatch(/Seq Scan on t/);
    const badPlan = await post(admin, '/algorithmContent/testByObject', {
      sql: 'select\n  nope from warehouse.t',
      params: {},
      plan: true,
    });
    expect(badPlan.json().meta.message).toBe('表或字段不存在（第 2 行第 3 列）：字段“nope”不存在');
    const many = await test('select g from generate_series(1, 60) g');
    expect(many.json().data).toMatchObject({ rowCount: 50, truncated: true });
  });

  it('binds parameters: a ":year" inside a string is text, and a value never becomes SQL', async () => {
    const r = await test("select ':year' as s, :year::int + 1 as y, :cycle as c", {
      year: 2026,
      cycle: "x'); drop table warehouse.t; --",
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.rows).toEqual([{ s: ':year', y: 2027, c: "x'); drop table warehouse.t; --" }]);
    expect((await warehouseState()).tables).toEqual(['t']);
  });

  it('is kept by administrators and the data office; others are refused', async () => {
    const owner = await s.login('rwfzr01');
    expect((await get(owner, '/algorithmGroup/selectTree')).statusCode).toBe(403);
    expect((await post(owner, '/algorithmContent/testByObject', { sql: 'select 1', params: {} })).statusCode).toBe(403);
    await s.database.db.insert(userRoles).values({ userId: 'xld01', roleId: ROLE.dataOffice });
    const office = await s.login('xld01');
    expect((await get(office, '/algorithmContent/selectTree')).statusCode).toBe(200);
  });
});
