import { ANALYSIS_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { taskIn, yearTarget } from '../../test/wbs-fixtures';
import { evaluateWarnings } from '../warning';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const N = '/api/herm-ndwbs/analysis';
const get = async (me: TestSession, url: string) => {
  const res = await me.request({ method: 'GET', url: `${N}${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('annual-wbs analysis on a fixed data set', () => {
  it('gathers, splits per year target and department, grids and exports hand-computed figures', async () => {
    s.app.clock.set('2026-01-05T10:00:00');
    const t1 = await yearTarget(s, '专业建设目标', 2028);
    const t2 = await yearTarget(s, '师资建设目标', 2028);
    await taskIn(s, t1, 'D02', 'hasDone', { rwlx: 'A' });
    await taskIn(s, t1, 'D02', 'executeing');
    await taskIn(s, t1, 'D02', 'withdrawn');
    await taskIn(s, t1, 'D03', 'delayDone');
    await taskIn(s, t2, 'D03', 'waitAccept', { rwlx: 'C' });
    await taskIn(s, t2, 'D07', 'executeing');
    // January's report is missing on both executing tasks: one open process warning each, raised at the seeded
    // process type's monthly check (the 25th from 09:00).
    s.app.clock.set('2026-02-25T10:00:00');
    await evaluateWarnings(s.database.db, s.app.clock);

    const leader = await s.login('xld01');
    const gather = await get(leader, '/gatherAnaylse?year=2028');
    expect(gather).toEqual({
      nf: 2028,
      yearTargetCount: 2,
      taskCount: 6,
      issued: 5,
      finished: 2,
      executing: 2,
      overdue: 0,
      rate: 40,
      onTime: 1,
      late: 1,
      notIssued: 1,
      processWarningCount: 2,
      expiredWarningCount: 0,
      byType: [
        { rwlx: 'A', rwlxmc: '双高任务', taskCount: 1, issued: 1, finished: 1, executing: 0, overdue: 0, rate: 100 },
        { rwlx: 'B', rwlxmc: '重点任务', taskCount: 4, issued: 3, finished: 1, executing: 2, overdue: 0, rate: 33.33 },
        { rwlx: 'C', rwlxmc: '常规任务', taskCount: 1, issued: 1, finished: 0, executing: 0, overdue: 0, rate: 0 },
        { rwlx: 'D', rwlxmc: '一般任务', taskCount: 0, issued: 0, finished: 0, executing: 0, overdue: 0, rate: 0 },
      ],
    });
    expect((await get(leader, '/gatherAnaylse?year=2027')).taskCount).toBe(0);
    expect((await get(leader, '/gatherAnaylse?year=2028&rwlx=B')).taskCount).toBe(4);

    const targets = await get(leader, '/findAnalyse?year=2028');
    expect(
      targets.map((r: Record<string, unknown>) => [
        r.mbmc,
        r.fzbm,
        r.taskCount,
        r.issued,
        r.finished,
        r.rate,
        r.warningCount,
      ]),
    ).toEqual([
      ['专业建设目标', '质量管理办公室', 4, 3, 2, 66.67, 1],
      ['师资建设目标', '质量管理办公室', 2, 2, 0, 0, 1],
    ]);

    const depts = await get(leader, '/findAnalyseDepartemnt?year=2028');
    expect(
      depts.map((r: Record<string, unknown>) => [
        r.bmid,
        r.fzrmc,
        r.taskCount,
        r.issued,
        r.finished,
        r.rate,
        r.processWarningCount,
        r.rank,
      ]),
    ).toEqual([
      ['D02', '王建国', 3, 2, 1, 50, 1, 1],
      ['D03', '孙志强', 2, 2, 1, 50, 0, 1],
      ['D07', '冯立新', 1, 1, 0, 0, 1, 3],
    ]);

    const grid = await get(leader, `/queryGrid?year=2028&pageSize=2`);
    expect(grid.columns).toEqual([
      { yearTargetId: t1, mbmc: '专业建设目标' },
      { yearTargetId: t2, mbmc: '师资建设目标' },
    ]);
    expect([grid.total, grid.pageNum, grid.pageSize]).toEqual([3, 1, 2]);
    expect(grid.list).toEqual([
      {
        bmid: 'D02',
        bmmc: '教务处',
        cells: [
          { yearTargetId: t1, taskCount: 3, finished: 1, rate: 50 },
          { yearTargetId: t2, taskCount: 0, finished: 0, rate: 0 },
        ],
        taskCount: 3,
        finished: 1,
        rate: 50,
      },
      {
        bmid: 'D03',
        bmmc: '学生工作处',
        cells: [
          { yearTargetId: t1, taskCount: 1, finished: 1, rate: 100 },
          { yearTargetId: t2, taskCount: 1, finished: 0, rate: 0 },
        ],
        taskCount: 2,
        finished: 1,
        rate: 50,
      },
    ]);
    expect(
      (await get(leader, `/queryGrid?year=2028&pageSize=2&pageNum=2`)).list.map((r: { bmid: string }) => r.bmid),
    ).toEqual(['D07']);

    // A department head sees only what relates to them.
    const head = await s.login('bmfzr03');
    expect((await get(head, '/gatherAnaylse?year=2028')).taskCount).toBe(2);
    expect((await get(head, '/findAnalyseDepartemnt?year=2028')).map((r: { bmid: string }) => r.bmid)).toEqual(['D03']);
    // Without the menu: refused.
    const outsider = await s.login('zgfb01');
    expect((await outsider.request({ method: 'GET', url: `${N}/gatherAnaylse` })).statusCode).toBe(403);

    // The export is a real workbook with the same figures.
    const res = await leader.request({ method: 'GET', url: `${N}/export?year=2028` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      ANALYSIS_MSG.gatherSheet,
      ANALYSIS_MSG.targetSheet,
      ANALYSIS_MSG.departmentSheet,
      ANALYSIS_MSG.gridSheet,
    ]);
    const values = (ws: ExcelJS.Worksheet, row: number) => (ws.getRow(row).values as unknown[]).slice(1);
    const gatherSheet = wb.getWorksheet(ANALYSIS_MSG.gatherSheet)!;
    expect(values(gatherSheet, 1)).toEqual([
      '任务类型',
      '任务数',
      '已下发',
      '已完成',
      '执行中',
      '逾期未完成',
      '完成率(%)',
    ]);
    expect(values(gatherSheet, 6)).toEqual(['合计', 6, 5, 2, 2, 0, 40]);
    const gridSheet = wb.getWorksheet(ANALYSIS_MSG.gridSheet)!;
    expect(values(gridSheet, 1)).toEqual(['部门', '专业建设目标', '师资建设目标', '合计', '完成率(%)']);
    expect(values(gridSheet, 2)).toEqual(['教务处', '1/3', '0/0', '1/3', 50]);
    expect(gridSheet.rowCount).toBe(4);
    const deptSheet = wb.getWorksheet(ANALYSIS_MSG.departmentSheet)!;
    expect(values(deptSheet, 4)).toEqual([3, '信息工程学院', '冯立新', 1, 1, 0, 1, 0, 0, 1, 0]);
  });
});
