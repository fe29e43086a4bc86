import type { Writable } from 'node:stream';
import {
  DIMENSION_COLUMNS,
  DIMENSION_LIMITS,
  type DimensionObjectDetail,
  type DimensionObjectInput,
  type DimensionObjectSeed,
  type DimensionObjectUpdate,
  type DimensionTypeInput,
  isBuiltinDimension,
  DIMENSION_MSG as M,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, readSheet } from '../../platform/excel';
import { keepsWarehouse } from './data-manage.policy';
import { dimensionTemplate, type ObjectSheetRow, streamObjects } from './dimension.excel';
import { presentObject, presentType } from './dimension.presenter';
import {
  allTypes,
  chainOf,
  childrenOutside,
  deleteObjects,
  deleteType,
  dutiesOfObjects,
  fieldsLinkedTo,
  findObject,
  findType,
  insertObject,
  insertType,
  lockImports,
  lockObject,
  lockObjects,
  lockType,
  type ObjectFilter,
  type ObjectListRow,
  objectBatches,
  objectWithCode,
  pageObjects,
  pageTypes,
  storedObjects,
  typeClash,
  updateObject,
  updateType,
  upsertObjects,
} from './dimension.repository';
import {
  closesCycle,
  type ImportColumn,
  type ImportRow,
  objectKey,
  type PlannedObject,
  parentTypeProblem,
  planImport,
  type TypeInfo,
} from './dimension.rules';

export const mustKeep = (actor: Actor) => {
  if (!keepsWarehouse(actor)) throw forbidden();
};

export const audit = (
  db: Db,
  actor: Actor,
  action: string,
  entityType: string,
  id: number | string,
  detail?: unknown,
) => writeAudit(db, { actorId: actor.userId, action, entityType, entityId: String(id).slice(0, 64), detail });

export const paging = (q: { pageNum: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNum - 1) * q.pageSize,
});

// ---- types ----

export async function typeList(db: Db, q: { pageNum: number; pageSize: number }) {
  const { records, total } = await pageTypes(db, paging(q));
  return { list: records.map((r) => presentType(r.type, r.objects)), total };
}

export async function createType(db: Db, actor: Actor, input: DimensionTypeInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const clash = await typeClash(tx, input.wdbm, input.wdmc);
    if (clash) throw conflict(clash.name === input.wdmc ? M.typeNameTaken(input.wdmc) : M.typeCodeTaken(input.wdbm));
    const row = await insertType(tx, { code: input.wdbm, name: input.wdmc, sortOrder: input.px });
    await audit(tx, actor, 'dimension.create', 'dimension', row.id, { code: row.code });
    return presentType(row, 0);
  });
}

export async function editType(db: Db, actor: Actor, id: number, input: DimensionTypeInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const t = await lockType(tx, id);
    if (!t) throw notFound(M.typeNotFound);
    if (isBuiltinDimension(t.code) && input.wdbm !== t.code) throw badRequest(M.builtinTypeCode(t.name));
    const clash = await typeClash(tx, input.wdbm, input.wdmc, id);
    if (clash) throw conflict(clash.name === input.wdmc ? M.typeNameTaken(input.wdmc) : M.typeCodeTaken(input.wdbm));
    await updateType(tx, id, { code: input.wdbm, name: input.wdmc, sortOrder: input.px });
    await audit(tx, actor, 'dimension.update', 'dimension', id, { from: t.code, to: input.wdbm });
    const r = await findType(tx, id);
    return presentType(r!.type, r!.objects);
  });
}

/** Deletes a type an administrator added; a built-in one, one with objects or one linked from a field is refused. */
export async function removeType(db: Db, actor: Actor, id: number) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const t = await lockType(tx, id);
    if (!t) throw notFound(M.typeNotFound);
    if (isBuiltinDimension(t.code)) throw conflict(M.builtinType(t.name));
    const r = await findType(tx, id);
    if (r && Number(r.objects) > 0) throw conflict(M.typeHasObjects(t.name, Number(r.objects)));
    const linked = await fieldsLinkedTo(tx, id);
    if (linked.length) {
      const shown = linked.slice(0, 3).map((l) => `${l.table}.${l.field}`);
      throw conflict(M.typeLinked(t.name, linked.length > 3 ? `${shown.join('、')}等` : shown.join('、')));
    }
    await deleteType(tx, id);
    await audit(tx, actor, 'dimension.delete', 'dimension', id, { code: t.code });
  });
}

// ---- objects ----

export async function objectList(db: Db, q: ObjectFilter & { pageNum: number; pageSize: number }) {
  const { records, total } = await pageObjects(db, { ...q, ...paging(q) });
  return { list: records.map(presentObject), total };
}

