import { QUALITY_WARNING_MSG as M, ROLE } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiagnosisWorld, diagnosisWorld, publishDiagnosis, userWithRoles } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { data, get, post, refused, Z } from '../../test/zdgj-client';
import { runWarningEvaluators } from '../warning';

/**
 * 质量预警 through the API (issue 32): the clock moves through a row's cycles — a forecast's early warning kept apart,
 * a breach raising one warning and a second evaluation none, the day's cycle raising 逾期预警 once (two jobs at the
 * same moment included), disposal counted, the improvement case moved along the spiral and open until a computation
 * meets the rule, then closed; level mode; the record table with its filters and export; who may do what.
 */

let s: TestServer;
let admin: TestSession;
let fbr: TestSession;
let shr: TestSession;
let fzr: TestSession;
let sharer: TestSession;
let stranger: TestSession;
let world: DiagnosisWorld;
let m01: number;
let taskId: number;
const rowId: Record<string, number> = {};

const enter = (name: string, jgz: string) =>
  data(post(fzr, '/rest/quality/updatejgz', { dxrwid: m01, list: [{ id: rowId[name], jgz }] }));
const at = (t: string) => s.app.clock.set(t);
const job = () => runWarningEvaluators(s.app.hooks, s.app.database.db, s.app.clock);
const counts = (me: TestSession = fzr) => data(get(me, `/rest/obj/selectwarningcount?rwid=${taskId}`));
const told = async (me: TestSession, kind: string) =>
  (await me.request({ method: 'GET', url: '/api/notification/list?size=50' }))
    .json()
    .data.records.filter((n: { kind: string }) => n.kind === kind);
const history = (me: TestSession, name: string) => data(get(me, `/warningflow/queryWarnList?zkdid=${rowId[name]}`));

beforeAll(async () => {
  s = await startTestServer();
  at('2026-03-09T23:59:59');
  admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  shr = await s.login('shr01');
  fzr = await s.login('zyfzr01');
  await userWithRoles(s, 'gxr01', [ROLE.diagnosisObject], 'D07');
  sharer = await s.login('gxr01');
  stranger = await s.login('rwfzr02');
  world = await diagnosisWorld(s, admin, '质量预警测试标准', {
    在校生数: { indicator: undefined, warning: { mode: 'value', operator: '<', value: 150, cycle: 'week' } },
    专业评估: { warning: { mode: 'level', operator: '<', grade: 'B', cycle: 'day' } },
  });
  const task = await publishDiagnosis(fbr, world, { kssj: '2026-03-01', jssj: '2026-07-31' });
  taskId = task.id;
  const objects = (await data(get(fbr, `/rest/obj/select?rwid=${taskId}&pageSize=50`))).list;
  m01 = objects.find((o: { dxbm: string }) => o.dxbm === 'M01').id;
  for (const r of (await data(get(fzr, `/rest/quality/select?dxrwid=${m01}`))).list) rowId[r.zkdmc] = r.id;
  await data(post(fzr, '/rest/obj/authority', { id: m01, gxrids: ['gxr01'], cjrids: [] }));
});
afterAll(async () => {
  await s?.close();
});

