import {
  type FieldType,
  DATA_MANAGE_MSG as M,
  WAREHOUSE_LIMITS,
  type WarehouseFieldInput,
  type WarehouseFieldUpdate,
  type WarehouseInput,
  type WarehouseTableInput,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, causes, conflict, forbidden, notFound } from '../../platform/errors';
import { echo } from '../../platform/excel';
import type { Hooks } from '../../platform/hooks';
import { keepsWarehouse } from './data-manage.policy';
import { presentField, presentTable, presentWarehouse } from './data-manage.presenter';
import {
  allDimensions,
  deleteFields,
  deleteTables,
  deleteWarehouses,
  dimensionIds,
  type FieldRow,
  fieldsByIds,
  fieldsOf,
  findField,
  findTable,
  findWarehouse,
  insertFields,
  insertTable,
  insertWarehouse,
  listTables,
  listWarehouses,
  lockTable,
  lockTables,
  lockWarehouses,
  nextFieldOrder,
  pageFields,
  pageTables,
  pageWarehouses,
  tableNamed,
  updateField,
  updateTable,
  updateWarehouse,
  warehouseNamed,
} from './data-manage.repository';
import { conversionOf, type FieldDef, typeLabel } from './data-manage.rules';
import {
  addColumn,
  alterColumnType,
  createTable,
  createUnique,
  dropColumn,
  dropTable,
  dropUnique,
  lockForAlter,
  renameColumn,
  renameTable,
  setRequired,
  valuesChangedBy,
} from './warehouse.repository';
import { warehouseChanged, whyTableIsUsed } from './warehouse-events';

// ---- presenters ----

/** A field row as the warehouse rules and the DDL see it. */
export const fieldDef = (f: FieldRow): FieldDef => ({
  id: f.id,
  name: f.name,
  label: f.label,
  type: f.type as FieldType,
  length: f.length,
  scale: f.scale,
  required: f.required,
  unique: f.unique,
});

/** The SQLSTATE of a database error (drizzle wraps the driver's error as its cause). */
export function sqlState(err: unknown): string | null {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && e.code.length === 5) return e.code;
  }
  return null;
}

/** Runs a structure statement, answering the refusals the rows in the table can cause with the given message. */
async function ddl(step: () => Promise<void>, refusals: (code: string) => string | null) {
  try {
    await step();
  } catch (err) {
    const code = sqlState(err);
    const message = code ? refusals(code) : null;
    if (message) throw conflict(message);
    throw err;
  }
}

const mustKeep = (actor: Actor) => {
  if (!keepsWarehouse(actor)) throw forbidden();
};

const audit = (db: Db, actor: Actor, action: string, entityType: string, id: number | string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType, entityId: String(id).slice(0, 64), detail });

// ---- warehouses ----

export async function allWarehouses(db: Db) {
  return (await listWarehouses(db)).map((r) => presentWarehouse(r.warehouse, r.tables));
}

export async function warehousePage(db: Db, q: { current: number; size: number; keyword?: string }) {
  const { records, total } = await pageWarehouses(db, q);
  return { records: records.map((r) => presentWarehouse(r.warehouse, r.tables)), total };
}

export async function createWarehouse(db: Db, actor: Actor, input: WarehouseInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    if (await warehouseNamed(tx, input.ckmc)) throw conflict(M.warehouseNameTaken(input.ckmc));
    const row = await insertWarehouse(tx, {
      name: input.ckmc,
      remark: input.bz || null,
      sortOrder: input.px,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'warehouse.create', 'warehouse', row.id);
    return presentWarehouse(row, 0);
  });
}

export async function editWarehouse(db: Db, actor: Actor, id: number, input: WarehouseInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const other = await warehouseNamed(tx, input.ckmc);
    if (other !== null && other !== id) throw conflict(M.warehouseNameTaken(input.ckmc));
    const done = await updateWarehouse(tx, id, { name: input.ckmc, remark: input.bz || null, sortOrder: input.px });
    if (!done) throw notFound(M.warehouseNotFound);
    await audit(tx, actor, 'warehouse.update', 'warehouse', id);
    const r = await findWarehouse(tx, id);
    return presentWarehouse(r!.warehouse, r!.tables);
  });
}

