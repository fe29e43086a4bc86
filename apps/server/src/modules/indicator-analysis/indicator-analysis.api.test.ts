import { INDICATOR_MSG, ROLE } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosisWorld, publishDiagnosis, userWithRoles } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { warehouseTablesChanged } from '../algorithm';

/**
 * 指标分析 (/api/herm-znfx/indicatorAnalysis, issue 35 item 5) through the API on the diagnosis world (three majors of
 * 信息工程学院 D07): a round computed, 再次诊断, the warehouse's figures changed and the task computed again; then the
 * movers of a major with their lineage and contributing warehouse rows, the rows that fell below standard, and the
 * correlation of two indicators across the majors. Three roles: the school leader (xld01) sees every major, the head
 * of D07 (bmfzr07) the college's, zyfzr01 only M01 (403 for another); a head of another college sees nothing.
 */

let s: TestServer;
let fbr: TestSession;
let leader: TestSession;
let college: TestSession;
let other: TestSession;
let major: TestSession;
let taskId: number;
let ids: Record<string, number>;
const Z = '/api/herm-zdgj';
const A = '/api/herm-znfx/indicatorAnalysis';

const get = (me: TestSession, url: string) => me.request({ method: 'GET', url });
const post = (me: TestSession, url: string, payload: object = {}) => me.request({ method: 'POST', url, payload });
async function data(p: ReturnType<typeof get>) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function computeTask() {
  const started = await data(post(fbr, `${Z}/rest/task/calresult`, { id: taskId }));
  await s.app.jobs.drain();
  expect((await data(get(fbr, `${Z}/rest/task/calresult/job?id=${started.id}`))).state).toBe('done');
}

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  // A college head (bmfzr07 heads D07) and another college's head (bmfzr08), both granted 智能分析 through a role.
  await userWithRoles(s, 'bmfzr07', [ROLE.diagnosisObject]);
  await userWithRoles(s, 'bmfzr08', [ROLE.diagnosisObject]);
  const admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  leader = await s.login('xld01');
  college = await s.login('bmfzr07');
  other = await s.login('bmfzr08');
  major = await s.login('zyfzr01');
  const world = await diagnosisWorld(s, admin, '指标分析标准');
  const task = await publishDiagnosis(fbr, world, { rwmc: '指标分析任务' });
  taskId = task.id;
  const objects = (await data(get(fbr, `${Z}/rest/obj/select?rwid=${task.id}&pageSize=50`))).list as {
    id: number;
    dxbm: string;
  }[];
  ids = Object.fromEntries(objects.map((o) => [o.dxbm, o.id]));
  await data(post(fbr, `${Z}/rest/obj/updatedownlist`, { ids: objects.map((o) => o.id) }));
  // Round 1: 就业率 M01 92.5 / M02 83 / M03 70; 在校生数 300 / 120 / 80.
  await computeTask();
  for (const o of objects) await data(post(fbr, `${Z}/rest/obj/diagnoseagain`, { id: o.id }));
  await data(post(fbr, `${Z}/rest/obj/updatedownlist`, { ids: objects.map((o) => o.id) }));
  // Round 2: M01 falls to 80 (A → C, below 85), M02 rises to 88 but its students fall to 90 (below 100), M03 holds.
  const db = s.database.db;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update warehouse.diag_major set rate = 80, students = 330 where major = 'M01' and year = 2025`,
    );
    await tx.execute(sql`update warehouse.diag_major set rate = 88, students = 90 where major = 'M02' and year = 2025`);
    await warehouseTablesChanged(tx, ['diag_major']);
  });
  await computeTask();
});
afterAll(async () => {
  await s?.close();
});

describe('指标分析', () => {
  it('lists the tasks and objects within each one’s authority', async () => {
    const mine = (me: TestSession) => data(get(me, `${A}/tasks`));
    expect((await mine(leader)).find((t: { rwid: number }) => t.rwid === taskId)).toMatchObject({ dxsl: 3 });
    expect((await mine(college)).find((t: { rwid: number }) => t.rwid === taskId)).toMatchObject({ dxsl: 3 });
    expect((await mine(major)).find((t: { rwid: number }) => t.rwid === taskId)).toMatchObject({ dxsl: 1 });
    expect((await mine(other)).find((t: { rwid: number }) => t.rwid === taskId)).toBeUndefined();

    const page = await data(get(leader, `${A}/objects?rwid=${taskId}&pageSize=2`));
    expect(page.total).toBe(3);
    expect(page.list.map((o: { dxbm: string }) => o.dxbm)).toEqual(['M01', 'M02']);
    expect(page.list[0]).toMatchObject({ dxmc: '软件技术', bmid: 'D07', lc: 2 });
    const found = await data(get(college, `${A}/objects?rwid=${taskId}&keyword=大数据`));
    expect(found.list.map((o: { dxbm: string }) => o.dxbm)).toEqual(['M03']);
    const own = await data(get(major, `${A}/objects?rwid=${taskId}`));
    expect(own.list.map((o: { dxbm: string }) => o.dxbm)).toEqual(['M01']);
    const refused = await get(other, `${A}/objects?rwid=${taskId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().meta.message).toBe(INDICATOR_MSG.objectNotSeen);
    expect((await get(leader, `${A}/objects?rwid=999999`)).statusCode).toBe(404);
  });

  it('finds the rows that moved most against last round, with their grade moves', async () => {
    const m01 = await data(get(major, `${A}/movers?dxrwid=${ids.M01}`));
    expect(m01.object).toMatchObject({ dxbm: 'M01', lc: 2, rwmc: '指标分析任务' });
    expect(m01.total).toBe(2);
    // 就业率 92.5 → 80: -12.5, -13.51 %, A → C; 在校生数 300 → 330: +30, +10 %, A → A.
    expect(m01.list).toMatchObject([
      { zkdmc: '就业率', cj: '计分卡 / 就业质量', sljsz: '92.5', jgz: '80', bh: -12.5, bhl: -13.51 },
      { zkdmc: '在校生数', sljsz: '300', jgz: '330', bh: 30, bhl: 10, sldj: 'A', jgdj: 'A', djbh: 'same' },
    ]);
    expect(m01.list[0]).toMatchObject({ sldj: 'A', jgdj: 'C', djbh: 'down', computed: true });
    const byAbs = await data(get(leader, `${A}/movers?dxrwid=${ids.M01}&sort=absolute&pageSize=1`));
    expect(byAbs.list.map((r: { zkdmc: string }) => r.zkdmc)).toEqual(['在校生数']);
    expect(byAbs.total).toBe(2);
    // M03 held both values: nothing moved.
    expect((await data(get(college, `${A}/movers?dxrwid=${ids.M03}`))).list).toEqual([]);

    const refused = await get(major, `${A}/movers?dxrwid=${ids.M02}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().meta.message).toBe(INDICATOR_MSG.objectNotSeen);
    expect((await get(other, `${A}/movers?dxrwid=${ids.M01}`)).statusCode).toBe(403);
    expect((await get(leader, `${A}/movers?dxrwid=99999999`)).statusCode).toBe(404);
  });

  it('traces a mover to its algorithm run and the warehouse rows that contributed, a page at a time', async () => {
    const m01 = await data(get(major, `${A}/movers?dxrwid=${ids.M01}`));
    const rate = m01.list[0];
    const source = await data(get(major, `${A}/moverSource?id=${rate.id}&size=5`));
    expect(source).toMatchObject({ zkdmc: '就业率', gzdxmc: '软件技术', value: '80' });
    expect(source.run).toMatchObject({ sfmc: '诊改就业率', tables: ['diag_major'] });
    expect(source.run.params).toMatchObject({ objectId: 'M01', year: 2025 });
    expect(source.detail).toMatchObject({ configured: true, total: 1, current: 1 });
    expect(source.detail.records[0]).toMatchObject({ 专业: 'M01', 就业率: expect.anything() });
    // 在校生数 has no detail algorithm: the lineage alone, and the empty state.
    const students = await data(get(college, `${A}/moverSource?id=${m01.list[1].id}`));
    expect(students.run).toMatchObject({ sfmc: '诊改学生数' });
    expect(students.detail).toMatchObject({ configured: false, records: [] });

    const m02 = await data(get(leader, `${A}/movers?dxrwid=${ids.M02}`));
    expect((await get(major, `${A}/moverSource?id=${m02.list[0].id}`)).statusCode).toBe(403);
    expect((await get(leader, `${A}/moverSource?id=99999999`)).statusCode).toBe(404);
  });

  it('lists the rows that met the standard last round and do not now, by college', async () => {
    const all = await data(get(leader, `${A}/below?rwid=${taskId}`));
    expect(all.total).toBe(2);
    expect(all.list.map((r: { dxbm: string; zkdmc: string }) => [r.dxbm, r.zkdmc])).toEqual([
      ['M01', '就业率'],
      ['M02', '在校生数'],
    ]);
    expect(all.list[0]).toMatchObject({ zlx: 'percent', bzz: '85', sljsz: '92.5', jgz: '80', bmid: 'D07' });
    expect(all.summary).toEqual([{ bmid: 'D07', bmmc: expect.any(String), dxsl: 2, hs: 2 }]);
    const paged = await data(get(college, `${A}/below?rwid=${taskId}&pageSize=1&pageNum=2`));
    expect(paged.list.map((r: { dxbm: string }) => r.dxbm)).toEqual(['M02']);
    expect((await data(get(leader, `${A}/below?rwid=${taskId}&bmid=D08`))).total).toBe(0);
    expect((await data(get(leader, `${A}/below?rwid=${taskId}&dxrwid=${ids.M02}`))).total).toBe(1);
    // zyfzr01 sees M01's row only; another college's head is refused.
    const own = await data(get(major, `${A}/below?rwid=${taskId}`));
    expect(own.list.map((r: { dxbm: string }) => r.dxbm)).toEqual(['M01']);
    expect(own.summary).toEqual([expect.objectContaining({ dxsl: 1, hs: 1 })]);
    expect((await get(other, `${A}/below?rwid=${taskId}`)).statusCode).toBe(403);
  });

  it('correlates two indicators across the majors with Pearson’s r and a reading', async () => {
    const list = await data(get(leader, `${A}/indicators?rwid=${taskId}`));
    expect(list.map((i: { zkdmc: string }) => i.zkdmc)).toEqual(['就业率', '在校生数']);
    const [rate, students] = list as { key: number }[];
    const c = await data(get(leader, `${A}/correlation?rwid=${taskId}&x=${rate!.key}&y=${students!.key}`));
    // (80, 330), (88, 90), (70, 80): Sxy = 253.33, Sxx = 162.67, Syy = 40066.67 → r = 0.0992…
    expect(c.points.map((p: { dxmc: string; x: number; y: number }) => [p.dxmc, p.x, p.y])).toEqual([
      ['软件技术', 80, 330],
      ['计算机网络技术', 88, 90],
      ['大数据技术', 70, 80],
    ]);
    expect(c.n).toBe(3);
    expect(c.r).toBe(0.099);
    expect(c).toMatchObject({ kind: 'none', x: { zkdmc: '就业率' }, y: { zkdmc: '在校生数' } });
    expect(c.reading).toBe('无明显相关（r = 0.099，n = 3）');
    // zyfzr01's one major is too few points: no r, said so.
    const mine = await data(get(major, `${A}/correlation?rwid=${taskId}&x=${rate!.key}&y=${students!.key}`));
    expect(mine).toMatchObject({ n: 1, r: null, kind: 'insufficient' });
    expect(mine.reading).toContain('样本不足');
  });

  it('refuses bad parameters with a Chinese message, never a 500', async () => {
    const list = await data(get(leader, `${A}/indicators?rwid=${taskId}`));
    const same = await get(leader, `${A}/correlation?rwid=${taskId}&x=${list[0].key}&y=${list[0].key}`);
    expect(same.statusCode).toBe(400);
    expect(same.json().meta.message).toBe(INDICATOR_MSG.sameIndicator);
    const unknown = await get(leader, `${A}/correlation?rwid=${taskId}&x=${list[0].key}&y=987654`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().meta.message).toBe(INDICATOR_MSG.indicatorUnknown);
    for (const url of [
      `${A}/movers?dxrwid=abc`,
      `${A}/movers?dxrwid=${ids.M01}&sort=sideways`,
      `${A}/movers?dxrwid=${ids.M01}&pageSize=100000`,
      `${A}/below?rwid=-1`,
      `${A}/correlation?rwid=${taskId}`,
      `${A}/moverSource?id=1&size=1000`,
      `${A}/objects?rwid=${taskId}&keyword=${'长'.repeat(200)}`,
    ]) {
      const res = await get(leader, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().meta.message, url).toMatch(/[\u4e00-\u9fa5]/);
    }
    // A keyword with LIKE's wildcards matches them literally.
    expect((await data(get(leader, `${A}/objects?rwid=${taskId}&keyword=%25_`))).total).toBe(0);
  });
});
