import { COLLECTION_LIMITS, COLLECTION_MSG as M } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, readSheet } from '../../platform/excel';
import { audit } from './data-collection.audit';
import { mustManage } from './data-collection.policy';
import * as formRepo from './form.repository';

/** Constant types and constants (the options of choice fields), kept by the collection administrators, imported from Excel. */

// ---- constants ----

export const constantTypeList = (db: Db) => formRepo.allConstantTypes(db);

async function constantTypeById(db: Db, id: number) {
  const row = (await formRepo.allConstantTypes(db)).find((t) => t.id === id);
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
      if (at === undefined) at = await formRepo.insertConstantType(tx, values);
      else {
        if (!(await formRepo.findConstantType(tx, at))) throw notFound(M.constantTypeNotFound);
        await formRepo.updateConstantType(tx, at, values);
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
    return constantTypeById(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.constantTypeCodeTaken(v.code));
    throw err;
  }
}

export async function removeConstantType(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const t = await formRepo.findConstantType(tx, id);
    if (!t) throw notFound(M.constantTypeNotFound);
    if (await formRepo.constantTypeUsers(tx, id)) throw conflict(M.constantTypeInUse(t.name));
    await formRepo.deleteConstantType(tx, id);
    await audit(tx, actor, 'constantType.delete', 'constantType', id);
  });
}

export async function constantList(db: Db, typeId: number) {
  if (!(await formRepo.findConstantType(db, typeId))) throw notFound(M.constantTypeNotFound);
  return (await formRepo.constantsOf(db, [typeId])).map(({ id, typeId: t, value, label, sortOrder }) => ({
    id,
    typeId: t,
    value,
    label,
    sortOrder,
  }));
}

export async function saveConstant(db: Db, actor: Actor, v: formRepo.ConstantValues & { id?: number }) {
  mustManage(actor);
  const values = { typeId: v.typeId, value: v.value, label: v.label, sortOrder: v.sortOrder };
  try {
    const id = await db.transaction(async (tx) => {
      if (!(await formRepo.findConstantType(tx, v.typeId))) throw notFound(M.constantTypeNotFound);
      let at = v.id;
      if (at === undefined) at = await formRepo.insertConstant(tx, values);
      else {
        if (!(await formRepo.findConstant(tx, at))) throw notFound(M.constantNotFound);
        await formRepo.updateConstant(tx, at, values);
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
    if ((await formRepo.deleteConstants(tx, unique)) !== unique.length) throw notFound(M.constantNotFound);
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
      (await formRepo.constantTypesByCode(tx, [...new Set(rows.map((r) => r.values.type ?? ''))])).map((t) => [
        t.code,
        t.id,
      ]),
    );
    const errors = new ImportErrors();
    const seen = new Map<string, number>();
    const out: formRepo.ConstantValues[] = [];
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
    await formRepo.upsertConstants(tx, out);
    await audit(tx, actor, 'constant.import', 'constant', 'import', { rows: out.length });
    return out.length;
  });
}

/** 下载模板 of the constants: the sheet's columns. */
export async function constantTemplate() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('常量');
  ws.columns = CONSTANT_COLUMNS.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  return { name: '常量导入模板.xlsx', buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}
