import { ANALYSIS_MSG, type GatherAnalyse, type Grid, TASK_TYPE } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { tasksSeenBy } from '../target-task';
import {
  type CounterRow,
  countersByDepartment,
  countersByDepartmentAndTarget,
  countersByTarget,
  gatherCounters,
  ndScope,
} from './analysis.query';

export interface NdQuery {
  year?: number;
  yearTargetId?: number;
  rwlx?: string;
}

/** Finish rate in percent with two decimals: finished over issued (withdrawn and unpushed tasks are not issued). */
export const rateOf = (finished: number, issued: number) =>
  issued ? Math.round((finished / issued) * 10000) / 100 : 0;

/** Last-level tasks the actor may see, of the year, year target and type asked for. */
const scopeOf = (actor: Actor, q: NdQuery) => ndScope({ ...q, visible: tasksSeenBy(actor) });

const counts = (r: CounterRow) => ({
  taskCount: Number(r.taskCount),
  issued: Number(r.issued),
  finished: Number(r.finished),
  executing: Number(r.executing),
  overdue: Number(r.overdue),
  rate: rateOf(Number(r.finished), Number(r.issued)),
});

const ZERO: CounterRow = {
  taskCount: 0,
  issued: 0,
  finished: 0,
  onTime: 0,
  late: 0,
  executing: 0,
  overdue: 0,
  notIssued: 0,
  processWarningCount: 0,
  expiredWarningCount: 0,
};

/** gatherAnaylse: the year at a glance, in total and per task type (every type listed, zeros included). */
export async function gatherAnalyse(db: Db, actor: Actor, q: NdQuery): Promise<GatherAnalyse> {
  const { rows, yearTargetCount } = await gatherCounters(db, scopeOf(actor, q));
  const total = rows.find((r) => r.taskType === null) ?? ZERO;
  return {
    nf: q.year ?? null,
    yearTargetCount,
    ...counts(total),
    onTime: Number(total.onTime),
    late: Number(total.late),
    notIssued: Number(total.notIssued),
    processWarningCount: Number(total.processWarningCount),
    expiredWarningCount: Number(total.expiredWarningCount),
    byType: TASK_TYPE.map((t) => ({
      rwlx: t.code,
      rwlxmc: t.name,
      ...counts(rows.find((r) => r.taskType === t.code) ?? ZERO),
    })),
  };
}

/** findAnalyse: one row per year target. */
export async function findAnalyse(db: Db, actor: Actor, q: NdQuery) {
  return (await countersByTarget(db, scopeOf(actor, q))).map((r) => ({
    yearTargetId: Number(r.yearTargetId),
    mbmc: r.mbmc,
    nf: Number(r.nf),
    fzbm: r.fzbm,
    ...counts(r),
    warningCount: Number(r.processWarningCount) + Number(r.expiredWarningCount),
  }));
}

/** findAnalyseDepartemnt: one row per responsible department, ranked by finish rate (1, 2, 2, 4). */
export async function findAnalyseDepartment(db: Db, actor: Actor, q: NdQuery) {
  const rows = (await countersByDepartment(db, scopeOf(actor, q))).map((r) => ({
    bmid: r.bmid,
    bmmc: r.bmmc,
    fzrmc: r.fzrmc ?? ANALYSIS_MSG.unknownHead,
    ...counts(r),
    processWarningCount: Number(r.processWarningCount),
    expiredWarningCount: Number(r.expiredWarningCount),
  }));
  const sorted = [...rows].sort((a, b) => b.rate - a.rate || b.finished - a.finished);
  const rank = new Map<string, number>();
  sorted.forEach((r, i) => {
    const prev = sorted[i - 1];
    rank.set(r.bmid, prev && prev.rate === r.rate && prev.finished === r.finished ? rank.get(prev.bmid)! : i + 1);
  });
  return rows.map((r) => ({ ...r, rank: rank.get(r.bmid)! }));
}