/** Deletes warehouses; one that still holds tables is refused (its tables must go first). */
export async function removeWarehouses(db: Db, actor: Actor, ids: number[]) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await lockWarehouses(tx, unique);
    if (rows.length !== unique.length) throw notFound(M.warehouseNotFound);
    const busy = rows.find((r) => r.tables > 0);
    if (busy) throw conflict(M.warehouseHasTables(busy.name));
    await deleteWarehouses(tx, unique);
    await audit(tx, actor, 'warehouse.delete', 'warehouse', unique.join(','), { ids: unique });
  });
}

// ---- tables ----

export async function tablePage(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; ckid?: number; keyword?: string },
) {
  const { records, total } = await pageTables(db, q);
  return { records: records.map((r) => presentTable(actor, r)), total };
}

export async function allTables(db: Db, actor: Actor, warehouseId?: number) {
  return (await listTables(db, warehouseId)).map((r) => presentTable(actor, r));
}

/** A table with its warehouse's name and field count; 404 when there is none. */
export async function tableOf(db: Db, actor: Actor, id: number) {
  const r = await findTable(db, id);
  if (!r) throw notFound(M.tableNotFound);
  return presentTable(actor, r);
}

export async function createTableDef(db: Db, actor: Actor, input: WarehouseTableInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    if (!(await findWarehouse(tx, input.ckid))) throw notFound(M.warehouseNotFound);
    if (await tableNamed(tx, input.bm)) throw conflict(M.tableNameTaken(input.bm));
    const row = await insertTable(tx, {
      warehouseId: input.ckid,
      name: input.bm,
      label: input.bzwm,
      remark: input.bz || null,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'warehouseTable.create', 'warehouseTable', row.id, { name: row.name });
    return presentTable(actor, (await findTable(tx, row.id))!);
  });
}

/** Changes a table's definition; renaming a created table renames the physical table in the same transaction. */
export async function editTableDef(db: Db, hooks: Hooks, actor: Actor, id: number, input: WarehouseTableInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const t = await lockTable(tx, id);
    if (!t) throw notFound(M.tableNotFound);
    if (!(await findWarehouse(tx, input.ckid))) throw notFound(M.warehouseNotFound);
    if (input.bm !== t.name) {
      if (await tableNamed(tx, input.bm)) throw conflict(M.tableNameTaken(input.bm));
      if (t.physical) {
        await ddl(
          () => renameTable(tx, t.name, input.bm),
          (code) => (code === '42P07' ? M.tableNameTaken(input.bm) : null),
        );
        await warehouseChanged(tx, hooks, [t.name, input.bm]);
      }
    }
    await updateTable(tx, id, { warehouseId: input.ckid, name: input.bm, label: input.bzwm, remark: input.bz || null });
    await audit(tx, actor, 'warehouseTable.update', 'warehouseTable', id, { from: t.name, to: input.bm });
    return presentTable(actor, (await findTable(tx, id))!);
  });
}

/** Deletes table definitions (with their fields); a table whose physical table exists is refused. */
export async function removeTableDefs(db: Db, actor: Actor, ids: number[]) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await lockTables(tx, unique);
    if (rows.length !== unique.length) throw notFound(M.tableNotFound);
    const physical = rows.find((r) => r.physical);
    if (physical) throw conflict(M.tableIsPhysical(physical.name));
    await deleteTables(tx, unique);
    await audit(tx, actor, 'warehouseTable.delete', 'warehouseTable', unique.join(','), { ids: unique });
  });
}

/** 创建物理表: the table in the schema `warehouse` with a row id and a column per field, in one transaction. */
export async function createPhysical(db: Db, actor: Actor, id: number) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const t = await lockTable(tx, id);
    if (!t) throw notFound(M.tableNotFound);
    if (t.physical) throw conflict(M.alreadyPhysical(t.name));
    const fields = (await fieldsOf(tx, id)).map((r) => fieldDef(r.field));
    if (fields.length === 0) throw badRequest(M.noFields);
    await ddl(
      () => createTable(tx, t.name, fields),
      (code) => (code === '42P07' ? M.tableNameTaken(t.name) : null),
    );
    await updateTable(tx, id, { physical: true });
    await audit(tx, actor, 'warehouseTable.createPhysical', 'warehouseTable', id, { name: t.name });
    return presentTable(actor, (await findTable(tx, id))!);
  });
}

