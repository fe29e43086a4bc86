import {
  COLLECTION_LIMITS,
  EXCEL_MSG,
  FILL_ACTION_NAMES,
  FILL_STATE_NAMES,
  FILL_STATES,
  type FillAction,
  type FillState,
  type FormField,
  type FormTableType,
  INPUT_KIND_NAMES,
  COLLECTION_MSG as M,
} from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, sheetRows } from '../../platform/excel';
import {
  type CellValue,
  type FieldDef,
  readFieldValue,
  valuesTaken,
  warehouseTable,
  writeWarehouseRows,
} from '../data-manage';
import { attachOwnFiles, registerOwnerPolicy } from '../files';
import {
  decideFill,
  type FillFacts,
  fillAbilities,
  isCollectionManager,
  isFiller,
  windowOf,
} from './data-collection.machine';
import { mustManage } from './data-collection.policy';
import * as repo from './data-collection.repository';

/** Collection tasks, fill tasks and their state machine, the rows filled, and the audited rows into the warehouse. */

const audit = (db: Db, actor: Actor, action: string, entityType: string, entityId: number | string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType, entityId: String(entityId), detail });

// ---- tasks ----

type TaskJoined = Awaited<ReturnType<typeof repo.listTasks>>[number];

async function tasksOut(db: Db, rows: TaskJoined[]) {
  const counts = await repo.stateCounts(
    db,
    rows.map((r) => r.task.id),
  );
  return rows.map((r) => {
    const c = Object.fromEntries(FILL_STATES.map((s) => [s, 0])) as Record<FillState, number>;
    for (const x of counts) if (x.taskId === r.task.id) c[x.state as FillState] = x.n;
    const { id, name, cycle, startDate, deadline, closed } = r.task;
    return {
      id,
      name,
      formId: r.formId,
      formName: r.formName,
      formVersion: r.formVersion,
      cycle,
      startDate,
      deadline,
      closed,
      counts: c,
    };
  });
}

export async function taskList(db: Db, actor: Actor) {
  mustManage(actor);
  return tasksOut(db, await repo.listTasks(db));
}

async function taskOut(db: Db, id: number) {
  const found = await repo.findTask(db, id);
  if (!found) throw notFound(M.taskNotFound);
  return (await tasksOut(db, [found]))[0]!;
}

/** 发起采集任务: the form's latest published version, a fill task per department and per user, one auditor. */
export async function createTask(
  db: Db,
  actor: Actor,
  v: {
    name: string;
    formId: number;
    cycle: string;
    startDate: string;
    deadline: string;
    departmentIds: string[];
    userIds: string[];
    auditorId: string;
    auditorOf: Record<string, string>;
  },
) {
  mustManage(actor);
  const departmentIds = [...new Set(v.departmentIds)];
  const userIds = [...new Set(v.userIds)];
  if (departmentIds.length + userIds.length === 0) throw badRequest(M.taskNoAssignees);
  const assignees = new Set([...departmentIds, ...userIds]);
  for (const key of Object.keys(v.auditorOf)) if (!assignees.has(key)) throw badRequest(M.auditorForWhom(key));
  const auditorOf = (key: string) => v.auditorOf[key] ?? v.auditorId;
  const id = await db.transaction(async (tx) => {
    const form = await repo.findForm(tx, v.formId);
    if (!form) throw notFound(M.formNotFound);
    const version = await repo.latestVersion(tx, v.formId);
    if (!version) throw conflict(M.formNotPublished(form.form.name));
    const people = [...new Set([...userIds, v.auditorId, ...Object.values(v.auditorOf)])];
    const users = await repo.existingUsers(tx, people);
    for (const u of people) if (!users.has(u)) throw badRequest(M.userNotFound(u));
    const depts = await repo.existingDepartments(tx, departmentIds);
    for (const d of departmentIds) if (!depts.has(d)) throw badRequest(M.departmentNotFound(d));
    const taskId = await repo.insertTask(tx, {
      name: v.name,
      formVersionId: version.id,
      cycle: v.cycle,
      startDate: v.startDate,
      deadline: v.deadline,
      createdBy: actor.userId,
    });
    await repo.insertFillTasks(tx, [
      ...departmentIds.map((d) => ({ taskId, assigneeId: null, departmentId: d, auditorId: auditorOf(d) })),
      ...userIds.map((u) => ({ taskId, assigneeId: u, departmentId: null, auditorId: auditorOf(u) })),
    ]);
    await audit(tx, actor, 'collectionTask.create', 'collectionTask', taskId, {
      formVersion: version.version,
      departments: departmentIds.length,
      users: userIds.length,
    });
    return taskId;
  });
  return taskOut(db, id);
}

