import { asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataSources } from '../../db/schema';

/** The data sources (数据源) as stored: the password only ever sealed (platform/secret-box.ts). */

export type DataSourceRow = typeof dataSources.$inferSelect;
export type DataSourceInsert = typeof dataSources.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function pageDataSources(db: Db, q: { current: number; size: number; name?: string }) {
  const where = q.name ? ilike(dataSources.name, `%${escapeLike(q.name)}%`) : undefined;
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(dataSources)
      .where(where)
      .orderBy(asc(dataSources.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(dataSources).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

export async function findDataSource(db: Db, id: number): Promise<DataSourceRow | null> {
  const rows = await db.select().from(dataSources).where(eq(dataSources.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The id of the data source with this name, or null. */
export async function dataSourceNamed(db: Db, name: string) {
  const rows = await db.select({ id: dataSources.id }).from(dataSources).where(eq(dataSources.name, name)).limit(1);
  return rows[0]?.id ?? null;
}

export async function insertDataSource(db: Db, row: DataSourceInsert) {
  const [r] = await db.insert(dataSources).values(row).returning();
  return r!;
}

/** Changes a data source; null when there is none with that id. */
export async function updateDataSource(db: Db, id: number, set: Partial<DataSourceInsert>) {
  const rows = await db
    .update(dataSources)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(dataSources.id, id))
    .returning();
  return rows[0] ?? null;
}

/** Locks the data sources of a delete (in id order): their ids and names. */
export async function lockDataSources(db: Db, ids: number[]) {
  return db
    .select({
      id: dataSources.id,
      name: dataSources.name,
      host: dataSources.host,
      port: dataSources.port,
      database: dataSources.database,
      username: dataSources.username,
    })
    .from(dataSources)
    .where(inArray(dataSources.id, ids))
    .orderBy(asc(dataSources.id))
    .for('update');
}

export async function deleteDataSources(db: Db, ids: number[]) {
  const rows = await db.delete(dataSources).where(inArray(dataSources.id, ids)).returning({ id: dataSources.id });
  return rows.length;
}

/** A data source's row, locked FOR SHARE (an algorithm saving a version on it keeps it from a concurrent delete). */
export async function shareDataSource(db: Db, id: number): Promise<DataSourceRow | null> {
  const rows = await db.select().from(dataSources).where(eq(dataSources.id, id)).for('share');
  return rows[0] ?? null;
}

/** A data source's row locked FOR UPDATE (a change reads what it changes from, then writes it). */
export async function lockDataSource(db: Db, id: number): Promise<DataSourceRow | null> {
  const rows = await db.select().from(dataSources).where(eq(dataSources.id, id)).for('update');
  return rows[0] ?? null;
}

/**
 * This application's own PostgreSQL server as our pool sees it: its address (null over a Unix socket), port, start
 * time and our database's name (a data source may not point there: datasource.destination.ts).
 */
export async function ownServerFacts(db: Db) {
  const result = (await db.execute(
    sql`select host(inet_server_addr()) as address,
          coalesce(inet_server_port(), current_setting('port')::int) as port,
          pg_postmaster_start_time()::text as started, current_database() as database`,
  )) as unknown as { rows: { address: string | null; port: number; started: string; database: string }[] };
  const row = result.rows[0]!;
  return { address: row.address, port: Number(row.port), started: row.started, database: row.database };
}
