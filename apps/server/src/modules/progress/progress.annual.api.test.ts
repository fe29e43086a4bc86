import { PROGRESS_MSG, TASK_MSG } from '@zg/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskWarnings } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';
import { evaluateWarnings, WARNING_JOB } from '../warning';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { TEST_HOOKS: 'true' } });
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';
const post = (me: TestSession, url: string, payload: object) => me.request({ method: 'POST', url, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url });
const data = async (me: TestSession, url: string) => {
  const res = await get(me, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const at = (d: string, time = '10:00:00') => s.app.clock.set(`${d}T${time}`);
const evaluate = () => evaluateWarnings(s.database.db, s.app.clock);

let seq = 0;
/** A task of 教务处 (D02) owned by rwfzr01 and audited by shr01, taken to execution; or of another department. */
async function executingTask(opts: { start?: string; end?: string; department?: string; owner?: string } = {}) {
  const name = `年度任务${++seq}`;
  const fbr = await s.login('fbr01');
  const target = (
    await post(fbr, `${W}/yearTarget/insert`, { name, cycleYear: 2026, chargeDepartId: 'D04', auditorId: 'shr01' })
  ).json().data.id;
  const id = (
    await post(fbr, `${W}/targetTask/insert`, {
      yearTargetId: target,
      rwmc: name,
      rwlx: 'B',
      departmentId: opts.department ?? 'D02',
      kssj: opts.start ?? '2026-01-01',
      jssj: opts.end ?? '2026-03-31',
    })
  ).json().data.id;
  await post(fbr, `${W}/targetTask/${id}/push`, { version: 1 });
  const headId = opts.department === 'D03' ? 'bmfzr03' : 'bmfzr01';
  const head = await s.login(headId);
  await post(head, `${W}/targetTask/${id}/accept`, { version: 2 });
  await post(head, `${W}/targetTask/${id}/resolve`, { version: 3, ownerId: opts.owner ?? 'rwfzr01' });
  const owner = await s.login(opts.owner ?? 'rwfzr01');
  await post(owner, `${W}/targetTaskAudit/${id}/submit`, { version: 4 });
  const auditor = await s.login('shr01');
  expect((await post(auditor, `${W}/targetTaskAudit/${id}/pass`, { version: 5 })).statusCode).toBe(200);
  return { id, name, target, fbr, head, owner, auditor };
}

async function warningRows(taskId: number) {
  return s.database.db.select().from(taskWarnings).where(eq(taskWarnings.taskId, taskId));
}

describe('the year-target task module (herm-ndwbs) under the spec names', () => {
  it('takes a report with an attachment the auditor can open, and audits it from the audit list', async () => {
    at('2026-01-05');
    const { id, owner, auditor } = await executingTask();
    const up = await owner.request({
      method: 'POST',
      url: '/api/herm-zdgj/rest/file/upload',
      ...multipartBody({}, { name: '一月进度.docx', content: Buffer.from('PK\u0003\u0004 january') }),
    });
    expect(up.statusCode, up.body).toBe(200);
    const fileId = up.json().data.fileId;

    const empty = await post(owner, `${N}/scheduleAuditing/insert`, {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain('请输入进度说明');

    const rep = await post(owner, `${N}/scheduleAuditing/insert`, {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '完成课程标准修订',
      fileIds: [fileId],
      progress: 20,
    });
    expect(rep.statusCode, rep.body).toBe(200);
    const reportId = rep.json().data.id;

    // The submitter may revise while it is under review; nobody else may.
    const list = await data(owner, `${N}/scheduleAuditing/select?taskId=${id}`);
    expect(list[0]).toMatchObject({
      id: reportId,
      fileCount: 1,
      abilities: { edit: true, withdraw: true, audit: false, resubmit: false },
    });
    const stranger = await post(auditor, `${N}/scheduleAuditing/update`, {
      id: reportId,
      version: 1,
      content: '改',
    });
    expect(stranger.json().meta.message).toBe(PROGRESS_MSG.notSubmitter);
    expect(
      (
        await post(owner, `${N}/scheduleAuditing/update`, {
          id: reportId,
          version: 1,
          content: '完成课程标准修订（补）',
        })
      ).statusCode,
    ).toBe(200);

    // The auditor finds it in the audit list and reads the attachment (a process document).
    const toAudit = await data(auditor, `${N}/scheduleAuditing/selectPage?status=reviewing`);
    const row = toAudit.records.find((r: { id: number }) => r.id === reportId);
    expect(row).toMatchObject({ rwmc: expect.any(String), fbbm: '教务处', fzrmc: '张伟', version: 2 });
    expect(row.abilities.audit).toBe(true);
    const files = await data(auditor, `/api/herm-zdgj/rest/file/files/list?ownerType=TaskProgress&ownerId=${reportId}`);
    expect(files.map((f: { fileName: string; fileType: string }) => [f.fileName, f.fileType])).toEqual([
      ['一月进度.docx', '过程文件'],
    ]);
    const outsider = await s.login('rwfzr04');
    expect(
      await data(outsider, `/api/herm-zdgj/rest/file/files/list?ownerType=TaskProgress&ownerId=${reportId}`),
    ).toEqual([]);

    const badResult = await post(auditor, `${N}/scheduleAuditing/audit`, { id: reportId, version: 2, result: 'ok' });
    expect(badResult.statusCode).toBe(400);
    expect(badResult.json().meta.message).toContain('审核结果只能是通过、部分通过或驳回');
    const stale = await post(auditor, `${N}/scheduleAuditing/audit`, { id: reportId, version: 1, result: 'pass' });
    expect(stale.statusCode).toBe(409);
    expect(
      (await post(auditor, `${N}/scheduleAuditing/audit`, { id: reportId, version: 2, result: 'childPass' }))
        .statusCode,
    ).toBe(200);
    // The audited report leaves the queue for the audited list; another auditor's queue never holds it.
    const ids = async (me: TestSession, status: string) =>
      (await data(me, `${N}/scheduleAuditing/selectPage?status=${status}&size=100`)).records.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids(auditor, 'reviewing')).not.toContain(reportId);
    expect(await ids(auditor, 'audited')).toContain(reportId);
    expect(await ids(auditor, 'all')).toContain(reportId);
    expect(await ids(await s.login('fbr01'), 'all')).not.toContain(reportId);
    expect(await ids(await s.login('zyadmin'), 'audited')).toContain(reportId);
    const periods = await data(owner, `${N}/scheduleAuditing/periods?taskId=${id}`);
    expect(periods[0]).toMatchObject({ key: '2026-01', schedule: 'finish', audited: true, shzt: '2' });
    expect(periods[1]).toMatchObject({ key: '2026-02', schedule: 'unstart', audited: false, shzt: '0' });
    const again = await post(owner, `${N}/scheduleAuditing/${reportId}/delete`, {});
    expect(again.json().meta.message).toBe(PROGRESS_MSG.reportNotReviewing);
  });

  it('lets the submitter withdraw a report under review, freeing its period', async () => {
    at('2026-01-05');
    const { id, owner } = await executingTask();
    const rep = await post(owner, `${N}/scheduleAuditing/insert`, {
      taskId: id,
      periodKey: '2026-01',
      kind: 'process',
      content: '草稿',
    });
    const reportId = rep.json().data.id;
    expect((await post(owner, `${N}/scheduleAuditing/${reportId}/delete`, {})).json().meta.message).toBe(
      PROGRESS_MSG.withdrawn,
    );
    expect(await data(owner, `${N}/scheduleAuditing/select?taskId=${id}`)).toEqual([]);
    expect(
      (
        await post(owner, `${N}/scheduleAuditing/insert`, {
          taskId: id,
          periodKey: '2026-01',
          kind: 'process',
          content: '正式',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('audits delays through delayAuditing, refusing those who are not the auditor', async () => {
    at('2026-03-10');
    const { id, owner, auditor, head } = await executingTask();
    expect(
      (await post(owner, `${N}/delayAuditing/insert`, { taskId: id, newEndDate: '2026-04-30', reason: '实训室改造' }))
        .statusCode,
    ).toBe(200);
    const [delay] = await data(owner, `${N}/delayAuditing/select?taskId=${id}`);
    expect(delay).toMatchObject({
      oldEndDate: '2026-03-31',
      newEndDate: '2026-04-30',
      status: 'reviewing',
      canAudit: false,
    });
    const pending = await data(auditor, `${N}/delayAuditing/selectPage`);
    expect(pending.records.map((d: { id: number }) => d.id)).toContain(delay.id);
    const notAuditor = await post(head, `${N}/delayAuditing/audit`, { id: delay.id, pass: true });
    expect(notAuditor.statusCode).toBe(403);
    expect(notAuditor.json().meta.message).toBe(PROGRESS_MSG.notAuditor);
    const noReason = await post(auditor, `${N}/delayAuditing/audit`, { id: delay.id, pass: false });
    expect(noReason.json().meta.message).toBe(PROGRESS_MSG.reasonRequired);
    expect((await post(auditor, `${N}/delayAuditing/audit`, { id: delay.id, pass: 'true' })).statusCode).toBe(200);
    expect((await post(auditor, `${N}/delayAuditing/audit`, { id: delay.id, pass: 'true' })).json().meta.message).toBe(
      PROGRESS_MSG.delayNotReviewing,
    );
    const delays = async (status: string) =>
      (await data(auditor, `${N}/delayAuditing/selectPage?status=${status}&size=100`)).records.map(
        (d: { id: number }) => d.id,
      );
    expect(await delays('reviewing')).not.toContain(delay.id);
    expect(await delays('audited')).toContain(delay.id);
    expect((await data(owner, `${W}/targetTask/${id}`)).jssj).toBe('2026-04-30');
  });
});

describe('warnings: the warning-task page, task warnings and conditions', () => {
  it('lists warned tasks with the three counters, filters by type, and dismisses a warning for good', async () => {
    at('2026-01-05');
    const a = await executingTask({ end: '2026-02-28' });
    const b = await executingTask({ end: '2026-06-30' });
    const types = await data(a.fbr, `${N}/warningType/list`);
    const processType = types.find((t: { yjlxmc: string }) => t.yjlxmc === '过程预警').id;
    const overdueType = types.find((t: { yjlxmc: string }) => t.yjlxmc === '逾期预警').id;

    // The seeded overdue type warns from 09:00 on its first due day (the day after the end).
    const openKeys = async (taskId: number) =>
      (await warningRows(taskId))
        .filter((w) => w.open)
        .map((w) => w.warningKey)
        .sort();
    at('2026-03-01', '08:00:00');
    await evaluate();
    expect(await openKeys(a.id)).toEqual(['P:2026-01']);
    at('2026-03-01', '09:30:00');
    await evaluate();
    expect(await openKeys(a.id)).toEqual(['P:2026-01', 'overdue']);
    expect(await openKeys(b.id)).toEqual(['P:2026-01']);
    const page = await data(a.fbr, `${N}/warningTask/selectPage?size=200`);
    const ids = page.page.records.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    const before = {
      total: page.totalWarningCount,
      process: page.processWarningCount,
      expired: page.expiredWarningCount,
    };
    expect(before.total).toBe(before.process + before.expired);

    // a: January missing and overdue from March 1st; b: January missing.
    const onlyOverdue = await data(a.fbr, `${N}/warningTask/selectPage?size=200&warningTypeId=${overdueType}`);
    expect(onlyOverdue.page.records.map((r: { id: number }) => r.id)).toContain(a.id);
    expect(onlyOverdue.page.records.map((r: { id: number }) => r.id)).not.toContain(b.id);
    expect(onlyOverdue.processWarningCount).toBe(0);
    expect(onlyOverdue.expiredWarningCount).toBeGreaterThanOrEqual(1);
    const onlyMine = await data(a.owner, `${W}/warningTask/selectPage?size=200&rwmc=${encodeURIComponent(a.name)}`);
    expect(onlyMine).toMatchObject({ totalWarningCount: 2, processWarningCount: 1, expiredWarningCount: 1 });

    const records = await data(a.owner, `${W}/targetTaskDetail/getDetailWarning?taskId=${a.id}`);
    expect(records.map((r: { key: string; label: string }) => [r.key, r.label])).toEqual(
      expect.arrayContaining([
        ['P:2026-01', '2026年1月的进度报告未按期提交'],
        ['overdue', '任务已超过结束时间，尚未完成'],
      ]),
    );
    const january = records.find((r: { key: string }) => r.key === 'P:2026-01');
    const notAllowed = await post(a.owner, `${W}/targetTaskDetail/delDetailWarning`, { id: january.id });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().meta.message).toBe(PROGRESS_MSG.warningDeleteNotAllowed);
    expect((await post(a.fbr, `${N}/warningTask/delDetailWarning`, { id: january.id })).statusCode).toBe(200);
    await evaluate();
    await evaluate();
    const after = await data(a.owner, `${W}/targetTaskDetail/getDetailWarning?taskId=${a.id}`);
    expect(after.find((r: { key: string }) => r.key === 'P:2026-01')).toMatchObject({ open: false, dismissed: true });
    expect((await data(a.owner, `${W}/targetTask/${a.id}`)).processWarningCount).toBe(0);

    // Conditions: only the overdue type applies to b from now on, so its process warning closes.
    const bad = await post(a.fbr, `${N}/warningConditions/insert`, { taskId: b.id, warningTypeIds: [999999] });
    expect(bad.json().meta.message).toBe(PROGRESS_MSG.warningTypeUnknown);
    expect(
      (await post(a.fbr, `${N}/warningConditions/insert`, { taskId: b.id, warningTypeIds: [overdueType] })).statusCode,
    ).toBe(200);
    expect((await data(a.fbr, `${N}/warningConditions/select?taskId=${b.id}`)).warningTypeIds).toEqual([overdueType]);
    await evaluate();
    expect(await openKeys(b.id)).toEqual([]);
    expect(
      (await post(a.fbr, `${N}/warningBatchConfig/insert`, { taskIds: [a.id, b.id], warningTypeIds: [processType] }))
        .statusCode,
    ).toBe(200);
    const history = await data(a.fbr, `${N}/warningBatchConfig/selectConfigHistory`);
    expect(history.records[0]).toMatchObject({
      actorName: '李明',
      taskIds: [a.id, b.id],
      taskNames: [a.name, b.name],
      warningTypeNames: ['过程预警'],
    });
    expect(history.records[1]).toMatchObject({ taskIds: [b.id], warningTypeNames: ['逾期预警'] });
    const owner = await post(a.owner, `${N}/warningBatchConfig/insert`, { taskIds: [a.id], warningTypeIds: [] });
    expect(owner.statusCode).toBe(403);
    const none = await post(a.fbr, `${N}/warningBatchConfig/insert`, { taskIds: [], warningTypeIds: [] });
    expect(none.json().meta.message).toContain(PROGRESS_MSG.configTasksRequired);
  });

  it('loads counts only for the menus the spec names', async () => {
    const owner = await s.login('rwfzr01');
    const auditor = await s.login('shr01');
    const diagnosis = await s.login('zgfb01');
    expect((await get(owner, `${N}/Task/getPersonalWarningCountList`)).statusCode).toBe(200);
    expect((await get(owner, `${N}/Task/getDepartmentWarningCountList`)).statusCode).toBe(403);
    expect((await get(auditor, `${N}/Task/getDepartmentWarningCountList`)).statusCode).toBe(200);
    expect((await get(auditor, `${N}/Task/getPersonalWarningCountList`)).statusCode).toBe(403);
    expect((await get(diagnosis, `${N}/Task/getWarningCountList`)).statusCode).toBe(403);
    expect((await get(diagnosis, `${W}/Task/getWarningCountList`)).statusCode).toBe(403);
  });

  it('raises each warning once when the job runs twice at once, on the shared job runner', async () => {
    at('2026-01-05');
    const tasks = await Promise.all([executingTask(), executingTask(), executingTask()]);
    // The seeded process type (过程预警) checks monthly, on the 25th from 09:00.
    at('2026-02-25');
    const results = await Promise.all([evaluate(), evaluate()]);
    const raised = results.map((r) => r.raised);
    expect(Math.min(...raised)).toBe(0);
    for (const t of tasks) expect((await warningRows(t.id)).map((w) => w.warningKey)).toEqual(['P:2026-01']);

    // Through the jobs table: two queued runs claimed by two drains at once.
    at('2026-03-25');
    await enqueueJob(s.database.db, WARNING_JOB, {});
    await enqueueJob(s.database.db, WARNING_JOB, {});
    await Promise.all([s.app.jobs.drain(), s.app.jobs.drain()]);
    for (const t of tasks) {
      const [n] = await s.database.db
        .select({ n: count() })
        .from(taskWarnings)
        .where(and(eq(taskWarnings.taskId, t.id), eq(taskWarnings.warningKey, 'P:2026-02')));
      expect(Number(n?.n)).toBe(1);
    }
  });

  it('moves the clock through the test hook only for an administrator', async () => {
    const fbr = await s.login('fbr01');
    expect((await post(fbr, '/api/test/clock', { now: '2026-05-01T10:00:00' })).statusCode).toBe(403);
    const admin = await s.login('zyadmin');
    const res = await post(admin, '/api/test/clock', { now: '2026-05-01T10:00:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(s.app.clock.today()).toBe('2026-05-01');
    const bad = await post(admin, '/api/test/clock', { now: '五月' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('urges: one by one, in batch, about warnings, and on the home page until accepted', () => {
  it('urges departments of a year target and refuses those that acted, naming them', async () => {
    at('2026-01-05');
    const fbr = await s.login('fbr01');
    const target = (
      await post(fbr, `${W}/yearTarget/insert`, { name: '批量督办目标', cycleYear: 2026, chargeDepartId: 'D04' })
    ).json().data.id;
    const addTask = async (departmentId: string) => {
      const id = (
        await post(fbr, `${W}/targetTask/insert`, {
          yearTargetId: target,
          rwmc: `任务${departmentId}`,
          rwlx: 'C',
          departmentId,
          kssj: '2026-01-01',
          jssj: '2026-06-30',
        })
      ).json().data.id;
      await post(fbr, `${W}/targetTask/${id}/push`, { version: 1 });
      return id;
    };
    await addTask('D02');
    const t3 = await addTask('D03');
    await addTask('D05');
    await post(await s.login('bmfzr03'), `${W}/targetTask/${t3}/accept`, { version: 2 });

    const depts = await data(fbr, `${N}/yearTargetUrge/departments?yearTargetId=${target}`);
    expect(depts.map((d: { bmid: string; currentStatus: number }) => [d.bmid, d.currentStatus])).toEqual([
      ['D02', 1],
      ['D03', 2],
      ['D05', 1],
    ]);
    // The head of 教务处 sees the target (a task of theirs is in it) but does not publish it; an owner with no task in
    // it does not see it, and is answered as for a missing target.
    const notPublisher = await post(await s.login('bmfzr01'), `${N}/yearTargetUrge/batchInsert`, {
      yearTargetId: target,
      bmids: ['D02'],
    });
    expect(notPublisher.statusCode).toBe(403);
    expect(notPublisher.json().meta.message).toBe(PROGRESS_MSG.urgeNotPublisher);
    const owner = await s.login('rwfzr01');
    const hidden = await post(owner, `${N}/yearTargetUrge/batchInsert`, { yearTargetId: target, bmids: ['D02'] });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().meta.message).toBe(TASK_MSG.targetNotFound);
    const nobody = await post(fbr, `${N}/yearTargetUrge/batchInsert`, { yearTargetId: target, bmids: [] });
    expect(nobody.json().meta.message).toContain(PROGRESS_MSG.urgeNoDepartment);
    const outside = await post(fbr, `${N}/yearTargetUrge/batchInsert`, { yearTargetId: target, bmids: ['D02', 'D09'] });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().meta.message).toBe(PROGRESS_MSG.urgeDone('经济管理学院'));

    const batch = await post(fbr, `${N}/yearTargetUrge/batchInsert`, {
      yearTargetId: target,
      bmids: ['D02', 'D03', 'D05'],
      content: '请于本周内完成',
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().data.ids).toHaveLength(3);
    const twice = await post(fbr, `${N}/yearTargetUrge/batchInsert`, { yearTargetId: target, bmids: ['D02'] });
    expect(twice.json().meta.message).toBe(PROGRESS_MSG.urgePending('教务处'));

    const head = await s.login('bmfzr01');
    const home = await data(head, `${N}/yearTargetUrge/pending`);
    const mine = home.find((u: { yearTargetId: number }) => u.yearTargetId === target);
    expect(mine).toMatchObject({ bmid: 'D02', currentStatus: 1, type: 0, state: 'urge', content: '请于本周内完成' });
    // The publisher sees every urge but receives none; the head of another department does not see this one.
    const notHead = await post(fbr, `${N}/warningUrge/acceptUrge`, { id: mine.id });
    expect(notHead.statusCode).toBe(403);
    expect(notHead.json().meta.message).toBe(PROGRESS_MSG.urgeNotYours);
    const wrongHead = await post(await s.login('bmfzr03'), `${N}/warningUrge/acceptUrge`, { id: mine.id });
    expect(wrongHead.statusCode).toBe(404);
    expect(wrongHead.json().meta.message).toBe(PROGRESS_MSG.urgeNotFound);
    expect((await post(head, `${N}/warningUrge/acceptUrge`, { id: mine.id })).statusCode).toBe(200);
    expect((await data(head, `${N}/yearTargetUrge/pending`)).map((u: { id: number }) => u.id)).not.toContain(mine.id);
    const d03 = (await data(fbr, `${N}/yearTargetUrge/list?mine=false&yearTargetId=${target}`)).records.find(
      (u: { bmid: string }) => u.bmid === 'D03',
    );
    expect(d03).toMatchObject({ currentStatus: 2, type: 0 });
    const history = await data(head, `${N}/yearTargetUrge/list?mine=true&type=1`);
    expect(history.records[0]).toMatchObject({ id: mine.id, state: 'acceptUrge', accepterName: '王建国' });
  });

  it('urges the department of a warned task once, and not a task without warnings', async () => {
    at('2026-01-05');
    const { id, fbr, head } = await executingTask();
    const calm = await post(fbr, `${N}/warningUrge/addUrge`, { taskId: id });
    expect(calm.statusCode).toBe(409);
    expect(calm.json().meta.message).toBe(PROGRESS_MSG.urgeNoWarning);
    at('2026-02-25');
    await evaluate();
    const sent = await post(fbr, `${N}/warningUrge/addUrge`, { taskId: id, content: '请尽快提交一月进度' });
    expect(sent.statusCode, sent.body).toBe(200);
    const again = await post(fbr, `${N}/warningUrge/addUrge`, { taskId: id });
    expect(again.json().meta.message).toBe(PROGRESS_MSG.urgePending('教务处'));
    const pending = await data(head, `${N}/yearTargetUrge/pending`);
    expect(pending.find((u: { taskId: number | null }) => u.taskId === id)).toMatchObject({
      currentStatus: null,
      content: '请尽快提交一月进度',
      rwmc: expect.any(String),
    });
    expect((await post(head, `${N}/warningUrge/acceptUrge`, { id: sent.json().data.id })).statusCode).toBe(200);
    expect((await post(head, `${N}/warningUrge/acceptUrge`, { id: sent.json().data.id })).json().meta.message).toBe(
      PROGRESS_MSG.urgeHandled,
    );
  });
});

describe('focus', () => {
  it('lists the tasks a user follows', async () => {
    at('2026-01-05');
    const { id, owner } = await executingTask();
    await owner.request({ method: 'POST', url: '/api/herm-zdgj/rest/focus/focus', payload: { taskId: id } });
    expect((await data(owner, '/api/herm-zdgj/rest/focus/list')).taskIds).toContain(id);
    await owner.request({
      method: 'POST',
      url: '/api/herm-zdgj/rest/focus/focus',
      payload: { taskId: id, focus: 'false' },
    });
    expect((await data(owner, '/api/herm-zdgj/rest/focus/list')).taskIds).not.toContain(id);
  });

  it('pages the task cards a user follows, and only theirs', async () => {
    at('2026-01-05');
    const F = '/api/herm-zdgj/rest/focus';
    const tasks = [
      await executingTask({ start: '2026-01-01' }),
      await executingTask({ start: '2026-01-02' }),
      await executingTask({ start: '2026-01-03' }),
    ];
    const me = tasks[0]!.owner;
    for (const t of tasks) await post(me, `${F}/focus`, { taskId: t.id });
    await post(await s.login('fbr01'), `${F}/focus`, { taskId: tasks[0]!.id });
    const first = await data(me, `${F}/page?current=1&size=2`);
    expect(first).toMatchObject({ total: 3, current: 1, size: 2, pages: 2 });
    expect(first.records.map((r: { id: number }) => r.id)).toEqual([tasks[2]!.id, tasks[1]!.id]);
    expect(first.records[0]).toMatchObject({ rwmc: tasks[2]!.name, fbbm: '教务处', rwzt: 'executeing' });
    const second = await data(me, `${F}/page?current=2&size=2`);
    expect(second.records.map((r: { id: number }) => r.id)).toEqual([tasks[0]!.id]);
    await post(me, `${F}/focus`, { taskId: tasks[1]!.id, focus: false });
    const after = await data(me, `${F}/page?current=1&size=10`);
    expect(after.records.map((r: { id: number }) => r.id)).toEqual([tasks[2]!.id, tasks[0]!.id]);
    expect((await data(await s.login('rwfzr04'), `${F}/page`)).total).toBe(0);
  });

  it('answers an empty page with 0 pages and every page with ceil(total / size), as every list does (pageReply)', async () => {
    const nobody = await s.login('rwfzr04');
    const empty = { records: [], total: 0, current: 1, size: 10, pages: 0 };
    expect(await data(nobody, `${N}/scheduleAuditing/selectPage`)).toEqual(empty);
    expect(await data(nobody, `${N}/delayAuditing/selectPage`)).toEqual(empty);
    expect(await data(nobody, `${N}/yearTargetUrge/list?mine=true`)).toEqual(empty);
    expect(await data(nobody, '/api/herm-zdgj/rest/focus/page')).toEqual(empty);
    expect((await data(nobody, `${N}/warningTask/selectPage?rwmc=${encodeURIComponent('没有这个任务')}`)).page).toEqual(
      empty,
    );
    const fbr = await s.login('fbr01');
    const history = await data(fbr, `${N}/warningBatchConfig/selectConfigHistory?size=1`);
    expect(history.pages).toBe(Math.ceil(history.total / 1));
  });
});