export async function editTask(db: Db, actor: Actor, v: { id: number; name: string; deadline: string }) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const found = await repo.findTask(tx, v.id);
    if (!found) throw notFound(M.taskNotFound);
    if (v.deadline < found.task.startDate) throw badRequest(M.taskDates);
    await repo.updateTask(tx, v.id, { name: v.name, deadline: v.deadline });
    await audit(tx, actor, 'collectionTask.update', 'collectionTask', v.id, v);
  });
  return taskOut(db, v.id);
}

export async function removeTask(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const found = await repo.findTask(tx, id);
    if (!found) throw notFound(M.taskNotFound);
    const counts = await repo.stateCounts(tx, [id]);
    if (counts.some((c) => c.state !== 'uncommitted' && c.n > 0)) throw conflict(M.taskHasProgress(found.task.name));
    await repo.deleteTask(tx, id);
    await audit(tx, actor, 'collectionTask.delete', 'collectionTask', id);
  });
}

/** closeOutdatedTask: closes every open task whose deadline has passed (also run daily as a job). */
export async function closeOutdated(db: Db, clock: Clock, actorId: string | null) {
  return db.transaction(async (tx) => {
    const ids = await repo.closeTasksBefore(tx, clock.today());
    if (ids.length)
      await writeAudit(tx, {
        actorId,
        action: 'collectionTask.closeOutdated',
        entityType: 'collectionTask',
        detail: { ids },
      });
    return ids.length;
  });
}

// ---- fill tasks ----

type FillJoined = repo.FillRow;

const factsOf = (r: FillJoined, today: string): FillFacts => ({
  state: r.fill.state as FillState,
  window: windowOf(r.task, today),
  assigneeId: r.fill.assigneeId,
  departmentId: r.fill.departmentId,
  auditorId: r.fill.auditorId,
});

/** 填报对象: the user's or the department's name. */
const nameOf = (r: FillJoined) => r.assigneeName ?? r.departmentName ?? r.fill.assigneeId ?? r.fill.departmentId ?? '';

function fillOut(r: FillJoined, actor: Actor, today: string) {
  const f = r.fill;
  return {
    id: f.id,
    taskId: r.task.id,
    taskName: r.task.name,
    formName: r.version.name,
    cycle: r.task.cycle,
    deadline: r.task.deadline,
    closed: r.task.closed,
    assigneeId: f.assigneeId,
    departmentId: f.departmentId,
    assigneeName: nameOf(r),
    auditorId: f.auditorId,
    auditorName: r.auditorName ?? f.auditorId,
    state: f.state as FillState,
    opinion: f.opinion,
    synced: f.synced,
    abilities: fillAbilities(factsOf(r, today), actor),
  };
}

/** Whether the actor may see the fill task at all: its filler, its auditor, or a collection administrator. */
const sees = (actor: Actor, r: FillJoined) =>
  isCollectionManager(actor) || actor.userId === r.fill.auditorId || isFiller(actor, r.fill);

async function visibleFill(db: Db, actor: Actor, id: number, lock = false) {
  const r = await repo.findFillTask(db, id, lock);
  // Someone else's fill task answers as missing, so ids reveal nothing.
  if (!r || !sees(actor, r)) throw notFound(M.fillTaskNotFound);
  return r;
}

export async function fillList(
  db: Db,
  clock: Clock,
  actor: Actor,
  q: { taskId?: number; state?: FillState; scope: 'mine' | 'audit' | 'all' },
) {
  if (q.scope === 'all') mustManage(actor);
  const departmentIds = [
    ...new Set([...(actor.departmentId ? [actor.departmentId] : []), ...actor.chargeDepartmentIds]),
  ];
  const rows = await repo.listFillTasks(db, {
    taskId: q.taskId,
    state: q.state,
    filler: q.scope === 'mine' ? { userId: actor.userId, departmentIds } : undefined,
    auditorId: q.scope === 'audit' ? actor.userId : undefined,
  });
  const today = clock.today();
  return rows.map((r) => fillOut(r, actor, today));
}

/** Who may take each action, as a refusal names them. */
const WHO: Record<FillAction, string> = {
  save: '填报人',
  commit: '填报人',
  withdraw: '填报人',
  pass: '审核人',
  reject: '审核人',
  rollback: '审核人或采集管理员',
};