/** queryGrid: departments (paged) by year targets (the columns), each cell finished of tasks with its rate. */
export async function queryGrid(
  db: Db,
  actor: Actor,
  q: NdQuery & { pageNum: number; pageSize: number },
): Promise<Grid> {
  const cells = await countersByDepartmentAndTarget(db, scopeOf(actor, q));
  const columns = new Map<number, string>();
  const byDept = new Map<string, { bmmc: string; cells: Map<number, CounterRow> }>();
  for (const c of cells) {
    const ytId = Number(c.yearTargetId);
    if (!columns.has(ytId)) columns.set(ytId, c.mbmc);
    const dept = byDept.get(c.bmid) ?? { bmmc: c.bmmc, cells: new Map() };
    dept.cells.set(ytId, c);
    byDept.set(c.bmid, dept);
  }
  const ids = [...columns.keys()];
  const all = [...byDept.entries()];
  const page = all.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
  return {
    columns: ids.map((yearTargetId) => ({ yearTargetId, mbmc: columns.get(yearTargetId)! })),
    list: page.map(([bmid, d]) => {
      let taskCount = 0;
      let finished = 0;
      let issued = 0;
      const row = ids.map((yearTargetId) => {
        const c = d.cells.get(yearTargetId) ?? ZERO;
        taskCount += Number(c.taskCount);
        finished += Number(c.finished);
        issued += Number(c.issued);
        return {
          yearTargetId,
          taskCount: Number(c.taskCount),
          finished: Number(c.finished),
          rate: rateOf(Number(c.finished), Number(c.issued)),
        };
      });
      return { bmid, bmmc: d.bmmc, cells: row, taskCount, finished, rate: rateOf(finished, issued) };
    }),
    total: all.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

const COUNT_COLUMNS = [
  { key: 'taskCount', header: '任务数', width: 10 },
  { key: 'issued', header: '已下发', width: 10 },
  { key: 'finished', header: '已完成', width: 10 },
  { key: 'executing', header: '执行中', width: 10 },
  { key: 'overdue', header: '逾期未完成', width: 12 },
  { key: 'rate', header: '完成率(%)', width: 12 },
];

function sheet(
  wb: ExcelJS.Workbook,
  name: string,
  columns: { key: string; header: string; width: number }[],
  rows: Record<string, unknown>[],
) {
  const ws = wb.addWorksheet(name);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r);
  return ws;
}

/** The four analyses of the same filters in one workbook: gathered, per year target, per department, the grid. */
export async function exportAnalyse(db: Db, actor: Actor, q: NdQuery) {
  const [gather, targets, depts, grid] = await Promise.all([
    gatherAnalyse(db, actor, q),
    findAnalyse(db, actor, q),
    findAnalyseDepartment(db, actor, q),
    queryGrid(db, actor, { ...q, pageNum: 1, pageSize: 100_000 }),
  ]);
  const wb = new ExcelJS.Workbook();
  sheet(
    wb,
    ANALYSIS_MSG.gatherSheet,
    [{ key: 'rwlxmc', header: '任务类型', width: 14 }, ...COUNT_COLUMNS],
    [...gather.byType, { rwlxmc: '合计', ...gather }],
  );
  sheet(
    wb,
    ANALYSIS_MSG.targetSheet,
    [
      { key: 'mbmc', header: '年度目标', width: 36 },
      { key: 'nf', header: '年份', width: 8 },
      { key: 'fzbm', header: '负责部门', width: 18 },
      ...COUNT_COLUMNS,
      { key: 'warningCount', header: '预警数', width: 10 },
    ],
    targets,
  );
  sheet(
    wb,
    ANALYSIS_MSG.departmentSheet,
    [
      { key: 'rank', header: '排名', width: 8 },
      { key: 'bmmc', header: '部门', width: 20 },
      { key: 'fzrmc', header: '负责人', width: 12 },
      ...COUNT_COLUMNS,
      { key: 'processWarningCount', header: '过程预警', width: 10 },
      { key: 'expiredWarningCount', header: '逾期预警', width: 10 },
    ],
    depts,
  );
  sheet(
    wb,
    ANALYSIS_MSG.gridSheet,
    [
      { key: 'bmmc', header: '部门', width: 20 },
      ...grid.columns.map((c) => ({ key: `yt${c.yearTargetId}`, header: c.mbmc, width: 20 })),
      { key: 'total', header: '合计', width: 14 },
      { key: 'rate', header: '完成率(%)', width: 12 },
    ],
    grid.list.map((r) => ({
      bmmc: r.bmmc,
      ...Object.fromEntries(r.cells.map((c) => [`yt${c.yearTargetId}`, `${c.finished}/${c.taskCount}`])),
      total: `${r.finished}/${r.taskCount}`,
      rate: r.rate,
    })),
  );
  const name = `${ANALYSIS_MSG.exportName}${q.year ? `-${q.year}` : ''}.xlsx`;
  return { name, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}
