import { MSG, PROGRESS_MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { get, OWNERS, post, taskIn, yearTarget } from '../../test/wbs-fixtures';

// Issue 15 item 4: an administrator runs the warning evaluation now, and a task's warnings follow its reports and
// its dates at once, with the hourly job never running (the harness starts no jobs).

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const N = '/api/herm-ndwbs';
const at = (when: string) => s.app.clock.set(when);
const data = async (me: TestSession, url: string) => {
  const res = await get(me, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** The keys of the task's open warnings, as its warning list (预警记录) shows them. */
const openKeys = async (me: TestSession, taskId: number) =>
  ((await data(me, `/targetTaskDetail/getDetailWarning?taskId=${taskId}`)) as { key: string; open: boolean }[])
    .filter((w) => w.open)
    .map((w) => w.key)
    .sort();
const runNow = (me: TestSession) => me.request({ method: 'POST', url: `${N}/warningTask/evaluate`, payload: {} });

/** An executing task of 教务处 (owner rwfzr01, auditor shr01), made on 5 January. */
async function executing(name: string, end: string) {
  at('2026-01-05T10:00:00');
  const target = await yearTarget(s, name);
  return taskIn(s, target, 'D02', 'executeing', { name, start: '2026-01-01', end });
}

describe('立即执行预警', () => {
  it('shows an overdue task’s warning right after an administrator runs it, and refuses anyone else', async () => {
    const id = await executing('逾期任务', '2026-03-31');
    const admin = await s.login('zyadmin');
    const owner = await s.login(OWNERS.D02!);
    // The day after the end, at 10:00 (the overdue type checks daily from 09:00): due, but nothing runs by itself.
    at('2026-04-01T10:00:00');
    expect(await openKeys(admin, id)).toEqual([]);

    for (const who of ['fbr01', 'bmfzr01', 'rwfzr01', 'shr01']) {
      const refused = await runNow(await s.login(who));
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json().meta.message).toBe(MSG.noPermission);
    }
    expect(await openKeys(admin, id)).toEqual([]);

    const res = await runNow(admin);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().data;
    expect(done.evaluated).toBeGreaterThanOrEqual(1);
    expect(done.raised).toBeGreaterThanOrEqual(1);
    expect(done.overdue).toBeGreaterThanOrEqual(1);
    expect(res.json().meta.message).toBe(PROGRESS_MSG.evaluated(done));
    expect(await openKeys(owner, id)).toContain('overdue');
    expect((await data(owner, `/targetTask/${id}`)).rwzt).toBe('delayNotDone');
    const warned = (await data(admin, '/warningTask/selectPage?size=200')).page.records.map(
      (r: { id: number }) => r.id,
    );
    expect(warned).toContain(id);

    // A second run finds nothing new to raise for it (each warning once).
    const again = (await runNow(admin)).json().data;
    expect(again.overdue).toBe(0);
    expect(await openKeys(owner, id)).toContain('overdue');
  });
});

describe('a task’s warnings follow its changes at once', () => {
  it('after a granted delay moves its end, the overdue warning closes and the task is under way again', async () => {
    const id = await executing('延期任务', '2026-03-31');
    const admin = await s.login('zyadmin');
    at('2026-04-02T10:00:00');
    await runNow(admin);
    const owner = await s.login(OWNERS.D02!);
    expect(await openKeys(owner, id)).toContain('overdue');

    const asked = await post(owner, '/delayAuditing/insert', {
      taskId: id,
      newEndDate: '2026-06-30',
      reason: '材料延迟',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Asking changes nothing yet.
    expect(await openKeys(owner, id)).toContain('overdue');
    const [delay] = await data(owner, `/delayAuditing/select?taskId=${id}`);
    const auditor = await s.login('shr01');
    const granted = await post(auditor, '/delayAuditing/audit', { id: delay.id, pass: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await openKeys(owner, id)).not.toContain('overdue');
    expect((await data(owner, `/targetTask/${id}`)).rwzt).toBe('executeing');
  });

  it('closes a missing-report warning when the report is submitted, and follows its audit and withdrawal', async () => {
    const id = await executing('月报任务', '2026-06-30');
    const admin = await s.login('zyadmin');
    const owner = await s.login(OWNERS.D02!);
    const auditor = await s.login('shr01');
    // January's report is missing; the monthly process type raises it on the 25th from 09:00.
    at('2026-02-25T10:00:00');
    await runNow(admin);
    expect(await openKeys(owner, id)).toEqual(['P:2026-01']);

    const submit = async (content: string) => {
      const res = await post(owner, '/targetTaskSituation/insert', {
        taskId: id,
        periodKey: '2026-01',
        kind: 'process',
        content,
        progress: 20,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const audit = async (reportId: number, result: 'pass' | 'reject') => {
      const res = await post(auditor, '/targetTaskSituation/auditTargetTask', {
        id: reportId,
        version: 1,
        result,
        reason: result === 'reject' ? '缺少佐证材料' : undefined,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    // Submitted (under review counts as reported): closed.
    const first = await submit('一月进度');
    expect(await openKeys(owner, id)).toEqual([]);
    // Rejected: the period is missing again, and warns again.
    await audit(first, 'reject');
    expect(await openKeys(owner, id)).toEqual(['P:2026-01']);
    // Submitted again, then withdrawn by its submitter: warns again.
    const second = await submit('补充佐证');
    expect(await openKeys(owner, id)).toEqual([]);
    const withdrawn = await owner.request({
      method: 'POST',
      url: `/api/herm-wbs/targetTaskSituation/${second}/delete`,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await openKeys(owner, id)).toEqual(['P:2026-01']);
    // Submitted and approved: closed for good.
    await audit(await submit('再次提交'), 'pass');
    expect(await openKeys(owner, id)).toEqual([]);
    const card = await data(owner, `/targetTask/${id}`);
    expect(card.processWarningCount).toBe(0);
  });
});
