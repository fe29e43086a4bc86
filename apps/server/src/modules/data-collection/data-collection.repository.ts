import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  collectionTasks,
  constants,
  constantTypes,
  departments,
  files,
  fillRows,
  fillTasks,
  formDirectories,
  forms,
  formVersions,
  type StoredFormField,
  syncedRows,
  users,
  warehouseTables,
} from '../../db/schema';

/** The only part of data collection that touches drizzle: directories, forms, constants, tasks, fill tasks, rows. */

// ---- directories ----

export async function allDirectories(db: Db) {
  const formCounts = db
    .select({ directoryId: forms.directoryId, n: count().as('n') })
    .from(forms)
    .groupBy(forms.directoryId)
    .as('fc');
  return db
    .select({
      id: formDirectories.id,
      parentId: formDirectories.parentId,
      name: formDirectories.name,
      sortOrder: formDirectories.sortOrder,
      forms: sql<number>`coalesce(${formCounts.n}, 0)::int`,
    })
    .from(formDirectories)
    .leftJoin(formCounts, eq(formCounts.directoryId, formDirectories.id))
    .orderBy(asc(formDirectories.sortOrder), asc(formDirectories.id));
}

export async function findDirectory(db: Db, id: number) {
  const rows = await db.select().from(formDirectories).where(eq(formDirectories.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertDirectory(
  db: Db,
  v: { parentId: number | null; name: string; sortOrder: number; createdBy: string },
) {
  const [row] = await db.insert(formDirectories).values(v).returning({ id: formDirectories.id });
  return row!.id;
}

export async function updateDirectory(
  db: Db,
  id: number,
  v: { parentId: number | null; name: string; sortOrder: number },
) {
  await db.update(formDirectories).set(v).where(eq(formDirectories.id, id));
}

export async function directoryUsage(db: Db, id: number) {
  const [children] = await db.select({ n: count() }).from(formDirectories).where(eq(formDirectories.parentId, id));
  const [inside] = await db.select({ n: count() }).from(forms).where(eq(forms.directoryId, id));
  return (children?.n ?? 0) + (inside?.n ?? 0);
}

export async function deleteDirectory(db: Db, id: number) {
  await db.delete(formDirectories).where(eq(formDirectories.id, id));
}

// ---- forms ----

const formColumns = {
  form: forms,
  tableLabel: warehouseTables.label,
};

export async function listForms(db: Db, q: { directoryId?: number; keyword?: string }) {
  const where = and(
    q.directoryId ? eq(forms.directoryId, q.directoryId) : undefined,
    q.keyword ? sql`${forms.name} ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  return db
    .select(formColumns)
    .from(forms)
    .innerJoin(warehouseTables, eq(warehouseTables.id, forms.tableId))
    .where(where)
    .orderBy(asc(forms.id));
}

export async function findForm(db: Db, id: number, lock = false) {
  const q = db
    .select(formColumns)
    .from(forms)
    .innerJoin(warehouseTables, eq(warehouseTables.id, forms.tableId))
    .where(eq(forms.id, id))
    .limit(1);
  const rows = lock ? await q.for('update', { of: forms }) : await q;
  return rows[0] ?? null;
}

export type FormValues = {
  directoryId: number;
  name: string;
  tableId: number;
  tableType: string;
  tableConfigId: number | null;
  remark: string | null;
  fields: StoredFormField[];
};

export async function insertForm(db: Db, v: FormValues & { createdBy: string }) {
  const [row] = await db.insert(forms).values(v).returning({ id: forms.id });
  return row!.id;
}

export async function updateForm(db: Db, id: number, v: FormValues) {
  await db
    .update(forms)
    .set({ ...v, changedSincePublish: true, updatedAt: new Date() })
    .where(eq(forms.id, id));
}

export async function formHasTasks(db: Db, formId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(collectionTasks)
    .innerJoin(formVersions, eq(formVersions.id, collectionTasks.formVersionId))
    .where(eq(formVersions.formId, formId));
  return (row?.n ?? 0) > 0;
}

export async function deleteForm(db: Db, id: number) {
  await db.delete(formVersions).where(eq(formVersions.formId, id));
  await db.delete(forms).where(eq(forms.id, id));
}

export async function publishVersion(
  db: Db,
  form: { id: number; version: number; name: string; tableId: number; tableType: string; fields: StoredFormField[] },
  by: string,
) {
  const version = form.version + 1;
  await db.insert(formVersions).values({
    formId: form.id,
    version,
    name: form.name,
    tableId: form.tableId,
    tableType: form.tableType,
    fields: form.fields,
    publishedBy: by,
  });
  await db.update(forms).set({ version, changedSincePublish: false }).where(eq(forms.id, form.id));
  return version;
}

export async function latestVersion(db: Db, formId: number) {
  const rows = await db
    .select()
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return rows[0] ?? null;
}

// ---- constants ----

export async function allConstantTypes(db: Db) {
  const counts = db
    .select({ typeId: constants.typeId, n: count().as('n') })
    .from(constants)
    .groupBy(constants.typeId)
    .as('cc');
  return db
    .select({
      id: constantTypes.id,
      code: constantTypes.code,
      name: constantTypes.name,
      remark: constantTypes.remark,
      constants: sql<number>`coalesce(${counts.n}, 0)::int`,
    })
    .from(constantTypes)
    .leftJoin(counts, eq(counts.typeId, constantTypes.id))
    .orderBy(asc(constantTypes.id));
}

export async function findConstantType(db: Db, id: number) {
  const rows = await db.select().from(constantTypes).where(eq(constantTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function constantTypesByCode(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  return db.select().from(constantTypes).where(inArray(constantTypes.code, codes));
}

export async function existingConstantTypeIds(db: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: constantTypes.id }).from(constantTypes).where(inArray(constantTypes.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function insertConstantType(db: Db, v: { code: string; name: string; remark: string | null }) {
  const [row] = await db.insert(constantTypes).values(v).returning({ id: constantTypes.id });
  return row!.id;
}

export async function updateConstantType(db: Db, id: number, v: { code: string; name: string; remark: string | null }) {
  await db.update(constantTypes).set(v).where(eq(constantTypes.id, id));
}

export async function deleteConstantType(db: Db, id: number) {
  await db.delete(constantTypes).where(eq(constantTypes.id, id));
}

/** The forms (drafts or published versions) with a field taking its options from the constant type. */
export async function constantTypeUsers(db: Db, typeId: number) {
  const uses = (t: typeof forms | typeof formVersions) =>
    sql`exists (select 1 from jsonb_array_elements(${t.fields}) f where (f->>'constantTypeId')::int = ${typeId})`;
  const a = await db.select({ name: forms.name }).from(forms).where(uses(forms)).limit(1);
  if (a.length) return a[0]!.name;
  const b = await db.select({ name: formVersions.name }).from(formVersions).where(uses(formVersions)).limit(1);
  return b[0]?.name ?? null;
}

export async function constantsOf(db: Db, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(constants)
    .where(inArray(constants.typeId, typeIds))
    .orderBy(asc(constants.sortOrder), asc(constants.id));
}

export async function findConstant(db: Db, id: number) {
  const rows = await db.select().from(constants).where(eq(constants.id, id)).limit(1);
  return rows[0] ?? null;
}

export type ConstantValues = { typeId: number; value: string; label: string; sortOrder: number };

export async function insertConstant(db: Db, v: ConstantValues) {
  const [row] = await db.insert(constants).values(v).returning({ id: constants.id });
  return row!.id;
}

export async function updateConstant(db: Db, id: number, v: ConstantValues) {
  await db.update(constants).set(v).where(eq(constants.id, id));
}

/** Adds the constants or, for a value its type already has, sets its label and order. */
export async function upsertConstants(db: Db, rows: ConstantValues[]) {
  if (rows.length === 0) return;
  await db
    .insert(constants)
    .values(rows)
    .onConflictDoUpdate({
      target: [constants.typeId, constants.value],
      set: { label: sql`excluded.label`, sortOrder: sql`excluded.sort_order` },
    });
}

export async function deleteConstants(db: Db, ids: number[]) {
  return (await db.delete(constants).where(inArray(constants.id, ids)).returning({ id: constants.id })).length;
}

// ---- tasks ----

const taskColumns = {
  task: collectionTasks,
  formId: formVersions.formId,
  formName: formVersions.name,
  formVersion: formVersions.version,
};

export async function listTasks(db: Db) {
  return db
    .select(taskColumns)
    .from(collectionTasks)
    .innerJoin(formVersions, eq(formVersions.id, collectionTasks.formVersionId))
    .orderBy(desc(collectionTasks.id));
}

export async function findTask(db: Db, id: number) {
  const rows = await db
    .select({ ...taskColumns, version: formVersions })
    .from(collectionTasks)
    .innerJoin(formVersions, eq(formVersions.id, collectionTasks.formVersionId))
    .where(eq(collectionTasks.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function stateCounts(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .select({ taskId: fillTasks.taskId, state: fillTasks.state, n: sql<number>`count(*)::int` })
    .from(fillTasks)
    .where(inArray(fillTasks.taskId, taskIds))
    .groupBy(fillTasks.taskId, fillTasks.state);
}

export async function insertTask(
  db: Db,
  v: { name: string; formVersionId: number; cycle: string; startDate: string; deadline: string; createdBy: string },
) {
  const [row] = await db.insert(collectionTasks).values(v).returning({ id: collectionTasks.id });
  return row!.id;
}

export async function insertFillTasks(
  db: Db,
  rows: { taskId: number; assigneeId: string | null; departmentId: string | null; auditorId: string }[],
) {
  if (rows.length) await db.insert(fillTasks).values(rows);
}

export async function updateTask(db: Db, id: number, v: { name: string; deadline: string }) {
  await db.update(collectionTasks).set(v).where(eq(collectionTasks.id, id));
}

export async function deleteTask(db: Db, id: number) {
  await db.delete(collectionTasks).where(eq(collectionTasks.id, id));
}

/** Closes the open tasks whose deadline is before `today`; their ids. */
export async function closeTasksBefore(db: Db, today: string) {
  const rows = await db
    .update(collectionTasks)
    .set({ closed: true })
    .where(and(eq(collectionTasks.closed, false), lt(collectionTasks.deadline, today)))
    .returning({ id: collectionTasks.id });
  return rows.map((r) => r.id);
}

export async function existingUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function existingDepartments(db: Db, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- fill tasks ----

const fillColumns = {
  fill: fillTasks,
  task: collectionTasks,
  version: formVersions,
  assigneeName: users.name,
  departmentName: departments.name,
  /** 审核人 by name (the auditor is shown as a person, never as a staff number). */
  auditorName: sql<string | null>`(select a.name from ${users} a where a.id = ${fillTasks.auditorId})`,
};

const fillQuery = (db: Db) =>
  db
    .select(fillColumns)
    .from(fillTasks)
    .innerJoin(collectionTasks, eq(collectionTasks.id, fillTasks.taskId))
    .innerJoin(formVersions, eq(formVersions.id, collectionTasks.formVersionId))
    .leftJoin(users, eq(users.id, fillTasks.assigneeId))
    .leftJoin(departments, eq(departments.id, fillTasks.departmentId));

export type FillRow = Awaited<ReturnType<typeof findFillTask>> & {};

export async function findFillTask(db: Db, id: number, lock = false) {
  const q = fillQuery(db).where(eq(fillTasks.id, id)).limit(1);
  const rows = lock ? await q.for('update', { of: fillTasks }) : await q;
  return rows[0] ?? null;
}

export async function lockFillTasks(db: Db, ids: number[]) {
  return fillQuery(db).where(inArray(fillTasks.id, ids)).orderBy(asc(fillTasks.id)).for('update', { of: fillTasks });
}

/** Fill tasks of a task, or those a user fills (their own or their departments'), or audits. */
export async function listFillTasks(
  db: Db,
  q: {
    taskId?: number;
    state?: string;
    filler?: { userId: string; departmentIds: string[] };
    auditorId?: string;
  },
) {
  const filler = q.filler
    ? q.filler.departmentIds.length
      ? sql`(${fillTasks.assigneeId} = ${q.filler.userId} or ${inArray(fillTasks.departmentId, q.filler.departmentIds)})`
      : eq(fillTasks.assigneeId, q.filler.userId)
    : undefined;
  return fillQuery(db)
    .where(
      and(
        q.taskId ? eq(fillTasks.taskId, q.taskId) : undefined,
        q.state ? eq(fillTasks.state, q.state) : undefined,
        filler,
        q.auditorId ? eq(fillTasks.auditorId, q.auditorId) : undefined,
      ),
    )
    .orderBy(desc(collectionTasks.id), asc(fillTasks.id));
}

export async function setFillState(
  db: Db,
  id: number,
  v: { state: string; opinion?: string | null; synced?: boolean },
) {
  await db
    .update(fillTasks)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(fillTasks.id, id));
}

export async function rowsOfFillTask(db: Db, fillTaskId: number) {
  return db.select().from(fillRows).where(eq(fillRows.fillTaskId, fillTaskId)).orderBy(asc(fillRows.rowNo));
}

export async function countRows(db: Db, fillTaskId: number) {
  const [row] = await db.select({ n: count() }).from(fillRows).where(eq(fillRows.fillTaskId, fillTaskId));
  return row?.n ?? 0;
}

export async function replaceRows(db: Db, fillTaskId: number, rows: Record<string, string | boolean | null>[]) {
  await db.delete(fillRows).where(eq(fillRows.fillTaskId, fillTaskId));
  for (let at = 0; at < rows.length; at += 1000)
    await db
      .insert(fillRows)
      .values(rows.slice(at, at + 1000).map((values, i) => ({ fillTaskId, rowNo: at + i + 1, values })));
}

/** The fill tasks with their rows (values by column) of a task: those that are finished. */
/** The rows of the finished fill tasks named, in fill-task then row order. */
export async function finishedRowsOf(db: Db, fillTaskIds: number[]) {
  if (fillTaskIds.length === 0) return [];
  return db
    .select({ fillTaskId: fillTasks.id, values: fillRows.values, rowNo: fillRows.rowNo })
    .from(fillTasks)
    .innerJoin(fillRows, eq(fillRows.fillTaskId, fillTasks.id))
    .where(and(inArray(fillTasks.id, fillTaskIds), eq(fillTasks.state, 'finished')))
    .orderBy(asc(fillTasks.id), asc(fillRows.rowNo));
}

/**
 * The warehouse rows written before for the same table, cycle and allocation (the same user or department) by any
 * fill task: collecting the same cycle and object again replaces them.
 */
export async function rowsToReplace(
  db: Db,
  v: { tableId: number; cycle: string; fills: { assigneeId: string | null; departmentId: string | null }[] },
) {
  if (v.fills.length === 0) return [];
  const same = sql.join(
    v.fills.map((f) =>
      f.assigneeId
        ? sql`(${fillTasks.assigneeId} = ${f.assigneeId})`
        : sql`(${fillTasks.assigneeId} is null and ${fillTasks.departmentId} = ${f.departmentId})`,
    ),
    sql` or `,
  );
  return db
    .select({ id: syncedRows.id, rowId: syncedRows.rowId })
    .from(syncedRows)
    .innerJoin(fillTasks, eq(fillTasks.id, syncedRows.fillTaskId))
    .innerJoin(collectionTasks, eq(collectionTasks.id, fillTasks.taskId))
    .where(and(eq(syncedRows.tableId, v.tableId), eq(collectionTasks.cycle, v.cycle), sql`(${same})`));
}

export async function forgetSynced(db: Db, ids: number[]) {
  if (ids.length) await db.delete(syncedRows).where(inArray(syncedRows.id, ids));
}

export async function recordSynced(db: Db, rows: { fillTaskId: number; tableId: number; rowId: number }[]) {
  for (let at = 0; at < rows.length; at += 5000) await db.insert(syncedRows).values(rows.slice(at, at + 5000));
}

export async function markSynced(db: Db, fillTaskIds: number[]) {
  if (fillTaskIds.length) await db.update(fillTasks).set({ synced: true }).where(inArray(fillTasks.id, fillTaskIds));
}

/** The rows of several fill tasks, in fill-task then row order. */
export async function rowsOfFillTasks(db: Db, fillTaskIds: number[]) {
  if (fillTaskIds.length === 0) return [];
  return db
    .select()
    .from(fillRows)
    .where(inArray(fillRows.fillTaskId, fillTaskIds))
    .orderBy(asc(fillRows.fillTaskId), asc(fillRows.rowNo));
}

/** The forms bound to a warehouse table (their names): the table's physical table is not dropped under them. */
export async function formsOnTable(db: Db, tableId: number) {
  const rows = await db
    .select({ name: forms.name })
    .from(forms)
    .where(eq(forms.tableId, tableId))
    .orderBy(asc(forms.name));
  return rows.map((r) => r.name);
}

/** The ids among `ids` of the files already attached to a fill task. */
export async function filesOfFillTask(db: Db, fillTaskId: number, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerType, 'FillTask'), eq(files.ownerId, String(fillTaskId)), inArray(files.id, ids)));
  return new Set(rows.map((r) => r.id));
}
