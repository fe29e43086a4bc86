import {
  DIAGNOSIS_BULK_MSG as B,
  EXCEL_MSG,
  OBJECT_ROW_COLUMNS,
  type ObjectRowColumnKey,
  VALUE_TYPE_NAMES,
  type ValueType,
} from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, sheetRows } from '../../platform/excel';
import { seesObjectTask } from './diagnosis.policy';
import { checkTarget } from './diagnosis.rules';
import { taskSeenBy } from './diagnosis-task.service';
import { lockObjectsWithPeople } from './object-bulk.repository';
import { decideObject } from './object-task.machine';
import { type ObjectWithTask, objectTasksOf } from './object-task.repository';
import { factsOf } from './object-task.service';
import { refreshSummaries } from './quality-analysis.repository';
import * as rows from './quality-row.repository';
import { judged, ruleOf } from './quality-row.service';

/**
 * The Excel round trip of object tasks' rows (rest/obj template, download, uploadCheckout, uploadSynchronization):
 * a row per QCP of each object task the caller sees, whose 目标值 may be changed and read back. The check reports every
 * bad row and cell (a header other than the template's, a row ID that is not a QCP of that object in this task, an
 * object not in the task, a target of the wrong type for the row's zlx or against its standard, an object whose
 * targets the caller may not write, a QCP twice); the import writes all the targets or none.
 */

const COL = Object.fromEntries(OBJECT_ROW_COLUMNS.map((c, i) => [c.key, i])) as Record<ObjectRowColumnKey, number>;
const header = (k: ObjectRowColumnKey) => OBJECT_ROW_COLUMNS[COL[k]]!.header;
const levelPath = (levels: { name: string }[]) =>
  levels
    .slice(0, -1)
    .map((l) => l.name)
    .join(' / ');

function sheetOf(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('诊改对象目标值');
  ws.columns = OBJECT_ROW_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

function notes(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('填写说明');
  ws.getColumn(1).width = 100;
  for (const line of [
    '1. 请先在“诊改对象目标值”页导出任务的质控点（导出），只修改“目标值”一列，其他列请勿修改。',
    '2. 目标值按值类型填写：百分比为 0 到 100 的数值（最多两位小数）；数值最多两位小数；有无填 0（无）或 1（有）；是否填 0（否）或 1（是）；等级填等级列表中的名称。',
    '3. 越高越好的质控点目标值不能低于标准值，越低越好的不能高于标准值。',
    '4. 目标值留空表示不修改。发布人可修改进行中任务的目标值；负责人只能修改待提交的目标值。',
    '5. 上传后先检查，所有行无误才会导入；有任何错误则不导入任何数据。',
  ])
    ws.addRow([line]);
}

const bufferOf = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

export async function templateFile() {
  const wb = new ExcelJS.Workbook();
  sheetOf(wb);
  notes(wb);
  return { name: '诊改对象目标值导入模板.xlsx', buffer: await bufferOf(wb) };
}

/** The object tasks of the task the actor sees (all, or the ids asked). */
async function visibleObjects(db: Db, actor: Actor, taskId: number, only?: number[]) {
  const t = await taskSeenBy(db, actor, taskId);
  const all = await objectTasksOf(db, taskId);
  const wanted = only ? new Set(only) : null;
  const picked = all.filter((o) => !wanted || wanted.has(o.id));
  const withPeople = await readWithPeople(
    db,
    picked.map((o) => o.id),
  );
  return {
    task: t,
    objects: withPeople.filter((o) => seesObjectTask(actor, o.task, { ...o, chargerId: o.object.chargerId })),
  };
}

/** The object tasks with their people, read in a short transaction of its own (its row locks end with it). */
async function readWithPeople(db: Db, ids: number[]): Promise<ObjectWithTask[]> {
  if (!ids.length) return [];
  return db.transaction((tx) => lockObjectsWithPeople(tx, ids));
}

export async function downloadFile(db: Db, actor: Actor, q: { rwid: number; ids?: string }) {
  const only = q.ids ? q.ids.split(',').map(Number) : undefined;
  const { task, objects } = await visibleObjects(db, actor, q.rwid, only);
  const byId = new Map(objects.map((o) => [o.object.id, o.object]));
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb);
  for (const r of await rows.rowsOfObjects(db, [...byId.keys()])) {
    const o = byId.get(r.objectTaskId)!;
    ws.addRow({
      dxbm: o.objectCode,
      gzdxmc: o.objectName,
      id: r.id,
      levels: levelPath(r.levels),
      zkdmc: r.name,
      zlx: VALUE_TYPE_NAMES[r.zlx as ValueType] ?? r.zlx,
      bzz: r.bzz ?? '',
      mbz: r.mbz ?? '',
    });
  }
  notes(wb);
  return { name: `${task.name}诊改对象目标值.xlsx`, buffer: await bufferOf(wb) };
}

