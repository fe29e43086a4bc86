import { PERFORMANCE_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { post, taskIn, yearTarget } from '../../test/wbs-fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const get = async (me: TestSession, url: string) => {
  const res = await me.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The owner generates and rates the report; `audit` submits it and has shr01 pass or refuse it. */
async function report(taskId: number, ownerId: string, level: string, audit?: 'pass' | 'refuse') {
  const owner = await s.login(ownerId);
  const gen = await post(owner, '/targetReport/generateReport', { taskId });
  expect(gen.statusCode, gen.body).toBe(200);
  const { id, version } = gen.json().data;
  await post(owner, '/targetReport/updateLevelSelf', { id, version, zpdj: level });
  if (!audit) return;
  await post(owner, '/targetReport/submitAudit', { id, version: version + 1 });
  const res = await post(await s.login('shr01'), '/targetReport/audit', {
    id,
    version: version + 2,
    result: audit,
    reason: audit === 'refuse' ? '佐证材料不足' : undefined,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the performance centre', () => {
  it('lists finished tasks with levels and audits per department and person, scoped, filtered and exported', async () => {
    s.app.clock.set('2026-01-05T10:00:00');
    const target = await yearTarget(s, '绩效目标', 2026);
    const p1 = await taskIn(s, target, 'D02', 'hasDone', { name: '按期完成的任务' });
    const p2 = await taskIn(s, target, 'D02', 'delayDone', { name: '逾期完成的任务' });
    await taskIn(s, target, 'D02', 'executeing', { name: '执行中的任务' });
    await taskIn(s, target, 'D03', 'hasDone', { name: '未写报告的任务' });
    const p5 = await taskIn(s, target, 'D07', 'delayDone', { name: '草稿报告的任务' });
    s.app.clock.set('2026-07-20T10:00:00');
    await report(p1, 'rwfzr01', 'A', 'pass');
    await report(p2, 'rwfzr01', 'C', 'refuse');
    await report(p5, 'rwfzr06', 'B');

    const leader = await s.login('xld01');
    const P = '/api/herm-zdgj/performance/report/selectPage';
    const page = await get(leader, `${P}?year=2026&pageSize=10`);
    expect(page.total).toBe(4);
    expect(
      page.list.map((r: Record<string, unknown>) => [
        r.rwmc,
        r.bmmc,
        r.fzrmc,
        r.asq,
        r.zpdjmc,
        r.bgzt,
        r.bgztmc,
        r.shyj,
        r.shrmc,
      ]),
    ).toEqual([
      ['逾期完成的任务', '教务处', '张伟', false, '一般', 'refuse', '审核不通过', '佐证材料不足', '赵敏'],
      ['按期完成的任务', '教务处', '张伟', true, '优秀', 'pass', '审核通过', null, '赵敏'],
      ['未写报告的任务', '学生工作处', '李娜', true, null, null, PERFORMANCE_MSG.noReport, null, null],
      ['草稿报告的任务', '信息工程学院', '杨帆', false, '良好', 'draft', '待提交', null, null],
    ]);
    expect(page.list[1].wcsj.slice(0, 10)).toBe('2026-05-10');
    expect((await get(leader, `${P}?zpdj=A`)).list.map((r: { taskId: number }) => r.taskId)).toEqual([p1]);
    expect((await get(leader, `${P}?bgzt=refuse`)).list.map((r: { taskId: number }) => r.taskId)).toEqual([p2]);
    expect((await get(leader, `${P}?bmid=D03`)).total).toBe(1);
    expect((await get(leader, `${P}?year=2025`)).total).toBe(0);
    const second = await get(leader, `${P}?pageSize=3&pageNum=2`);
    expect([second.total, second.list.length, second.pageNum]).toEqual([4, 1, 2]);

    const S = '/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation';
    const byDept = await get(leader, `${S}?year=2026`);
    expect(byDept).toEqual([
      {
        id: 'D02',
        name: '教务处',
        bmmc: '教务处',
        finished: 2,
        onTime: 1,
        late: 1,
        levelA: 1,
        levelB: 0,
        levelC: 1,
        levelD: 0,
        unrated: 0,
        passed: 1,
        reviewing: 0,
        refused: 1,
        excellentRate: 50,
      },
      {
        id: 'D03',
        name: '学生工作处',
        bmmc: '学生工作处',
        finished: 1,
        onTime: 1,
        late: 0,
        levelA: 0,
        levelB: 0,
        levelC: 0,
        levelD: 0,
        unrated: 1,
        passed: 0,
        reviewing: 0,
        refused: 0,
        excellentRate: 0,
      },
      {
        id: 'D07',
        name: '信息工程学院',
        bmmc: '信息工程学院',
        finished: 1,
        onTime: 0,
        late: 1,
        levelA: 0,
        levelB: 1,
        levelC: 0,
        levelD: 0,
        unrated: 0,
        passed: 0,
        reviewing: 0,
        refused: 0,
        excellentRate: 0,
      },
    ]);
    const byPerson = await get(leader, `${S}?groupBy=person`);
    expect(byPerson.map((r: Record<string, unknown>) => [r.id, r.name, r.bmmc, r.finished])).toEqual([
      ['rwfzr01', '张伟', '教务处', 2],
      ['rwfzr02', '李娜', '学生工作处', 1],
      ['rwfzr06', '杨帆', '信息工程学院', 1],
    ]);

    // A department head appraises their own department; owners have no performance menu.
    const head = await s.login('bmfzr01');
    expect((await get(head, P)).list.map((r: { bmmc: string }) => r.bmmc)).toEqual(['教务处', '教务处']);
    expect((await get(head, `${S}`)).map((r: { id: string }) => r.id)).toEqual(['D02']);
    const owner = await s.login('rwfzr01');
    expect((await owner.request({ method: 'GET', url: P })).statusCode).toBe(403);

    const res = await leader.request({ method: 'GET', url: '/api/herm-wbs/targetTaskDetail/export?year=2026' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      PERFORMANCE_MSG.sheetDetail,
      PERFORMANCE_MSG.sheetDepartment,
      PERFORMANCE_MSG.sheetPerson,
    ]);
    const detail = wb.getWorksheet(PERFORMANCE_MSG.sheetDetail)!;
    expect(detail.rowCount).toBe(5);
    const row = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(row(detail, 3)).toEqual([
      '教务处',
      '张伟',
      '按期完成的任务',
      'B',
      2026,
      '绩效目标',
      '2026-06-30',
      '2026-05-10',
      '已完成',
      '优秀',
      '审核通过',
      undefined,
      '赵敏',
    ]);
    expect(row(detail, 4).slice(9, 11)).toEqual([PERFORMANCE_MSG.unrated, PERFORMANCE_MSG.noReport]);
    expect(row(wb.getWorksheet(PERFORMANCE_MSG.sheetDepartment)!, 2)).toEqual([
      '教务处',
      2,
      1,
      1,
      1,
      0,
      1,
      0,
      0,
      1,
      0,
      1,
      50,
    ]);
    expect(wb.getWorksheet(PERFORMANCE_MSG.sheetPerson)!.rowCount).toBe(4);
  });
});
