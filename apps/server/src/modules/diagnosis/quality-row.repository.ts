import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { diagnosisAudits, diagnosisRows, diagnosisSamples, users } from '../../db/schema';

/** 质控点行: diagnosis_rows, their audit trail (diagnosis_audits) and sampling records (diagnosis_samples). */

export type QualityRowRecord = typeof diagnosisRows.$inferSelect;
export type RowInsert = typeof diagnosisRows.$inferInsert;

export async function rowsOfObject(db: Db, objectTaskId: number, lock = false): Promise<QualityRowRecord[]> {
  const q = db
    .select()
    .from(diagnosisRows)
    .where(eq(diagnosisRows.objectTaskId, objectTaskId))
    .orderBy(asc(diagnosisRows.sort), asc(diagnosisRows.id));
  return lock ? q.for('update') : q;
}

export async function rowsOfObjects(db: Db, objectTaskIds: number[]): Promise<QualityRowRecord[]> {
  if (!objectTaskIds.length) return [];
  return db
    .select()
    .from(diagnosisRows)
    .where(inArray(diagnosisRows.objectTaskId, objectTaskIds))
    .orderBy(asc(diagnosisRows.objectTaskId), asc(diagnosisRows.sort));
}

export async function findRow(db: Db, id: number, lock = false): Promise<QualityRowRecord | null> {
  const q = db.select().from(diagnosisRows).where(eq(diagnosisRows.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertRows(db: Db, rows: RowInsert[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(diagnosisRows).values(rows.slice(i, i + 500));
}

export async function updateRow(db: Db, id: number, set: Partial<RowInsert>) {
  await db.update(diagnosisRows).set(set).where(eq(diagnosisRows.id, id));
}

/**
 * Many rows, each its own values (computations, audits, new rounds and saves of whole object tasks): one
 * `UPDATE ... FROM (VALUES ...)` per chunk of rows that set the same columns, never a statement per row.
 */
export async function updateRowsValues(db: Db, updates: { id: number; set: Partial<RowInsert> }[]) {
  const table = getTableColumns(diagnosisRows);
  const groups = new Map<string, { id: number; set: Partial<RowInsert> }[]>();
  for (const u of updates) {
    const key = (Object.keys(u.set) as (keyof RowInsert)[])
      .filter((k) => k !== 'id' && k in table && u.set[k] !== undefined)
      .sort()
      .join(',');
    if (key) groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  for (const [key, group] of groups) {
    const columns = (key.split(',') as (keyof RowInsert)[]).map((k) => ({ k, col: table[k] }));
    const names = sql.join(
      columns.map((c) => sql.identifier(c.col.name)),
      sql`, `,
    );
    const assignments = sql.join(
      columns.map((c) => sql`${sql.identifier(c.col.name)} = v.${sql.identifier(c.col.name)}`),
      sql`, `,
    );
    for (let i = 0; i < group.length; i += 500) {
      const values = group.slice(i, i + 500).map(
        (u) =>
          sql`(${u.id}::integer, ${sql.join(
            columns.map((c) => {
              const v = u.set[c.k];
              return sql`${v === null ? null : c.col.mapToDriverValue(v)}::${sql.raw(c.col.getSQLType())}`;
            }),
            sql`, `,
          )})`,
      );
      await db.execute(
        sql`UPDATE ${diagnosisRows} SET ${assignments} FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, ${names}) WHERE ${diagnosisRows.id} = v.id`,
      );
    }
  }
}

export async function deleteRows(db: Db, ids: number[]) {
  if (ids.length) await db.delete(diagnosisRows).where(inArray(diagnosisRows.id, ids));
}

export async function insertAudits(db: Db, rows: (typeof diagnosisAudits.$inferInsert)[]) {
  if (rows.length) await db.insert(diagnosisAudits).values(rows);
}

export async function auditsOf(db: Db, objectTaskId: number) {
  return db
    .select({ audit: diagnosisAudits, actorName: users.name, rowName: diagnosisRows.name })
    .from(diagnosisAudits)
    .innerJoin(users, eq(users.id, diagnosisAudits.actorId))
    .leftJoin(diagnosisRows, eq(diagnosisRows.id, diagnosisAudits.rowId))
    .where(eq(diagnosisAudits.objectTaskId, objectTaskId))
    .orderBy(desc(diagnosisAudits.createdAt), desc(diagnosisAudits.id));
}

export async function insertSamples(db: Db, rows: (typeof diagnosisSamples.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(diagnosisSamples).values(rows.slice(i, i + 1000));
}

export async function samplesOf(db: Db, rowId: number, range: { from?: Date; to?: Date }) {
  return db
    .select({ sample: diagnosisSamples, actorName: users.name })
    .from(diagnosisSamples)
    .leftJoin(users, eq(users.id, diagnosisSamples.actorId))
    .where(
      and(
        eq(diagnosisSamples.rowId, rowId),
        range.from ? gte(diagnosisSamples.sampledAt, range.from) : undefined,
        range.to ? lte(diagnosisSamples.sampledAt, range.to) : undefined,
      ),
    )
    .orderBy(asc(diagnosisSamples.sampledAt), asc(diagnosisSamples.id))
    .limit(5000);
}

export async function findSample(db: Db, id: number) {
  const [row] = await db
    .select({ sample: diagnosisSamples, actorName: users.name })
    .from(diagnosisSamples)
    .leftJoin(users, eq(users.id, diagnosisSamples.actorId))
    .where(eq(diagnosisSamples.id, id));
  return row ?? null;
}

export async function userName(db: Db, id: string | null) {
  if (!id) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

export const rowCount = sql<number>`count(*)::int`;

/** The object tasks of rows (the 'Quality' file owner policy checks rows in a batch). */
export async function rowObjects(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: diagnosisRows.id, objectTaskId: diagnosisRows.objectTaskId })
    .from(diagnosisRows)
    .where(inArray(diagnosisRows.id, ids));
}
