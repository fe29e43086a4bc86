import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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

export type WarningRecord = typeof qualityWarnings.$inferSelect;
export type WarningInsert = typeof qualityWarnings.$inferInsert;
export type CaseRecord = typeof qualityCases.$inferSelect;

/** The open warnings of rows (every kind). */
export async function openWarningsOf(db: Db, rowIds: readonly number[]): Promise<WarningRecord[]> {
  if (!rowIds.length) return [];
  const out: WarningRecord[] = [];
  for (let i = 0; i < rowIds.length; i += 5000) {
    out.push(
      ...(await db
        .select()
        .from(qualityWarnings)
        .where(and(inArray(qualityWarnings.rowId, rowIds.slice(i, i + 5000)), isNull(qualityWarnings.closedAt)))),
    );
  }
  return out;
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

export async function closeWarnings(db: Db, ids: readonly number[], at: Date, values: Map<number, string | null>) {
  for (const id of ids) {
    await db
      .update(qualityWarnings)
      .set({ closedAt: at, closedValue: values.get(id) ?? null })
      .where(and(eq(qualityWarnings.id, id), isNull(qualityWarnings.closedAt)));
  }
}

/** Closes warnings of many rows at once (the value they closed on is each row's). */
export async function closeWarningsOfRows(
  db: Db,
  closing: { rowId: number; kinds: readonly string[]; value: string | null }[],
  at: Date,
) {
  let n = 0;
  for (const c of closing) {
    const done = await db
      .update(qualityWarnings)
      .set({ closedAt: at, closedValue: c.value })
      .where(
        and(
          eq(qualityWarnings.rowId, c.rowId),
          inArray(qualityWarnings.kind, [...c.kinds]),
          isNull(qualityWarnings.closedAt),
        ),
      )
      .returning({ id: qualityWarnings.id });
    n += done.length;
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
  const out: CaseRecord[] = [];
  for (let i = 0; i < rowIds.length; i += 5000) {
    out.push(
      ...(await db
        .select()
        .from(qualityCases)
        .where(and(inArray(qualityCases.rowId, rowIds.slice(i, i + 5000)), isNull(qualityCases.closedAt)))),
    );
  }
  return out;
}

export async function insertCases(db: Db, rows: (typeof qualityCases.$inferInsert)[]) {
  if (!rows.length) return [];
  const made = await db.insert(qualityCases).values(rows).onConflictDoNothing().returning();
  if (made.length)
    await db
      .insert(qualityCaseSteps)
      .values(made.map((c) => ({ caseId: c.id, step: 0, actorId: null, note: null, at: c.openedAt })));
  return made;
}

export async function closeCases(db: Db, closing: { rowId: number; value: string | null }[], at: Date) {
  let n = 0;
  for (const c of closing) {
    const done = await db
      .update(qualityCases)
      .set({ closedAt: at, closedValue: c.value })
      .where(and(eq(qualityCases.rowId, c.rowId), isNull(qualityCases.closedAt)))
      .returning({ id: qualityCases.id });
    n += done.length;
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
