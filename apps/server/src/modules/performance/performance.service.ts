import { PERFORMANCE_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { appraisalScope } from './performance.policy';
import { presentPerformance, presentSituation } from './performance.presenter';
import {
  type PerformanceFilter,
  performanceRows,
  performanceWhere,
  situationRows,
  tasksOfOwnerOrDepartments,
} from './performance.query';

/** At most this many rows in one export. */
const EXPORT_MAX = 50_000;

/**
 * Whose finished tasks the actor appraises: publishers, school leaders and administrators every department; a
 * department head the departments they head; anyone else their own tasks.
 */
function scopeOf(actor: Actor) {
  const scope = appraisalScope(actor);
  return scope && tasksOfOwnerOrDepartments(scope.ownerId, scope.departmentIds);
}

/** performance/report/selectPage: finished tasks with their levels and audit results, paged. */
export async function performancePage(
  db: Db,
  actor: Actor,
  q: PerformanceFilter & { pageNum: number; pageSize: number },
) {
  const { rows, total } = await performanceRows(
    db,
    performanceWhere(scopeOf(actor), q),
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  return { list: rows.map(presentPerformance), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** targetTaskDetail/getPerformAccessDetailSituation: the same tasks counted per department or per person. */
export async function performSituation(
  db: Db,
  actor: Actor,
  q: { year?: number; bmid?: string; groupBy: 'department' | 'person' },
) {
  return (await situationRows(db, performanceWhere(scopeOf(actor), q), q.groupBy)).map(presentSituation);
}

const DETAIL_COLUMNS = [
  { key: 'bmmc', header: '责任部门', width: 18 },
  { key: 'fzrmc', header: '负责人', width: 10 },
  { key: 'rwmc', header: '任务名称', width: 36 },
  { key: 'rwlx', header: '任务类型', width: 10 },
  { key: 'nf', header: '年份', width: 8 },
  { key: 'yearTargetName', header: '年度目标', width: 28 },
  { key: 'jssj', header: '计划结束', width: 12 },
  { key: 'wcsj', header: '完成时间', width: 12 },
  { key: 'rwztmc', header: '完成情况', width: 12 },
  { key: 'zpdjmc', header: '自评等级', width: 10 },
  { key: 'bgztmc', header: '审核结果', width: 12 },
  { key: 'shyj', header: '审核意见', width: 30 },
  { key: 'shrmc', header: '审核人', width: 10 },
];

const SITUATION_COLUMNS = [
  { key: 'finished', header: '完成任务数', width: 12 },
  { key: 'onTime', header: '按期完成', width: 10 },
  { key: 'late', header: '逾期完成', width: 10 },
  { key: 'levelA', header: '优秀', width: 8 },
  { key: 'levelB', header: '良好', width: 8 },
  { key: 'levelC', header: '一般', width: 8 },
  { key: 'levelD', header: '未完成', width: 8 },
  { key: 'unrated', header: PERFORMANCE_MSG.unrated, width: 8 },
  { key: 'passed', header: '审核通过', width: 10 },
  { key: 'reviewing', header: '审核中', width: 8 },
  { key: 'refused', header: '审核不通过', width: 12 },
  { key: 'excellentRate', header: '优秀率(%)', width: 10 },
];

function addSheet(
  wb: ExcelJS.Workbook,
  name: string,
  columns: { key: string; header: string; width: number }[],
  rows: object[],
) {
  const ws = wb.addWorksheet(name);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r);
}

/** targetTaskDetail/export: the detail rows, and the department and person summaries, as one workbook. */
export async function exportPerformance(db: Db, actor: Actor, q: PerformanceFilter) {
  const where = performanceWhere(scopeOf(actor), q);
  const [{ rows }, depts, people] = await Promise.all([
    performanceRows(db, where, EXPORT_MAX),
    situationRows(db, where, 'department'),
    situationRows(db, where, 'person'),
  ]);
  const wb = new ExcelJS.Workbook();
  addSheet(
    wb,
    PERFORMANCE_MSG.sheetDetail,
    DETAIL_COLUMNS,
    rows
      .map(presentPerformance)
      .map((r) => ({ ...r, wcsj: r.wcsj?.slice(0, 10) ?? '', zpdjmc: r.zpdjmc ?? PERFORMANCE_MSG.unrated })),
  );
  addSheet(
    wb,
    PERFORMANCE_MSG.sheetDepartment,
    [{ key: 'name', header: '部门', width: 18 }, ...SITUATION_COLUMNS],
    depts.map(presentSituation),
  );
  addSheet(
    wb,
    PERFORMANCE_MSG.sheetPerson,
    [{ key: 'name', header: '姓名', width: 10 }, { key: 'bmmc', header: '部门', width: 18 }, ...SITUATION_COLUMNS],
    people.map(presentSituation),
  );
  const name = `${PERFORMANCE_MSG.fileName}${q.year ? `-${q.year}` : ''}.xlsx`;
  return { name, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}
