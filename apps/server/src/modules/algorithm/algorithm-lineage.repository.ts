import { and, arrayOverlaps, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  algorithmResultCache,
  algorithmRuns,
  algorithms,
  algorithmTableChanges,
  algorithmVersions,
  users,
} from '../../db/schema';

/** The algorithm module's lineage tables: runs (algorithm_runs), cached results and the changes of warehouse tables. */

export type RunRow = typeof algorithmRuns.$inferSelect;

// ---- lineage ----

export async function insertRun(db: Db, row: typeof algorithmRuns.$inferInsert) {
  const [r] = await db.insert(algorithmRuns).values(row).returning();
  return r as RunRow;
}

/** Several runs in one statement (a batch), returned in the order given. */
export async function insertRuns(db: Db, rows: (typeof algorithmRuns.$inferInsert)[]) {
  const out: RunRow[] = [];
  for (let i = 0; i < rows.length; i += 500)
    out.push(
      ...((await db
        .insert(algorithmRuns)
        .values(rows.slice(i, i + 500))
        .returning()) as RunRow[]),
    );
  return out;
}

const runColumns = {
  run: algorithmRuns,
  algorithmId: algorithmVersions.algorithmId,
  number: algorithmVersions.number,
  runner: users.name,
};

export async function findRun(db: Db, id: number) {
  const rows = await db
    .select(runColumns)
    .from(algorithmRuns)
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithmRuns.versionId))
    .leftJoin(users, eq(users.id, algorithmRuns.runBy))
    .where(eq(algorithmRuns.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Runs by id with what their lineage shows: the algorithm (name, kind), the version (number, text), who ran them. */
export async function runsWithVersion(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      run: algorithmRuns,
      algorithmId: algorithms.id,
      name: algorithms.name,
      kind: algorithms.kind,
      number: algorithmVersions.number,
      sql: algorithmVersions.sql,
      runner: users.name,
    })
    .from(algorithmRuns)
    .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithmRuns.versionId))
    .innerJoin(algorithms, eq(algorithms.id, algorithmVersions.algorithmId))
    .leftJoin(users, eq(users.id, algorithmRuns.runBy))
    .where(inArray(algorithmRuns.id, ids));
}

export async function pageRuns(db: Db, q: { current: number; size: number; algorithmId?: number; versionId?: number }) {
  const where = and(
    q.algorithmId ? eq(algorithmVersions.algorithmId, q.algorithmId) : undefined,
    q.versionId ? eq(algorithmRuns.versionId, q.versionId) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select(runColumns)
      .from(algorithmRuns)
      .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithmRuns.versionId))
      .leftJoin(users, eq(users.id, algorithmRuns.runBy))
      .where(where)
      .orderBy(desc(algorithmRuns.runAt), desc(algorithmRuns.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db
      .select({ n: count() })
      .from(algorithmRuns)
      .innerJoin(algorithmVersions, eq(algorithmVersions.id, algorithmRuns.versionId))
      .where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

// ---- the result cache ----

export async function cachedResult(db: Db, versionId: number, paramsKey: string) {
  const rows = await db
    .select({ result: algorithmResultCache.result, runId: algorithmResultCache.runId })
    .from(algorithmResultCache)
    .where(and(eq(algorithmResultCache.versionId, versionId), eq(algorithmResultCache.paramsKey, paramsKey)))
    .limit(1);
  return rows[0] ?? null;
}

/** The cached results of a version for several parameter keys, by key. */
export async function cachedResults(db: Db, versionId: number, paramsKeys: string[]) {
  const out = new Map<string, { result: unknown; runId: number }>();
  for (let i = 0; i < paramsKeys.length; i += 500) {
    const rows = await db
      .select({
        key: algorithmResultCache.paramsKey,
        result: algorithmResultCache.result,
        runId: algorithmResultCache.runId,
      })
      .from(algorithmResultCache)
      .where(
        and(
          eq(algorithmResultCache.versionId, versionId),
          inArray(algorithmResultCache.paramsKey, paramsKeys.slice(i, i + 500)),
        ),
      );
    for (const r of rows) out.set(r.key, { result: r.result, runId: Number(r.runId) });
  }
  return out;
}

export async function putCachedResult(db: Db, row: typeof algorithmResultCache.$inferInsert) {
  await db
    .insert(algorithmResultCache)
    .values(row)
    .onConflictDoUpdate({
      target: [algorithmResultCache.versionId, algorithmResultCache.paramsKey],
      set: { result: row.result, runId: row.runId, tables: row.tables, createdAt: new Date() },
    });
}

/** Several cached results in one statement per 500 (a batch; keys distinct). */
export async function putCachedResults(db: Db, rows: (typeof algorithmResultCache.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(algorithmResultCache)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [algorithmResultCache.versionId, algorithmResultCache.paramsKey],
        set: {
          result: sql`excluded.result`,
          runId: sql`excluded.run_id`,
          tables: sql`excluded.tables`,
          createdAt: new Date(),
        },
      });
}

/** Drops the cached results that read any of these warehouse tables (lower-case names without the schema). */
export async function dropCachedResults(db: Db, tables: string[]) {
  if (tables.length === 0) return 0;
  const rows = await db
    .delete(algorithmResultCache)
    .where(arrayOverlaps(algorithmResultCache.tables, tables))
    .returning({ v: algorithmResultCache.versionId });
  return rows.length;
}

// ---- changes of warehouse tables (the cache's guard) ----

/** Advisory lock class of a warehouse table's change record (the second key is hashtext(name)). */
const CHANGE_LOCK = 727_274_019;

/**
 * Records that the current transaction changed these tables (its id), holding each table's change lock until it ends,
 * so a result being cached meanwhile waits and then sees the change (`changedOutsideSnapshot`).
 */
export async function recordTableChanges(db: Db, tables: string[]) {
  const names = [...new Set(tables)].sort();
  if (names.length === 0) return;
  for (const t of names) await db.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOCK}, hashtext(${t}))`);
  await db
    .insert(algorithmTableChanges)
    .values(names.map((t) => ({ tableName: t, changedXid: sql`pg_current_xact_id()` as unknown as string })))
    .onConflictDoUpdate({
      target: algorithmTableChanges.tableName,
      set: { changedXid: sql`excluded.changed_xid`, changedAt: sql`now()` },
    });
}

/**
 * Whether any of these tables was changed by a transaction that a run's snapshot (pg_current_snapshot() as text)
 * does not see: its result must not be cached. Waits for a change still being written (the shared change lock).
 */
export async function changedOutsideSnapshot(db: Db, tables: string[], snapshot: string) {
  const names = [...new Set(tables)].sort();
  if (names.length === 0) return false;
  for (const t of names) await db.execute(sql`select pg_advisory_xact_lock_shared(${CHANGE_LOCK}, hashtext(${t}))`);
  const rows = await db.execute(sql`
    select exists (
      select 1 from ${algorithmTableChanges}
      where ${algorithmTableChanges.tableName} in ${names}
        and not pg_visible_in_snapshot(${algorithmTableChanges.changedXid}, ${snapshot}::pg_snapshot)
    ) as changed`);
  return Boolean((rows as unknown as { rows: { changed: boolean }[] }).rows[0]?.changed);
}