/** 删除物理表: drops the physical table and its rows; the definition stays. */
export async function dropPhysical(db: Db, hooks: Hooks, actor: Actor, id: number) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const t = await lockTable(tx, id);
    if (!t) throw notFound(M.tableNotFound);
    if (!t.physical) throw conflict(M.notPhysical(t.name));
    const used = await whyTableIsUsed(tx, hooks, t);
    if (used) throw conflict(M.tableInUse(t.name, used));
    await dropTable(tx, t.name);
    await warehouseChanged(tx, hooks, [t.name]);
    await updateTable(tx, id, { physical: false });
    await audit(tx, actor, 'warehouseTable.dropPhysical', 'warehouseTable', id, { name: t.name });
    return presentTable(actor, (await findTable(tx, id))!);
  });
}

// ---- fields ----

export async function fieldsOfTable(db: Db, tableId: number) {
  if (!(await findTable(db, tableId))) throw notFound(M.tableNotFound);
  return (await fieldsOf(db, tableId)).map(presentField);
}

export async function fieldPage(db: Db, q: { ckbid: number; current: number; size: number; keyword?: string }) {
  if (!(await findTable(db, q.ckbid))) throw notFound(M.tableNotFound);
  const { records, total } = await pageFields(db, q);
  return { records: records.map(presentField), total };
}

type FieldValues = Omit<WarehouseFieldInput, 'ckbid'>;

const fieldColumns = (input: FieldValues) => ({
  name: input.zdm,
  label: input.zdzwm,
  type: input.zdlx,
  length: input.cd ?? null,
  scale: input.zdlx === 'decimal' ? (input.xsws ?? null) : null,
  required: input.sfbt,
  unique: input.sfwy,
  dimensionId: input.wdid ?? null,
});

async function checkDimension(db: Db, id: number | null | undefined) {
  if (id && !(await dimensionIds(db, [id])).has(id)) throw badRequest(M.dimensionNotFound);
}

/** Adds a field; on a created table the column is added in the same transaction. */
export async function createField(db: Db, hooks: Hooks, actor: Actor, input: WarehouseFieldInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const t = await lockTable(tx, input.ckbid);
    if (!t) throw notFound(M.tableNotFound);
    const existing = await fieldsOf(tx, t.id);
    if (existing.length >= WAREHOUSE_LIMITS.fieldsMax) throw badRequest(M.tooManyFields);
    if (existing.some((r) => r.field.name === input.zdm)) throw conflict(M.fieldNameTaken(input.zdm));
    await checkDimension(tx, input.wdid);
    const [row] = await insertFields(tx, [
      { tableId: t.id, ...fieldColumns(input), sortOrder: input.px ?? (await nextFieldOrder(tx, t.id)) },
    ]);
    if (t.physical) {
      const f = fieldDef(row!);
      await ddl(
        () => addColumn(tx, t.name, f),
        (code) =>
          code === '23502' ? M.requiredNewRefused(f.label) : code === '42701' ? M.fieldNameTaken(f.name) : null,
      );
      await warehouseChanged(tx, hooks, [t.name]);
    }
    await audit(tx, actor, 'warehouseField.create', 'warehouseField', row!.id, { table: t.name, name: row!.name });
    return presentField((await findField(tx, row!.id))!);
  });
}

/**
 * Changes a field. On a created table the column follows in the same transaction: renamed, converted to the new type
 * (refused, with nothing changed, when a value in it cannot be converted or a text would be cut), made required or
 * not, unique or not.
 */
