import { STANDARD_EXCEL_COLUMNS, type StandardExcelKey } from '@zg/contract';
import ExcelJS from 'exceljs';

/**
 * Writing the standard sheet: the columns of STANDARD_EXCEL_COLUMNS on the first sheet (what the import reads), every
 * cell as text so a standard value like 0.50 or 1 stays as written; the template adds its 说明 sheet after it.
 */

export const STANDARD_SHEET = '目标标准';

export function standardWorkbook(rows: readonly Record<StandardExcelKey, string>[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(STANDARD_SHEET);
  ws.columns = STANDARD_EXCEL_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.key === 'nh' || c.key === 'zdbz' ? 30 : c.key === 'gradeRule' ? 26 : 14,
    style: { numFmt: '@' },
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r);
  return wb;
}

export async function workbookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}
