import type { Writable } from 'node:stream';
import { FIELD_TYPE_NAMES, FIELD_TYPES, STRUCTURE_COLUMNS } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { CellValue, FieldDef } from './data-manage.rules';

/** The workbooks of the warehouse: structure sheets, templates, and the streamed export of a table's rows. */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A structure row as the sheet shows it (the export, which the import reads back). */
export interface StructureRow {
  zdm: string;
  zdzwm: string;
  zdlx: string;
  cd: number | null;
  xsws: number | null;
  sfbt: string;
  sfwy: string;
  wd: string | null;
}

function sheetWith(
  wb: ExcelJS.Workbook,
  name: string,
  columns: readonly { key: string; header: string; width: number }[],
) {
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

/** The type names and yes/no words a structure sheet takes, on a second sheet for whoever fills it in. */
function structureNotes(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('填写说明');
  ws.columns = [
    { header: '列', key: 'col', width: 12 },
    { header: '填写说明', key: 'note', width: 70 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRows([
    { col: '字段名', note: '字母、数字、下划线，以字母开头，最多63位，不能是数据库保留字' },
    { col: '类型', note: FIELD_TYPES.map((t) => FIELD_TYPE_NAMES[t]).join('、') },
    { col: '长度', note: '文本：最多字符数（空为不限）；小数：总位数（空为18）；其他类型留空' },
    { col: '小数位数', note: '仅小数（空为2）' },
    { col: '必填、唯一', note: '是 或 否（空为否）' },
    { col: '关联维度', note: '维度名称或编码（可空）' },
  ]);
}

export async function structureWorkbook(rows: StructureRow[]) {
  const wb = new ExcelJS.Workbook();
  const ws = sheetWith(wb, '表结构', STRUCTURE_COLUMNS);
  for (const r of rows) ws.addRow(r);
  structureNotes(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The data template of a table: its fields' Chinese names as the header, and what each column takes on a second sheet. */
export async function dataTemplate(fields: FieldDef[], typeOf: (f: FieldDef) => string) {
  const wb = new ExcelJS.Workbook();
  sheetWith(wb, '数据', columnsOf(fields));
  const notes = wb.addWorksheet('字段说明');
  notes.columns = [
    { header: '中文名称', key: 'label', width: 20 },
    { header: '字段名', key: 'name', width: 20 },
    { header: '类型', key: 'type', width: 14 },
    { header: '必填', key: 'required', width: 8 },
    { header: '唯一', key: 'unique', width: 8 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const f of fields)
    notes.addRow({
      label: f.label,
      name: f.name,
      type: typeOf(f),
      required: f.required ? '是' : '否',
      unique: f.unique ? '是' : '否',
    });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const columnsOf = (fields: FieldDef[]) =>
  fields.map((f) => ({ key: f.name, header: f.label, width: Math.min(40, Math.max(10, f.label.length * 2 + 4)) }));

/** A stored value as an Excel cell: numbers that fit a double exactly as numbers, dates as dates, yes/no as 是/否. */
function cellOf(f: FieldDef, v: CellValue | number | undefined): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (f.type === 'boolean') return v === true ? '是' : '否';
  if (f.type === 'date') return new Date(`${String(v)}T00:00:00Z`);
  if (f.type === 'integer' || f.type === 'decimal') {
    const n = Number(v);
    // A double holds 15 significant digits exactly; a longer number stays text, so nothing is rounded.
    const digits = String(v).replace(/[-+.]/g, '').replace(/^0+/, '').length;
    return Number.isFinite(n) && digits <= 15 ? n : String(v);
  }
  return String(v);
}

/**
 * Writes a table's rows as a workbook to `out` with ExcelJS's streaming writer: `batches` yields the rows a batch at a
 * time and each row is committed as it is written, so memory holds one batch whatever the table's size.
 */
export async function streamRows(
  out: Writable,
  sheetName: string,
  fields: FieldDef[],
  batches: AsyncIterable<Record<string, CellValue | number>[]>,
) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // Excel refuses these characters and more than 31 in a sheet's name (a label may hold them).
  const ws = wb.addWorksheet(sheetName.replace(/[*?:\\/[\]']/g, '_').slice(0, 31) || '数据');
  ws.columns = columnsOf(fields).map((c, i) =>
    fields[i]!.type === 'date' ? { ...c, style: { numFmt: 'yyyy-mm-dd' } } : c,
  );
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for await (const batch of batches) {
    for (const r of batch) ws.addRow(fields.map((f) => cellOf(f, r[f.name]))).commit();
    if (out.writableNeedDrain)
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    if (out.destroyed) return;
  }
  ws.commit();
  await wb.commit();
}
