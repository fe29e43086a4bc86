import { TASK_MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

let s: TestServer;
let fbr: TestSession;
let head: TestSession;
let owner: TestSession;
let auditor: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-06-01T10:00:00');
  fbr = await s.login('fbr01');
  head = await s.login('bmfzr01');
  owner = await s.login('rwfzr01');
  auditor = await s.login('shr01');
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
const post = (who: TestSession, url: string, payload: object) =>
  who.request({ method: 'POST', url: `${W}${url}`, payload });
const get = async (who: TestSession, url: string) => (await who.request({ method: 'GET', url: `${W}${url}` })).json();
const card = async (id: number) => (await get(fbr, `/targetTask/${id}`)).data;
async function act(who: TestSession, path: string, id: number, extra: object = {}) {
  const { version } = await card(id);
  const res = await post(who, path.replace(':id', String(id)), { version, ...extra });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
}
async function target(name: string) {
  return (
    await post(fbr, '/yearTarget/insert', { name, cycleYear: 2026, chargeDepartId: 'D04', auditorId: 'shr01' })
  ).json().data.id as number;
}
async function task(yearTargetId: number, rwmc: string, extra: object = {}) {
  const res = await post(fbr, '/targetTask/insert', {
    yearTargetId,
    rwmc,
    rwlx: 'B',
    departmentId: 'D02',
    kssj: '2026-01-01',
    jssj: '2026-12-31',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const yearStatus = async (id: number) =>
  (await get(fbr, '/yearTarget/selectPage?size=200')).data.records.find((t: { id: number }) => t.id === id).status;

async function finish(id: number, progress = 100) {
  const sent = await post(owner, '/targetTaskSituation/insert', {
    taskId: id,
    periodKey: progress === 100 ? 'final' : '2026-05',
    kind: progress === 100 ? 'final' : 'process',
    content: '按计划推进',
    progress,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await post(auditor, '/targetTaskSituation/auditTargetTask', { id: sent.json().data.id, version: 1, result: 'pass' });
}

describe('the year target follows its tasks', () => {
  it('goes waitResolve -> hasResolved -> doing -> done as its tasks are decomposed, run and finished', async () => {
    const y = await target('状态随任务变化');
    expect(await yearStatus(y)).toBe('waitResolve');
    const a = await task(y, '任务甲', { ownerId: 'rwfzr01' });
    const b = await task(y, '任务乙', { ownerId: 'rwfzr01' });
    for (const id of [a, b]) {
      await act(fbr, '/targetTask/:id/push', id);
      await act(head, '/targetTask/:id/accept', id);
    }
    await act(head, '/targetTask/:id/resolve', a);
    // One top-level task is still waiting to be decomposed.
    expect(await yearStatus(y)).toBe('waitResolve');
    await act(head, '/targetTask/:id/resolve', b);
    expect(await yearStatus(y)).toBe('hasResolved');
    for (const id of [a, b]) await act(owner, '/targetTaskAudit/:id/submit', id);
    await act(auditor, '/targetTaskAudit/:id/pass', a);
    expect(await yearStatus(y)).toBe('doing');
    await act(auditor, '/targetTaskAudit/:id/pass', b);
    await finish(a);
    expect(await yearStatus(y)).toBe('doing');
    await finish(b);
    expect(await yearStatus(y)).toBe('done');
  });
});

describe('progress rolls up from children by weight', () => {
  it('weights each child, and the parent finishes when every child has', async () => {
    const y = await target('进度汇总');
    const parent = await task(y, '上级任务');
    await act(fbr, '/targetTask/:id/push', parent);
    await act(head, '/targetTask/:id/accept', parent);
    const child = async (rwmc: string, weight: number) =>
      (
        await post(head, '/targetTask/insert', {
          yearTargetId: y,
          parentId: parent,
          rwmc,
          rwlx: 'B',
          ownerId: 'rwfzr01',
          kssj: '2026-02-01',
          jssj: '2026-11-30',
          weight,
        })
      ).json().data.id as number;
    const light = await child('权重30的子任务', 30);
    const heavy = await child('权重70的子任务', 70);
    await act(head, '/targetTask/:id/resolve', parent);
    expect((await card(parent)).rwzt).toBe('executeing');
    for (const id of [light, heavy]) {
      await act(owner, '/targetTaskAudit/:id/submit', id);
      await act(auditor, '/targetTaskAudit/:id/pass', id);
    }
    await finish(light, 50);
    expect((await card(light)).rwjd).toBe(50);
    expect((await card(parent)).rwjd).toBe(15);
    await finish(heavy);
    expect((await card(parent)).rwjd).toBe(85);
    await finish(light);
    expect(await card(parent)).toMatchObject({ rwjd: 100, rwzt: 'hasDone' });
    expect(await yearStatus(y)).toBe('done');
  });
});

describe('cooperating departments', () => {
  it('show the task to the cooperating head and members, who cannot act on it', async () => {
    const y = await target('协作任务');
    const id = await task(y, '跨部门协作任务', { coopDepartmentIds: ['D03'] });
    await act(fbr, '/targetTask/:id/push', id);
    const coopHead = await s.login('bmfzr03');
    const coopList = (await get(coopHead, '/targetTask/selectPage?kind=departmentCoopTask')).data.records;
    expect(coopList.map((t: { id: number }) => t.id)).toEqual([id]);
    const viaCoop = (await get(coopHead, '/targetTask/getCooperationTask?scope=department')).data;
    expect(viaCoop.records.map((t: { id: number }) => t.id)).toEqual([id]);
    expect(Object.values(viaCoop.records[0].abilities).some(Boolean)).toBe(false);
    expect((await post(coopHead, `/targetTask/${id}/accept`, { version: 2 })).statusCode).toBe(403);
    // rwfzr02 works in 学生工作处 (D03): a member sees the cooperation task under "my cooperation tasks".
    const member = await s.login('rwfzr02');
    const mine = (await get(member, '/targetTask/getCooperationTask?scope=mine')).data.records;
    expect(mine.map((t: { id: number }) => t.id)).toEqual([id]);
    const vo = (await get(member, `/targetTask/getTargetTaskVo?id=${id}`)).data;
    expect(vo.coopDepartments).toEqual([{ bmid: 'D03', bmmc: '学生工作处' }]);
    // A member of an unrelated department sees nothing of it.
    const stranger = await s.login('rwfzr04');
    expect((await get(stranger, '/targetTask/getCooperationTask?scope=mine')).data.total).toBe(0);
    expect(
      (await stranger.request({ method: 'GET', url: `${W}/targetTask/getTargetTaskVo?id=${id}` })).statusCode,
    ).toBe(404);
  });
});

describe('two people at once', () => {
  it('lets one edit of a task win and tells the other it changed, changing nothing more', async () => {
    const y = await target('并发修改');
    const id = await task(y, '原名称');
    const body = (rwmc: string) => ({
      id,
      version: 1,
      yearTargetId: y,
      rwmc,
      rwlx: 'B',
      departmentId: 'D02',
      kssj: '2026-01-01',
      jssj: '2026-12-31',
    });
    const other = await s.login('fbr01');
    const [x, z] = await Promise.all([
      post(fbr, '/targetTask/update', body('甲的修改')),
      post(other, '/targetTask/update', body('乙的修改')),
    ]);
    expect([x.statusCode, z.statusCode].sort()).toEqual([200, 409]);
    const loser = x.statusCode === 409 ? x : z;
    expect(loser.json().meta.message).toBe(TASK_MSG.changed);
    const winner = x.statusCode === 200 ? '甲的修改' : '乙的修改';
    expect(await card(id)).toMatchObject({ rwmc: winner, version: 2 });
  });

  it('does the same for a year target', async () => {
    const y = await target('并发年度目标');
    const body = (name: string) => ({ id: y, version: 1, name, cycleYear: 2026, chargeDepartId: 'D04' });
    const [x, z] = await Promise.all([
      post(fbr, '/yearTarget/update', body('甲')),
      post(fbr, '/yearTarget/update', body('乙')),
    ]);
    expect([x.statusCode, z.statusCode].sort()).toEqual([200, 409]);
    expect((x.statusCode === 409 ? x : z).json().meta.message).toBe(TASK_MSG.changed);
  });
});

describe('editing and deleting', () => {
  it('lets only the right person edit or delete, and only before the task is pushed', async () => {
    const y = await target('编辑权限');
    const id = await task(y, '待编辑');
    const edit = (who: TestSession, version: number) =>
      post(who, '/targetTask/update', {
        id,
        version,
        yearTargetId: y,
        rwmc: '已编辑',
        rwlx: 'A',
        departmentId: 'D02',
        kssj: '2026-03-01',
        jssj: '2026-09-30',
      });
    expect((await edit(head, 1)).statusCode).toBe(403);
    expect((await edit(fbr, 1)).statusCode).toBe(200);
    expect(await card(id)).toMatchObject({ rwmc: '已编辑', rwlx: 'A', kssj: '2026-03-01' });
    await act(fbr, '/targetTask/:id/push', id);
    expect((await edit(fbr, 3)).statusCode).toBe(403);
    const del = await post(fbr, `/targetTask/${id}/delete`, {});
    expect(del.statusCode).toBe(403);
    expect(del.json().meta.message).toBe(TASK_MSG.deleteOnlyUnpushed);
    await act(fbr, '/targetTask/:id/withdraw', id);
    expect((await post(fbr, `/targetTask/${id}/delete`, {})).statusCode).toBe(200);
    expect((await fbr.request({ method: 'GET', url: `${W}/targetTask/${id}` })).statusCode).toBe(404);
  });
});