export async function editField(db: Db, hooks: Hooks, actor: Actor, input: WarehouseFieldUpdate) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const found = await findField(tx, input.id);
    if (!found) throw notFound(M.fieldNotFound);
    const t = await lockTable(tx, found.field.tableId);
    if (!t) throw notFound(M.tableNotFound);
    const before = fieldDef(found.field);
    const siblings = await fieldsOf(tx, t.id);
    if (siblings.some((r) => r.field.name === input.zdm && r.field.id !== before.id))
      throw conflict(M.fieldNameTaken(input.zdm));
    await checkDimension(tx, input.wdid);
    const set = fieldColumns(input);
    await updateField(tx, before.id, { ...set, ...(input.px === undefined ? {} : { sortOrder: input.px }) });
    const after: FieldDef = { ...before, ...set };
    if (t.physical) {
      await alterColumn(tx, t.name, before, after);
      await warehouseChanged(tx, hooks, [t.name]);
    }
    await audit(tx, actor, 'warehouseField.update', 'warehouseField', before.id, { table: t.name, name: after.name });
    return presentField((await findField(tx, before.id))!);
  });
}

async function alterColumn(db: Db, table: string, before: FieldDef, after: FieldDef) {
  if (after.name !== before.name)
    await ddl(
      () => renameColumn(db, table, before.name, after.name),
      (code) => (code === '42701' ? M.fieldNameTaken(after.name) : null),
    );
  if (before.unique && !after.unique) await dropUnique(db, before.id);
  const typeChanged =
    after.type !== before.type || after.length !== before.length || (after.scale ?? null) !== (before.scale ?? null);
  if (typeChanged) {
    // No stored value may change (rounded, cut, reformatted, lost): the rows are checked first, the table locked so
    // that nothing is written between the check and the ALTER of the same transaction.
    const conversion = conversionOf(before, after);
    if (conversion.kind !== 'none') {
      await lockForAlter(db, table);
      const changed = await valuesChangedBy(db, table, after.name, conversion);
      if (changed.rows > 0) {
        const example = echo(changed.example ?? '');
        throw conflict(
          conversion.kind === 'check' && conversion.rule.type === 'textLength'
            ? M.lengthChangeLoses(after.label, changed.rows, conversion.rule.length, example)
            : M.typeChangeLoses(after.label, changed.rows, typeLabel(after), example),
        );
      }
    }
    await ddl(
      () => alterColumnType(db, table, { ...before, name: after.name }, after, conversion),
      (code) =>
        code.startsWith('22') || code === '42846' || code === '42804'
          ? M.typeChangeRefused(after.label, typeLabel(after))
          : code === '23505'
            ? M.uniqueRefused(after.label)
            : null,
    );
  }
  if (after.required !== before.required)
    await ddl(
      () => setRequired(db, table, after.name, after.required),
      (code) => (code === '23502' ? M.requiredRefused(after.label) : null),
    );
  if (after.unique && !before.unique)
    await ddl(
      () => createUnique(db, table, after),
      (code) => (code === '23505' ? M.uniqueRefused(after.label) : null),
    );
}

/** Deletes fields; on a created table their columns are dropped in the same transaction. */
export async function removeFields(db: Db, hooks: Hooks, actor: Actor, ids: number[]) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await fieldsByIds(tx, unique);
    if (rows.length !== unique.length) throw notFound(M.fieldNotFound);
    for (const tableId of new Set(rows.map((r) => r.tableId))) {
      const t = await lockTable(tx, tableId);
      if (!t) throw notFound(M.tableNotFound);
      if (!t.physical) continue;
      const remaining = (await fieldsOf(tx, tableId)).length - rows.filter((r) => r.tableId === tableId).length;
      if (remaining === 0) throw badRequest(M.noFields);
      for (const f of rows.filter((r) => r.tableId === tableId)) await dropColumn(tx, t.name, f.name);
      await warehouseChanged(tx, hooks, [t.name]);
    }
    await deleteFields(tx, unique);
    await audit(tx, actor, 'warehouseField.delete', 'warehouseField', unique.join(','), { ids: unique });
  });
}

/** The dimensions a field may link to, in their order. */
export async function dimensionOptions(db: Db) {
  return (await allDimensions(db)).sort((a, b) => a.id - b.id);
}
