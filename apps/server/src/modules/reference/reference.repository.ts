import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, systemSettings, userBenchmarkSchools, userSchoolSettings } from '../../db/schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const schoolColumns = {
  schoolCode: schools.code,
  schoolName: schools.name,
  schoolProvince: schools.province,
  schoolNature: schools.nature,
  schoolLevel: schools.level,
};

export async function pageSchools(
  db: Db,
  q: { pageNum: number; pageSize: number; name?: string; province?: string; level?: string; nature?: string },
) {
  const conds: SQL[] = [];
  if (q.name) conds.push(ilike(schools.name, `%${escapeLike(q.name)}%`));
  if (q.province) conds.push(eq(schools.province, q.province));
  if (q.level) conds.push(eq(schools.level, q.level));
  if (q.nature) conds.push(eq(schools.nature, q.nature));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select(schoolColumns)
      .from(schools)
      .where(where)
      .orderBy(asc(schools.code))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(schools).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export async function schoolOptions(db: Db) {
  const distinct = async (col: typeof schools.province | typeof schools.level | typeof schools.nature) =>
    (await db.selectDistinct({ v: col }).from(schools).orderBy(asc(col))).map((r) => r.v);
  const [levels, natures, provinces] = await Promise.all([
    distinct(schools.level),
    distinct(schools.nature),
    distinct(schools.province),
  ]);
  return { levels, natures, provinces };
}

export async function findSchoolSetting(db: Db, userId: string) {
  const rows = await db.select().from(userSchoolSettings).where(eq(userSchoolSettings.userId, userId)).limit(1);
  return rows[0] ?? null;
}

export async function saveSchoolSetting(
  db: Db,
  userId: string,
  s: { levels: string[]; natures: string[]; provinces: string[]; state: boolean },
) {
  await db
    .insert(userSchoolSettings)
    .values({ userId, ...s })
    .onConflictDoUpdate({ target: userSchoolSettings.userId, set: { ...s, updatedAt: new Date() } });
}

/** The user's benchmark schools, in the order chosen. */
export async function listBenchmarkSchools(db: Db, userId: string) {
  return db
    .select(schoolColumns)
    .from(userBenchmarkSchools)
    .innerJoin(schools, eq(schools.code, userBenchmarkSchools.schoolCode))
    .where(eq(userBenchmarkSchools.userId, userId))
    .orderBy(asc(userBenchmarkSchools.position));
}

/** Which of `codes` are schools. */
export async function existingSchoolCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ code: schools.code }).from(schools).where(inArray(schools.code, codes));
  return new Set(rows.map((r) => r.code));
}

/** Replaces the user's benchmark schools with `codes`, in that order. */
export async function replaceBenchmarkSchools(db: Db, userId: string, codes: string[]) {
  await db.delete(userBenchmarkSchools).where(eq(userBenchmarkSchools.userId, userId));
  if (codes.length > 0)
    await db
      .insert(userBenchmarkSchools)
      .values(codes.map((schoolCode, position) => ({ userId, schoolCode, position })));
}

export async function updateSystemSetting(db: Db, set: { systemName?: string; logoFileId?: string | null }) {
  const [row] = await db.select({ id: systemSettings.id }).from(systemSettings).limit(1);
  if (row)
    await db
      .update(systemSettings)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(systemSettings.id, row.id));
}

/** The schools of `codes` (code and name), in code order; unknown codes are left out. */
export async function schoolsByCodes(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ schoolCode: schools.code, schoolName: schools.name })
    .from(schools)
    .where(inArray(schools.code, [...codes]))
    .orderBy(asc(schools.code));
}
