import {
  COLLECTION_LIMITS,
  FIELD_TYPE_NAMES,
  type FormDirectoryNode,
  type FormField,
  INPUT_KIND_FIELD_TYPES,
  INPUT_KIND_NAMES,
  COLLECTION_MSG as M,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { StoredFormField } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, readSheet } from '../../platform/excel';
import { warehouseTable } from '../data-manage';
import { formAbilities, mustManage } from './data-collection.policy';
import * as repo from './data-collection.repository';

/** Form directories, forms and their versions, constants: kept by the collection administrators. */

const audit = (db: Db, actor: Actor, action: string, entityType: string, entityId: number | string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType, entityId: String(entityId), detail });

// ---- directories ----

export async function directoryTree(db: Db): Promise<FormDirectoryNode[]> {
  const rows = await repo.allDirectories(db);
  const nodes = new Map<number, FormDirectoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: FormDirectoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** The ancestors of a directory, nearest first (the directory itself included). */
async function lineOf(db: Db, id: number) {
  const line: number[] = [];
  for (let at: number | null = id; at !== null && line.length <= 50; ) {
    const d = await repo.findDirectory(db, at);
    if (!d) break;
    line.push(d.id);
    at = d.parentId;
  }
  return line;
}

async function checkParent(db: Db, parentId: number | null, self?: number) {
  if (parentId === null) return;
  if (!(await repo.findDirectory(db, parentId))) throw notFound(M.directoryNotFound);
  const line = await lineOf(db, parentId);
  if (self !== undefined && line.includes(self)) throw badRequest(M.directoryParentLoop);
  if (line.length >= COLLECTION_LIMITS.directoryDepthMax) throw badRequest(M.directoryTooDeep);
}

async function directoryOut(db: Db, id: number) {
  const row = (await repo.allDirectories(db)).find((d) => d.id === id);
  if (!row) throw notFound(M.directoryNotFound);
  return row;
}

export async function createDirectory(
  db: Db,
  actor: Actor,
  v: { parentId?: number | null; name: string; sortOrder: number },
) {
  mustManage(actor);
  const id = await db.transaction(async (tx) => {
    await checkParent(tx, v.parentId ?? null);
    const newId = await repo.insertDirectory(tx, { ...v, parentId: v.parentId ?? null, createdBy: actor.userId });
    await audit(tx, actor, 'formDirectory.create', 'formDirectory', newId, v);
    return newId;
  });
  return directoryOut(db, id);
}

export async function editDirectory(
  db: Db,
  actor: Actor,
  v: { id: number; parentId?: number | null; name: string; sortOrder: number },
) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    if (!(await repo.findDirectory(tx, v.id))) throw notFound(M.directoryNotFound);
    await checkParent(tx, v.parentId ?? null, v.id);
    await repo.updateDirectory(tx, v.id, { parentId: v.parentId ?? null, name: v.name, sortOrder: v.sortOrder });
    await audit(tx, actor, 'formDirectory.update', 'formDirectory', v.id, v);
  });
  return directoryOut(db, v.id);
}

export async function removeDirectory(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const d = await repo.findDirectory(tx, id);
    if (!d) throw notFound(M.directoryNotFound);
    if ((await repo.directoryUsage(tx, id)) > 0) throw conflict(M.directoryNotEmpty(d.name));
    await repo.deleteDirectory(tx, id);
    await audit(tx, actor, 'formDirectory.delete', 'formDirectory', id);
  });
}

// ---- forms ----

/** The warehouse field types an input kind can be bound to. */

/**
 * Checks a form's fields against its warehouse table (which must be created): each bound to a field of the table,
 * once; its input kind fits the field's type; a select names an existing constant type; min within max; every field
 * the table requires is bound.
 */