/** 我的填报 counted by state (the same fill tasks as the list of the same scope). */
export async function fillCounts(
  db: Db,
  clock: Clock,
  actor: Actor,
  q: { taskId?: number; scope: 'mine' | 'audit' | 'all' },
) {
  const counts = Object.fromEntries(FILL_STATES.map((st) => [st, 0])) as Record<FillState, number>;
  for (const f of await fillList(db, clock, actor, q)) counts[f.state]++;
  return counts;
}

/** The refusal of a decision, as a Chinese message naming the action, the state or the rule. */
function refuse(refusal: string, action: FillAction, r: FillJoined, today: string): AppError {
  const name = FILL_ACTION_NAMES[action];
  switch (refusal) {
    case 'wrongState':
      return conflict(M.wrongState(name, FILL_STATE_NAMES[r.fill.state as FillState]));
    case 'notAllowed':
      return forbidden(M.notAllowed(name, WHO[action]));
    case 'reasonRequired':
      return badRequest(M.opinionRequired);
    default: {
      const w = windowOf(r.task, today);
      if (w === 'closed') return conflict(M.taskClosed);
      return conflict(w === 'notStarted' ? M.notStarted(r.task.startDate) : M.pastDeadline(r.task.deadline));
    }
  }
}

/** One transition in the caller's transaction: decided by the rules table, written with an audit-log row. */
async function transition(
  tx: Db,
  clock: Clock,
  actor: Actor,
  r: FillJoined,
  action: FillAction,
  opinion?: string | null,
) {
  const today = clock.today();
  const facts = factsOf(r, today);
  const d = decideFill(action, facts, actor, { reason: opinion });
  if (!d.ok) throw refuse(d.refusal, action, r, today);
  if (action === 'commit' && (await repo.countRows(tx, r.fill.id)) === 0) throw badRequest(M.noRows);
  const keepsOpinion = action === 'pass' || action === 'reject' || action === 'rollback';
  await repo.setFillState(tx, r.fill.id, {
    state: d.state,
    ...(keepsOpinion ? { opinion: opinion?.trim() || null } : {}),
    ...(action === 'rollback' ? { synced: false } : {}),
  });
  await audit(tx, actor, `fillTask.${action}`, 'fillTask', r.fill.id, {
    from: r.fill.state,
    to: d.state,
    ...(opinion ? { opinion } : {}),
  });
  // The final audit writes the rows into the warehouse table in the same transaction (issue 20 item 5).
  if (d.state === 'finished') {
    await writeFills(tx, actor, { taskId: r.task.id, tableId: r.version.tableId, cycle: r.task.cycle }, [r.fill]);
  }
}

/** One action on one fill task (commit, withdraw, audit pass or reject, rollback). */
export async function act(db: Db, clock: Clock, actor: Actor, id: number, action: FillAction, opinion?: string | null) {
  await db.transaction(async (tx) => {
    const r = await visibleFill(tx, actor, id, true);
    await transition(tx, clock, actor, r, action, opinion);
  });
  return fillOut(await visibleFill(db, actor, id), actor, clock.today());
}

/** The same action on several fill tasks (taskAllocations): all of them or, when one is refused, none. */
export async function actMany(
  db: Db,
  clock: Clock,
  actor: Actor,
  ids: number[],
  action: FillAction,
  opinion?: string | null,
) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await repo.lockFillTasks(tx, unique);
    if (rows.length !== unique.length || rows.some((r) => !sees(actor, r))) throw notFound(M.fillTaskNotFound);
    for (const r of rows) await transition(tx, clock, actor, r, action, opinion);
  });
  const today = clock.today();
  return Promise.all(unique.map(async (id) => fillOut(await visibleFill(db, actor, id), actor, today)));
}

export async function allocationList(db: Db, clock: Clock, actor: Actor, taskId: number) {
  mustManage(actor);
  if (!(await repo.findTask(db, taskId))) throw notFound(M.taskNotFound);
  const today = clock.today();
  return (await repo.listFillTasks(db, { taskId })).map((r) => fillOut(r, actor, today));
}

// ---- rows ----

interface Column {
  form: FormField;
  field: FieldDef;
}

/** The form version's fields with the warehouse fields they are bound to (in the form's order). */
async function columnsOf(db: Db, r: FillJoined): Promise<Column[]> {
  const table = await warehouseTable(db, r.version.tableId);
  if (!table?.physical) throw conflict(M.tableNotReady);
  const byId = new Map(table.fields.map((f) => [f.id, f]));
  return (r.version.fields as FormField[]).flatMap((form) => {
    const field = byId.get(form.fieldId);
    return field ? [{ form, field }] : [];
  });
}

