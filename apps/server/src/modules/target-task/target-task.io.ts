import {
  CHARGER_EXPORT_COLUMNS,
  CHARGER_KIND,
  DETAIL_EXCEL_COLUMNS,
  EXCEL_MSG,
  EXCEL_RULE,
  TASK_EXCEL_COLUMNS,
  TASK_MSG,
  TASK_STATUS,
  type TaskDetailQuery,
  type TaskStatus,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, readSheet } from '../../platform/excel';
import { buildWorkbook, CHARGER_EXCEL_COLUMNS, parseTaskRow, TASK_HEADER } from './target-task.excel';
import { mayImportTasks, mayPublish, tasksSeenBy } from './target-task.policy';
import {
  allDepartments,
  chargerRows,
  deleteCharger,
  departmentsWithChargers,
  findUsersDepartments,
  insertChargers,
} from './target-task.repository';
import { createTask, lastLevelTasks } from './target-task.service';
import { treeRows } from './task-card.query';
import { yearTargetSeenBy } from './year-target.service';

const EXAMPLE = {
  rwmc: '示例：建设5门省级精品在线开放课程',
  rwlx: 'B',
  fbbm: '教务处',
  ownerId: '',
  auditorId: '',
  kssj: '2026-01-01',
  jssj: '2026-12-31',
  weight: 20,
  mission: '按季度提交建设进度',
};

/** The task import template: the columns, an example row and a list of task types. */
export function taskTemplate() {
  return buildWorkbook('任务导入模板', TASK_EXCEL_COLUMNS, [EXAMPLE], { rwlx: ['A', 'B', 'C', 'D'] });
}

/** Exports the visible tasks of a year target in the import layout (plus state and progress, which import ignores). */
export async function exportTasks(db: Db, actor: Actor, yearTargetId: number) {
  const rows = await treeRows(db, yearTargetId, tasksSeenBy(actor));
  const columns = [
    ...TASK_EXCEL_COLUMNS,
    { key: 'rwzt', header: '任务状态', width: 12 },
    { key: 'rwjd', header: '任务进度', width: 10 },
  ];
  return buildWorkbook(
    '目标任务',
    columns,
    rows.map((r) => ({
      rwmc: r.task.name,
      rwlx: r.task.taskType,
      fbbm: r.departmentName,
      ownerId: r.task.ownerId,
      auditorId: r.task.auditorId,
      kssj: r.task.startDate,
      jssj: r.task.endDate,
      weight: Number(r.task.weight),
      mission: r.task.mission,
      rwzt: TASK_STATUS[r.task.status as TaskStatus] ?? r.task.status,
      rwjd: Number(r.task.progress),
    })),
  );
}

/** Rows of one detail export at most (the page's filter narrows it). */
const DETAIL_EXPORT_MAX = 5000;

/** Exports the last-level tasks matching the task-detail filter (targetTaskDetail/exportDetail). */
export async function exportLastLevelTasks(db: Db, actor: Actor, q: Omit<TaskDetailQuery, 'current' | 'size'>) {
  const { records } = await lastLevelTasks(db, actor, { ...q, current: 1, size: DETAIL_EXPORT_MAX });
  return buildWorkbook(
    '末级任务明细',
    DETAIL_EXCEL_COLUMNS,
    records.map((r) => ({
      yearTargetName: r.yearTargetName,
      rwmc: r.rwmc,
      rwlx: r.rwlx,
      fbbm: r.fbbm,
      fzrmc: r.fzrmc,
      kssj: r.kssj,
      jssj: r.jssj,
      rwztmc: r.rwztmc,
      rwjd: r.rwjd,
      processWarningCount: r.processWarningCount,
      expiredWarningCount: r.expiredWarningCount,
    })),
  );
}

/** The distinct user ids a sheet names, without the ones too long to be an id (they are reported as unknown). */
function userIdsOf(values: (string | undefined)[]) {
  return [...new Set(values.filter((v): v is string => v !== undefined && v !== '' && v.length <= 64))];
}

/**
 * Imports top-level tasks into a year target from the template: every row is checked first and every problem is
 * reported with its row, column and rule; only a clean sheet is imported, in one transaction.
 */
export async function importTasks(db: Db, actor: Actor, yearTargetId: number, buf: ExcelUpload) {
  const target = await yearTargetSeenBy(db, actor, yearTargetId);
  if (!mayImportTasks(actor, target)) {
    throw forbidden(TASK_MSG.notAllowed);
  }
  const rows = await readSheet(buf, TASK_EXCEL_COLUMNS);
  const deps = await allDepartments(db);
  const ids = userIdsOf(rows.flatMap((r) => [r.values.ownerId, r.values.auditorId]));
  const found = await findUsersDepartments(db, ids);
  const ctx = {
    yearTargetId,
    departmentIdByName: new Map(deps.map((d) => [d.name, d.id])),
    userIds: new Set(found.map((u) => u.id)),
  };
  const userDept = new Map(found.map((u) => [u.id, u.departmentId]));
  const errors = new ImportErrors();
  const inputs = rows.flatMap((r) => {
    const input = parseTaskRow(r, ctx, errors);
    if (!input) return [];
    const before = errors.count;
    if (input.jssj < input.kssj) errors.cell(r.row, TASK_HEADER.jssj, EXCEL_RULE.endBeforeStart, input.jssj);
    if (input.ownerId && userDept.get(input.ownerId) !== input.departmentId) {
      errors.cell(r.row, TASK_HEADER.ownerId, EXCEL_RULE.ownerNotInDepartment, input.ownerId);
    }
    return errors.count > before ? [] : [{ row: r.row, input }];
  });
  errors.throwIfAny();
  await db.transaction(async (tx) => {
    for (const { row, input } of inputs) {
      try {
        await createTask(tx, actor, input);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const failed = new ImportErrors();
        failed.row(row, err.message);
        failed.throwIfAny();
      }
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'task.import',
      entityType: 'yearTarget',
      entityId: String(yearTargetId),
      detail: { rows: inputs.length },
    });
  });
  return inputs.length;
}

