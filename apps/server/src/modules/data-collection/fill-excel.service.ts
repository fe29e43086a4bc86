import {
  COLLECTION_LIMITS,
  EXCEL_MSG,
  FILL_STATE_NAMES,
  type FillState,
  INPUT_KIND_NAMES,
  COLLECTION_MSG as M,
} from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { badRequest, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, sheetRows } from '../../platform/excel';
import { audit } from './data-collection.audit';
import { mustManage } from './data-collection.policy';
import { fillName } from './data-collection.presenter';
import * as fillRepo from './fill.repository';
import { columnsOf, fillable, optionsOf, readRows } from './fill-rows.service';
import { visibleFill } from './fill-task.service';

/** A collection task's and a fill task's Excel: the allocations' rows exported, the fill template, a filled template imported. */

/** 批量导出: the rows of the task's allocations (all, or those chosen) on one sheet, each row with its filler. */
export async function exportAllocations(db: Db, actor: Actor, q: { taskId: number; ids?: string }) {
  mustManage(actor);
  const task = await fillRepo.findTask(db, q.taskId);
  if (!task) throw notFound(M.taskNotFound);
  let fills = await fillRepo.listFillTasks(db, { taskId: q.taskId });
  if (q.ids) {
    const wanted = new Set(q.ids.split(',').map(Number));
    fills = fills.filter((f) => wanted.has(f.fill.id));
    if (fills.length !== wanted.size) throw notFound(M.fillTaskNotFound);
  }
  const cols = fills.length ? await columnsOf(db, fills[0]!) : [];
  const byFill = new Map(fills.map((f) => [f.fill.id, f]));
  const rows = await fillRepo.rowsOfFillTasks(db, [...byFill.keys()]);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('填报数据');
  ws.columns = [
    { header: '填报对象', key: '_who', width: 16 },
    { header: '状态', key: '_state', width: 10 },
    ...cols.map((c) => ({ header: c.form.label, key: c.field.name, width: 16 })),
  ];
  ws.getRow(1).font = { bold: true };
  const yesNo = (v: unknown) => (v === true ? '是' : v === false ? '否' : v);
  for (const r of rows) {
    const f = byFill.get(r.fillTaskId)!;
    ws.addRow({
      _who: fillName(f),
      _state: FILL_STATE_NAMES[f.fill.state as FillState],
      ...Object.fromEntries(cols.map((c) => [c.field.name, yesNo(r.values[c.field.name] ?? null)])),
    });
  }
  return { name: M.exportName(task.task.name), buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/** 下载模板: the form's columns as a sheet header, with the options of its choice fields on a second sheet. */
export async function dataTemplate(db: Db, actor: Actor, fillTaskId: number) {
  const r = await visibleFill(db, actor, fillTaskId);
  const cols = await columnsOf(db, r);
  const options = await optionsOf(db, cols);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('填报数据');
  ws.columns = cols.map((c) => ({ header: c.form.label, key: c.field.name, width: 16 }));
  ws.getRow(1).font = { bold: true };
  const notes = wb.addWorksheet('填写说明');
  notes.columns = [
    { header: '字段', key: 'label', width: 16 },
    { header: '填写说明', key: 'note', width: 70 },
  ];
  for (const c of cols) {
    const parts = [INPUT_KIND_NAMES[c.form.kind], c.form.required ? '必填' : '选填'];
    if (c.form.unique) parts.push('不能重复');
    const choices = c.form.constantTypeId ? options.get(c.form.constantTypeId) : undefined;
    if (choices)
      parts.push(
        `可选：${[...choices.values()].join('、')}${c.form.kind === 'multiSelect' ? '（多个用逗号分隔）' : ''}`,
      );
    if (c.form.kind === 'yesNo') parts.push('填“是”或“否”');
    if (c.form.kind === 'date') parts.push('格式 2026-01-31');
    if (c.form.min != null) parts.push(`最小 ${c.form.min}`);
    if (c.form.max != null) parts.push(`最大 ${c.form.max}`);
    notes.addRow({ label: c.form.label, note: parts.join('；') });
  }
  return { name: M.templateName(r.version.name), buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/**
 * 导入: a filled template replaces the fill task's rows, all or nothing: the header must be the form's columns, choice
 * cells may hold the option's label or value, and every problem is listed by sheet row, column and rule.
 */
export async function importData(db: Db, clock: Clock, actor: Actor, fillTaskId: number, upload: ExcelUpload) {
  return db.transaction(async (tx) => {
    const { r, cols } = await fillable(tx, clock, actor, fillTaskId);
    const options = await optionsOf(tx, cols);
    const errors = new ImportErrors();
    const rows: Record<string, unknown>[] = [];
    const rowNos: number[] = [];
    let header = false;
    for await (const { row, cells } of sheetRows(upload, cols.length)) {
      if (!header) {
        header = true;
        cols.forEach((c, i) => {
          const cell = cells[i] ?? '';
          if (row !== 1 || (cell !== c.form.label && cell !== c.field.name))
            errors.cell(row, `第${i + 1}列`, `表头应为“${c.form.label}”`, cell);
        });
        errors.throwIfAny();
        continue;
      }
      if (rows.length >= COLLECTION_LIMITS.rowsMax) throw badRequest(M.tooManyRows);
      const values: Record<string, unknown> = {};
      cols.forEach((c, i) => {
        let cell = cells[i] ?? '';
        const byValue = c.form.constantTypeId ? options.get(c.form.constantTypeId) : undefined;
        if (byValue && cell) {
          const byLabel = new Map([...byValue].map(([v, l]) => [l, v]));
          const pick = (p: string) => (byValue.has(p) ? p : (byLabel.get(p) ?? p));
          cell =
            c.form.kind === 'multiSelect'
              ? cell
                  .split(/[,，、]/)
                  .map((p) => pick(p.trim()))
                  .join(',')
              : pick(cell.trim());
        }
        values[c.field.name] = cell;
      });
      rows.push(values);
      rowNos.push(row);
    }
    if (!header || rows.length === 0) throw badRequest(EXCEL_MSG.emptySheet);
    if (r.version.tableType === 'fixed' && rows.length > 1) throw badRequest(M.fixedOneRow);
    const read = await readRows(
      tx,
      cols,
      rows,
      (n, label, rule, value) => errors.cell(n, label, rule, value),
      (i) => rowNos[i]!,
    );
    errors.throwIfAny();
    await fillRepo.replaceRows(tx, r.fill.id, read);
    await audit(tx, actor, 'fillTask.import', 'fillTask', r.fill.id, { rows: read.length });
    return read.length;
  });
}
