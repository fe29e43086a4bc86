import { isNormalScreen, DASHBOARD_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * 数据大屏 (issue 34 item 3): screens kept by their keepers, normalised onto the 24 x 12 grid, every save a version
 * with restore, seen within the screen authority (403 outside it), their charts run through the dashboards' runner.
 */

let s: TestServer;
let admin: TestSession;
let keeper: TestSession; // zgfb01: 诊改管理员, keeps the screens
let leader: TestSession; // xld01: school leader, sees them
let owner: TestSession; // rwfzr01: no screen menu
const SJGL = '/api/herm-sjgl';
const X = '/api/herm-xxjk/schoolScreen';
const charts: Record<string, number> = {};

async function chart(group: number, lxid: number, name: string, text: string, roles: string[] = []) {
  const alg = await admin.request({
    method: 'POST',
    url: `${SJGL}/algorithmContent/insert`,
    payload: { sfzid: group, sfmc: name, sflx: 'chart', sql: text, bbsm: '初版' },
  });
  expect(alg.statusCode, alg.body).toBe(200);
  const res = await admin.request({
    method: 'POST',
    url: `${SJGL}/ybp/insert`,
    payload: { mc: name, lxid, sfid: alg.json().data.id, lw: 1, roles },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const save = (as: TestSession, payload: object) =>
  as.request({ method: 'POST', url: `${X}/updateSchoolScreen`, payload });

beforeAll(async () => {
  s = await startTestServer();
  [admin, keeper, leader, owner] = await Promise.all([
    s.login('zyadmin'),
    s.login('zgfb01'),
    s.login('xld01'),
    s.login('rwfzr01'),
  ]);
  await s.database.db.execute(sql`create table warehouse.screen_enrol (year integer, dept varchar(10), n integer)`);
  await s.database.db.execute(sql`insert into warehouse.screen_enrol values (2026, 'D02', 120), (2026, 'D07', 300)`);
  const group = (
    await admin.request({ method: 'POST', url: `${SJGL}/algorithmGroup/insert`, payload: { zmc: '大屏' } })
  ).json().data.id as number;
  const lxid = (
    await admin.request({ method: 'POST', url: `${SJGL}/ybplx/insert`, payload: { lxmc: '大屏图表' } })
  ).json().data.id as number;
  charts.enrol = await chart(
    group,
    lxid,
    '大屏招生数',
    'select dept as 院系, sum(n)::int as 人数 from warehouse.screen_enrol where year = :year group by dept order by 1',
  );
  charts.broken = await chart(
    group,
    lxid,
    '大屏出错图表',
    'select dept as 院系, n / 0 as 值 from warehouse.screen_enrol',
  );
  charts.adminOnly = await chart(group, lxid, '仅管理员图表', 'select 1 as 值', ['zyadmin']);
});
afterAll(async () => {
  await s?.close();
});

describe('schoolScreen', () => {
  let screenId = 0;

  it('is saved by a keeper, normalised onto the grid, each save a version', async () => {
    const res = await save(keeper, {
      mc: '学校运行大屏',
      items: [
        { kind: 'figure', figure: 'autoRate', x: 0, y: 0, w: 6, h: 4 },
        // Overlapping the gauge and off the grid: moved and clamped, never stored broken.
        { kind: 'chart', ybpid: charts.enrol, x: 2, y: 1, w: 40, h: 5 },
        { kind: 'chart', ybpid: charts.broken, x: 30, y: -3, w: 8, h: 4 },
        { kind: 'figure', figure: 'jobs', x: 0, y: 20, w: 12, h: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const screen = res.json().data;
    screenId = screen.id;
    expect(screen.items).toHaveLength(4);
    expect(isNormalScreen(screen.items)).toBe(true);
    expect(screen.items[1]).toMatchObject({ title: '大屏招生数', w: 24 });
    expect(screen.abilities).toEqual({ edit: true });
    const again = await save(keeper, { id: screenId, mc: '学校运行大屏（二版）', items: screen.items.slice(0, 2) });
    expect(again.statusCode, again.body).toBe(200);
    const history = await keeper.request({ method: 'GET', url: `${X}/querySchoolHistory?id=${screenId}` });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toMatchObject({ total: 2, current: 1 });
    expect(history.json().data.records.map((h: { bb: number }) => h.bb)).toEqual([2, 1]);
  });

  it('refuses a layout that cannot fit, a missing chart and a chart not open to the keeper', async () => {
    const full = await save(keeper, {
      mc: '太满',
      items: Array.from({ length: 3 }, () => ({ kind: 'figure', figure: 'jobs', x: 0, y: 0, w: 24, h: 5 })),
    });
    expect(full.statusCode).toBe(400);
    expect(full.json().meta.message).toBe(M.screenFull('后台任务运行情况'));
    const none = await save(keeper, { mc: '缺图表', items: [{ kind: 'chart', x: 0, y: 0, w: 4, h: 4 }] });
    expect(none.json().meta.message).toBe(M.screenItemChart);
    const closed = await save(keeper, {
      mc: '无权',
      items: [{ kind: 'chart', ybpid: charts.adminOnly, x: 0, y: 0, w: 4, h: 4 }],
    });
    expect(closed.statusCode).toBe(403);
    const bad = await save(keeper, { mc: '', items: [{ kind: 'map', x: 'a', y: 0, w: 1, h: 1 }] });
    expect(bad.statusCode).toBe(400);
  });

  it('restores a version as the next one', async () => {
    const history = (await keeper.request({ method: 'GET', url: `${X}/querySchoolHistory?id=${screenId}` })).json().data
      .records as { id: number; bb: number }[];
    const first = history.find((h) => h.bb === 1)!;
    const res = await keeper.request({ method: 'POST', url: `${X}/saveSchoolHistory`, payload: { id: first.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ mc: '学校运行大屏' });
    expect(res.json().data.items).toHaveLength(4);
    const after = (await keeper.request({ method: 'GET', url: `${X}/querySchoolHistory?id=${screenId}` })).json().data;
    expect(after.total).toBe(3);
    const missing = await keeper.request({ method: 'POST', url: `${X}/saveSchoolHistory`, payload: { id: 999999 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().meta.message).toBe(M.historyNotFound);
  });

  it('shows a screen within the screen authority: a leader sees it, cannot edit; outside it 403', async () => {
    const mine = await leader.request({ method: 'GET', url: `${X}/querySchoolList` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((x: { id: number }) => x.id)).toContain(screenId);
    const one = await leader.request({ method: 'GET', url: `${X}/querySchoolScreen?id=${screenId}` });
    expect(one.json().data.abilities).toEqual({ edit: false });
    expect((await save(leader, { id: screenId, mc: '改', items: [] })).statusCode).toBe(403);
    expect((await leader.request({ method: 'GET', url: `${X}/queryAllList` })).statusCode).toBe(403);
    expect((await leader.request({ method: 'GET', url: `${X}/querySchoolHistory?id=${screenId}` })).statusCode).toBe(
      403,
    );
    // Kept for the administrators only: the leader lacks that screen authority.
    const closed = (await save(keeper, { mc: '管理员大屏', roles: ['zyadmin'], items: [] })).json().data.id as number;
    const refused = await leader.request({ method: 'GET', url: `${X}/querySchoolScreen?id=${closed}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().meta.message).toBe(M.screenForbidden);
    const list = (await leader.request({ method: 'GET', url: `${X}/querySchoolList` })).json().data as { id: number }[];
    expect(list.map((x) => x.id)).not.toContain(closed);
    expect(
      (await leader.request({ method: 'POST', url: `${X}/queryScreenData`, payload: { id: closed } })).statusCode,
    ).toBe(403);
    // No screen menu at all.
    expect((await owner.request({ method: 'GET', url: `${X}/querySchoolList` })).statusCode).toBe(403);
    expect((await keeper.request({ method: 'GET', url: `${X}/querySchoolScreen?id=999999` })).statusCode).toBe(404);
  });

  it('answers a screen’s data in one request: each chart on its own, the figures once', async () => {
    const res = await leader.request({
      method: 'POST',
      url: `${X}/queryScreenData`,
      payload: { id: screenId, year: 2026 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.year).toBe(2026);
    expect(data.figures).toMatchObject({ year: 2026, autoRate: expect.any(Object), jobs: expect.any(Array) });
    const [enrol, broken] = data.list;
    expect(enrol).toMatchObject({ id: 1, status: 'ok' });
    expect(JSON.stringify(enrol.sfzsj)).toContain('300');
    expect(broken).toMatchObject({ id: 2, status: 'error' });
    expect(broken.message).toContain('除数为零');
  });
});