async function checkFields(db: Db, tableId: number, fields: FormField[]): Promise<StoredFormField[]> {
  const table = await warehouseTable(db, tableId);
  if (!table?.physical) throw badRequest(M.tableNotReady);
  const byId = new Map(table.fields.map((f) => [f.id, f]));
  const types = await repo.existingConstantTypeIds(db, [
    ...new Set(fields.flatMap((f) => (f.constantTypeId ? [f.constantTypeId] : []))),
  ]);
  const bound = new Set<number>();
  const out: StoredFormField[] = [];
  fields.forEach((f, i) => {
    const n = i + 1;
    const wf = byId.get(f.fieldId);
    if (!wf) throw badRequest(M.formFieldUnknown(n));
    if (bound.has(wf.id)) throw badRequest(M.formFieldTwice(n, wf.label));
    bound.add(wf.id);
    if (!INPUT_KIND_FIELD_TYPES[f.kind].includes(wf.type))
      throw badRequest(M.formFieldKindMismatch(n, f.label, INPUT_KIND_NAMES[f.kind], FIELD_TYPE_NAMES[wf.type]));
    const choice = f.kind === 'select' || f.kind === 'multiSelect';
    if (choice && !f.constantTypeId) throw badRequest(M.formFieldNeedsConstant(n, f.label));
    if (choice && !types.has(f.constantTypeId!)) throw badRequest(M.formFieldConstantUnknown(n, f.label));
    if (f.min != null && f.max != null && f.min > f.max) throw badRequest(M.formFieldMinMax(n, f.label));
    out.push({
      fieldId: wf.id,
      label: f.label,
      kind: f.kind,
      required: Boolean(f.required) || wf.required,
      unique: Boolean(f.unique) || wf.unique,
      constantTypeId: choice ? f.constantTypeId! : null,
      min: f.kind === 'number' ? (f.min ?? null) : null,
      max: f.kind === 'number' ? (f.max ?? null) : null,
      decimals: f.kind === 'number' ? (f.decimals ?? null) : null,
      defaultValue: f.defaultValue ?? null,
    });
  });
  for (const wf of table.fields)
    if (wf.required && !bound.has(wf.id)) throw badRequest(M.formFieldRequiredMissing(wf.label));
  return out;
}

type FormJoined = NonNullable<Awaited<ReturnType<typeof repo.findForm>>>;

function formOut(actor: Actor, r: FormJoined) {
  const f = r.form;
  return {
    id: f.id,
    directoryId: f.directoryId,
    name: f.name,
    tableId: f.tableId,
    tableName: r.tableLabel,
    tableType: f.tableType as 'fixed' | 'floating',
    tableConfigId: f.tableConfigId,
    remark: f.remark,
    fields: f.fields as FormField[],
    version: f.version,
    changedSincePublish: f.changedSincePublish,
    abilities: formAbilities(actor, { fields: f.fields.length, changedSincePublish: f.changedSincePublish }),
  };
}

export async function formList(db: Db, actor: Actor, q: { directoryId?: number; keyword?: string }) {
  return (await repo.listForms(db, q)).map((r) => formOut(actor, r));
}

export async function formGet(db: Db, actor: Actor, id: number) {
  const r = await repo.findForm(db, id);
  if (!r) throw notFound(M.formNotFound);
  return formOut(actor, r);
}

interface FormInput {
  directoryId: number;
  name: string;
  tableId: number;
  tableType: 'fixed' | 'floating';
  tableConfigId?: number | null;
  remark?: string | null;
  fields: FormField[];
}

async function formValues(db: Db, v: FormInput): Promise<repo.FormValues> {
  if (!(await repo.findDirectory(db, v.directoryId))) throw notFound(M.directoryNotFound);
  return {
    directoryId: v.directoryId,
    name: v.name,
    tableId: v.tableId,
    tableType: v.tableType,
    tableConfigId: v.tableConfigId ?? null,
    remark: v.remark ?? null,
    fields: await checkFields(db, v.tableId, v.fields),
  };
}

/** A table configuration that does not exist (a foreign key violation) is refused with a message, never a 500. */
const TABLE_CONFIG_MISSING = '所选表格配置不存在';
const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23503';
};