const fieldsOut = (cols: Column[]) => cols.map((c) => ({ ...c.form, name: c.field.name }));

export async function queryRows(db: Db, actor: Actor, fillTaskId: number) {
  const r = await visibleFill(db, actor, fillTaskId);
  const cols = await columnsOf(db, r);
  const rows = await repo.rowsOfFillTask(db, fillTaskId);
  return { tableType: r.version.tableType as FormTableType, fields: fieldsOut(cols), rows: rows.map((x) => x.values) };
}

const countDecimals = (s: string) => (s.includes('.') ? s.split('.')[1]!.replace(/0+$/, '').length : 0);

/**
 * One cell read by its form field (options from the constants, min, max, decimals, required) and then by its
 * warehouse field's rules; the rule broken, or the value to keep.
 */
function readCell(
  c: Column,
  raw: unknown,
  options: Map<number, Set<string>>,
): { ok: true; value: CellValue; key: string | null } | { ok: false; rule: string } {
  let value: unknown = raw;
  if (c.form.kind === 'multiSelect' && Array.isArray(raw)) value = raw.map((x) => String(x)).join(',');
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text !== '' && (c.form.kind === 'select' || c.form.kind === 'multiSelect')) {
    const allowed = options.get(c.form.constantTypeId ?? 0) ?? new Set<string>();
    const parts = c.form.kind === 'multiSelect' ? text.split(',').map((s) => s.trim()) : [text];
    const bad = parts.find((p) => !allowed.has(p));
    if (bad !== undefined) return { ok: false, rule: M.notOption(bad) };
  }
  const parsed = readFieldValue({ ...c.field, required: c.form.required || c.field.required }, value);
  if (!parsed.ok || parsed.value === null || c.form.kind !== 'number') return parsed;
  const n = Number(parsed.value);
  if (c.form.min != null && n < c.form.min) return { ok: false, rule: M.belowMin(c.form.min) };
  if (c.form.max != null && n > c.form.max) return { ok: false, rule: M.aboveMax(c.form.max) };
  if (c.form.decimals != null && countDecimals(String(parsed.value)) > c.form.decimals)
    return { ok: false, rule: M.decimals(c.form.decimals) };
  return parsed;
}

/** The option values of the constant types the columns use, by type id. */
async function optionsOf(db: Db, cols: Column[]) {
  const options = new Map<number, Map<string, string>>();
  const typeIds = [...new Set(cols.flatMap((c) => (c.form.constantTypeId ? [c.form.constantTypeId] : [])))];
  for (const c of await repo.constantsOf(db, typeIds)) {
    const byValue = options.get(c.typeId) ?? new Map<string, string>();
    byValue.set(c.value, c.label);
    options.set(c.typeId, byValue);
  }
  return options;
}

/** A problem of a cell: by default the first one is thrown; an import lists them all. */
type Problem = (rowNo: number, label: string, rule: string, value?: string) => void;
const throwProblem: Problem = (rowNo, label, rule) => {
  throw badRequest(M.cellRefused(rowNo, label, rule));
};

/**
 * Reads every row (keyed by column name) by the form's rules; each problem names its row (`rowNo`: 1, 2 ... for the
 * grid, the sheet's row for an import) and field.
 */
async function readRows(
  db: Db,
  cols: Column[],
  rows: Record<string, unknown>[],
  problem: Problem = throwProblem,
  rowNo: (i: number) => number = (i) => i + 1,
) {
  const options = new Map([...(await optionsOf(db, cols))].map(([k, v]) => [k, new Set(v.keys())]));
  const known = new Set(cols.map((c) => c.field.name));
  const firsts = new Map<string, Map<string, number>>();
  return rows.map((row, i) => {
    const n = rowNo(i);
    for (const key of Object.keys(row)) if (!known.has(key)) throw badRequest(M.cellUnknown(n, key));
    const out: Record<string, CellValue> = {};
    for (const c of cols) {
      const raw = row[c.field.name];
      const parsed = readCell(c, raw, options);
      if (!parsed.ok) {
        problem(n, c.form.label, parsed.rule, raw === null || raw === undefined ? undefined : String(raw));
        out[c.field.name] = null;
        continue;
      }
      if (c.form.unique && parsed.key !== null) {
        const seen = firsts.get(c.field.name) ?? new Map<string, number>();
        firsts.set(c.field.name, seen);
        const first = seen.get(parsed.key);
        if (first !== undefined) problem(n, c.form.label, M.sameAsRow(first), String(raw));
        else seen.set(parsed.key, n);
      }
      out[c.field.name] = parsed.value;
    }
    return out;
  });
}