describe('a row through its cycles', () => {
  it('forecasts by Holt’s linear method and keeps the early warning apart from the real ones', async () => {
    // Each evening a value above the warning value (< 150) but falling.
    for (const [day, v] of [
      ['2026-03-10', '200'],
      ['2026-03-11', '180'],
      ['2026-03-12', '170'],
      ['2026-03-13', '160'],
    ] as const) {
      at(`${day}T23:59:59`);
      await enter('在校生数', v);
    }
    const fc = await data(get(fzr, `/warningflow/queryForecast?zkdid=${rowId.在校生数}`));
    // By hand: l 200 b -20; l 180 b -20; l 165 b -18.5; l 153.25 b -16.475; Sunday's end is 2 steps on:
    // 153.25 - 2 x 16.475 = 120.3.
    expect(fc).toMatchObject({ method: 'Holt 线性趋势法（α=0.5，β=0.3）', cycleEnd: '2026-03-15', breach: true });
    expect(fc.projected).toBeCloseTo(120.3, 6);
    expect(fc.points.map((p: { value: number }) => p.value)).toEqual([200, 180, 170, 160]);
    const h = await history(fzr, '在校生数');
    expect(h.list).toEqual([]);
    expect(h.forecasts).toHaveLength(1);
    expect(h.forecasts[0]).toMatchObject({ yjlx: 'forecast', yjlxmc: '预测预警', yjz: '< 150', zt: 'open' });
    expect(await counts()).toMatchObject({ totalWarningCount: 0, forecastWarningCount: 1, openCaseCount: 0 });
    await refused(
      post(fzr, '/rest/warningflow/dispose', { id: h.forecasts[0].id, yyfx: 'a', clcs: 'b' }),
      400,
      M.forecastNoDispose,
    );
  });

  it('raises one warning on a breach; a second evaluation raises none; the case opens at 目标', async () => {
    at('2026-03-14T10:00:00');
    await enter('在校生数', '140');
    await enter('在校生数', '130');
    const h = await history(fzr, '在校生数');
    expect(h.list).toHaveLength(1);
    expect(h.list[0]).toMatchObject({ yjlx: 'process', yjlxmc: '过程预警', yjz: '< 150', jgz: '140', zt: 'open' });
    expect(h.forecasts[0]).toMatchObject({ zt: 'closed' });
    expect(h.isedit).toBe(true);
    const c = await data(get(fzr, `/rest/case/selectbyzkd?zkdid=${rowId.在校生数}`));
    expect(c).toMatchObject({ step: 'target', stepName: '目标', zt: 'open', canAct: true });
    expect(c.steps).toEqual([expect.objectContaining({ step: 'target', czr: null })]);
    expect(await counts()).toMatchObject({
      totalWarningCount: 1,
      processWarningCount: 1,
      undisposedCount: 1,
      forecastWarningCount: 0,
      openCaseCount: 1,
    });
    // The person in charge and the sharer are told once, in the notification centre; nobody else.
    for (const me of [fzr, sharer]) {
      expect(await told(me, 'qualityWarning')).toEqual([
        expect.objectContaining({ title: expect.stringContaining('在校生数'), link: '/improvement/warnings' }),
      ]);
    }
    expect(await told(stranger, 'qualityWarning')).toEqual([]);
  });

  it('raises 逾期预警 once when the warning is left undisposed past its cycle, even with two jobs at once', async () => {
    at('2026-03-15T12:00:00'); // still the week of the breach: nothing overdue
    await job();
    expect((await history(fzr, '在校生数')).list).toHaveLength(1);
    at('2026-03-16T01:00:00'); // Monday: the week's cycle has ended
    const [a, b] = await Promise.all([job(), job()]);
    expect(a.raised + b.raised).toBeGreaterThanOrEqual(1);
    await job();
    const h = await history(fzr, '在校生数');
    expect(h.list.map((w: { yjlx: string }) => w.yjlx)).toEqual(['expired', 'process']);
    expect(await counts()).toMatchObject({ totalWarningCount: 2, processWarningCount: 1, expiredWarningCount: 1 });
    expect(await told(fzr, 'caseOverdue')).toHaveLength(1);
  });

  it('is disposed by the person in charge or a sharer, with both texts, and counted', async () => {
    const [expired, process] = (await history(fzr, '在校生数')).list;
    const body = { id: process.id, yyfx: '招生计划调减', clcs: '扩大宣传、增加招生计划' };
    await refused(post(stranger, '/rest/warningflow/dispose', body), 404, M.warningNotFound);
    await refused(post(shr, '/rest/warningflow/dispose', body), 403, M.notEditor);
    await refused(post(fzr, '/rest/warningflow/dispose', { ...body, yyfx: '' }), 400, M.causeRequired);
    await refused(post(fzr, '/rest/warningflow/dispose', { ...body, clcs: '  ' }), 400, M.measuresRequired);
    await refused(post(fzr, '/rest/warningflow/dispose', { ...body, clcs: '长'.repeat(501) }), 400);
    const done = await data(post(fzr, '/rest/warningflow/dispose', body));
    expect(done).toMatchObject({ yyfx: '招生计划调减', clr: { id: 'zyfzr01', name: '林志华' }, zt: 'open' });
    at('2026-03-16T09:00:00');
    await data(post(sharer, '/rest/warningflow/dispose', { id: expired.id, yyfx: '逾期', clcs: '本周内完成' }));
    expect(await counts()).toMatchObject({ totalWarningCount: 2, undisposedCount: 0, openWarningCount: 2 });
    const grid = await data(get(fbr, `/warningflow/queryWarnGrid?rwid=${taskId}`));
    expect(grid.total).toBe(1);
    expect(grid.list[0]).toMatchObject({
      zkdmc: '在校生数',
      yjz: '< 150',
      allNum: 2,
      disposeNum: 2,
      openNum: 2,
      clrmc: '用户gxr01',
      yjlx: 'expired',
    });
    expect((await data(get(stranger, `/warningflow/queryWarnGrid?rwid=${taskId}`))).total).toBe(0);
  });

  it('moves the case along the spiral (forward only), with who and when', async () => {
    const c = await data(get(fzr, `/rest/case/selectbyzkd?zkdid=${rowId.在校生数}`));
    await refused(post(shr, '/rest/case/step', { id: c.id, step: 'diagnose' }), 403, M.notEditor);
    const moved = await data(post(fzr, '/rest/case/step', { id: c.id, step: 'diagnose', note: '分析招生数据' }));
    expect(moved).toMatchObject({ step: 'diagnose', stepName: '诊断' });
    expect(moved.steps.at(-1)).toMatchObject({ step: 'diagnose', czr: { id: 'zyfzr01' }, note: '分析招生数据' });
    await refused(post(sharer, '/rest/case/step', { id: c.id, step: 'design' }), 400, M.caseStepBack('诊断'));
    await data(post(sharer, '/rest/case/step', { id: c.id, step: 'improve' }));
  });

  it('keeps the case open while computations breach, and closes it when one meets the rule', async () => {
    at('2026-03-17T10:00:00');
    await enter('在校生数', '145');
    let c = await data(get(fzr, `/rest/case/selectbyzkd?zkdid=${rowId.在校生数}`));
    expect(c).toMatchObject({ zt: 'open', step: 'improve', days: 3 });
    await enter('在校生数', '155');
    c = await data(get(fzr, `/rest/case/selectbyzkd?zkdid=${rowId.在校生数}`));
    expect(c).toMatchObject({ zt: 'closed', gbsj: '2026-03-17 10:00:00', canAct: false });
    const h = await history(fzr, '在校生数');
    expect(h.list.every((w: { zt: string }) => w.zt === 'closed')).toBe(true);
    expect(await counts()).toMatchObject({
      totalWarningCount: 2,
      openWarningCount: 0,
      openCaseCount: 0,
      closedCaseCount: 1,
    });
    await refused(post(fzr, '/rest/case/step', { id: c.id, step: 'improve' }), 409, M.caseClosed);
    const cases = await data(get(fbr, `/rest/case/selectlist?rwid=${taskId}`));
    expect(cases).toMatchObject({ openNum: 0, closedNum: 1, total: 1 });
    expect(cases.list[0]).toMatchObject({ zkdmc: '在校生数', zt: 'closed', days: 3 });
  });

  it('compares grades in level mode; the trend shows the degrees', async () => {
    at('2026-03-17T11:00:00');
    await enter('专业评估', '良好');
    expect((await history(fzr, '专业评估')).list).toEqual([]);
    await enter('专业评估', '合格');
    const h = await history(fzr, '专业评估');
    expect(h.list).toHaveLength(1);
    expect(h.list[0]).toMatchObject({ yjz: '< B', jgz: '合格' });
    const t = await data(get(fzr, `/warningflow/queryWarnTrend?zkdid=${rowId.专业评估}`));
    expect(t).toMatchObject({ mode: 'level', yjz: '< B', degrees: ['优秀', '良好', '合格', '不合格'], days: 7 });
    expect(t.points.map((p: { degree: string }) => p.degree)).toEqual(['良好', '合格']);
    const v = await data(get(fzr, `/warningflow/queryWarnTrend?zkdid=${rowId.在校生数}&days=30`));
    expect(v).toMatchObject({ mode: 'value', yjz: '< 150', degrees: [] });
    expect(v.points.length).toBe(8);
    await refused(get(stranger, `/warningflow/queryWarnTrend?zkdid=${rowId.在校生数}`), 404, M.rowNotFound);
  });

  it('filters the record table, exports it, and counts the home page’s card', async () => {
    const q = (me: TestSession, f: string) => data(get(me, `/warningflow/queryWarnGrid?rwid=${taskId}&${f}`));
    expect((await q(fbr, 'sfcl=no')).list.map((r: { zkdmc: string }) => r.zkdmc)).toEqual(['专业评估']);
    expect((await q(fbr, 'sfcl=yes')).list.map((r: { zkdmc: string }) => r.zkdmc)).toEqual(['在校生数']);
    expect((await q(fbr, 'yjlx=expired')).total).toBe(1);
    expect((await q(fbr, 'kssj=2026-03-17&jssj=2026-03-17')).total).toBe(1);
    expect((await q(fbr, 'gzdxmc=不存在')).total).toBe(0);
    await refused(get(fbr, '/warningflow/queryWarnGrid?kssj=2026-02-30'), 400);
    const res = await fbr.request({ method: 'GET', url: `${Z}/warningflow/exportWarnGrid?rwid=${taskId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const mine = await data(get(fzr, '/warningflow/queryWarnCount'));
    expect(mine).toMatchObject({ totalWarningCount: 3, openWarningCount: 1, undisposedCount: 1 });
    expect(await data(get(stranger, '/warningflow/queryWarnCount'))).toMatchObject({ totalWarningCount: 0 });
  });
});
