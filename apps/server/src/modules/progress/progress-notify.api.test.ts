import { NOTIFICATION_LINKS } from '@zg/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';
import { evaluateWarnings } from '../warning';

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
const at = (d: string) => s.app.clock.set(`${d}T10:00:00`);

/** The items of a kind a user was told of about an entity. */
const itemsOf = (userId: string, kind: string) =>
  s.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** A task of 教务处 (D02) owned by rwfzr01 and audited by shr01, under way. */
async function executingTask(name: string) {
  const fbr = await s.login('fbr01');
  const target = (
    await post(fbr, '/yearTarget/insert', { name, cycleYear: 2026, chargeDepartId: 'D04', auditorId: 'shr01' })
  ).json().data.id;
  const id = (
    await post(fbr, '/targetTask/insert', {
      yearTargetId: target,
      rwmc: name,
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
  return { id, fbr, owner };
}

describe('notifications fed by target tasks', () => {
  it('tells of a warning raised once, an urge, a report and a delay waiting for audit; a refused action tells nobody', async () => {
    at('2026-01-05');
    const { id, fbr, owner } = await executingTask('通知来源任务');
    const about = <R extends { entityId: string | null }>(rows: R[]) => rows.filter((r) => r.entityId === String(id));

    // The task's January report is missing on 25 February: its owner and its department's head are told, once.
    at('2026-02-25');
    await Promise.all([evaluateWarnings(s.database.db, s.app.clock), evaluateWarnings(s.database.db, s.app.clock)]);
    await evaluateWarnings(s.database.db, s.app.clock);
    for (const user of ['rwfzr01', 'bmfzr01']) {
      const told = about(await itemsOf(user, 'taskWarning'));
      expect(told, user).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: '任务预警：通知来源任务', link: NOTIFICATION_LINKS.taskWarning });
      expect(told[0]!.readAt).toBeNull();
    }

    // The publisher urges the warned task's department: its head is told, the publisher is not.
    const urged = await post(fbr, '/warningUrge/addUrge', { taskId: id, content: '请尽快补报' });
    expect(urged.statusCode, urged.body).toBe(200);
    const urgeId = urged.json().data.id;
    const urge = (await itemsOf('bmfzr01', 'urge')).filter((r) => r.entityId === String(urgeId));
    expect(urge).toHaveLength(1);
    expect(urge[0]!.body).toContain('请尽快补报');
    expect((await itemsOf('fbr01', 'urge')).filter((r) => r.entityId === String(urgeId))).toHaveLength(0);

    // A report refused (a period the task does not have) tells nobody; the one accepted tells the auditor.
    const before = (await itemsOf('shr01', 'reportAudit')).length;
    const bad = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2031-01',
      kind: 'process',
      content: '错误周期',
      fileIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(await itemsOf('shr01', 'reportAudit')).toHaveLength(before);
    const up = await owner.request({
      method: 'POST',
      url: '/api/herm-zdgj/rest/file/upload',
      ...multipartBody({}, { name: '一月进度.pdf', content: Buffer.from('%PDF-1.4 january') }),
    });
    const rep = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '完成3门课程',
      fileIds: [up.json().data.fileId],
      progress: 30,
    });
    expect(rep.statusCode, rep.body).toBe(200);
    const audits = (await itemsOf('shr01', 'reportAudit')).filter((r) => r.entityId === String(rep.json().data.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ title: '进度报告待审核：通知来源任务', link: NOTIFICATION_LINKS.reportAudit });

    const delay = await post(owner, '/delayAuditing/insert', {
      taskId: id,
      newEndDate: '2026-04-30',
      reason: '材料延迟',
    });
    expect(delay.statusCode, delay.body).toBe(200);
    const delays = await itemsOf('shr01', 'delayAudit');
    expect(delays.filter((d) => d.title === '延期申请待审核：通知来源任务')).toHaveLength(1);
    // The owner is told of nothing they did.
    expect(await itemsOf('rwfzr01', 'reportAudit')).toHaveLength(0);
  });
});
