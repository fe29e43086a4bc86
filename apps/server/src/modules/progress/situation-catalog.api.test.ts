import { periodLabel, TASK_MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskReports } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

// targetTaskDetail getDetailSituationCatalog (spec-1 section 7): the periods of a task, its final report and former
// periods, each with its reports; a task the user does not see answers exactly as a missing one.

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
const catalogue = (me: TestSession, taskId: number) =>
  me.request({ method: 'GET', url: `${W}/targetTaskDetail/getDetailSituationCatalog?taskId=${taskId}` });

/** A task of 教务处 (monthly periods, January to March) owned by rwfzr01 and audited by shr01, under way. */
async function executingTask() {
  const fbr = await s.login('fbr01');
  const target = (
    await post(fbr, '/yearTarget/insert', {
      name: '进度目录',
      cycleYear: 2026,
      chargeDepartId: 'D04',
      auditorId: 'shr01',
    })
  ).json().data.id;
  const id = (
    await post(fbr, '/targetTask/insert', {
      yearTargetId: target,
      rwmc: '建设进度目录',
      rwlx: 'B',
      departmentId: 'D02',
      kssj: '2026-01-01',
      jssj: '2026-03-31',
    })
  ).json().data.id;
  await post(fbr, `/targetTask/${id}/push`, { version: 1 });
  const head = await s.login('bmfzr01');
  await post(head, `/targetTask/${id}/accept`, { version: 2 });
  await post(head, `/targetTask/${id}/resolve`, { version: 3, ownerId: 'rwfzr01' });
  const owner = await s.login('rwfzr01');
  await post(owner, `/targetTaskAudit/${id}/submit`, { version: 4 });
  const auditor = await s.login('shr01');
  expect((await post(auditor, `/targetTaskAudit/${id}/pass`, { version: 5 })).statusCode).toBe(200);
  return { id, head, owner, auditor };
}

describe('the situation catalogue of a task', () => {
  it('lists each period, the final report and a former period with their reports, newest first', async () => {
    const { id, owner, auditor } = await executingTask();
    s.app.clock.set('2026-02-10T10:00:00');
    const first = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '一月进度',
      progress: 20,
    });
    expect(first.statusCode, first.body).toBe(200);
    const refused = await post(auditor, '/targetTaskSituation/auditTargetTask', {
      id: first.json().data.id,
      version: 1,
      result: 'reject',
      reason: '缺少佐证材料',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const second = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '一月进度（补充材料）',
      progress: 25,
    });
    expect(second.statusCode, second.body).toBe(200);
    // A report of a period the task no longer has (its cycle changed since).
    await s.database.db.insert(taskReports).values({
      taskId: id,
      periodKey: '2025-12',
      kind: 'process',
      content: '旧周期的报告',
      status: 'pass',
      submitterId: 'rwfzr01',
      submittedAt: new Date('2025-12-20T10:00:00Z'),
    });

    const res = await catalogue(auditor, id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.taskId).toBe(id);
    expect(data.rwmc).toBe('建设进度目录');
    expect(
      data.nodes.map((n: { key: string; kind: string; schedule: string | null; shzt: string }) => [
        n.key,
        n.kind,
        n.schedule,
        n.shzt,
      ]),
    ).toEqual([
      ['2026-01', 'period', 'normal', '1'],
      ['2026-02', 'period', 'normal', '0'],
      ['2026-03', 'period', 'unstart', '0'],
      ['final', 'final', 'normal', '0'],
      ['2025-12', 'former', null, '2'],
    ]);
    const [january, , , final, former] = data.nodes;
    expect(january.label).toBe(periodLabel('2026-01'));
    expect(january.start).toBe('2026-01-01');
    expect(final.label).toBe(periodLabel('final'));
    expect([final.start, final.deadline]).toEqual(['2026-01-01', '2026-03-31']);
    expect(former.label).toBe(periodLabel('2025-12'));
    expect([former.start, former.deadline]).toEqual([null, null]);
    expect(final.reports).toEqual([]);
    // January's reports, newest first, with what the auditor may do with each.
    expect(
      january.reports.map((r: { content: string; status: string; abilities: { audit: boolean } }) => [
        r.content,
        r.status,
        r.abilities.audit,
      ]),
    ).toEqual([
      ['一月进度（补充材料）', 'reviewing', true],
      ['一月进度', 'reject', false],
    ]);
    // The owner sees the same catalogue, and may withdraw the report under review but not audit it.
    const mine = (await catalogue(owner, id)).json().data.nodes[0].reports[0].abilities;
    expect(mine).toEqual({ audit: false, edit: true, withdraw: true, resubmit: false });
  });

  it('answers a task the user does not see exactly as a missing one', async () => {
    const { id, head } = await executingTask();
    expect((await catalogue(head, id)).statusCode).toBe(200);
    for (const intruder of ['bmfzr03', 'rwfzr02']) {
      const me = await s.login(intruder);
      const hidden = await catalogue(me, id);
      const missing = await catalogue(me, 2147483000);
      expect([hidden.statusCode, hidden.json().meta.message]).toEqual([404, TASK_MSG.taskNotFound]);
      expect([missing.statusCode, missing.json().meta.message]).toEqual([404, TASK_MSG.taskNotFound]);
    }
  });

  it('refuses a task id that is not a whole number with a Chinese 400', async () => {
    const { auditor } = await executingTask();
    const res = await auditor.request({
      method: 'GET',
      url: `${W}/targetTaskDetail/getDetailSituationCatalog?taskId=abc`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
