import { CHARGER_EXCEL_COLUMNS, EXCEL_MSG, TASK_EXCEL_COLUMNS, type TaskInput } from '@zg/contract';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** Cell text: dates as YYYY-MM-DD, numbers as written, rich text flattened. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in v) return String(v.text).trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v).trim();
}

/** Reads the first sheet whose header matches the columns; rows as objects keyed by column key, with row numbers. */
export async function readSheet(buf: Buffer, columns: readonly { key: string; header: string }[]) {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(EXCEL_MSG.notExcel);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest(EXCEL_MSG.emptySheet);
  const header = columns.map((_, i) => cellText(ws.getRow(1).getCell(i + 1).value));
  if (columns.some((c, i) => header[i] !== c.header)) throw badRequest(EXCEL_MSG.headerMismatch);
  const rows: { row: number; values: Record<string, string> }[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const values = Object.fromEntries(columns.map((c, i) => [c.key, cellText(r.getCell(i + 1).value)]));
    if (Object.values(values).some(Boolean)) rows.push({ row: n, values });
  });
  if (rows.length === 0) throw badRequest(EXCEL_MSG.emptySheet);
  return rows;
}

/** Throws one 400 listing every row error (at most 20 shown), so nothing is half-imported. */
export function failOnErrors(errors: string[]) {
  if (errors.length === 0) return;
  const shown = errors.slice(0, 20).join('；');
  throw badRequest(`${EXCEL_MSG.importFailed(errors.length)}${shown}${errors.length > 20 ? '……' : ''}`);
}

/** Checks one task row and turns it into a task input; problems go into `errors` with the row number. */
export function parseTaskRow(
  r: { row: number; values: Record<string, string> },
  ctx: { yearTargetId: number; departmentIdByName: Map<string, string>; userIds: Set<string> },
  errors: string[],
): TaskInput | null {
  const v = r.values;
  const problems: string[] = [];
  const header = (k: string) => TASK_EXCEL_COLUMNS.find((c) => c.key === k)?.header ?? k;
  for (const k of ['rwmc', 'rwlx', 'fbbm', 'kssj', 'jssj']) if (!v[k]) problems.push(EXCEL_MSG.required(header(k)));
  if (v.rwlx && !['A', 'B', 'C', 'D'].includes(v.rwlx.toUpperCase())) problems.push(EXCEL_MSG.badType);
  const departmentId = v.fbbm ? ctx.departmentIdByName.get(v.fbbm) : undefined;
  if (v.fbbm && !departmentId) problems.push(EXCEL_MSG.unknownDepartment(v.fbbm));
  for (const k of ['ownerId', 'auditorId'])
    if (v[k] && !ctx.userIds.has(v[k]!)) problems.push(EXCEL_MSG.unknownUser(v[k]!));
  for (const k of ['kssj', 'jssj']) if (v[k] && !DATE.test(v[k]!)) problems.push(EXCEL_MSG.badDate(header(k)));
  const weight = v.weight ? Number(v.weight) : 0;
  if (!Number.isFinite(weight) || weight < 0 || weight > 100) problems.push(EXCEL_MSG.badWeight);
  if (problems.length) {
    errors.push(...problems.map((p) => EXCEL_MSG.row(r.row, p)));
    return null;
  }
  return {
    yearTargetId: ctx.yearTargetId,
    rwmc: v.rwmc!.slice(0, 300),
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
