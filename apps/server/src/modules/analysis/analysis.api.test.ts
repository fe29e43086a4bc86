import { ANALYSIS_MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import * as fx from '../../test/wbs-fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${W}${url}`, payload });
const get = async (me: TestSession, url: string) => (await me.request({ method: 'GET', url: `${W}${url}` })).json();

const HEADS: Record<string, string> = { D02: 'bmfzr01', D03: 'bmfzr03', D07: 'bmfzr07' };
const OWNERS: Record<string, string> = { D02: 'rwfzr01', D03: 'rwfzr02', D07: 'rwfzr06' };

/** Creates a task of a department and drives it to the wanted state through the real API. */
async function taskIn(
  target: number,
  dep: string,
  goal: 'notPushed' | 'withdrawn' | 'waitAccept' | 'executeing' | 'hasDone' | 'delayDone',
) {
  const fbr = await s.login('fbr01');
  const id = (
    await post(fbr, '/targetTask/insert', {
      yearTargetId: target,
      rwmc: `${dep}-${goal}`,
      rwlx: 'B',
      departmentId: dep,
      kssj: '2026-01-01',
      jssj: '2026-06-30',
    })
  ).json().data.id;
  if (goal === 'notPushed') return id;
  await post(fbr, `/targetTask/${id}/push`, { version: 1 });
  if (goal === 'withdrawn') {
    await post(fbr, `/targetTask/${id}/withdraw`, { version: 2 });
    return id;
  }
  if (goal === 'waitAccept') return id;
  const head = await s.login(HEADS[dep]!);
  await post(head, `/targetTask/${id}/accept`, { version: 2 });
  await post(head, `/targetTask/${id}/resolve`, { version: 3, ownerId: OWNERS[dep] });
  const owner = await s.login(OWNERS[dep]!);
  await post(owner, `/targetTaskAudit/${id}/submit`, { version: 4 });
  const auditor = await s.login('shr01');
  expect((await post(auditor, `/targetTaskAudit/${id}/pass`, { version: 5 })).statusCode).toBe(200);
  if (goal === 'executeing') return id;
  s.app.clock.set(goal === 'delayDone' ? '2026-07-10T10:00:00' : '2026-05-10T10:00:00');
  const rep = (
    await post(owner, '/targetTaskSituation/insert', { taskId: id, periodKey: 'final', kind: 'final', content: '完成' })
  ).json().data.id;
  expect(
    (await post(auditor, '/targetTaskSituation/auditTargetTask', { id: rep, version: 1, result: 'pass' })).statusCode,
  ).toBe(200);
  s.app.clock.set('2026-05-01T10:00:00');
  return id;
}

describe('summary analysis on a fixed data set', () => {
  it('matches hand-computed figures in every scope, withdrawn tasks out of the finish rate', async () => {
    s.app.clock.set('2026-05-01T10:00:00');
    const fbr = await s.login('fbr01');
    const target = (
      await post(fbr, '/yearTarget/insert', {
        name: '分析目标',
        cycleYear: 2026,
        chargeDepartId: 'D04',
        auditorId: 'shr01',
      })
    ).json().data.id;
    await taskIn(target, 'D02', 'hasDone');
    await taskIn(target, 'D02', 'executeing');
    await taskIn(target, 'D02', 'withdrawn');
    await taskIn(target, 'D03', 'hasDone');
    await taskIn(target, 'D03', 'delayDone');
    await taskIn(target, 'D07', 'waitAccept');
    const other = (
      await post(fbr, '/yearTarget/insert', {
        name: '2025目标',
        cycleYear: 2025,
        chargeDepartId: 'D04',
        auditorId: 'shr01',
      })
    ).json().data.id;
    await taskIn(other, 'D02', 'notPushed');

    const leader = await s.login('xld01');
    const status = (
      await get(leader, '/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=globalSummaryAnalysis&year=2026')
    ).data;
    const byStatus = Object.fromEntries(status.list.map((r: { rwzt: string; count: number }) => [r.rwzt, r.count]));
    expect(byStatus).toEqual({
      notPushed: 1,
      waitAccept: 1,
      waitResolve: 0,
      goBack: 0,
      waitDefine: 0,
      executeing: 1,
      hasDone: 2,
      delayNotDone: 0,
      delayDone: 1,
    });
    expect(status.total).toBe(6);

    const rates = (
      await get(leader, '/targetTaskSummaryAnalysis/departmentTaskFinishRate?scope=globalSummaryAnalysis&year=2026')
    ).data;
    expect(rates).toEqual([
      { bmid: 'D02', bmmc: '教务处', issued: 2, finished: 1, rate: 50, rank: 2 },
      { bmid: 'D03', bmmc: '学生工作处', issued: 2, finished: 2, rate: 100, rank: 1 },
      { bmid: 'D07', bmmc: '信息工程学院', issued: 1, finished: 0, rate: 0, rank: 3 },
    ]);
    const ranking = (
      await get(leader, '/targetTaskSummaryAnalysis/finishRankRate?scope=globalSummaryAnalysis&year=2026')
    ).data;
    expect(ranking.map((r: { bmid: string }) => r.bmid)).toEqual(['D03', 'D02', 'D07']);
    const typeB = (
      await get(leader, '/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=globalSummaryAnalysis&rwlx=A')
    ).data;
    expect(typeB.total).toBe(0);

    const head = await s.login('bmfzr01');
    const dep = (
      await get(head, '/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=departmentSummaryAnalysis&year=2026')
    ).data;
    expect(
      dep.list.filter((r: { count: number }) => r.count).map((r: { rwzt: string; count: number }) => [r.rwzt, r.count]),
    ).toEqual([
      ['notPushed', 1],
      ['executeing', 1],
      ['hasDone', 1],
    ]);
    expect(
      (
        await head.request({
          method: 'GET',
          url: `${W}/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=globalSummaryAnalysis`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await head.request({
          method: 'GET',
          url: `${W}/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=departmentSummaryAnalysis&bmid=D03`,
        })
      ).statusCode,
    ).toBe(403);

    const owner = await s.login('rwfzr01');
    const mine = (await get(owner, '/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=mySummaryAnalysis')).data;
    expect(mine.total).toBe(2);
  });
});

describe('the tasks behind each figure, and the toolbar options', () => {
  it('lists exactly the tasks a figure counts, in the scope the user may see', async () => {
    s.app.clock.set('2026-05-01T10:00:00');
    const target = await fx.yearTarget(s, '钻取目标', 2027);
    await fx.taskIn(s, target, 'D02', 'hasDone', { name: '钻取-完成', rwlx: 'A' });
    await fx.taskIn(s, target, 'D02', 'executeing', { name: '钻取-执行' });
    await fx.taskIn(s, target, 'D02', 'withdrawn', { name: '钻取-撤回' });
    await fx.taskIn(s, target, 'D02', 'notPushed', { name: '钻取-未下发' });
    await fx.taskIn(s, target, 'D03', 'delayDone', { name: '钻取-逾期完成' });
    await fx.taskIn(s, target, 'D03', 'waitAccept', { name: '钻取-待接收', rwlx: 'C' });
    s.app.clock.set('2026-05-01T10:00:00');

    const leader = await s.login('xld01');
    const drill = async (me: TestSession, q: string) => {
      const res = await me.request({ method: 'GET', url: `${W}/targetTaskSummaryAnalysis/tasks?${q}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { total: number; pages: number; records: { rwmc: string; departmentId: string }[] };
    };
    const names = async (q: string) =>
      (await drill(leader, `scope=globalSummaryAnalysis&year=2027&size=50&${q}`)).records.map((r) => r.rwmc).sort();
    expect(await names('figure=finished')).toEqual(['钻取-完成', '钻取-逾期完成']);
    expect(await names('figure=issued')).toEqual(['钻取-完成', '钻取-执行', '钻取-待接收', '钻取-逾期完成'].sort());
    expect(await names('figure=unfinished')).toEqual(['钻取-执行', '钻取-待接收'].sort());
    // Withdrawn tasks are back to "not issued": the pie's 未下发 slice holds them, the finish rate does not.
    expect(await names('rwzt=notPushed')).toEqual(['钻取-撤回', '钻取-未下发'].sort());
    expect(await names('figure=finished&departmentId=D02')).toEqual(['钻取-完成']);
    expect(await names('rwlx=C')).toEqual(['钻取-待接收']);
    const paged = await drill(leader, 'scope=globalSummaryAnalysis&year=2027&size=4&current=2');
    expect([paged.total, paged.pages, paged.records.length]).toEqual([6, 2, 2]);

    // Every department's bar and its drill-down agree.
    const rates = (
      await get(leader, '/targetTaskSummaryAnalysis/departmentTaskFinishRate?scope=globalSummaryAnalysis&year=2027')
    ).data as { bmid: string; issued: number; finished: number; rate: number }[];
    expect(rates.map((r) => [r.bmid, r.issued, r.finished, r.rate])).toEqual([
      ['D02', 2, 1, 50],
      ['D03', 2, 1, 50],
    ]);
    for (const r of rates) {
      const q = `scope=globalSummaryAnalysis&year=2027&departmentId=${r.bmid}`;
      expect((await drill(leader, `${q}&figure=issued`)).total).toBe(r.issued);
      expect((await drill(leader, `${q}&figure=finished`)).total).toBe(r.finished);
    }
    const status = (
      await get(leader, '/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=globalSummaryAnalysis&year=2027')
    ).data as { list: { rwzt: string; count: number }[] };
    for (const slice of status.list.filter((x) => x.count)) {
      expect((await drill(leader, `scope=globalSummaryAnalysis&year=2027&rwzt=${slice.rwzt}`)).total).toBe(slice.count);
    }

    // The department page: only charge departments, with clear messages otherwise.
    const head3 = await s.login('bmfzr03');
    expect(
      (await drill(head3, 'scope=departmentSummaryAnalysis&year=2027')).records.map((r) => r.departmentId),
    ).toEqual(['D03', 'D03']);
    const other = await head3.request({
      method: 'GET',
      url: `${W}/targetTaskSummaryAnalysis/tasks?scope=departmentSummaryAnalysis&bmid=D02`,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().meta.message).toBe(ANALYSIS_MSG.notYourDepartment);
    const noDept = await leader.request({
      method: 'GET',
      url: `${W}/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=departmentSummaryAnalysis`,
    });
    expect(noDept.statusCode).toBe(403);
    expect(noDept.json().meta.message).toBe(ANALYSIS_MSG.noChargeDepartment);
    expect(
      (await head3.request({ method: 'GET', url: `${W}/targetTaskSummaryAnalysis/tasks?scope=globalSummaryAnalysis` }))
        .statusCode,
    ).toBe(403);

    // Toolbar options.
    expect((await get(await s.login('bmfzr01'), '/targetTaskSummaryAnalysis/chargeDepartments')).data).toEqual([
      { bmid: 'D02', bmmc: '教务处', fzrmc: '王建国' },
    ]);
    expect((await get(leader, '/targetTaskSummaryAnalysis/chargeDepartments')).data).toEqual([]);
    expect((await get(await s.login('zyadmin'), '/targetTaskSummaryAnalysis/chargeDepartments')).data).toHaveLength(10);
    expect((await get(leader, '/targetTaskSummaryAnalysis/yearList?scope=globalSummaryAnalysis')).data).toEqual([
      { nf: 2027 },
      { nf: 2026 },
      { nf: 2025 },
    ]);
    const types = (
      await get(await s.login('rwfzr02'), '/targetTaskSummaryAnalysis/taskTypeList?scope=mySummaryAnalysis')
    ).data as { code: string; rwlxmc: string; count: number }[];
    expect(types.map((t) => [t.code, t.rwlxmc, t.count])).toEqual([
      ['A', '双高任务', 0],
      ['B', '重点任务', 3],
      ['C', '常规任务', 0],
      ['D', '一般任务', 0],
    ]);
  });
});

describe('a returned task (已退回)', () => {
  it('is not issued in any figure: summary status, rates, ranking, drill-downs, and the annual-wbs analysis', async () => {
    s.app.clock.set('2026-05-01T10:00:00');
    const fbr = await s.login('fbr01');
    const target = (
      await post(fbr, '/yearTarget/insert', {
        name: '退回分析',
        cycleYear: 2029,
        chargeDepartId: 'D04',
        auditorId: 'shr01',
      })
    ).json().data.id;
    await taskIn(target, 'D02', 'hasDone');
    await taskIn(target, 'D02', 'executeing');
    const returned = await taskIn(target, 'D02', 'waitAccept');
    const back = await post(await s.login('bmfzr01'), `/targetTask/${returned}/goBack`, {
      version: 2,
      reason: '不属于本部门职责',
    });
    expect(back.statusCode, back.body).toBe(200);

    const leader = await s.login('xld01');
    const q = 'scope=globalSummaryAnalysis&year=2029';
    const status = (await get(leader, `/targetTaskSummaryAnalysis/taskStatusAnalysis?${q}`)).data;
    const byStatus = Object.fromEntries(status.list.map((r: { rwzt: string; count: number }) => [r.rwzt, r.count]));
    expect(byStatus).toMatchObject({ goBack: 1, executeing: 1, hasDone: 1 });
    expect(status.total).toBe(3);
    const d02 = { bmid: 'D02', bmmc: '教务处', issued: 2, finished: 1, rate: 50, rank: 1 };
    expect((await get(leader, `/targetTaskSummaryAnalysis/departmentTaskFinishRate?${q}`)).data).toEqual([d02]);
    expect((await get(leader, `/targetTaskSummaryAnalysis/finishRankRate?${q}`)).data).toEqual([d02]);
    const drill = async (figure: string) =>
      (await get(leader, `/targetTaskSummaryAnalysis/tasks?${q}&figure=${figure}&size=50`)).data.records
        .map((r: { rwzt: string }) => r.rwzt)
        .sort();
    expect(await drill('issued')).toEqual(['executeing', 'hasDone']);
    expect(await drill('unfinished')).toEqual(['executeing']);
    expect(await drill('all')).toEqual(['executeing', 'goBack', 'hasDone']);

    const annual = async (path: string) =>
      (await leader.request({ method: 'GET', url: `/api/herm-ndwbs/analysis/${path}` })).json().data;
    expect(await annual('gatherAnaylse?year=2029')).toMatchObject({
      taskCount: 3,
      issued: 2,
      finished: 1,
      notIssued: 1,
      rate: 50,
    });
    expect(await annual('findAnalyse?year=2029')).toMatchObject([
      { mbmc: '退回分析', taskCount: 3, issued: 2, rate: 50 },
    ]);
    expect(await annual('findAnalyseDepartemnt?year=2029')).toMatchObject([{ bmid: 'D02', issued: 2, rate: 50 }]);
    expect((await annual('queryGrid?year=2029')).list).toMatchObject([
      { bmid: 'D02', taskCount: 3, finished: 1, rate: 50 },
    ]);
  });

  it('ranks ties alike (1, 1, 3) and rounds the rate to two decimals, by rate then finished count', async () => {
    s.app.clock.set('2026-05-01T10:00:00');
    const target = await fx.yearTarget(s, '并列排名', 2030);
    const tasks = [
      ['D07', 'hasDone'],
      ['D07', 'executeing'],
      ['D07', 'executeing'],
      ['D03', 'delayDone'],
      ['D03', 'executeing'],
      ['D02', 'hasDone'],
      ['D02', 'executeing'],
    ] as const;
    for (const [dep, goal] of tasks) await taskIn(target, dep, goal);
    const leader = await s.login('xld01');
    const q = 'scope=globalSummaryAnalysis&year=2030';
    const rates = (await get(leader, `/targetTaskSummaryAnalysis/departmentTaskFinishRate?${q}`)).data;
    expect(rates).toEqual([
      { bmid: 'D02', bmmc: '教务处', issued: 2, finished: 1, rate: 50, rank: 1 },
      { bmid: 'D03', bmmc: '学生工作处', issued: 2, finished: 1, rate: 50, rank: 1 },
      { bmid: 'D07', bmmc: '信息工程学院', issued: 3, finished: 1, rate: 33.33, rank: 3 },
    ]);
    const ranking = (await get(leader, `/targetTaskSummaryAnalysis/finishRankRate?${q}`)).data;
    expect(ranking.map((r: { bmid: string; rank: number }) => [r.bmid, r.rank])).toEqual([
      ['D02', 1],
      ['D03', 1],
      ['D07', 3],
    ]);
  });
});
