import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

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
