import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  qualityCaseSteps,
  qualityCases,
  qualityRemoteCalls,
  qualityWarningCycles,
  qualityWarnings,
  users,
} from '../../db/schema';

/** The quality warnings' own tables: warnings, cases and their steps, cycle slots, remote calls seen. */

/** A PostgreSQL array literal of texts (nulls kept), bound as ONE parameter: sets of any size in one statement. */
const pgArray = (values: readonly (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

export type WarningRecord = typeof qualityWarnings.$inferSelect;
export type WarningInsert = typeof qualityWarnings.$inferInsert;
export type CaseRecord = typeof qualityCases.$inferSelect;

/** The open warnings of rows (every kind): one statement, the rows joined from one array (not a list of binds). */
export async function openWarningsOf(db: Db, rowIds: readonly number[]): Promise<WarningRecord[]> {
  if (!rowIds.length) return [];
  return db
    .select()
    .from(qualityWarnings)
    .where(
      and(
        sql`${qualityWarnings.rowId} in (select unnest(${pgArray(rowIds.map(String))}::int[]))`,
        isNull(qualityWarnings.closedAt),
      ),
    );
}

/** Inserts warnings; one open per row and kind (a second is skipped). Answers those inserted. */
export async function insertWarnings(db: Db, rows: WarningInsert[]): Promise<WarningRecord[]> {
  const out: WarningRecord[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await db
        .insert(qualityWarnings)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning()),
    );
  }
  return out;
}

/**
 * Closes warnings of many rows at once (the value they closed on is each row's): ONE statement for the set, the rows
 * and their kinds and values joined from arrays (chunked only past 5 000 rows).
 */
export async function closeWarningsOfRows(
  db: Db,
  closing: { rowId: number; kinds: readonly string[]; value: string | null }[],
  at: Date,
) {
  let n = 0;
  for (let i = 0; i < closing.length; i += 5000) {
    const part = closing.slice(i, i + 5000);
    const done = await db.execute(sql`
      update ${qualityWarnings} w
         set closed_at = ${at.toISOString()}, closed_value = c.value
        from (select * from unnest(${pgArray(part.map((c) => String(c.rowId)))}::int[],
                                   ${pgArray(part.map((c) => c.kinds.join(',')))}::text[],
                                   ${pgArray(part.map((c) => c.value))}::text[]) as t(row_id, kinds, value)) c
       where w.row_id = c.row_id and w.closed_at is null and w.kind = any(string_to_array(c.kinds, ','))`);
    n += (done as unknown as { rowCount: number | null }).rowCount ?? 0;
  }
  return n;
}

export async function findWarning(db: Db, id: number, lock = false) {
  const q = db.select().from(qualityWarnings).where(eq(qualityWarnings.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateWarning(db: Db, id: number, set: Partial<WarningInsert>) {
  const [row] = await db.update(qualityWarnings).set(set).where(eq(qualityWarnings.id, id)).returning();
  return row!;
}

/** A row's warnings, newest first, with the handler's name. */
export async function warningsOfRow(db: Db, rowId: number) {
  return db
    .select({ w: qualityWarnings, handler: users.name })
    .from(qualityWarnings)
    .leftJoin(users, eq(users.id, qualityWarnings.disposedBy))
    .where(eq(qualityWarnings.rowId, rowId))
    .orderBy(desc(qualityWarnings.raisedAt), desc(qualityWarnings.id))
    .limit(500);
}

// ---- cases ----

export async function openCasesOf(db: Db, rowIds: readonly number[]): Promise<CaseRecord[]> {
  if (!rowIds.length) return [];
  return db
    .select()
    .from(qualityCases)
    .where(
      and(
        sql`${qualityCases.rowId} in (select unnest(${pgArray(rowIds.map(String))}::int[]))`,
        isNull(qualityCases.closedAt),
      ),
    );
}

/** Opens cases (one open per row: a second is skipped) with their first step, 目标; chunked under the bind limit. */
export async function insertCases(db: Db, rows: (typeof qualityCases.$inferInsert)[]) {
  const made: CaseRecord[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const part = await db
      .insert(qualityCases)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning();
    if (part.length)
      await db
        .insert(qualityCaseSteps)
        .values(part.map((c) => ({ caseId: c.id, step: 0, actorId: null, note: null, at: c.openedAt })));
    made.push(...part);
  }
  return made;
}

/** Closes the open cases of many rows at once, each on its row's value: one statement for the set. */
export async function closeCases(db: Db, closing: { rowId: number; value: string | null }[], at: Date) {
  let n = 0;
  for (let i = 0; i < closing.length; i += 5000) {
    const part = closing.slice(i, i + 5000);
    const done = await db.execute(sql`
      update ${qualityCases} k
         set closed_at = ${at.toISOString()}, closed_value = c.value
        from (select * from unnest(${pgArray(part.map((c) => String(c.rowId)))}::int[],
                                   ${pgArray(part.map((c) => c.value))}::text[]) as t(row_id, value)) c
       where k.row_id = c.row_id and k.closed_at is null`);
    n += (done as unknown as { rowCount: number | null }).rowCount ?? 0;
  }
  return n;
}

export async function findCase(db: Db, id: number, lock = false) {
  const q = db.select().from(qualityCases).where(eq(qualityCases.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The open case of a row, else its latest. */
export async function caseOfRow(db: Db, rowId: number) {
  const [row] = await db
    .select()
    .from(qualityCases)
    .where(eq(qualityCases.rowId, rowId))
    .orderBy(sql`${qualityCases.closedAt} is null desc`, desc(qualityCases.openedAt))
    .limit(1);
  return row ?? null;
}

export async function stepsOf(db: Db, caseId: number) {
  return db
    .select({ s: qualityCaseSteps, actorName: users.name })
    .from(qualityCaseSteps)
    .leftJoin(users, eq(users.id, qualityCaseSteps.actorId))
    .where(eq(qualityCaseSteps.caseId, caseId))
    .orderBy(qualityCaseSteps.at, qualityCaseSteps.id);
}

export async function stepCase(db: Db, id: number, step: number, actorId: string, note: string | null, at: Date) {
  await db.update(qualityCases).set({ step }).where(eq(qualityCases.id, id));
  await db.insert(qualityCaseSteps).values({ caseId: id, step, actorId, note, at });
}

// ---- cycles ----

export async function cycleSlots(db: Db): Promise<Map<number, string>> {
  const rows = await db.select().from(qualityWarningCycles);
  return new Map(rows.map((r) => [r.rowId, r.slot]));
}

export async function saveCycleSlots(db: Db, slots: { rowId: number; slot: string }[]) {
  for (let i = 0; i < slots.length; i += 5000) {
    await db
      .insert(qualityWarningCycles)
      .values(slots.slice(i, i + 5000))
      .onConflictDoUpdate({ target: qualityWarningCycles.rowId, set: { slot: sql`excluded.slot` } });
  }
}

// ---- remote ----

/** Records a signed call; false when its signature was seen before (a replay). Old records are dropped. */
export async function recordRemoteCall(db: Db, signature: string, at: Date, keepSince: Date) {
  await db.delete(qualityRemoteCalls).where(sql`${qualityRemoteCalls.receivedAt} < ${keepSince.toISOString()}`);
  const done = await db
    .insert(qualityRemoteCalls)
    .values({ signature, receivedAt: at })
    .onConflictDoNothing()
    .returning({ signature: qualityRemoteCalls.signature });
  return done.length > 0;
}