export async function createForm(db: Db, actor: Actor, v: FormInput) {
  mustManage(actor);
  try {
    const id = await db.transaction(async (tx) => {
      const newId = await repo.insertForm(tx, { ...(await formValues(tx, v)), createdBy: actor.userId });
      await audit(tx, actor, 'form.create', 'form', newId, { name: v.name, tableId: v.tableId });
      return newId;
    });
    return formGet(db, actor, id);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw badRequest(TABLE_CONFIG_MISSING);
    throw err;
  }
}

/** Edits the draft: published versions stay as they were; publishing again makes a new one. */
export async function editForm(db: Db, actor: Actor, v: FormInput & { id: number }) {
  mustManage(actor);
  try {
    await db.transaction(async (tx) => {
      const found = await repo.findForm(tx, v.id, true);
      if (!found) throw notFound(M.formNotFound);
      await repo.updateForm(tx, v.id, await formValues(tx, v));
      await audit(tx, actor, 'form.update', 'form', v.id, { name: v.name, tableId: v.tableId });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw badRequest(TABLE_CONFIG_MISSING);
    throw err;
  }
  return formGet(db, actor, v.id);
}

export async function removeForm(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const found = await repo.findForm(tx, id, true);
    if (!found) throw notFound(M.formNotFound);
    if (await repo.formHasTasks(tx, id)) throw conflict(M.formHasTasks(found.form.name));
    await repo.deleteForm(tx, id);
    await audit(tx, actor, 'form.delete', 'form', id);
  });
}

/** 发布: freezes the draft as the next version (checked again against the table as it is now). */
export async function publishForm(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  const version = await db.transaction(async (tx) => {
    const found = await repo.findForm(tx, id, true);
    if (!found) throw notFound(M.formNotFound);
    const f = found.form;
    if (f.fields.length === 0) throw badRequest(M.formNoFields);
    const fields = await checkFields(tx, f.tableId, f.fields as FormField[]);
    const v = await repo.publishVersion(tx, { ...f, fields }, actor.userId);
    await audit(tx, actor, 'form.publish', 'form', id, { version: v });
    return v;
  });
  return { form: await formGet(db, actor, id), version };
}

// ---- constants ----

export const constantTypeList = (db: Db) => repo.allConstantTypes(db);

async function constantTypeOut(db: Db, id: number) {
  const row = (await repo.allConstantTypes(db)).find((t) => t.id === id);
  if (!row) throw notFound(M.constantTypeNotFound);
  return row;
}

export async function saveConstantType(
  db: Db,
  actor: Actor,
  v: { id?: number; code: string; name: string; remark?: string | null },
) {
  mustManage(actor);
  const values = { code: v.code, name: v.name, remark: v.remark ?? null };
  try {
    const id = await db.transaction(async (tx) => {
      let at = v.id;
      if (at === undefined) at = await repo.insertConstantType(tx, values);
      else {
        if (!(await repo.findConstantType(tx, at))) throw notFound(M.constantTypeNotFound);
        await repo.updateConstantType(tx, at, values);
      }
      await audit(
        tx,
        actor,
        v.id === undefined ? 'constantType.create' : 'constantType.update',
        'constantType',
        at,
        values,
      );
      return at;
    });
    return constantTypeOut(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.constantTypeCodeTaken(v.code));
    throw err;
  }
}

export async function removeConstantType(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const t = await repo.findConstantType(tx, id);
    if (!t) throw notFound(M.constantTypeNotFound);
    if (await repo.constantTypeUsers(tx, id)) throw conflict(M.constantTypeInUse(t.name));
    await repo.deleteConstantType(tx, id);
    await audit(tx, actor, 'constantType.delete', 'constantType', id);
  });
}

export async function constantList(db: Db, typeId: number) {
  if (!(await repo.findConstantType(db, typeId))) throw notFound(M.constantTypeNotFound);
  return (await repo.constantsOf(db, [typeId])).map(({ id, typeId: t, value, label, sortOrder }) => ({
    id,
    typeId: t,
    value,
    label,
    sortOrder,
  }));
}

