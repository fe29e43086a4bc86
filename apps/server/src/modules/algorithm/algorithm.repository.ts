import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { algorithmGroups, algorithmRuns, algorithms, algorithmVersions, users } from '../../db/schema';

/** The algorithm module's tables: groups, algorithms, versions, lineage runs and cached results. */

export type GroupRow = typeof algorithmGroups.$inferSelect;
export type AlgorithmRow = typeof algorithms.$inferSelect;
export type VersionRow = typeof algorithmVersions.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- groups ----

export async function listGroups(db: Db) {
  return db.select().from(algorithmGroups).orderBy(asc(algorithmGroups.sortOrder), asc(algorithmGroups.id));
}

export async function findGroup(db: Db, id: number, opts: { lock?: boolean } = {}) {
  const q = db.select().from(algorithmGroups).where(eq(algorithmGroups.id, id)).limit(1);
  const rows = opts.lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function siblingNamed(db: Db, parentId: number | null, name: string) {
  const rows = await db
    .select({ id: algorithmGroups.id })
    .from(algorithmGroups)
    .where(
      and(
        parentId === null ? sql`${algorithmGroups.parentId} is null` : eq(algorithmGroups.parentId, parentId),
        eq(algorithmGroups.name, name),
      ),
    );
  return rows.map((r) => r.id);
}

export async function insertGroup(db: Db, row: typeof algorithmGroups.$inferInsert) {
  const [r] = await db.insert(algorithmGroups).values(row).returning();
  return r as GroupRow;
}

export async function updateGroup(db: Db, id: number, set: Partial<typeof algorithmGroups.$inferInsert>) {
  const [r] = await db.update(algorithmGroups).set(set).where(eq(algorithmGroups.id, id)).returning();
  return r ?? null;
}

export async function groupContents(db: Db, id: number) {
  const [groups] = await db.select({ n: count() }).from(algorithmGroups).where(eq(algorithmGroups.parentId, id));
  const [algos] = await db.select({ n: count() }).from(algorithms).where(eq(algorithms.groupId, id));
  return { groups: Number(groups?.n ?? 0), algorithms: Number(algos?.n ?? 0) };
}

export async function deleteGroup(db: Db, id: number) {
  await db.delete(algorithmGroups).where(eq(algorithmGroups.id, id));
}

/** Serialises changes of the group tree (a move's cycle check reads the whole tree). */
export async function lockGroupTree(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(727274018)`);
}

// ---- algorithms ----

const versionCount = sql<number>`(select count(*)::int from ${algorithmVersions} v where v.algorithm_id = "algorithms"."id")`;

const algorithmColumns = {
  algorithm: algorithms,
  groupName: algorithmGroups.name,
  version: algorithmVersions,
  versions: versionCount,
};

export type AlgorithmWithVersion = {
  algorithm: AlgorithmRow;
  groupName: string;
  version: VersionRow;
  versions: number;
};

function selectAlgorithms(db: Db) {
  return db
    .select(algorithmColumns)
    .from(algorithms)
    .innerJoin(algorithmGroups, eq(algorithmGroups.id, algorithms.groupId))
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithms.currentVersionId));
}

export async function pageAlgorithms(
  db: Db,
  q: { current: number; size: number; name?: string; groupIds?: number[]; kind?: string },
) {
  const where = and(
    q.name ? ilike(algorithms.name, `%${escapeLike(q.name)}%`) : undefined,
    q.groupIds ? inArray(algorithms.groupId, q.groupIds) : undefined,
    q.kind ? eq(algorithms.kind, q.kind) : undefined,
  );
  const [records, [total]] = await Promise.all([
    selectAlgorithms(db)
      .where(where)
      .orderBy(asc(algorithms.name), asc(algorithms.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(algorithms).where(where),
  ]);
  return { records: records as AlgorithmWithVersion[], total: Number(total?.n ?? 0) };
}

export async function listAlgorithmHeads(db: Db) {
  return db
    .select({
      id: algorithms.id,
      groupId: algorithms.groupId,
      name: algorithms.name,
      kind: algorithms.kind,
      number: algorithmVersions.number,
    })
    .from(algorithms)
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithms.currentVersionId))
    .orderBy(asc(algorithms.name), asc(algorithms.id));
}

export async function findAlgorithm(db: Db, id: number) {
  const rows = await selectAlgorithms(db).where(eq(algorithms.id, id)).limit(1);
  return (rows[0] as AlgorithmWithVersion | undefined) ?? null;
}

export async function lockAlgorithm(db: Db, id: number) {
  const rows = await db.select().from(algorithms).where(eq(algorithms.id, id)).for('update');
  return rows[0] ?? null;
}

export async function algorithmNamed(db: Db, name: string) {
  const rows = await db.select({ id: algorithms.id }).from(algorithms).where(eq(algorithms.name, name)).limit(1);
  return rows[0]?.id ?? null;
}

export async function insertAlgorithm(db: Db, row: typeof algorithms.$inferInsert) {
  const [r] = await db.insert(algorithms).values(row).returning();
  return r as AlgorithmRow;
}

export async function updateAlgorithm(db: Db, id: number, set: Partial<typeof algorithms.$inferInsert>) {
  await db
    .update(algorithms)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(algorithms.id, id));
}

export async function deleteAlgorithm(db: Db, id: number) {
  await db.delete(algorithms).where(eq(algorithms.id, id));
}

// ---- versions ----

const author = users.name;

export async function versionsOf(db: Db, algorithmId: number) {
  return db
    .select({ version: algorithmVersions, author })
    .from(algorithmVersions)
    .leftJoin(users, eq(users.id, algorithmVersions.createdBy))
    .where(eq(algorithmVersions.algorithmId, algorithmId))
    .orderBy(desc(algorithmVersions.number));
}

export async function findVersion(db: Db, id: number) {
  const rows = await db
    .select({ version: algorithmVersions, author })
    .from(algorithmVersions)
    .leftJoin(users, eq(users.id, algorithmVersions.createdBy))
    .where(eq(algorithmVersions.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** A version with its algorithm's id, name and kind and whether it is current (a calRule, a batch's version). */
export async function versionWithAlgorithm(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      version: algorithmVersions,
      algorithmId: algorithms.id,
      name: algorithms.name,
      kind: algorithms.kind,
      currentVersionId: algorithms.currentVersionId,
    })
    .from(algorithmVersions)
    .innerJoin(algorithms, eq(algorithms.id, algorithmVersions.algorithmId))
    .where(inArray(algorithmVersions.id, ids));
}

export async function versionByNumber(db: Db, algorithmId: number, number: number) {
  const rows = await db
    .select({ version: algorithmVersions, author })
    .from(algorithmVersions)
    .leftJoin(users, eq(users.id, algorithmVersions.createdBy))
    .where(and(eq(algorithmVersions.algorithmId, algorithmId), eq(algorithmVersions.number, number)))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockVersion(db: Db, id: number) {
  const rows = await db.select().from(algorithmVersions).where(eq(algorithmVersions.id, id)).for('update');
  return rows[0] ?? null;
}

export async function insertVersion(db: Db, row: Omit<typeof algorithmVersions.$inferInsert, 'number'>) {
  const [r] = await db
    .insert(algorithmVersions)
    .values({
      ...row,
      number: sql`(select coalesce(max(number), 0) + 1 from ${algorithmVersions} where algorithm_id = ${row.algorithmId})`,
    })
    .returning();
  return r as VersionRow;
}

/** Changes the text of a version no result used (the `used = false` condition keeps a used one as it is). */
export async function updateUnusedVersion(
  db: Db,
  id: number,
  set: { sql: string; hash: string; note: string | null; dataSourceId: number | null },
) {
  const rows = await db
    .update(algorithmVersions)
    .set(set)
    .where(and(eq(algorithmVersions.id, id), eq(algorithmVersions.used, false)))
    .returning({ id: algorithmVersions.id });
  return rows.length > 0;
}

export async function markVersionUsed(db: Db, id: number) {
  await db
    .update(algorithmVersions)
    .set({ used: true })
    .where(and(eq(algorithmVersions.id, id), eq(algorithmVersions.used, false)));
}

export async function deleteVersion(db: Db, id: number) {
  await db.delete(algorithmVersions).where(eq(algorithmVersions.id, id));
}

export async function usedVersions(db: Db, algorithmId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(algorithmVersions)
    .where(and(eq(algorithmVersions.algorithmId, algorithmId), eq(algorithmVersions.used, true)));
  return Number(r?.n ?? 0);
}

/** Whether a lineage run names the version (a run keeps its version: runs are never deleted with it). */
export async function versionHasRuns(db: Db, id: number) {
  const rows = await db
    .select({ id: algorithmRuns.id })
    .from(algorithmRuns)
    .where(eq(algorithmRuns.versionId, id))
    .limit(1);
  return rows.length > 0;
}

/**
 * Algorithms whose current version's text mentions `table` (a cheap filter the caller confirms with the parser):
 * their names and texts.
 */
export async function currentTextsMentioning(db: Db, table: string) {
  return db
    .select({ name: algorithms.name, sql: algorithmVersions.sql })
    .from(algorithms)
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithms.currentVersionId))
    .where(and(isNull(algorithmVersions.dataSourceId), ilike(algorithmVersions.sql, `%${escapeLike(table)}%`)))
    .orderBy(asc(algorithms.name));
}

/** Names of the algorithms whose current version runs on the data source. */
export async function currentOnDataSource(db: Db, dataSourceId: number) {
  const rows = await db
    .select({ name: algorithms.name })
    .from(algorithms)
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithms.currentVersionId))
    .where(eq(algorithmVersions.dataSourceId, dataSourceId))
    .orderBy(asc(algorithms.name));
  return rows.map((r) => r.name);
}

/**
 * Versions with their algorithm's name and kind, by version id or by algorithm name (every version of each): what
 * another module shows or checks of a version it names (standard systems' calculation rules).
 */
/** The current versions of the algorithms of a kind, by name, those whose name holds `name` first 200 (one query). */
export async function currentVersionsOfKind(db: Db, kind: string, name: string | undefined, limit: number) {
  return db
    .select({
      versionId: algorithmVersions.id,
      algorithmId: algorithms.id,
      name: algorithms.name,
      kind: algorithms.kind,
      number: algorithmVersions.number,
      group: algorithmGroups.name,
    })
    .from(algorithms)
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithms.currentVersionId))
    .innerJoin(algorithmGroups, eq(algorithmGroups.id, algorithms.groupId))
    .where(and(eq(algorithms.kind, kind), name ? ilike(algorithms.name, `%${escapeLike(name)}%`) : undefined))
    .orderBy(asc(algorithmGroups.name), asc(algorithms.name))
    .limit(limit);
}

/** The current versions of the algorithms named by id (one query); an algorithm without one is left out. */
export async function currentVersionsOf(db: Db, algorithmIds: number[]) {
  if (!algorithmIds.length) return [];
  return db
    .select({
      versionId: algorithmVersions.id,
      algorithmId: algorithms.id,
      name: algorithms.name,
      kind: algorithms.kind,
      number: algorithmVersions.number,
    })
    .from(algorithms)
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithms.currentVersionId))
    .where(inArray(algorithms.id, algorithmIds));
}

export async function versionHeads(db: Db, q: { ids?: number[]; names?: string[] }) {
  const ids = q.ids ?? [];
  const names = q.names ?? [];
  if (!ids.length && !names.length) return [];
  return db
    .select({
      versionId: algorithmVersions.id,
      algorithmId: algorithms.id,
      name: algorithms.name,
      kind: algorithms.kind,
      number: algorithmVersions.number,
      current: sql<boolean>`${algorithms.currentVersionId} = ${algorithmVersions.id}`,
    })
    .from(algorithmVersions)
    .innerJoin(algorithms, eq(algorithms.id, algorithmVersions.algorithmId))
    .where(
      ids.length && names.length
        ? sql`${inArray(algorithmVersions.id, ids)} or ${inArray(algorithms.name, names)}`
        : ids.length
          ? inArray(algorithmVersions.id, ids)
          : inArray(algorithms.name, names),
    );
}