export async function objectDetail(db: Db, id: number): Promise<DimensionObjectDetail> {
  const r = await findObject(db, id);
  if (!r) throw notFound(M.objectNotFound);
  const chain = await chainOf(db, id, DIMENSION_LIMITS.depthMax);
  const duties = await dutiesOfObjects(db, [id]);
  return {
    ...presentObject(r),
    sjlj: chain
      .slice(1)
      .reverse()
      .map((c) => ({ id: c.id, wdmc: c.type_name, dxbm: c.code, dxmc: c.name })),
    zrbm: duties.map((d) => ({ id: d.departmentId, mc: d.departmentName })),
  };
}

const typeInfo = (t: { id: number; code: string; name: string }): TypeInfo => ({
  id: t.id,
  code: t.code,
  name: t.name,
});

/** Checks the parent chosen for an object of `type` (and, for an existing object, that it is not below it). */
async function checkParent(tx: Db, type: TypeInfo, parentId: number | null | undefined, selfId?: number) {
  if (!parentId) return null;
  const p = await findObject(tx, parentId);
  if (!p) throw badRequest(M.parentNotFound);
  const problem = parentTypeProblem(
    type,
    { id: p.object.dimensionId, code: p.typeCode, name: p.typeName },
    await allTypes(tx),
  );
  if (problem) throw badRequest(problem);
  const chain = await chainOf(tx, parentId, DIMENSION_LIMITS.depthMax);
  if (
    selfId &&
    closesCycle(
      selfId,
      chain.map((c) => c.id),
    )
  )
    throw badRequest(M.parentCycle(p.object.name));
  if (chain.length >= DIMENSION_LIMITS.depthMax) throw badRequest(M.tooDeep);
  return parentId;
}

export async function createObject(db: Db, actor: Actor, input: DimensionObjectInput) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const t = await findType(tx, input.wdid);
    if (!t) throw notFound(M.typeNotFound);
    if (await objectWithCode(tx, input.wdid, input.dxbm)) throw conflict(M.codeTaken(t.type.name, input.dxbm));
    const parentId = await checkParent(tx, typeInfo(t.type), input.sjid);
    const id = await insertObject(tx, {
      dimensionId: input.wdid,
      code: input.dxbm,
      name: input.dxmc,
      parentId,
      sortOrder: input.px,
      enabled: input.sfqy,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'dimensionObject.create', 'dimensionObject', id, { code: input.dxbm });
    return presentObject((await findObject(tx, id))!);
  });
}

export async function editObject(db: Db, actor: Actor, input: DimensionObjectUpdate) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const o = await lockObject(tx, input.id);
    if (!o) throw notFound(M.objectNotFound);
    const t = await findType(tx, o.dimensionId);
    const other = await objectWithCode(tx, o.dimensionId, input.dxbm);
    if (other !== null && other !== o.id) throw conflict(M.codeTaken(t!.type.name, input.dxbm));
    const parentId = await checkParent(tx, typeInfo(t!.type), input.sjid, o.id);
    await updateObject(tx, o.id, {
      code: input.dxbm,
      name: input.dxmc,
      parentId,
      sortOrder: input.px,
      enabled: input.sfqy,
    });
    await audit(tx, actor, 'dimensionObject.update', 'dimensionObject', o.id, { code: input.dxbm });
    return presentObject((await findObject(tx, o.id))!);
  });
}

/**
 * Deletes objects; refused, naming the object and what uses it, while it has children (not deleted with it) or a
 * department answers for it.
 */
export async function removeObjects(db: Db, actor: Actor, ids: number[]) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await lockObjects(tx, unique);
    if (rows.length !== unique.length) throw notFound(M.objectNotFound);
    const nameOf = new Map(rows.map((r) => [r.id, r.name]));
    const [busy] = await childrenOutside(tx, unique);
    if (busy) throw conflict(M.objectHasChildren(nameOf.get(busy.id) ?? '', busy.n, busy.first));
    const duties = await dutiesOfObjects(tx, unique);
    if (duties.length) {
      const first = duties[0]!;
      const departments = duties.filter((d) => d.objectId === first.objectId).map((d) => `“${d.departmentName}”`);
      throw conflict(M.objectHasDuty(first.objectName, departments.join('、')));
    }
    await deleteObjects(tx, unique);
    await audit(tx, actor, 'dimensionObject.delete', 'dimensionObject', unique.join(','), { ids: unique });
  });
}

// ---- import, bulk upsert, export ----

const HEADER: Record<ImportColumn, string> = Object.fromEntries(
  DIMENSION_COLUMNS.map((c) => [c.key, c.header]),
) as Record<ImportColumn, string>;

