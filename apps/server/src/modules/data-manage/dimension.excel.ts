import type { Writable } from 'node:stream';
import { DIMENSION_COLUMNS, parentTypesOf } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { TypeInfo } from './dimension.rules';

/** The workbooks of dimension objects: the import template and the streamed export (which the import reads back). */

/** An object as a sheet row. */
export interface ObjectSheetRow {
  type: string;
  code: string;
  name: string;
  parentType: string;
  parentCode: string;
  sort: number;
  enabled: string;
}

const columns = () => DIMENSION_COLUMNS.map((c) => ({ key: c.key, header: c.header, width: c.width }));

/** The template: the header, one example row, and what each column takes with the types on a second sheet. */
export async function dimensionTemplate(types: TypeInfo[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('维度对象');
  ws.columns = columns();
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = wb.addWorksheet('填写说明');
  notes.columns = [
    { header: '列', key: 'col', width: 12 },
    { header: '填写说明', key: 'note', width: 80 },
  ];
  notes.getRow(1).font = { bold: true };
  notes.addRows([
    { col: '类型', note: `必填，维度名称或编码：${types.map((t) => `${t.name}（${t.code}）`).join('、')}` },
    { col: '编码', note: '必填，同一类型内唯一；已存在的编码将更新该对象' },
    { col: '名称', note: '必填' },
    { col: '上级类型', note: '可空：空为该类型默认的上级类型（见下表）' },
    { col: '上级编码', note: '可空；上级可以是系统中已有的对象，也可以在本文件中（前后不限）' },
    { col: '排序', note: '可空，非负整数（空为0）' },
    { col: '启用', note: '可空，是 或 否（空为是）' },
  ]);
  notes.addRow({});
  notes.addRow({ col: '类型', note: '可选的上级类型（第一个为默认）' }).font = { bold: true };
  for (const t of types) {
    const allowed = parentTypesOf(t.code);
    const names = allowed?.map((c) => types.find((x) => x.code === c)?.name ?? c);
    notes.addRow({
      col: t.name,
      note: allowed === null ? '任意（须填写上级类型）' : names?.length ? names.join('、') : '不能有上级',
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Writes the objects to `out` with ExcelJS's streaming writer, a batch at a time, each row committed as it is written,
 * waiting while the answer drains.
 */
export async function streamObjects(out: Writable, batches: AsyncIterable<ObjectSheetRow[]>) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('维度对象');
  ws.columns = columns();
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for await (const batch of batches) {
    for (const r of batch) ws.addRow(r).commit();
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
