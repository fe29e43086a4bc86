import { MSG, PROGRESS_MSG } from '@zg/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskWarnings } from '../../db/schema';
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
const get = async (me: TestSession, url: string) => (await me.request({ method: 'GET', url: `${W}${url}` })).json();
const at = (d: string) => s.app.clock.set(`${d}T10:00:00`);
const evaluate = () => evaluateWarnings(s.database.db, s.app.clock);

/** A task of 教务处 owned by rwfzr01 and audited by shr01, taken all the way to execution. */
async function executingTask(name: string, start = '2026-01-01', end = '2026-03-31') {
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
      kssj: start,
      jssj: end,
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
  return { id, target, fbr, head, owner, auditor };
}

async function openWarningKeys(taskId: number) {
  const rows = await s.database.db.select().from(taskWarnings).where(eq(taskWarnings.taskId, taskId));
  return rows
    .filter((w) => w.open)
    .map((w) => w.warningKey)
    .sort();
}

describe('a task through its life, with the clock moved', () => {
  it('raises, counts and closes warnings as reports come and go', async () => {
    at('2026-01-05');
    const { id, owner, auditor } = await executingTask('课程建设进度');

    at('2026-02-07');
    await evaluate();
    expect(await openWarningKeys(id)).toEqual([]);

    // January's report is missing from 8 February on, but the seeded process type (过程预警) checks monthly, on the
    // 25th from 09:00: nothing is raised before.
    at('2026-02-08');
    await evaluate();
    expect(await openWarningKeys(id)).toEqual([]);

    at('2026-02-25');
    await Promise.all([evaluate(), evaluate()]);
    await evaluate();
    expect(await openWarningKeys(id)).toEqual(['P:2026-01']);
    const [rows] = await s.database.db.select({ n: count() }).from(taskWarnings).where(eq(taskWarnings.taskId, id));
    expect(Number(rows?.n)).toBe(1);
    const personal = (await get(owner, '/Task/getPersonalWarningCountList')).data;
    expect(personal).toMatchObject({ processWarningCount: 1, expiredWarningCount: 0, totalWarningCount: 1 });
    expect(personal.processMap[String(id)]).toBe(1);
    const card = (await get(owner, `/targetTask/${id}`)).data;
    expect(card.processWarningCount).toBe(1);
    const periods = (await get(owner, `/targetTaskSituation/periods?taskId=${id}`)).data;
    expect(periods.map((p: { schedule: string }) => p.schedule)).toEqual(['block', 'normal', 'unstart']);

    // A process report with an attachment closes the warning.
    const up = await owner.request({
      method: 'POST',
      url: '/api/herm-zdgj/rest/file/upload',
      ...multipartBody({}, { name: '一月进度.pdf', content: Buffer.from('%PDF-1.4 january') }),
    });
    const fileId = up.json().data.fileId;
    const rep = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '完成3门课程',
      fileIds: [fileId],
      progress: 30,
    });
    expect(rep.statusCode, rep.body).toBe(200);
    const reportId = rep.json().data.id;
    const files = (
      await owner.request({
        method: 'GET',
        url: `/api/herm-zdgj/rest/file/files/list?ownerType=TaskProgress&ownerId=${reportId}`,
      })
    ).json().data;
    expect(files.map((f: { fileName: string }) => f.fileName)).toEqual(['一月进度.pdf']);
    const again = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '重复',
    });
    expect(again.json().meta.message).toBe(PROGRESS_MSG.periodUnderReview);
    await evaluate();
    expect(await openWarningKeys(id)).toEqual([]);

    // Only the auditor audits; a rejection needs a reason and brings the warning back.
    const notAuditor = await post(await s.login('bmfzr01'), '/targetTaskSituation/auditTargetTask', {
      id: reportId,
      version: 1,
      result: 'pass',
    });
    expect(notAuditor.statusCode).toBe(403);
    expect(notAuditor.json().meta.message).toBe(PROGRESS_MSG.notAuditor);
    const noReason = await post(auditor, '/targetTaskSituation/auditTargetTask', {
      id: reportId,
      version: 1,
      result: 'reject',
    });
    expect(noReason.json().meta.message).toBe(PROGRESS_MSG.reasonRequired);
    expect(
      (
        await post(auditor, '/targetTaskSituation/auditTargetTask', {
          id: reportId,
          version: 1,
          result: 'reject',
          reason: '缺少佐证材料',
        })
      ).statusCode,
    ).toBe(200);
    await evaluate();
    expect(await openWarningKeys(id)).toEqual(['P:2026-01']);
    // The rejected report may be reported again by its owner (the ability the panel's 重新提交 follows), not by
    // the auditor.
    const resubmittable = async (who: TestSession) =>
      (
        (await get(who, `/targetTaskSituation/list?taskId=${id}`)).data as {
          id: number;
          abilities: { resubmit: boolean };
        }[]
      )
        .filter((r) => r.abilities.resubmit)
        .map((r) => r.id);
    expect(await resubmittable(owner)).toEqual([reportId]);
    expect(await resubmittable(auditor)).toEqual([]);
    const second = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '补充佐证',
      progress: 30,
    });
    expect(
      (
        await post(auditor, '/targetTaskSituation/auditTargetTask', {
          id: second.json().data.id,
          version: 1,
          result: 'pass',
        })
      ).statusCode,
    ).toBe(200);
    await evaluate();
    expect(await openWarningKeys(id)).toEqual([]);
    // Reported again and passed: nothing left to resubmit.
    expect(await resubmittable(owner)).toEqual([]);
    expect((await get(owner, `/targetTask/${id}`)).data.rwjd).toBe(30);
    const circles = (await get(owner, `/targetTaskSituation/periods?taskId=${id}`)).data;
    expect(circles[0]).toMatchObject({ schedule: 'finish', audited: true });

    // Near the end: the 15-day warning (daily at 9) is due; the late February period waits for 25 March.
    at('2026-03-20');
    await evaluate();
    expect(await openWarningKeys(id)).toEqual(['due']);
    at('2026-03-25');
    await evaluate();
    expect(await openWarningKeys(id)).toEqual(['P:2026-02', 'due']);

    // After the end: overdue, and the task is delayNotDone.
    at('2026-04-02');
    await evaluate();
    expect(await openWarningKeys(id)).toEqual(['P:2026-02', 'overdue']);
    expect((await get(owner, `/targetTask/${id}`)).data.rwzt).toBe('delayNotDone');
    const list = (await get(owner, '/targetTask/selectPage?kind=warningTask')).data.records.map(
      (r: { id: number }) => r.id,
    );
    expect(list).toContain(id);

    // A final report finishes it late; warnings close and no more reports are taken.
    const final = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: 'final',
      kind: 'final',
      content: '全部完成',
    });
    const twice = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: 'final',
      kind: 'final',
      content: '再交一次',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().meta.message).toBe(PROGRESS_MSG.finalUnderReview);
    expect(
      (
        await post(auditor, '/targetTaskSituation/auditTargetTask', {
          id: final.json().data.id,
          version: 1,
          result: 'pass',
        })
      ).statusCode,
    ).toBe(200);
    const done = (await get(owner, `/targetTask/${id}`)).data;
    expect(done).toMatchObject({ rwzt: 'delayDone', rwjd: 100 });
    await evaluate();
    expect(await openWarningKeys(id)).toEqual([]);
    const late = await post(owner, '/targetTaskSituation/insert', {
      taskId: id,
      periodKey: '2026-03',
      kind: 'process',
      content: 'x',
    });
    expect(late.json().meta.message).toBe(PROGRESS_MSG.taskFinished);
  });

  it('grants a delay that moves the end and brings an overdue task back under way', async () => {
    at('2026-01-05');
    const { id, owner, auditor } = await executingTask('延期任务', '2026-01-01', '2026-01-31');
    at('2026-02-02');
    await evaluate();
    expect((await get(owner, `/targetTask/${id}`)).data.rwzt).toBe('delayNotDone');
    const early = await post(owner, '/delayAuditing/insert', {
      taskId: id,
      newEndDate: '2026-01-15',
      reason: '材料延迟',
    });
    expect(early.json().meta.message).toBe(PROGRESS_MSG.delayDateInvalid);
    const noSuchDay = await post(owner, '/delayAuditing/insert', {
      taskId: id,
      newEndDate: '2026-02-30',
      reason: '材料延迟',
    });
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().meta.message).toContain(`newEndDate：${MSG.noSuchDate('2026-02-30')}`);
    expect(
      (await post(owner, '/delayAuditing/insert', { taskId: id, newEndDate: '2026-02-28', reason: '材料延迟' }))
        .statusCode,
    ).toBe(200);
    const dup = await post(owner, '/delayAuditing/insert', { taskId: id, newEndDate: '2026-03-28', reason: '再次' });
    expect(dup.json().meta.message).toBe(PROGRESS_MSG.delayUnderReview);
    const { delayRequests } = await import('../../db/schema');
    const [req] = await s.database.db.select().from(delayRequests).where(eq(delayRequests.taskId, id));
    expect((await post(auditor, '/delayAuditing/audit', { id: req!.id, pass: true })).statusCode).toBe(200);
    expect((await get(owner, `/targetTask/${id}`)).data).toMatchObject({ rwzt: 'executeing', jssj: '2026-02-28' });
    await evaluate();
    expect(await openWarningKeys(id)).not.toContain('overdue');
  });
});

