import { CHARGER_EXCEL_COLUMNS, EXCEL_RULE, isCalendarDate, TASK_EXCEL_COLUMNS, type TaskInput } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { ImportErrors } from '../../platform/excel';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The task input's limits (TaskInputSchema), checked here because an import row is not a request body. */
const TASK_NAME_MAX = 300;
const MISSION_MAX = 1000;

type TaskColumn = (typeof TASK_EXCEL_COLUMNS)[number]['key'];
/** The column header of each task field, as the error report names it. */
export const TASK_HEADER = Object.fromEntries(TASK_EXCEL_COLUMNS.map((c) => [c.key, c.header])) as Record<
  TaskColumn,
  string
>;

/** A workbook with a bold header row in the given columns and the rows under it. */
export async function buildWorkbook(
  sheetName: string,
  columns: readonly { key: string; header: string; width: number }[],
  rows: Record<string, string | number | null>[],
  validations: Record<string, string[]> = {},
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r);
  columns.forEach((c, i) => {
    const list = validations[c.key];
    if (!list) return;
    for (let row = 2; row <= Math.max(rows.length + 1, 500); row++) {
      ws.getCell(row, i + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${list.join(',')}"`] };
    }
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Checks one task row and turns it into a task input; each problem names the row, the column and the rule. */
export function parseTaskRow(
  r: { row: number; values: Record<string, string> },
  ctx: { yearTargetId: number; departmentIdByName: Map<string, string>; userIds: Set<string> },
  errors: ImportErrors,
): TaskInput | null {
  const v = r.values;
  const before = errors.count;
  const problem = (k: TaskColumn, rule: string) => errors.cell(r.row, TASK_HEADER[k], rule, v[k]);
  for (const k of ['rwmc', 'rwlx', 'fbbm', 'kssj', 'jssj'] as const) if (!v[k]) problem(k, EXCEL_RULE.required);
  if (v.rwmc && v.rwmc.length > TASK_NAME_MAX) problem('rwmc', EXCEL_RULE.tooLong(TASK_NAME_MAX));
  if (v.rwlx && !['A', 'B', 'C', 'D'].includes(v.rwlx.toUpperCase())) problem('rwlx', EXCEL_RULE.badType);
  const departmentId = v.fbbm ? ctx.departmentIdByName.get(v.fbbm) : undefined;
  if (v.fbbm && !departmentId) problem('fbbm', EXCEL_RULE.unknownDepartment);
  for (const k of ['ownerId', 'auditorId'] as const)
    if (v[k] && !ctx.userIds.has(v[k])) problem(k, EXCEL_RULE.unknownUser);
  for (const k of ['kssj', 'jssj'] as const) {
    // A cell Excel kept as text: written wrong (2026/1/1), or written right but not on the calendar (2026-02-30).
    if (v[k] && !DATE.test(v[k])) problem(k, EXCEL_RULE.badDate);
    else if (v[k] && !isCalendarDate(v[k])) problem(k, EXCEL_RULE.noSuchDate);
  }
  const weight = v.weight ? Number(v.weight) : 0;
  if (!Number.isFinite(weight) || weight < 0 || weight > 100) problem('weight', EXCEL_RULE.badWeight);
  if (v.mission && v.mission.length > MISSION_MAX) problem('mission', EXCEL_RULE.tooLong(MISSION_MAX));
  if (errors.count > before) return null;
  return {
    yearTargetId: ctx.yearTargetId,
    rwmc: v.rwmc!,
    rwlx: v.rwlx!.toUpperCase() as TaskInput['rwlx'],
    departmentId,
    ownerId: v.ownerId || undefined,
    auditorId: v.auditorId || undefined,
    kssj: v.kssj!,
    jssj: v.jssj!,
    weight,
    mission: v.mission || undefined,
    coopDepartmentIds: [],
    cycleValueIds: [],
  };
}

export { CHARGER_EXCEL_COLUMNS, TASK_EXCEL_COLUMNS };