/** May write the targets of this object task: its publisher (task under way) or its person in charge (tosubmit). */
const writable = (actor: Actor, o: ObjectWithTask) =>
  decideObject('issueDown', factsOf(o), actor).ok || decideObject('saveTargets', factsOf(o), actor).ok;

interface Planned {
  rowId: number;
  objectTaskId: number;
  mbz: string;
}

/** Reads and checks the workbook: the targets to write and every problem found. */
async function checkUpload(db: Db, actor: Actor, taskId: number, upload: ExcelUpload) {
  const errors = new ImportErrors();
  const sheet: { row: number; cells: string[] }[] = [];
  let headerSeen = false;
  for await (const r of sheetRows(upload, OBJECT_ROW_COLUMNS.length)) {
    if (!headerSeen) {
      headerSeen = true;
      OBJECT_ROW_COLUMNS.forEach((c, i) => {
        if (r.cells[i] !== c.header)
          errors.cell(r.row, `第${i + 1}列`, `表头应为“${c.header}”`, r.cells[i] || undefined);
      });
      if (errors.count) return { errors, planned: [], count: 0 };
      continue;
    }
    sheet.push(r);
  }
  if (!headerSeen) throw badRequest(EXCEL_MSG.headerMismatch);
  if (!sheet.length) throw badRequest(EXCEL_MSG.emptySheet);
  const { objects } = await visibleObjects(db, actor, taskId);
  const byCode = new Map(objects.map((o) => [o.object.objectCode, o]));
  const byId = new Map(objects.map((o) => [o.object.id, o]));
  const taskRows = new Map((await rows.rowsOfObjects(db, [...byId.keys()])).map((r) => [r.id, r]));
  const seen = new Map<number, number>();
  const planned: Planned[] = [];
  for (const { row, cells } of sheet) {
    const code = cells[COL.dxbm]!;
    const idText = cells[COL.id]!;
    const mbzText = cells[COL.mbz]!;
    const o = byCode.get(code);
    if (!o) {
      errors.cell(row, header('dxbm'), B.notInTask, code);
      continue;
    }
    if (!/^\d{1,9}$/.test(idText)) {
      errors.cell(row, header('id'), B.rowIdBad, idText);
      continue;
    }
    const r = taskRows.get(Number(idText));
    if (!r || r.objectTaskId !== o.object.id) {
      errors.cell(row, header('id'), B.rowNotInTask, idText);
      continue;
    }
    const first = seen.get(r.id);
    if (first !== undefined) {
      errors.row(row, B.rowTwice(first));
      continue;
    }
    seen.set(r.id, row);
    if (!mbzText) continue;
    const c = checkTarget(ruleOf(r), mbzText);
    if (!c.ok) {
      errors.cell(row, header('mbz'), c.message);
      continue;
    }
    if (c.value === r.mbz) continue;
    if (!writable(actor, o)) {
      errors.row(row, B.notWritable(o.object.objectName));
      continue;
    }
    planned.push({ rowId: r.id, objectTaskId: o.object.id, mbz: c.value });
  }
  return { errors, planned, count: sheet.length };
}

export async function uploadCheckout(db: Db, actor: Actor, taskId: number, upload: ExcelUpload) {
  const { errors, count } = await checkUpload(db, actor, taskId, upload);
  return {
    count,
    errorCount: errors.count,
    errors: errors.report,
    message: errors.count ? B.checkFailed(errors.count) : B.checked(count),
  };
}

export async function uploadSynchronization(db: Db, actor: Actor, taskId: number, upload: ExcelUpload) {
  const { errors, planned, count } = await checkUpload(db, actor, taskId, upload);
  errors.throwIfAny();
  const objectIds = [...new Set(planned.map((p) => p.objectTaskId))];
  await db.transaction(async (tx) => {
    // Checked again under lock: a state that changed since the check refuses the whole import.
    const locked = new Map((await lockObjectsWithPeople(tx, objectIds)).map((o) => [o.object.id, o]));
    for (const id of objectIds) {
      const o = locked.get(id);
      if (!o || !writable(actor, o)) throw badRequest(B.notWritable(o?.object.objectName ?? String(id)));
    }
    const current = new Map((await rows.rowsOfObjects(tx, objectIds)).map((r) => [r.id, r]));
    await rows.updateRowsValues(
      tx,
      planned.map((p) => ({ id: p.rowId, set: judged(current.get(p.rowId)!, { mbz: p.mbz }) })),
    );
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'diagnosisTargets.import',
      entityType: 'diagnosisTask',
      entityId: String(taskId),
      detail: { rows: count, changed: planned.length },
    });
  });
  await refreshSummaries(db, objectIds);
  return { count, changed: planned.length, message: B.synchronized(count, planned.length) };
}