/**
 * updateOrInsert: replaces the fill task's rows with the rows given (its filler, while it is uncommitted and the task
 * open), every cell checked first; nothing is saved when one is refused.
 */
export async function saveRows(
  db: Db,
  clock: Clock,
  actor: Actor,
  v: { fillTaskId: number; rows: Record<string, unknown>[] },
) {
  await db.transaction(async (tx) => {
    const { r, cols } = await fillable(tx, clock, actor, v.fillTaskId);
    if (r.version.tableType === 'fixed' && v.rows.length > 1) throw badRequest(M.fixedOneRow);
    const rows = await readRows(tx, cols, v.rows);
    await attachFiles(tx, actor, r.fill.id, cols, rows);
    await repo.replaceRows(tx, r.fill.id, rows);
    await audit(tx, actor, 'fillTask.save', 'fillTask', r.fill.id, { rows: rows.length });
  });
  return queryRows(db, actor, v.fillTaskId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The files of the file fields go to the fill task (owner FillTask), so its auditor can read them: each must be
 * attached to it already or be an unattached upload of the filler's; anything else is refused, naming the cell.
 */
async function attachFiles(
  tx: Db,
  actor: Actor,
  fillTaskId: number,
  cols: Column[],
  rows: Record<string, CellValue>[],
) {
  const fileCols = cols.filter((c) => c.form.kind === 'file');
  if (!fileCols.length) return;
  const cells = rows.flatMap((row, i) =>
    fileCols.flatMap((c) => {
      const v = row[c.field.name];
      return typeof v === 'string' && v !== '' ? [{ row: i + 1, label: c.form.label, id: v }] : [];
    }),
  );
  const bad = cells.find((x) => !UUID.test(x.id));
  if (bad) throw badRequest(M.cellRefused(bad.row, bad.label, M.notOwnFile));
  const ids = [...new Set(cells.map((x) => x.id))];
  const owned = await repo.filesOfFillTask(tx, fillTaskId, ids);
  const fresh = ids.filter((id) => !owned.has(id));
  if (!(await attachOwnFiles(tx, fresh, actor.userId, 'FillTask', String(fillTaskId)))) {
    const taken = await repo.filesOfFillTask(tx, fillTaskId, fresh);
    // Name the first cell whose file could not be attached (the update left the others as they were: it is rolled back).
    const first = cells.find((x) => fresh.includes(x.id) && !taken.has(x.id)) ?? cells[0]!;
    throw badRequest(M.cellRefused(first.row, first.label, M.notOwnFile));
  }
}

const isFillId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

/** The file owner policy of fill-task attachments: read by whoever sees the fill task, changed by its filler. */
export function registerFillTaskFilePolicy() {
  registerOwnerPolicy('FillTask', {
    readable: async (tx, actor, ids) => {
      const seen = new Set<string>();
      for (const id of ids.map(Number).filter(isFillId)) {
        const r = await repo.findFillTask(tx, id);
        if (r && sees(actor, r)) seen.add(String(id));
      }
      return seen;
    },
    writable: async (tx, actor, id) => {
      if (!isFillId(Number(id))) return false;
      const r = await repo.findFillTask(tx, Number(id));
      return r !== null && r.fill.state === 'uncommitted' && isFiller(actor, r.fill);
    },
  });
}

/** checkDataUnique: whether a value of a unique field is free in the warehouse table (the grid asks as you type). */
export async function checkUnique(db: Db, actor: Actor, q: { fillTaskId: number; fieldId: number; value: string }) {
  const r = await visibleFill(db, actor, q.fillTaskId);
  const cols = await columnsOf(db, r);
  const c = cols.find((x) => x.form.fieldId === q.fieldId);
  if (!c) throw badRequest(M.fieldNotInForm);
  const parsed = readFieldValue({ ...c.field, required: false }, q.value);
  if (!parsed.ok) return { unique: false, message: `“${c.form.label}”${parsed.rule}` };
  if (parsed.value === null) return { unique: true, message: null };
  const taken = await valuesTaken(db, r.version.tableId, c.field.id, [parsed.value]);
  return taken.length
    ? { unique: false, message: M.valueTaken(c.form.label, String(parsed.value)) }
    : { unique: true, message: null };
}

/**
 * Writes the rows of finished fill tasks of one collection task into its warehouse table, in the caller's
 * transaction: replacing what any fill task of the same table, cycle and allocation wrote before (collecting the same
 * cycle and object again replaces, never duplicates), and remembering which fill task each warehouse row came from.
 * writeWarehouseRows tells the modules above the warehouse (the algorithms' cache) in the same transaction.
 */
async function writeFills(
  tx: Db,
  actor: Actor,
  at: { taskId: number; tableId: number; cycle: string },
  fills: { id: number; assigneeId: string | null; departmentId: string | null }[],
) {
  const old = await repo.rowsToReplace(tx, { tableId: at.tableId, cycle: at.cycle, fills });
  const rows = await repo.finishedRowsOf(
    tx,
    fills.map((f) => f.id),
  );
  const ids = await writeWarehouseRows(
    tx,
    at.tableId,
    rows.map((r) => r.values),
    {
      replace: old.map((o) => o.rowId),
      rowLabel: (i) => `填报任务 ${rows[i]!.fillTaskId} 第 ${rows[i]!.rowNo} 行：`,
    },
  );
  await repo.forgetSynced(
    tx,
    old.map((o) => o.id),
  );
  await repo.recordSynced(
    tx,
    ids.map((rowId, i) => ({ fillTaskId: rows[i]!.fillTaskId, tableId: at.tableId, rowId })),
  );
  await repo.markSynced(
    tx,
    fills.map((f) => f.id),
  );
  await audit(tx, actor, 'collectionTask.sync', 'collectionTask', at.taskId, {
    fillTasks: fills.map((f) => f.id),
    rows: ids.length,
    replaced: old.length,
  });
  return ids.length;
}

/**
 * synDataByTaskId: writes the rows of all the task's finished fill tasks into the warehouse table again, in one
 * transaction (the final audit already wrote each; this rewrites them all, e.g. after the table was edited by hand).
 */
export async function syncTask(db: Db, actor: Actor, taskId: number) {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const task = await repo.findTask(tx, taskId);
    if (!task) throw notFound(M.taskNotFound);
    const fills = (await repo.listFillTasks(tx, { taskId })).filter((f) => f.fill.state === 'finished');
    if (fills.length === 0) throw conflict(M.notFinished);
    return writeFills(
      tx,
      actor,
      { taskId, tableId: task.version.tableId, cycle: task.task.cycle },
      fills.map((f) => f.fill),
    );
  });
}