export async function saveConstant(db: Db, actor: Actor, v: repo.ConstantValues & { id?: number }) {
  mustManage(actor);
  const values = { typeId: v.typeId, value: v.value, label: v.label, sortOrder: v.sortOrder };
  try {
    const id = await db.transaction(async (tx) => {
      if (!(await repo.findConstantType(tx, v.typeId))) throw notFound(M.constantTypeNotFound);
      let at = v.id;
      if (at === undefined) at = await repo.insertConstant(tx, values);
      else {
        if (!(await repo.findConstant(tx, at))) throw notFound(M.constantNotFound);
        await repo.updateConstant(tx, at, values);
      }
      await audit(tx, actor, v.id === undefined ? 'constant.create' : 'constant.update', 'constant', at, values);
      return at;
    });
    const row = (await constantList(db, v.typeId)).find((c) => c.id === id)!;
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.constantValueTaken(v.value));
    throw err;
  }
}

export async function removeConstants(db: Db, actor: Actor, ids: number[]) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    if ((await repo.deleteConstants(tx, unique)) !== unique.length) throw notFound(M.constantNotFound);
    await audit(tx, actor, 'constant.delete', 'constant', unique.join(',').slice(0, 64), { ids: unique });
  });
}

/** The columns of the constant sheet (its template, and the import). */
export const CONSTANT_COLUMNS = [
  { key: 'type', header: '常量类型编码', width: 18 },
  { key: 'value', header: '常量值', width: 20 },
  { key: 'label', header: '显示名称', width: 24 },
  { key: 'order', header: '排序', width: 8 },
] as const;

/**
 * 导入常量: every row names an existing type by its code, a value and a label (an existing value of the type gets the
 * new label and order); all rows or none, each problem naming its row, column and rule.
 */
export async function importConstants(db: Db, actor: Actor, upload: ExcelUpload) {
  mustManage(actor);
  const rows = await readSheet(upload, CONSTANT_COLUMNS);
  const header = Object.fromEntries(CONSTANT_COLUMNS.map((c) => [c.key, c.header])) as Record<
    (typeof CONSTANT_COLUMNS)[number]['key'],
    string
  >;
  return db.transaction(async (tx) => {
    const types = new Map(
      (await repo.constantTypesByCode(tx, [...new Set(rows.map((r) => r.values.type ?? ''))])).map((t) => [
        t.code,
        t.id,
      ]),
    );
    const errors = new ImportErrors();
    const seen = new Map<string, number>();
    const out: repo.ConstantValues[] = [];
    for (const { row, values: v } of rows) {
      const before = errors.count;
      const typeId = types.get(v.type ?? '');
      if (!v.type) errors.cell(row, header.type, '不能为空');
      else if (typeId === undefined) errors.cell(row, header.type, '常量类型不存在', v.type);
      if (!v.value) errors.cell(row, header.value, '不能为空');
      else if (v.value.length > COLLECTION_LIMITS.constantValueMax)
        errors.cell(row, header.value, `不能超过${COLLECTION_LIMITS.constantValueMax}个字符`, v.value);
      if (!v.label) errors.cell(row, header.label, '不能为空');
      else if (v.label.length > COLLECTION_LIMITS.constantValueMax)
        errors.cell(row, header.label, `不能超过${COLLECTION_LIMITS.constantValueMax}个字符`, v.label);
      if (v.order && !/^\d{1,6}$/.test(v.order)) errors.cell(row, header.order, '应为非负整数', v.order);
      const key = `${v.type}\u0000${v.value}`;
      if (errors.count === before && seen.has(key))
        errors.cell(row, header.value, `与第${seen.get(key)}行重复`, v.value);
      if (errors.count > before) continue;
      seen.set(key, row);
      out.push({ typeId: typeId!, value: v.value!, label: v.label!, sortOrder: v.order ? Number(v.order) : 0 });
    }
    errors.throwIfAny();
    await repo.upsertConstants(tx, out);
    await audit(tx, actor, 'constant.import', 'constant', 'import', { rows: out.length });
    return out.length;
  });
}
