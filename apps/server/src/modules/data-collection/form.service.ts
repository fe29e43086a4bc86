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
import { badRequest, conflict, notFound } from '../../platform/errors';
import { warehouseTable } from '../data-manage';
import { audit } from './data-collection.audit';
import { mustManage } from './data-collection.policy';
import { presentForm } from './data-collection.presenter';
import * as formRepo from './form.repository';

/** Form directories and forms (采集表单) with their published versions: kept by the collection administrators. */

// ---- directories ----

export async function directoryTree(db: Db): Promise<FormDirectoryNode[]> {
  const rows = await formRepo.allDirectories(db);
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
    const d = await formRepo.findDirectory(db, at);
    if (!d) break;
    line.push(d.id);
    at = d.parentId;
  }
  return line;
}

async function checkParent(db: Db, parentId: number | null, self?: number) {
  if (parentId === null) return;
  if (!(await formRepo.findDirectory(db, parentId))) throw notFound(M.directoryNotFound);
  const line = await lineOf(db, parentId);
  if (self !== undefined && line.includes(self)) throw badRequest(M.directoryParentLoop);
  if (line.length >= COLLECTION_LIMITS.directoryDepthMax) throw badRequest(M.directoryTooDeep);
}

async function directoryById(db: Db, id: number) {
  const row = (await formRepo.allDirectories(db)).find((d) => d.id === id);
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
    const newId = await formRepo.insertDirectory(tx, { ...v, parentId: v.parentId ?? null, createdBy: actor.userId });
    await audit(tx, actor, 'formDirectory.create', 'formDirectory', newId, v);
    return newId;
  });
  return directoryById(db, id);
}

export async function editDirectory(
  db: Db,
  actor: Actor,
  v: { id: number; parentId?: number | null; name: string; sortOrder: number },
) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    if (!(await formRepo.findDirectory(tx, v.id))) throw notFound(M.directoryNotFound);
    await checkParent(tx, v.parentId ?? null, v.id);
    await formRepo.updateDirectory(tx, v.id, { parentId: v.parentId ?? null, name: v.name, sortOrder: v.sortOrder });
    await audit(tx, actor, 'formDirectory.update', 'formDirectory', v.id, v);
  });
  return directoryById(db, v.id);
}

export async function removeDirectory(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const d = await formRepo.findDirectory(tx, id);
    if (!d) throw notFound(M.directoryNotFound);
    if ((await formRepo.directoryUsage(tx, id)) > 0) throw conflict(M.directoryNotEmpty(d.name));
    await formRepo.deleteDirectory(tx, id);
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
  const types = await formRepo.existingConstantTypeIds(db, [
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

export async function formList(db: Db, actor: Actor, q: { directoryId?: number; keyword?: string }) {
  return (await formRepo.listForms(db, q)).map((r) => presentForm(actor, r));
}

export async function formGet(db: Db, actor: Actor, id: number) {
  const r = await formRepo.findForm(db, id);
  if (!r) throw notFound(M.formNotFound);
  return presentForm(actor, r);
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

async function formValues(db: Db, v: FormInput): Promise<formRepo.FormValues> {
  if (!(await formRepo.findDirectory(db, v.directoryId))) throw notFound(M.directoryNotFound);
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
      const newId = await formRepo.insertForm(tx, { ...(await formValues(tx, v)), createdBy: actor.userId });
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
      const found = await formRepo.findForm(tx, v.id, true);
      if (!found) throw notFound(M.formNotFound);
      await formRepo.updateForm(tx, v.id, await formValues(tx, v));
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
    const found = await formRepo.findForm(tx, id, true);
    if (!found) throw notFound(M.formNotFound);
    if (await formRepo.formHasTasks(tx, id)) throw conflict(M.formHasTasks(found.form.name));
    await formRepo.deleteForm(tx, id);
    await audit(tx, actor, 'form.delete', 'form', id);
  });
}

/** 发布: freezes the draft as the next version (checked again against the table as it is now). */
export async function publishForm(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  const version = await db.transaction(async (tx) => {
    const found = await formRepo.findForm(tx, id, true);
    if (!found) throw notFound(M.formNotFound);
    const f = found.form;
    if (f.fields.length === 0) throw badRequest(M.formNoFields);
    const fields = await checkFields(tx, f.tableId, f.fields as FormField[]);
    const v = await formRepo.publishVersion(tx, { ...f, fields }, actor.userId);
    await audit(tx, actor, 'form.publish', 'form', id, { version: v });
    return v;
  });
  return { form: await formGet(db, actor, id), version };
}
