import { QCP_STATE_NAMES, ZNFX_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiagnosisWorld, diagnosisWorld, publishDiagnosis } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * 智能分析 (znfx, /api/herm-znfx; issue 31 item 6) through the API: tasks by dimension with their attainment, a task's
 * objects, an object's QCPs, the summary cache (built by cacheQualityByTaskId, refreshed by the next computation or
 * result entered), the school-wide heat table and its Excel export; who may see what.
 */

let s: TestServer;
let fbr: TestSession;
let fzr: TestSession;
let jkr: TestSession;
let stranger: TestSession;
let world: DiagnosisWorld;
const Z = '/api/herm-zdgj';
const N = '/api/herm-znfx';

const get = (me: TestSession, url: string) => me.request({ method: 'GET', url });
const post = (me: TestSession, url: string, payload: object = {}) => me.request({ method: 'POST', url, payload });
async function data(p: ReturnType<typeof get>) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  const admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  fzr = await s.login('zyfzr01');
  jkr = await s.login('rwfzr01');
  stranger = await s.login('rwfzr02');
  world = await diagnosisWorld(s, admin, '分析诊改标准');
});
afterAll(async () => {
  await s?.close();
});

describe('znfx', () => {
  it('answers tasks by dimension, their objects, each QCP’s attainment, and the school heat table', async () => {
    const task = await publishDiagnosis(fbr, world, { rwmc: '分析任务' });
    const objects = (await data(get(fbr, `${Z}/rest/obj/select?rwid=${task.id}&pageSize=50`))).list as {
      id: number;
      dxbm: string;
    }[];
    const [m01, , m03] = objects.map((o) => o.id);
    // Targets issued down (standard values), then the whole task computed.
    await data(post(fbr, `${Z}/rest/obj/updatedownlist`, { ids: objects.map((o) => o.id) }));
    const started = await data(post(fbr, `${Z}/rest/task/calresult`, { id: task.id }));
    await s.app.jobs.drain();
    expect((await data(get(fbr, `${Z}/rest/task/calresult/job?id=${started.id}`))).state).toBe('done');

    const tasks = await data(get(fbr, `${N}/selectTaskByDimension?wd=major`));
    const mine = tasks.find((t: { rwid: number }) => t.rwid === task.id);
    // 就业率: M01 92.5 ok, M02 83 dis, M03 70 dis; 在校生数: 300 ok, 120 ok, 80 dis; manual rows have no result.
    expect(mine).toMatchObject({ rwmc: '分析任务', wd: 'major', dxsl: 3, bdbdxsl: 2, zs: 12, yjg: 6, db: 3, bdb: 3 });
    expect(mine.dbl).toBe(50);
    expect(await data(get(fbr, `${N}/selectTaskByDimension?wd=course`))).toEqual([]);

    const page = await data(get(fbr, `${N}/selectObjectByTaskId?rwid=${task.id}&pageSize=2`));
    expect(page.total).toBe(3);
    expect(page.list.map((o: { dxbm: string; bdb: number }) => [o.dxbm, o.bdb])).toEqual([
      ['M03', 2],
      ['M02', 1],
    ]);
    const byName = await data(get(fbr, `${N}/selectObjectByTaskId?rwid=${task.id}&sort=name&gzdxmc=软件`));
    expect(byName.list).toHaveLength(1);
    expect(byName.list[0]).toMatchObject({ dxbm: 'M01', dbl: 100, fzrmc: expect.any(String) });

    const quality = await data(get(fbr, `${N}/selectQuality?dxrwid=${m03}`));
    expect(quality).toMatchObject({ gzdxmc: '大数据技术', rwmc: '分析任务', zs: 4, yjg: 2, bdb: 2, dbl: 0 });
    expect(quality.list.map((r: { zkdmc: string; zt: string }) => [r.zkdmc, r.zt])).toEqual([
      ['就业率', 'dis'],
      ['在校生数', 'dis'],
      ['人才培养方案', 'none'],
      ['专业评估', 'none'],
    ]);
    expect(quality.list[0]).toMatchObject({ cj: '计分卡 / 就业质量', bzz: '85', mbz: '85', jgz: '70' });

    const heat = await data(get(fbr, `${N}/schoolView?rwid=${task.id}`));
    expect(heat.columns.map((c: { zkdmc: string; bdb: number }) => [c.zkdmc, c.bdb])).toEqual([
      ['就业率', 2],
      ['在校生数', 1],
      ['人才培养方案', 0],
      ['专业评估', 0],
    ]);
    expect(heat.rows.map((r: { dxbm: string; cells: unknown[] }) => [r.dxbm, r.cells])).toEqual([
      ['M03', ['dis', 'dis', 'none', 'none']],
      ['M02', ['dis', 'ok', 'none', 'none']],
      ['M01', ['ok', 'ok', 'none', 'none']],
    ]);

    // A result entered is a computation: the summary follows without asking for it.
    const rows = (await data(get(fzr, `${Z}/rest/quality/select?dxrwid=${m01}`))).list as {
      id: number;
      zkdmc: string;
    }[];
    const plan = rows.find((r) => r.zkdmc === '人才培养方案')!;
    await data(post(fzr, `${Z}/rest/quality/updatejgz`, { dxrwid: m01, list: [{ id: plan.id, jgz: '0' }] }));
    const after = await data(get(fbr, `${N}/schoolView?rwid=${task.id}`));
    expect(after.rows.find((r: { dxbm: string }) => r.dxbm === 'M01').cells).toEqual(['ok', 'ok', 'dis', 'none']);
    expect(after.columns[2].bdb).toBe(1);

    const cached = await post(fbr, `${N}/cacheQualityByTaskId`, { rwid: task.id });
    expect(cached.statusCode, cached.body).toBe(200);
    expect(cached.json()).toMatchObject({ data: { n: 3 }, meta: { message: ZNFX_MSG.cached(3) } });

    const file = await get(fbr, `${N}/schoolView/export?rwid=${task.id}`);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '诊改对象编码',
      '诊改对象名称',
      '责任部门',
      '不达标数',
      '未完成数',
      '达标率(%)',
      '就业率',
      '在校生数',
      '人才培养方案',
      '专业评估',
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe('M03');
    expect(ws.getRow(2).getCell(7).value).toBe(QCP_STATE_NAMES.dis);
  });

  it('shows people only what they may see: the whole-task views to the task’s people, the rest to no one', async () => {
    const task = await publishDiagnosis(fbr, world);
    // The monitor sees the whole; the person in charge their object only and no school view; a stranger nothing.
    expect((await data(get(jkr, `${N}/schoolView?rwid=${task.id}`))).rows).toHaveLength(3);
    const own = await data(get(fzr, `${N}/selectObjectByTaskId?rwid=${task.id}`));
    expect(own.list.map((o: { dxbm: string }) => o.dxbm)).toEqual(['M01']);
    const forbidden = await get(fzr, `${N}/schoolView?rwid=${task.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().meta.message).toBe(ZNFX_MSG.notWhole);
    expect((await post(fzr, `${N}/cacheQualityByTaskId`, { rwid: task.id })).statusCode).toBe(403);
    expect((await get(stranger, `${N}/selectObjectByTaskId?rwid=${task.id}`)).statusCode).toBe(404);
    expect((await get(stranger, `${N}/schoolView/export?rwid=${task.id}`)).statusCode).toBe(404);
    expect(
      (await data(get(stranger, `${N}/selectTaskByDimension`))).some((t: { rwid: number }) => t.rwid === task.id),
    ).toBe(false);
    const other = (await data(get(fbr, `${Z}/rest/obj/select?rwid=${task.id}&pageSize=50`))).list[1].id;
    expect((await get(fzr, `${N}/selectQuality?dxrwid=${other}`)).statusCode).toBe(404);
    expect((await get(fbr, `${N}/selectObjectByTaskId?rwid=abc`)).statusCode).toBe(400);
    expect((await get(fbr, `${N}/selectObjectByTaskId?rwid=${task.id}&sort=x`)).statusCode).toBe(400);
  });
});