/** 批量导出: the rows of the task's allocations (all, or those chosen) on one sheet, each row with its filler. */
export async function exportAllocations(db: Db, actor: Actor, q: { taskId: number; ids?: string }) {
  mustManage(actor);
  const task = await repo.findTask(db, q.taskId);
  if (!task) throw notFound(M.taskNotFound);
  let fills = await repo.listFillTasks(db, { taskId: q.taskId });
  if (q.ids) {
    const wanted = new Set(q.ids.split(',').map(Number));
    fills = fills.filter((f) => wanted.has(f.fill.id));
    if (fills.length !== wanted.size) throw notFound(M.fillTaskNotFound);
  }
  const cols = fills.length ? await columnsOf(db, fills[0]!) : [];
  const byFill = new Map(fills.map((f) => [f.fill.id, f]));
  const rows = await repo.rowsOfFillTasks(db, [...byFill.keys()]);
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
      _who: nameOf(f),
      _state: FILL_STATE_NAMES[f.fill.state as FillState],
      ...Object.fromEntries(cols.map((c) => [c.field.name, yesNo(r.values[c.field.name] ?? null)])),
    });
  }
  return { name: M.exportName(task.task.name), buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/** A fill task its filler may fill now (uncommitted, the task open), locked, with its columns. */
async function fillable(tx: Db, clock: Clock, actor: Actor, fillTaskId: number) {
  const r = await visibleFill(tx, actor, fillTaskId, true);
  const today = clock.today();
  const d = decideFill('save', factsOf(r, today), actor);
  if (!d.ok) throw refuse(d.refusal, 'save', r, today);
  return { r, cols: await columnsOf(tx, r) };
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
    await repo.replaceRows(tx, r.fill.id, read);
    await audit(tx, actor, 'fillTask.import', 'fillTask', r.fill.id, { rows: read.length });
    return read.length;
  });
}