describe('urges', () => {
  it('lets the publisher urge a department that has not acted, and the department accept', async () => {
    at('2026-01-05');
    const fbr = await s.login('fbr01');
    const target = (
      await post(fbr, '/yearTarget/insert', { name: '督办目标', cycleYear: 2026, chargeDepartId: 'D04' })
    ).json().data.id;
    const t3 = (
      await post(fbr, '/targetTask/insert', {
        yearTargetId: target,
        rwmc: '学工任务',
        rwlx: 'C',
        departmentId: 'D03',
        kssj: '2026-01-01',
        jssj: '2026-06-30',
      })
    ).json().data.id;
    await post(fbr, `/targetTask/${t3}/push`, { version: 1 });
    const sent = await post(fbr, '/yearTargetUrge/batchInsert', {
      yearTargetId: target,
      bmids: ['D03'],
      content: '请尽快接收任务',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const head3 = await s.login('bmfzr03');
    const mine = (await get(head3, '/yearTargetUrge/list?mine=true')).data.records;
    expect(mine[0]).toMatchObject({ bmid: 'D03', currentStatus: 1, type: 0, state: 'urge', content: '请尽快接收任务' });
    // A leader sees every urge but receives none; the head of another department does not see this one.
    const leader = await post(await s.login('xld01'), '/warningUrge/acceptUrge', { id: mine[0].id });
    expect(leader.statusCode).toBe(403);
    expect(leader.json().meta.message).toBe(PROGRESS_MSG.urgeNotYours);
    const other = await post(await s.login('bmfzr01'), '/warningUrge/acceptUrge', { id: mine[0].id });
    expect(other.statusCode).toBe(404);
    expect(other.json().meta.message).toBe(PROGRESS_MSG.urgeNotFound);
    expect((await post(head3, '/warningUrge/acceptUrge', { id: mine[0].id })).statusCode).toBe(200);
    expect((await post(head3, '/warningUrge/acceptUrge', { id: mine[0].id })).json().meta.message).toBe(
      PROGRESS_MSG.urgeHandled,
    );
    expect((await get(head3, '/yearTargetUrge/list?mine=true')).data.records[0]).toMatchObject({
      type: 1,
      state: 'acceptUrge',
    });

    // Accepted and decomposed: the department has acted, so another urge is refused.
    await post(head3, `/targetTask/${t3}/accept`, { version: 2 });
    await post(head3, `/targetTask/${t3}/resolve`, { version: 3, ownerId: 'rwfzr02' });
    const acted = await post(fbr, '/yearTargetUrge/batchInsert', { yearTargetId: target, bmids: ['D03'] });
    expect(acted.statusCode).toBe(409);
    expect(acted.json().meta.message).toBe(PROGRESS_MSG.urgeDone('学生工作处'));
  });

  it('lets a user follow and unfollow a task they can see', async () => {
    at('2026-01-05');
    const { id, owner } = await executingTask('关注任务');
    const on = await owner.request({ method: 'POST', url: '/api/herm-zdgj/rest/focus/focus', payload: { taskId: id } });
    expect(on.json().data.taskIds).toContain(id);
    const stranger = await s.login('rwfzr04');
    expect(
      (await stranger.request({ method: 'POST', url: '/api/herm-zdgj/rest/focus/focus', payload: { taskId: id } }))
        .statusCode,
    ).toBe(404);
  });
});
