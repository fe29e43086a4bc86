import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  algorithms,
  dashboardArranged,
  dashboardCards,
  dashboardCharts,
  dashboardChartTypes,
  departments,
} from '../../db/schema';

/** The dashboard module's tables: the chart library (types, published charts) and the users' cards. */

export type ChartRow = typeof dashboardCharts.$inferSelect & { typeName: string; algorithmName: string; kind: string };
export type CardRow = typeof dashboardCards.$inferSelect;
export type NewCard = typeof dashboardCards.$inferInsert;

export const listChartTypes = (db: Db) =>
  db.select().from(dashboardChartTypes).orderBy(asc(dashboardChartTypes.sortOrder), asc(dashboardChartTypes.id));

export async function insertChartType(db: Db, v: { name: string; sortOrder: number }) {
  const [row] = await db.insert(dashboardChartTypes).values(v).returning();
  return row!;
}

export async function deleteChartType(db: Db, id: number) {
  const used = await db.select({ id: dashboardCharts.id }).from(dashboardCharts).where(eq(dashboardCharts.typeId, id));
  if (used.length) return 'used' as const;
  const gone = await db.delete(dashboardChartTypes).where(eq(dashboardChartTypes.id, id)).returning();
  return gone.length ? ('deleted' as const) : ('missing' as const);
}

export const chartTypeExists = async (db: Db, id: number) =>
  (await db.select({ id: dashboardChartTypes.id }).from(dashboardChartTypes).where(eq(dashboardChartTypes.id, id)))
    .length > 0;

const CHART_COLUMNS = {
  id: dashboardCharts.id,
  typeId: dashboardCharts.typeId,
  name: dashboardCharts.name,
  algorithmId: dashboardCharts.algorithmId,
  widthFactor: dashboardCharts.widthFactor,
  roles: dashboardCharts.roles,
  remark: dashboardCharts.remark,
  createdBy: dashboardCharts.createdBy,
  createdAt: dashboardCharts.createdAt,
  typeName: dashboardChartTypes.name,
  algorithmName: algorithms.name,
  kind: algorithms.kind,
};
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of every published chart (the library's keepers see them all, whatever their roles), of a type and whose
 * name contains `name`, in the library's order; with the total (two queries).
 */
export async function pageCharts(
  db: Db,
  q: { typeId?: number; name?: string; limit: number; offset: number },
): Promise<{ rows: ChartRow[]; total: number }> {
  const where: SQL | undefined = and(
    q.typeId ? eq(dashboardCharts.typeId, q.typeId) : undefined,
    q.name ? ilike(dashboardCharts.name, `%${escapeLike(q.name)}%`) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(CHART_COLUMNS)
      .from(dashboardCharts)
      .innerJoin(dashboardChartTypes, eq(dashboardChartTypes.id, dashboardCharts.typeId))
      .innerJoin(algorithms, eq(algorithms.id, dashboardCharts.algorithmId))
      .where(where)
      .orderBy(asc(dashboardChartTypes.sortOrder), asc(dashboardCharts.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(dashboardCharts).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Published charts with their type and algorithm (by ids, or of a type, or all). */
export function listCharts(db: Db, q: { ids?: number[]; typeId?: number } = {}): Promise<ChartRow[]> {
  if (q.ids && !q.ids.length) return Promise.resolve([]);
  return db
    .select(CHART_COLUMNS)
    .from(dashboardCharts)
    .innerJoin(dashboardChartTypes, eq(dashboardChartTypes.id, dashboardCharts.typeId))
    .innerJoin(algorithms, eq(algorithms.id, dashboardCharts.algorithmId))
    .where(
      and(
        q.ids ? inArray(dashboardCharts.id, q.ids) : undefined,
        q.typeId ? eq(dashboardCharts.typeId, q.typeId) : undefined,
      ),
    )
    .orderBy(asc(dashboardChartTypes.sortOrder), asc(dashboardCharts.id));
}

export async function insertChart(db: Db, v: typeof dashboardCharts.$inferInsert) {
  const [row] = await db.insert(dashboardCharts).values(v).returning({ id: dashboardCharts.id });
  return row!.id;
}

export async function deleteChart(db: Db, id: number) {
  return (await db.delete(dashboardCharts).where(eq(dashboardCharts.id, id)).returning()).length > 0;
}

/** The algorithm's kind, or null when there is none. */
export async function algorithmKind(db: Db, id: number) {
  const [row] = await db.select({ kind: algorithms.kind }).from(algorithms).where(eq(algorithms.id, id));
  return row?.kind ?? null;
}

export const cardsOf = (db: Db, userId: string, ids?: number[]) =>
  db
    .select()
    .from(dashboardCards)
    .where(and(eq(dashboardCards.userId, userId), ids ? inArray(dashboardCards.id, ids) : undefined))
    .orderBy(asc(dashboardCards.sortOrder), asc(dashboardCards.id));

/** Replaces a user's cards as a whole (kept ids keep their row, so a card's subscription time stays). */
export async function replaceCards(db: Db, userId: string, cards: (NewCard & { id?: number })[]) {
  const kept = cards.flatMap((c) => (c.id ? [c.id] : []));
  await db
    .delete(dashboardCards)
    .where(
      and(
        eq(dashboardCards.userId, userId),
        kept.length ? sql`${dashboardCards.id} not in ${sql`(${sql.join(kept, sql`, `)})`}` : undefined,
      ),
    );
  // The kept cards in one statement (an upsert on their ids that only ever updates: the caller read them under the
  // dashboard's lock, and a row of another user is left alone), the new ones in another.
  const keptRows = cards.filter((c) => c.id);
  if (keptRows.length)
    await db
      .insert(dashboardCards)
      .values(keptRows)
      .onConflictDoUpdate({
        target: dashboardCards.id,
        set: Object.fromEntries(KEPT_COLUMNS.map((k) => [k, sql.raw(`excluded.${dashboardCards[k].name}`)])),
        setWhere: eq(dashboardCards.userId, userId),
      });
  const newRows = cards.filter((c) => !c.id);
  if (newRows.length) await db.insert(dashboardCards).values(newRows);
}

/** What a save may change of a kept card (never its owner, id or subscription time). */
const KEPT_COLUMNS = [
  'kind',
  'chartId',
  'versionId',
  'title',
  'x',
  'y',
  'widthFactor',
  'h',
  'params',
  'url',
  'sortOrder',
] as const satisfies readonly (keyof NewCard)[];

/** Whether the user has arranged their dashboard (their first visit laid it out, or they saved it). */
export async function isArranged(db: Db, userId: string) {
  const rows = await db
    .select({ userId: dashboardArranged.userId })
    .from(dashboardArranged)
    .where(eq(dashboardArranged.userId, userId));
  return rows.length > 0;
}

export async function markArranged(db: Db, userId: string) {
  await db.insert(dashboardArranged).values({ userId }).onConflictDoNothing();
}

/** Locks a user's dashboard for a replacement (two tabs saving at once are serialised). */
export async function lockDashboard(db: Db, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`dashboard:${userId}`}))`);
}

export async function existingDepartments(db: Db, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  return new Set(rows.map((r) => r.id));
}
