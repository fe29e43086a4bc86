import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, urges } from '../../db/schema';

export async function departmentNames(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(inArray(departments.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Inserts an urge unless an equal one is pending; returns its id, or null when one was pending. */
export async function insertUrge(db: Db, row: typeof urges.$inferInsert) {
  const rows = await db.insert(urges).values(row).onConflictDoNothing().returning({ id: urges.id });
  return rows[0]?.id ?? null;
}

export async function findUrge(db: Db, id: number) {
  const rows = await db.select().from(urges).where(eq(urges.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function acceptUrgeRow(db: Db, id: number, accepterId: string, at: Date) {
  const rows = await db
    .update(urges)
    .set({ type: 1, state: 'acceptUrge', accepterId, acceptedAt: at })
    .where(and(eq(urges.id, id), eq(urges.type, 0)))
    .returning({ id: urges.id });
  return rows.length === 1;
}

/** Urges of some departments (undefined: all), of a year target and of a type (0 pending, 1 accepted). */
export function urgeWhere(f: { departmentIds?: readonly string[]; yearTargetId?: number; type?: 0 | 1 }) {
  const conds: SQL[] = [];
  if (f.departmentIds) {
    conds.push(f.departmentIds.length ? inArray(urges.departmentId, [...f.departmentIds]) : sql`false`);
  }
  if (f.yearTargetId) conds.push(eq(urges.yearTargetId, f.yearTargetId));
  if (f.type !== undefined) conds.push(eq(urges.type, f.type));
  return conds.length ? and(...conds) : undefined;
}
