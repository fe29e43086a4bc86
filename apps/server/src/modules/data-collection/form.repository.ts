import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  collectionTasks,
  constants,
  constantTypes,
  formDirectories,
  forms,
  formVersions,
  type StoredFormField,
  warehouseTables,
} from '../../db/schema';

/** Data collection's own tables (drizzle only here and in fill.repository.ts): form directories, forms and their published versions, constant types and constants. */

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

/** The forms bound to a warehouse table (their names): the table's physical table is not dropped under them. */
export async function formsOnTable(db: Db, tableId: number) {
  const rows = await db
    .select({ name: forms.name })
    .from(forms)
    .where(eq(forms.tableId, tableId))
    .orderBy(asc(forms.name));
  return rows.map((r) => r.name);
}
