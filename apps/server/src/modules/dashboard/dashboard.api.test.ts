import { DASHBOARD_GRID, DEFAULT_DASHBOARD_CARDS, isNormalLayout, DASHBOARD_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * Subscribed charts (issue 34 items 1 and 2): the chart library published for roles, the user's dashboard kept on
 * the server (normalised, owner's own), and every chart's data in one request, each card failing on its own.
 */

let s: TestServer;
let admin: TestSession;
let owner: TestSession; // rwfzr01: task owner in 教务处 (D02)
let leader: TestSession; // xld01: school leader
const SJGL = '/api/herm-sjgl';
const SJFW = '/api/herm-sjfw';
const charts: Record<string, number> = {};
const db = () => s.database.db;

async function chartAlgorithm(group: number, name: string, text: string, sflx = 'chart') {
  const res = await admin.request({
    method: 'POST',
    url: `${SJGL}/algorithmContent/insert`,
    payload: { sfzid: group, sfmc: name, sflx, sql: text, bbsm: '初版' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
async function publish(payload: object, as = admin) {
  return as.request({ method: 'POST', url: `${SJGL}/ybp/insert`, payload });
}
const save = (as: TestSession, cards: object[]) =>
  as.request({ method: 'POST', url: `${SJFW}/dynamicYbpDy/updateList`, payload: { cards } });
const layoutOf = async (as: TestSession) =>
  (await as.request({ method: 'GET', url: `${SJFW}/dynamicYbpDy/query` })).json().data.cards as {
    id: number;
    kind: string;
    ybpid: number | null;
    sfzid: number | null;
    sfbb: number | null;
    tbsj: string | null;
    title: string;
    x: number;
    y: number;
    lw: number;
    h: number;
  }[];

beforeAll(async () => {
  s = await startTestServer({ env: { ALGORITHM_TIMEOUT_MS: '800' } });
  [admin, owner, leader] = await Promise.all([s.login('zyadmin'), s.login('rwfzr01'), s.login('xld01')]);
  await db().execute(sql`create table warehouse.dash_enrol (year integer, dept varchar(10), n integer)`);
  await db().execute(sql`insert into warehouse.dash_enrol values
    (2026, 'D02', 120), (2026, 'D07', 300), (2025, 'D02', 100), (2025, 'D07', 280)`);
  const group = (
    await admin.request({ method: 'POST', url: `${SJGL}/algorithmGroup/insert`, payload: { zmc: '仪表盘' } })
  ).json().data.id as number;
  const enrol = await chartAlgorithm(
    group,
    '各院系招生数',
    'select dept as 院系, sum(n)::int as 人数 from warehouse.dash_enrol where year = :year group by dept order by 1',
  );
  const mine = await chartAlgorithm(
    group,
    '本部门招生数',
    'select year::text as 年度, sum(n)::int as 人数 from warehouse.dash_enrol where dept = :departmentId group by year order by 1',
  );
  const broken = await chartAlgorithm(
    group,
    '出错的图表',
    'select dept as 院系, n / 0 as 值 from warehouse.dash_enrol',
  );
  const slow = await chartAlgorithm(
    group,
    '很慢的图表',
    'select dept as 院系, count(*)::int as 值 from warehouse.dash_enrol, generate_series(1, 300000000) g group by dept',
  );
  const value = await chartAlgorithm(
    group,
    '一个值算法',
    'select count(*) as value from warehouse.dash_enrol',
    'value',
  );
  const type = await admin.request({
    method: 'POST',
    url: `${SJGL}/ybplx/insert`,
    payload: { lxmc: '招生就业', px: 1 },
  });
  expect(type.statusCode, type.body).toBe(200);
  const lxid = type.json().data.id as number;
  for (const [key, sfid, roles] of [
    ['enrol', enrol, []],
    ['mine', mine, []],
    ['broken', broken, []],
    ['slow', slow, []],
    ['leaderOnly', enrol, ['schoolLeader']],
  ] as const) {
    const res = await publish({ mc: `图表${key}`, lxid, sfid, lw: 1, roles });
    expect(res.statusCode, res.body).toBe(200);
    charts[key] = res.json().data.id;
  }
  charts.value = value;
  charts.lxid = lxid;
});
afterAll(async () => {
  await s?.close();
});

describe('the chart library (ybplx, ybp)', () => {
  it('is kept by the keepers: a task owner may not publish, a value algorithm is no chart', async () => {
    expect((await publish({ mc: '我的', lxid: charts.lxid, sfid: charts.value }, owner)).statusCode).toBe(403);
    const wrong = await publish({ mc: '值', lxid: charts.lxid, sfid: charts.value });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().meta.message).toBe(M.algorithmKindWrong);
    const noType = await publish({ mc: '无分类', lxid: 999999, sfid: charts.value });
    expect(noType.json().meta.message).toBe(M.typeNotFound);
  });

  it('lists to each user only the charts published for their roles, with the current version', async () => {
    const mine = (await owner.request({ method: 'GET', url: `${SJGL}/ybp/list` })).json().data as {
      id: number;
      sfbb: number;
      sflx: string;
    }[];
    expect(mine.map((c) => c.id)).not.toContain(charts.leaderOnly);
    expect(mine.map((c) => c.id)).toContain(charts.enrol);
    expect(mine.find((c) => c.id === charts.enrol)).toMatchObject({ sfbb: 1, sflx: 'chart' });
    const his = (await leader.request({ method: 'GET', url: `${SJGL}/ybp/list` })).json().data as { id: number }[];
    expect(his.map((c) => c.id)).toContain(charts.leaderOnly);
  });

  it('keeps its types and withdraws charts: a type in use stays, a withdrawn chart leaves the dashboards', async () => {
    const del = (as: TestSession, what: string, id: number) =>
      as.request({ method: 'POST', url: `${SJGL}/${what}/${id}/delete` });
    const inUse = await del(admin, 'ybplx', charts.lxid as number);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().meta.message).toBe(M.typeInUse);
    const spare = await admin.request({ method: 'POST', url: `${SJGL}/ybplx/insert`, payload: { lxmc: '临时分类' } });
    expect(spare.statusCode, spare.body).toBe(200);
    const spareId = spare.json().data.id as number;
    expect((await del(owner, 'ybplx', spareId)).statusCode).toBe(403);
    expect((await del(admin, 'ybplx', spareId)).statusCode).toBe(200);
    const types = (await owner.request({ method: 'GET', url: `${SJGL}/ybplx/list` })).json().data as { id: number }[];
    expect(types.map((t) => t.id)).not.toContain(spareId);

    const listed = (await admin.request({ method: 'GET', url: `${SJGL}/ybp/list` })).json().data as {
      id: number;
      sfid: number;
    }[];
    const sfid = listed.find((c) => c.id === charts.enrol)!.sfid;
    const made = await publish({ mc: '将下架的图表', lxid: charts.lxid, sfid, lw: 2 });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    expect((await save(owner, [{ kind: 'chart', ybpid: id }])).statusCode).toBe(200);
    expect((await layoutOf(owner)).map((c) => c.ybpid)).toEqual([id]);
    expect((await del(owner, 'ybp', id)).statusCode).toBe(403);
    expect((await del(admin, 'ybp', id)).statusCode).toBe(200);
    expect(await layoutOf(owner)).toEqual([]);
    const mine = (await owner.request({ method: 'GET', url: `${SJGL}/ybp/list` })).json().data as { id: number }[];
    expect(mine.map((c) => c.id)).not.toContain(id);
    expect((await del(admin, 'ybp', id)).statusCode).toBe(404);
  });
});

describe('the dashboard kept on the server (dynamicYbpDy)', () => {
  it('refuses a chart the user may not run and a department outside their authority, storing nothing', async () => {
    const notMine = await save(owner, [{ kind: 'chart', ybpid: charts.leaderOnly }]);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().meta.message).toBe(M.chartForbidden('图表leaderOnly'));
    const otherDept = await save(owner, [{ kind: 'chart', ybpid: charts.mine, params: { departmentId: 'D07' } }]);
    expect(otherDept.statusCode).toBe(403);
    expect(otherDept.json().meta.message).toBe(M.departmentForbidden('D07'));
    const gone = await save(owner, [{ kind: 'chart', ybpid: 999999 }]);
    expect(gone.statusCode).toBe(404);
    const badUrl = await save(owner, [{ kind: 'page', url: 'javascript:alert(1)' }]);
    expect(badUrl.json().meta.message).toBe(M.urlInvalid);
    const tooMany = await save(
      owner,
      Array.from({ length: DASHBOARD_GRID.maxCards + 1 }, () => ({ kind: 'myStatus' })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(await layoutOf(owner)).toEqual([]);
  });

  it('normalises overlapping and off-grid cells before storing, and keeps a subscription through later saves', async () => {
    const res = await save(owner, [
      { kind: 'chart', ybpid: charts.enrol, x: 0, y: 0, lw: 2, h: 6 },
      { kind: 'chart', ybpid: charts.mine, x: 4, y: 2, lw: 1, h: 6, params: { departmentId: 'D02' } },
      { kind: 'chart', ybpid: charts.broken, x: 30, y: -5, lw: 9, h: 99 },
      { kind: 'myStatus', x: 16.4, y: 0, lw: 1, h: 1, title: '  ' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const cards = await layoutOf(owner);
    expect(cards).toHaveLength(4);
    expect(isNormalLayout(cards)).toBe(true);
    expect(cards[2]).toMatchObject({ lw: 3, h: DASHBOARD_GRID.maxH, x: 0 });
    expect(cards[3]).toMatchObject({ kind: 'myStatus', x: 16, h: DASHBOARD_GRID.minH, title: '我的任务状态分布' });
    expect(cards[0]).toMatchObject({ title: '图表enrol', sfbb: 1, ybpid: charts.enrol });
    expect(cards[0]?.tbsj).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // Moved and resized, the same card keeps its id and its subscription time.
    const moved = cards.map((c, i) => ({ ...c, y: i === 0 ? 40 : c.y, lw: i === 0 ? 1 : c.lw }));
    expect((await save(owner, moved)).statusCode).toBe(200);
    const again = await layoutOf(owner);
    expect(again[0]).toMatchObject({ id: cards[0]?.id, tbsj: cards[0]?.tbsj, lw: 1 });
    expect(isNormalLayout(again)).toBe(true);
  });

  it("is each user's own: another user's card id makes a card of their own and leaves the owner's alone", async () => {
    const theirs = await layoutOf(owner);
    const res = await save(leader, [{ id: theirs[0]?.id, kind: 'chart', ybpid: charts.enrol }]);
    expect(res.statusCode, res.body).toBe(200);
    const his = await layoutOf(leader);
    expect(his).toHaveLength(1);
    expect(his[0]?.id).not.toBe(theirs[0]?.id);
    expect(await layoutOf(owner)).toEqual(theirs);
    expect((await s.app.inject({ method: 'GET', url: `${SJFW}/dynamicYbpDy/query` })).statusCode).toBe(401);
  });

  it('refuses built-in task charts to a user without the task menus', async () => {
    // zgfb01 (诊改发布者, 诊断改进 administrator) holds no task menu; xld01 holds 目标任务管理.
    const publisher = await s.login('zgfb01');
    const res = await save(publisher, [{ kind: 'myStatus' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().meta.message).toBe(M.builtinNeedsTasks);
    expect((await save(leader, [{ kind: 'myStatus' }])).statusCode).toBe(200);
  });
});

describe('chart data by subscription, one request for the dashboard', () => {
  it('runs each subscribed version with the user parameters; a failing or slow chart fails on its own card', async () => {
    const cards = await layoutOf(owner);
    const res = await owner.request({ method: 'POST', url: `${SJFW}/dynamicYbpDy/data`, payload: { year: 2026 } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as {
      id: number;
      status: string;
      message: string | null;
      sfzsj: { rows: unknown[] };
    }[];
    const byChart = (key: string) => list.find((d) => d.id === cards.find((c) => c.ybpid === charts[key])?.id);
    expect(list).toHaveLength(3); // the built-in card draws from the analysis calls
    expect(byChart('enrol')).toMatchObject({ status: 'ok', message: null });
    expect(byChart('enrol')?.sfzsj.rows).toEqual([
      { 院系: 'D02', 人数: 120 },
      { 院系: 'D07', 人数: 300 },
    ]);
    expect(byChart('mine')?.sfzsj.rows).toEqual([
      { 年度: '2025', 人数: 100 },
      { 年度: '2026', 人数: 120 },
    ]);
    expect(byChart('broken')).toMatchObject({ status: 'error' });
    expect(byChart('broken')?.message).toContain('除数为零');

    await save(owner, [...cards, { kind: 'chart', ybpid: charts.slow }]);
    const slowCard = (await layoutOf(owner)).find((c) => c.ybpid === charts.slow);
    const timed = await owner.request({
      method: 'POST',
      url: `${SJFW}/dynamicYbpDy/data`,
      payload: { ids: [slowCard?.id, cards[0]?.id] },
    });
    const t = timed.json().data.list as { id: number; status: string; message: string }[];
    expect(t.find((d) => d.id === slowCard?.id)).toMatchObject({ status: 'timeout' });
    expect(t.find((d) => d.id === slowCard?.id)?.message).toContain('已被停止');
    expect(t.find((d) => d.id === cards[0]?.id)).toMatchObject({ status: 'ok' });
  });

  it('answers a chart no longer open to the user, or a department no longer theirs, as that card forbidden', async () => {
    const cards = await layoutOf(owner);
    const enrolCard = cards.find((c) => c.ybpid === charts.enrol)!;
    const mineCard = cards.find((c) => c.ybpid === charts.mine)!;
    await db().execute(sql`update dashboard_charts set roles = '{schoolLeader}' where id = ${charts.enrol}`);
    await db().execute(sql`update users set department_id = 'D07' where id = 'rwfzr01'`);
    try {
      const res = await owner.request({ method: 'POST', url: `${SJFW}/dynamicYbpDy/data`, payload: {} });
      const list = res.json().data.list as { id: number; status: string; message: string }[];
      expect(list.find((d) => d.id === enrolCard.id)).toMatchObject({
        status: 'forbidden',
        message: M.chartForbiddenRun,
      });
      expect(list.find((d) => d.id === mineCard.id)).toMatchObject({
        status: 'forbidden',
        message: M.departmentForbidden('D02'),
      });
      expect(list.filter((d) => d.status === 'ok').length).toBe(0);
    } finally {
      await db().execute(sql`update dashboard_charts set roles = '{}' where id = ${charts.enrol}`);
      await db().execute(sql`update users set department_id = 'D02' where id = 'rwfzr01'`);
    }
  });
});

describe('the first visit (issue 34: built-in cards until the user arranges the dashboard)', () => {
  it('lays out the built-in task charts once; an emptied or changed dashboard stays as the user left it', async () => {
    const first = await s.login('rwfzr02');
    const shown = await layoutOf(first);
    expect(shown.map((c) => c.kind)).toEqual(DEFAULT_DASHBOARD_CARDS.map((c) => c.kind));
    expect(shown[0]).toMatchObject({ title: '我的任务完成率', ybpid: null, sfbb: null, h: DASHBOARD_GRID.defaultH });
    expect(isNormalLayout(shown)).toBe(true);
    // Two more first requests at once (the home page and /dashboards) lay them out once, with the same ids.
    const [a, b] = await Promise.all([layoutOf(first), layoutOf(first)]);
    expect(a.map((c) => c.id)).toEqual(shown.map((c) => c.id));
    expect(b.map((c) => c.id)).toEqual(shown.map((c) => c.id));

    // Emptied, it stays empty; changed, it stays changed.
    expect((await save(first, [])).statusCode).toBe(200);
    expect(await layoutOf(first)).toEqual([]);
    expect(await layoutOf(first)).toEqual([]);
    expect((await save(first, [{ kind: 'typeRadar' }])).statusCode).toBe(200);
    expect((await layoutOf(first)).map((c) => c.kind)).toEqual(['typeRadar']);
  });

  it('gives no built-in cards to a user without the task menus, and arranging marks nothing but their own', async () => {
    const publisher = await s.login('zgfb01');
    expect(await layoutOf(publisher)).toEqual([]);
    const other = await s.login('rwfzr03');
    const theirs = await layoutOf(other);
    expect(theirs).toHaveLength(DEFAULT_DASHBOARD_CARDS.length);
    const arranged = (await db().execute(
      sql`select user_id from dashboard_arranged where user_id in ('zgfb01', 'rwfzr03')`,
    )) as unknown as { rows: { user_id: string }[] };
    expect(arranged.rows.map((r) => r.user_id)).toEqual(['rwfzr03']);
  });
});

describe('图表库 for its keepers (ybp/page)', () => {
  const page = (as: TestSession, query: string) => as.request({ method: 'GET', url: `${SJGL}/ybp/page?${query}` });
  it('lists a data-office keeper every published chart, whatever its roles, a page at a time', async () => {
    const office = await s.login('sjgl01');
    // As a subscriber the keeper does not see the chart published for school leaders only; as a keeper they do.
    const subscribable = (await office.request({ method: 'GET', url: `${SJGL}/ybp/list` })).json().data as {
      id: number;
    }[];
    expect(subscribable.map((c) => c.id)).not.toContain(charts.leaderOnly);
    const all = await page(office, 'current=1&size=200');
    expect(all.statusCode, all.body).toBe(200);
    const every = all.json().data as { records: { id: number; roles: string[]; sfbb: number }[]; total: number };
    expect(every.records.map((c) => c.id)).toEqual(
      expect.arrayContaining([charts.enrol, charts.mine, charts.broken, charts.slow, charts.leaderOnly]),
    );
    expect(every.records.find((c) => c.id === charts.leaderOnly)).toMatchObject({ roles: ['schoolLeader'], sfbb: 1 });
    expect(every.total).toBe(every.records.length);

    const second = (await page(office, 'current=2&size=2')).json().data;
    expect(second).toMatchObject({ current: 2, size: 2, total: every.total, pages: Math.ceil(every.total / 2) });
    expect(second.records.map((c: { id: number }) => c.id)).toEqual(every.records.slice(2, 4).map((c) => c.id));
    const named = (await page(office, `mc=${encodeURIComponent('leaderOnly')}&lxid=${charts.lxid}`)).json().data;
    expect(named.records.map((c: { id: number }) => c.id)).toEqual([charts.leaderOnly]);
    expect((await page(office, `mc=${encodeURIComponent('%_')}`)).json().data.total).toBe(0);
  });

  it('is the keepers’ own: a subscriber is refused, a page too large or a wrong type answered in Chinese', async () => {
    expect((await page(owner, 'current=1')).statusCode).toBe(403);
    expect((await page(leader, 'current=1')).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'GET', url: `${SJGL}/ybp/page` })).statusCode).toBe(401);
    const big = await page(admin, 'size=201');
    expect(big.statusCode).toBe(400);
    expect(big.json().meta.message).toContain('每页最多 200 条');
    expect((await page(admin, 'lxid=abc')).statusCode).toBe(400);
    expect((await page(admin, 'lxid=999999')).json().data).toMatchObject({ records: [], total: 0, pages: 0 });
  });
});