// ---- chargers (部门负责人) ----

/** Publishers keep the chargers. */
const mayManageChargers = mayPublish;

export async function listChargers(db: Db, departmentId?: string) {
  return chargerRows(db, departmentId);
}

export async function addCharger(db: Db, actor: Actor, bmid: string, fzrid: string) {
  if (!mayManageChargers(actor)) throw forbidden();
  const deps = new Set((await allDepartments(db)).map((d) => d.id));
  const [user] = await findUsersDepartments(db, [fzrid]);
  if (!deps.has(bmid)) throw badRequest(EXCEL_MSG.unknownDepartment(bmid));
  if (!user) throw badRequest(EXCEL_MSG.unknownUser(fzrid));
  await db.transaction(async (tx) => {
    await insertChargers(tx, [{ departmentId: bmid, userId: fzrid }]);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'charger.add',
      entityType: 'department',
      entityId: bmid,
      detail: { fzrid },
    });
  });
}

export async function removeCharger(db: Db, actor: Actor, bmid: string, fzrid: string) {
  if (!mayManageChargers(actor)) throw forbidden();
  await db.transaction(async (tx) => {
    await deleteCharger(tx, bmid, fzrid);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'charger.remove',
      entityType: 'department',
      entityId: bmid,
      detail: { fzrid },
    });
  });
}

/**
 * The people who act for each department, as the 部门负责人 page lists them (departManage/list): its enabled
 * departments in their order, each with its head first, then the chargers registered for it; one row per person,
 * narrowed to one department by `bmid` as the charger lists are. Departments with nobody are left out (a row without a
 * person could not be imported back).
 */
export async function chargerExportRows(db: Db, departmentId?: string) {
  const deps = await departmentsWithChargers(db);
  return deps
    .filter((d) => departmentId === undefined || d.bmid === departmentId)
    .flatMap((d) => [
      ...(d.headId
        ? [{ bmid: d.bmid, bmmc: d.bmmc, fzrid: d.headId, fzrmc: d.fzrmc ?? '', kind: CHARGER_KIND.head }]
        : []),
      ...d.chargers.map((c) => ({ bmid: d.bmid, bmmc: d.bmmc, ...c, kind: CHARGER_KIND.registered })),
    ]);
}

/** The chargers export: the rows the page shows, in the import's layout (部门编号 + 负责人工号), so it imports back. */
export async function exportChargers(db: Db, departmentId?: string) {
  return buildWorkbook('部门负责人', CHARGER_EXPORT_COLUMNS, await chargerExportRows(db, departmentId));
}

/**
 * Imports chargers (部门编号 + 负责人工号 per row); all rows checked first, then added in one transaction. A row naming
 * someone who already acts for the department (its head, or a registered charger) changes nothing, so an exported
 * file imports back unchanged. Returns the rows read and how many of them were already in place.
 */
export async function importChargers(db: Db, actor: Actor, buf: ExcelUpload) {
  if (!mayManageChargers(actor)) throw forbidden();
  const rows = await readSheet(buf, CHARGER_EXCEL_COLUMNS);
  const allDeps = await allDepartments(db);
  const deps = new Set(allDeps.map((d) => d.id));
  const ids = userIdsOf(rows.map((r) => r.values.fzrid));
  const known = new Set((await findUsersDepartments(db, ids)).map((u) => u.id));
  const errors = new ImportErrors();
  const header = (k: string) => CHARGER_EXCEL_COLUMNS.find((c) => c.key === k)?.header ?? k;
  for (const r of rows) {
    const { bmid, fzrid } = r.values;
    if (!bmid) errors.cell(r.row, header('bmid'), EXCEL_RULE.required);
    else if (!deps.has(bmid)) errors.cell(r.row, header('bmid'), EXCEL_RULE.unknownDepartment, bmid);
    if (!fzrid) errors.cell(r.row, header('fzrid'), EXCEL_RULE.required);
    else if (!known.has(fzrid)) errors.cell(r.row, header('fzrid'), EXCEL_RULE.unknownUser, fzrid);
  }
  errors.throwIfAny();
  const pair = (departmentId: string, userId: string) => `${departmentId}\n${userId}`;
  const acting = new Set([
    ...allDeps.flatMap((d) => (d.headId ? [pair(d.id, d.headId)] : [])),
    ...(await chargerRows(db)).map((c) => pair(c.bmid, c.fzrid)),
  ]);
  const kept = rows.filter((r) => acting.has(pair(r.values.bmid!, r.values.fzrid!))).length;
  const fresh = new Map<string, { departmentId: string; userId: string }>();
  for (const { values: v } of rows) {
    if (!acting.has(pair(v.bmid!, v.fzrid!)))
      fresh.set(pair(v.bmid!, v.fzrid!), { departmentId: v.bmid!, userId: v.fzrid! });
  }
  await db.transaction(async (tx) => {
    await insertChargers(tx, [...fresh.values()]);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'charger.import',
      entityType: 'department',
      detail: { rows: rows.length, added: fresh.size },
    });
  });
  return { count: rows.length, kept };
}
