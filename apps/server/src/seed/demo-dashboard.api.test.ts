/**
 * The demo's chart library (seed/dashboard.ts, issue 34): chart and detail algorithms over the demo warehouse,
 * published in 图表库, and xld01's dashboard of three subscribed charts whose data all draw for a finished year.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startTestServer, type TestServer } from '../test/harness';
import { seedDatabase } from '.';
import { academicYearOf } from './story/school-data';

const NOW = new Date();
const pad = (n: number) => String(n).padStart(2, '0');
const YEAR = academicYearOf(`${NOW.getFullYear()}-${pad(NOW.getMonth() + 1)}-${pad(NOW.getDate())}`) - 1;

let server: TestServer;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase('migrated');
  dropDatabase = drop;
  await database.migrate();
  await seedDatabase(database.db, { demo: true, warehouse: true, now: NOW });
  server = await startTestServer({ database });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await server?.database.close();
  await dropDatabase?.();
});

describe('the demo dashboard', () => {
  it("publishes the demo charts to everyone and draws every chart of xld01's dashboard", async () => {
    const leader = await server.login('xld01');
    const library = (await leader.request({ method: 'GET', url: '/api/herm-sjgl/ybp/list' })).json().data as {
      mc: string;
      sflx: string;
    }[];
    expect(library.map((c) => [c.mc, c.sflx])).toEqual(
      expect.arrayContaining([
        ['近五年招生趋势', 'chart'],
        ['近五年就业趋势', 'chart'],
        ['各学院课程平均分', 'chart'],
        ['各专业招生明细', 'detail'],
      ]),
    );
    const cards = (await leader.request({ method: 'GET', url: '/api/herm-sjfw/dynamicYbpDy/query' })).json().data
      .cards as { id: number; title: string; sfbb: number }[];
    expect(cards.map((c) => c.title)).toEqual(['近五年招生趋势', '近五年就业趋势', '各学院课程平均分']);
    const res = await leader.request({
      method: 'POST',
      url: '/api/herm-sjfw/dynamicYbpDy/data',
      payload: { year: YEAR },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as { status: string; message: string | null; sfzsj: { rowCount: number } }[];
    expect(list.map((d) => [d.status, d.message])).toEqual([
      ['ok', null],
      ['ok', null],
      ['ok', null],
    ]);
    expect(list.map((d) => d.sfzsj.rowCount >= 2)).toEqual([true, true, true]);
  });

  it("lays out the school's data screen for xld01, every chart and figure drawn", async () => {
    const leader = await server.login('xld01');
    const screens = (await leader.request({ method: 'GET', url: '/api/herm-xxjk/schoolScreen/querySchoolList' })).json()
      .data as { id: number; mc: string }[];
    expect(screens.map((x) => x.mc)).toEqual(['学校运行状态大屏']);
    const screen = (
      await leader.request({ method: 'GET', url: `/api/herm-xxjk/schoolScreen/querySchoolScreen?id=${screens[0]!.id}` })
    ).json().data as { items: { kind: string }[] };
    expect(screen.items.map((i) => i.kind).sort()).toEqual([
      'chart',
      'chart',
      'chart',
      'figure',
      'figure',
      'figure',
      'figure',
    ]);
    const res = await leader.request({
      method: 'POST',
      url: '/api/herm-xxjk/schoolScreen/queryScreenData',
      payload: { id: screens[0]!.id, year: YEAR },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { list: { status: string }[]; figures: object | null };
    expect(data.list.map((d) => d.status)).toEqual(['ok', 'ok', 'ok']);
    expect(data.figures).not.toBeNull();
  });
});