/** Writes a plan level by level (parents before children) in batches; answers how many were created and updated. */
async function writePlan(
  tx: Db,
  levels: PlannedObject[][],
  stored: { id: number; typeId: number; code: string }[],
  by: string | null,
) {
  const idOf = new Map(stored.map((o) => [objectKey(o.typeId, o.code), o.id]));
  let created = 0;
  let updated = 0;
  for (const level of levels) {
    for (let i = 0; i < level.length; i += 1000) {
      const batch = level.slice(i, i + 1000);
      const written = await upsertObjects(
        tx,
        batch.map((p) => ({
          dimensionId: p.typeId,
          code: p.code,
          name: p.name,
          parentId: p.parentKey ? idOf.get(p.parentKey)! : null,
          sortOrder: p.sort,
          enabled: p.enabled,
          createdBy: by,
        })),
      );
      for (const w of written) idOf.set(objectKey(w.typeId, w.code), w.id);
      for (const p of batch) p.storedId === null ? created++ : updated++;
    }
  }
  return { created, updated };
}

/**
 * Imports objects from the template's sheet: every row checked (types, codes, parents in the system or anywhere in the
 * file, cycles) before anything is written; any problem refuses the whole file with the rows, columns and rules.
 * Existing objects (same type and code) are updated.
 */
export async function importObjects(db: Db, actor: Actor, upload: ExcelUpload) {
  mustKeep(actor);
  const rows = await readSheet(upload, DIMENSION_COLUMNS);
  return db.transaction(async (tx) => {
    await lockImports(tx);
    const types = await allTypes(tx);
    const stored = await storedObjects(tx);
    const sheet: ImportRow[] = rows.map((r) => ({
      row: r.row,
      type: r.values.type ?? '',
      code: r.values.code ?? '',
      name: r.values.name ?? '',
      parentType: r.values.parentType ?? '',
      parentCode: r.values.parentCode ?? '',
      sort: r.values.sort ?? '',
      enabled: r.values.enabled ?? '',
    }));
    const { problems, levels } = planImport(sheet, types, stored);
    const errors = new ImportErrors();
    for (const p of problems) errors.cell(p.row, HEADER[p.column], p.rule, p.value);
    errors.throwIfAny();
    const { created, updated } = await writePlan(tx, levels, stored, actor.userId);
    await audit(tx, actor, 'dimensionObject.import', 'dimensionObject', 'import', { created, updated });
    return { count: created + updated, created, updated };
  });
}

/**
 * Inserts or updates dimension objects in bulk (by type code and code), parents anywhere in the list or already stored,
 * in one transaction; throws listing the problems when any item is wrong (nothing is written then). Used by the demo
 * data seed.
 */
export async function upsertDimensionObjects(db: Db, items: DimensionObjectSeed[]) {
  return db.transaction(async (tx) => {
    await lockImports(tx);
    const types = await allTypes(tx);
    const stored = await storedObjects(tx);
    const rows: ImportRow[] = items.map((it, i) => ({
      row: i + 1,
      type: it.typeCode,
      code: it.code,
      name: it.name,
      parentType: it.parentCode ? (it.parentTypeCode ?? '') : '',
      parentCode: it.parentCode ?? '',
      sort: it.sort === undefined ? '' : String(it.sort),
      enabled: it.enabled === undefined ? '' : it.enabled ? '是' : '否',
    }));
    const { problems, levels } = planImport(rows, types, stored);
    if (problems.length) {
      const shown = problems
        .slice(0, 10)
        .map((p) => `item ${p.row} ${p.column}: ${p.rule}${p.value ? ` (${p.value})` : ''}`);
      throw new Error(`upsertDimensionObjects: ${problems.length} problem(s): ${shown.join('; ')}`);
    }
    return writePlan(tx, levels, stored, null);
  });
}

const sheetRowOf = (r: ObjectListRow): ObjectSheetRow => ({
  type: r.typeName,
  code: r.object.code,
  name: r.object.name,
  parentType: r.parentTypeName ?? '',
  parentCode: r.parentCode ?? '',
  sort: r.object.sortOrder,
  enabled: r.object.enabled ? '是' : '否',
});

/** The export: checked before the answer starts (the type exists), then the rows stream out of one snapshot. */
export async function objectExport(db: Db, q: { wdid?: number; keyword?: string }) {
  let name = '维度对象.xlsx';
  if (q.wdid) {
    const t = await findType(db, q.wdid);
    if (!t) throw notFound(M.typeNotFound);
    name = `${t.type.name}维度对象.xlsx`;
  }
  return {
    name,
    write: (out: Writable) =>
      db.transaction(
        async (tx) => {
          async function* batches() {
            for await (const batch of objectBatches(tx, { typeId: q.wdid, keyword: q.keyword })) {
              yield batch.map(sheetRowOf);
              if (out.destroyed) return;
            }
          }
          await streamObjects(out, batches());
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
  };
}

export async function objectTemplate(db: Db) {
  return { name: '维度对象导入模板.xlsx', buffer: await dimensionTemplate(await allTypes(db)) };
}
