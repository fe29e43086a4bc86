import { PROGRESS_MSG } from '@zg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskWarnings } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { evaluateWarnings } from '../warning';

// Reporting periods that follow a task's cycle, and warning types raised on their own schedule, with the clock moved.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';
const post = (me: TestSession, url: string, payload: object) => me.request({ method: 'POST', url, payload });
const data = async (me: TestSession, url: string) => {
  const res = await me.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const at = (d: string, time = '10:00') => s.app.clock.set(`${d}T${time}:00`);
const evaluate = () => evaluateWarnings(s.database.db, s.app.clock);

/** The ids of a cycle type (by its name: 年, 学年, 学期, 时间段, 时间点) and of the named values. */
async function cycle(me: TestSession, typeName: string, valueNames: string[] = []) {
  const types: { id: number; lxmc: string; values: { cycleId: number; cycleNumber: string }[] }[] = await data(
    me,
    `${W}/cycleType/list`,
  );
  const type = types.find((t) => t.lxmc === typeName)!;
  return {
    cycleTypeId: type.id,
    cycleValueIds: valueNames.map((n) => type.values.find((v) => v.cycleNumber === n)!.cycleId),
  };
}

let seq = 0;
/** A task of 教务处 owned by rwfzr01 and audited by shr01, under way, with an optional cycle. */
async function executingTask(start: string, end: string, cycleOf?: { cycleTypeId: number; cycleValueIds: number[] }) {
  const name = `周期任务${++seq}`;
  const fbr = await s.login('fbr01');
  const target = (
    await post(fbr, `${W}/yearTarget/insert`, { name, cycleYear: 2026, chargeDepartId: 'D04', auditorId: 'shr01' })
  ).json().data.id;
  const created = await post(fbr, `${W}/targetTask/insert`, {
    yearTargetId: target,
    rwmc: name,
    rwlx: 'B',
    departmentId: 'D02',
    kssj: start,
    jssj: end,
    ...cycleOf,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id;
  await post(fbr, `${W}/targetTask/${id}/push`, { version: 1 });
  const head = await s.login('bmfzr01');
  await post(head, `${W}/targetTask/${id}/accept`, { version: 2 });
  await post(head, `${W}/targetTask/${id}/resolve`, { version: 3, ownerId: 'rwfzr01' });
  const owner = await s.login('rwfzr01');
  await post(owner, `${W}/targetTaskAudit/${id}/submit`, { version: 4 });
  expect((await post(await s.login('shr01'), `${W}/targetTaskAudit/${id}/pass`, { version: 5 })).statusCode).toBe(200);
  return { id, fbr, owner };
}

/** Creates a warning type and makes it the only one that applies to the tasks. */
async function onlyType(fbr: TestSession, taskIds: number[], type: object) {
  const res = await post(fbr, `${N}/warningType/insert`, { px: 50, ...type });
  expect(res.statusCode, res.body).toBe(200);
  const typeId = res.json().data.id as number;
  for (const taskId of taskIds) {
    expect((await post(fbr, `${N}/warningConditions/insert`, { taskId, warningTypeIds: [typeId] })).statusCode).toBe(
      200,
    );
  }
  return res.json().data;
}

async function warnings(taskId: number) {
  return s.database.db.select().from(taskWarnings).where(eq(taskWarnings.taskId, taskId));
}
const openKeys = async (taskId: number) =>
  (await warnings(taskId))
    .filter((w) => w.open)
    .map((w) => w.warningKey)
    .sort();

describe('reporting periods follow the cycle of the task', () => {
  it('gives a term task its two terms, takes reports only for them, and keeps monthly periods without a cycle', async () => {
    at('2025-09-01');
    const fbr = await s.login('fbr01');
    const term = await executingTask('2025-09-01', '2026-07-31', await cycle(fbr, '学期'));
    const periods = await data(term.owner, `${N}/scheduleAuditing/periods?taskId=${term.id}`);
    expect(
      periods.map((p: { key: string; label: string; start: string; deadline: string }) => [
        p.key,
        p.label,
        p.start,
        p.deadline,
      ]),
    ).toEqual([
      ['2025-2026-1', '2025-2026学年第一学期', '2025-09-01', '2026-01-31'],
      ['2025-2026-2', '2025-2026学年第二学期', '2026-02-01', '2026-07-31'],
    ]);
    expect(periods.map((p: { schedule: string }) => p.schedule)).toEqual(['normal', 'unstart']);

    // A month is not a period of a term task; the term is.
    const month = await post(term.owner, `${N}/scheduleAuditing/insert`, {
      taskId: term.id,
      periodKey: '2025-09',
      kind: 'process',
      content: '九月进度',
    });
    expect(month.statusCode).toBe(400);
    expect(month.json().meta.message).toBe(PROGRESS_MSG.periodInvalid);
    const first = await post(term.owner, `${N}/scheduleAuditing/insert`, {
      taskId: term.id,
      periodKey: '2025-2026-1',
      kind: 'process',
      content: '第一学期完成课程标准修订',
    });
    expect(first.statusCode, first.body).toBe(200);
    const reports = await data(term.owner, `${N}/scheduleAuditing/select?taskId=${term.id}`);
    expect(reports[0]).toMatchObject({ periodKey: '2025-2026-1', status: 'reviewing' });

    // Named values: only those periods exist.
    const half = await executingTask('2026-01-01', '2026-12-31', await cycle(fbr, '时间段', ['2026年下半年']));
    const halves = await data(half.owner, `${W}/targetTaskSituation/periods?taskId=${half.id}`);
    expect(halves.map((p: { key: string; deadline: string }) => [p.key, p.deadline])).toEqual([
      ['2026-H2', '2026-12-31'],
    ]);
    const h1 = await post(half.owner, `${W}/targetTaskSituation/insert`, {
      taskId: half.id,
      periodKey: '2026-H1',
      kind: 'process',
      content: '上半年',
    });
    expect(h1.json().meta.message).toBe(PROGRESS_MSG.periodInvalid);

    // A point-of-time task: one deadline on each named date inside the task.
    const points = await executingTask(
      '2026-01-01',
      '2026-12-31',
      await cycle(fbr, '时间点', ['2026-06-30', '2026-12-31']),
    );
    expect(
      (await data(points.owner, `${W}/targetTaskSituation/periods?taskId=${points.id}`)).map(
        (p: { key: string; label: string; start: string }) => [p.key, p.label, p.start],
      ),
    ).toEqual([
      ['2026-06-30', '2026年6月30日', '2026-01-01'],
      ['2026-12-31', '2026年12月31日', '2026-07-01'],
    ]);

    // No cycle: calendar months as before.
    const plain = await executingTask('2025-11-15', '2026-01-10');
    expect(
      (await data(plain.owner, `${W}/targetTaskSituation/periods?taskId=${plain.id}`)).map(
        (p: { key: string }) => p.key,
      ),
    ).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('warns about a missing half-year report, not about months, and closes the warning when it comes', async () => {
    at('2026-01-05');
    const fbr = await s.login('fbr01');
    const task = await executingTask('2026-01-01', '2026-12-31', await cycle(fbr, '时间段'));
    const monthly = await onlyType(fbr, [task.id], {
      yjlxmc: '周期报告预警（每月1日）',
      kind: 'process',
      date: 0,
      yjzq: 'month',
      day: 1,
      hour: 8,
    });
    for (const d of ['2026-02-01', '2026-04-01', '2026-06-30']) {
      at(d);
      await evaluate();
      expect(await openKeys(task.id), d).toEqual([]);
    }
    // Due from 1 July (the day after the H1 deadline); the type checks on the 1st at 08:00.
    at('2026-07-01', '07:00');
    await evaluate();
    expect(await openKeys(task.id)).toEqual([]);
    at('2026-07-01', '08:00');
    await evaluate();
    expect(await openKeys(task.id)).toEqual(['P:2026-H1']);
    const records = await data(task.owner, `${W}/targetTaskDetail/getDetailWarning?taskId=${task.id}`);
    expect(records[0]).toMatchObject({ warningTypeId: monthly.id, label: '2026年上半年的进度报告未按期提交' });
    const circles = await data(task.owner, `${W}/targetTaskSituation/periods?taskId=${task.id}`);
    expect(circles.map((p: { key: string; schedule: string }) => [p.key, p.schedule])).toEqual([
      ['2026-H1', 'block'],
      ['2026-H2', 'normal'],
    ]);

    // The report arrives between two checks: the warning closes at the next evaluation, not at the next check.
    at('2026-07-03');
    const report = await post(task.owner, `${W}/targetTaskSituation/insert`, {
      taskId: task.id,
      periodKey: '2026-H1',
      kind: 'process',
      content: '上半年完成实训基地一期建设',
    });
    expect(report.statusCode, report.body).toBe(200);
    await evaluate();
    expect(await openKeys(task.id)).toEqual([]);
  });
});

describe('warning types raise on their own schedule', () => {
  it('raises a monthly type on its day and hour, a weekly one on its weekday, a "no" one at once, each once', async () => {
    at('2026-01-05');
    const fbr = await s.login('fbr01');
    const monthlyTask = await executingTask('2026-01-01', '2026-04-30');
    const weeklyTask = await executingTask('2026-01-01', '2026-04-30');
    const atOnceTask = await executingTask('2026-01-01', '2026-02-15');
    // January's report is missing from 1 February (days 0); the third task is overdue from 16 February.
    await onlyType(fbr, [monthlyTask.id], {
      yjlxmc: '每月10日14时检查',
      kind: 'process',
      date: 0,
      yjzq: 'month',
      day: 10,
      hour: 14,
    });
    await onlyType(fbr, [weeklyTask.id], {
      yjlxmc: '每周三8时检查',
      kind: 'process',
      date: 0,
      yjzq: 'week',
      weekday: 4,
      hour: 8,
    });
    await onlyType(fbr, [atOnceTask.id], { yjlxmc: '逾期即预警', kind: 'final', date: 0, yjzq: 'no', hour: 9 });

    // Through February, four evaluations a day (two of them at once), noting when each warning first appears.
    const firstSeen = new Map<number, string>();
    const tasks = [monthlyTask.id, weeklyTask.id, atOnceTask.id];
    for (let day = 1; day <= 28; day += 1) {
      for (const hour of ['00', '08', '14', '23']) {
        const now = `2026-02-${String(day).padStart(2, '0')}T${hour}`;
        at(now.slice(0, 10), `${hour}:00`);
        if (hour === '14') await Promise.all([evaluate(), evaluate()]);
        else await evaluate();
        for (const id of tasks) if (!firstSeen.has(id) && (await openKeys(id)).length) firstSeen.set(id, now);
      }
    }
    expect(firstSeen.get(monthlyTask.id)).toBe('2026-02-10T14');
    expect(firstSeen.get(weeklyTask.id)).toBe('2026-02-04T08');
    expect(firstSeen.get(atOnceTask.id)).toBe('2026-02-16T00');
    // Each raised once, and still open.
    expect((await warnings(monthlyTask.id)).map((w) => [w.warningKey, w.open])).toEqual([['P:2026-01', true]]);
    expect((await warnings(weeklyTask.id)).map((w) => [w.warningKey, w.open])).toEqual([['P:2026-01', true]]);
    expect((await warnings(atOnceTask.id)).map((w) => [w.warningKey, w.open])).toEqual([['overdue', true]]);
    const [raised] = await warnings(monthlyTask.id);
    expect(raised!.raisedAt.getTime()).toBe(new Date('2026-02-10T14:00:00').getTime());

    // February's report is missing from 1 March: the weekly type raises it on Wednesday 4 March, the monthly one on
    // 10 March.
    at('2026-03-03', '23:00');
    await evaluate();
    expect(await openKeys(weeklyTask.id)).toEqual(['P:2026-01']);
    at('2026-03-04', '08:00');
    await evaluate();
    expect(await openKeys(weeklyTask.id)).toEqual(['P:2026-01', 'P:2026-02']);
    expect(await openKeys(monthlyTask.id)).toEqual(['P:2026-01']);
    at('2026-03-10', '14:00');
    await evaluate();
    expect(await openKeys(monthlyTask.id)).toEqual(['P:2026-01', 'P:2026-02']);
  });

  it('keeps the months of a monthly type and refuses bad schedule values in Chinese', async () => {
    const fbr = await s.login('fbr01');
    const created = await post(fbr, `${N}/warningType/insert`, {
      yjlxmc: '春秋季检查',
      kind: 'process',
      date: 7,
      yjzq: 'month',
      day: 1,
      hour: 8,
      months: [9, 3, 3],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ yjzq: 'month', day: 1, hour: 8, months: [3, 9] });
    const listed = (await data(fbr, `${N}/warningType/list`)).find(
      (t: { yjlxmc: string }) => t.yjlxmc === '春秋季检查',
    );
    expect(listed.months).toEqual([3, 9]);
    const badMonth = await post(fbr, `${N}/warningType/insert`, {
      yjlxmc: '错误月份',
      kind: 'process',
      date: 7,
      yjzq: 'month',
      day: 1,
      months: [13],
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().meta.message).toContain('月份的取值为1-12');
    const noWeekday = await post(fbr, `${N}/warningType/insert`, {
      yjlxmc: '缺周几',
      kind: 'process',
      date: 7,
      yjzq: 'week',
    });
    expect(noWeekday.json().meta.message).toContain(PROGRESS_MSG.weekdayRequired);
  });
});
