import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolScreenHistory, schoolScreens, users } from '../../db/schema';

/** The data screens' tables: the screens (the current layout) and every saved layout as a version. */

export type ScreenRow = typeof schoolScreens.$inferSelect & { updatedByName: string | null };
export type ScreenValues = Pick<typeof schoolScreens.$inferInsert, 'name' | 'roles' | 'refreshSeconds' | 'items'>;

const screenColumns = {
  id: schoolScreens.id,
  name: schoolScreens.name,
  roles: schoolScreens.roles,
  refreshSeconds: schoolScreens.refreshSeconds,
  items: schoolScreens.items,
  updatedBy: schoolScreens.updatedBy,
  updatedAt: schoolScreens.updatedAt,
  updatedByName: users.name,
};

/** Every screen, in creation order, with who saved it last (one query). */
export const listScreens = (db: Db): Promise<ScreenRow[]> =>
  db
    .select(screenColumns)
    .from(schoolScreens)
    .leftJoin(users, eq(users.id, schoolScreens.updatedBy))
    .orderBy(asc(schoolScreens.id));

export async function findScreen(db: Db, id: number): Promise<ScreenRow | null> {
  const [row] = await db
    .select(screenColumns)
    .from(schoolScreens)
    .leftJoin(users, eq(users.id, schoolScreens.updatedBy))
    .where(eq(schoolScreens.id, id));
  return row ?? null;
}

/** Locks a screen for a save (two keepers saving at once are serialised, versions numbered in order). */
export async function lockScreen(db: Db, id: number) {
  const [row] = await db
    .select({ id: schoolScreens.id })
    .from(schoolScreens)
    .where(eq(schoolScreens.id, id))
    .for('update');
  return Boolean(row);
}

export async function insertScreen(db: Db, v: ScreenValues, by: string) {
  const [row] = await db
    .insert(schoolScreens)
    .values({ ...v, updatedBy: by })
    .returning({ id: schoolScreens.id });
  return row!.id;
}

export async function updateScreen(db: Db, id: number, v: ScreenValues, by: string) {
  await db
    .update(schoolScreens)
    .set({ ...v, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(schoolScreens.id, id));
}

/** Keeps the screen's current layout as its next version (numbered from 1, under the screen's lock). */
export async function insertVersion(db: Db, screenId: number, by: string) {
  const res = (await db.execute(sql`
    insert into ${schoolScreenHistory} (screen_id, number, name, items, saved_by)
    select s.id, coalesce((select max(h.number) from ${schoolScreenHistory} h where h.screen_id = s.id), 0) + 1,
      s.name, s.items, ${by}
    from ${schoolScreens} s where s.id = ${screenId}
    returning number`)) as unknown as { rows: { number: number }[] };
  return Number(res.rows[0]?.number ?? 0);
}

export type VersionRow = typeof schoolScreenHistory.$inferSelect & { savedByName: string | null };

const versionColumns = {
  id: schoolScreenHistory.id,
  screenId: schoolScreenHistory.screenId,
  number: schoolScreenHistory.number,
  name: schoolScreenHistory.name,
  items: schoolScreenHistory.items,
  savedBy: schoolScreenHistory.savedBy,
  savedAt: schoolScreenHistory.savedAt,
  savedByName: users.name,
};

/** A screen's versions, newest first, a page of them and how many there are. */
export async function versionPage(db: Db, screenId: number, page: { current: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(versionColumns)
      .from(schoolScreenHistory)
      .leftJoin(users, eq(users.id, schoolScreenHistory.savedBy))
      .where(eq(schoolScreenHistory.screenId, screenId))
      .orderBy(desc(schoolScreenHistory.number))
      .limit(page.size)
      .offset((page.current - 1) * page.size),
    db.select({ n: count() }).from(schoolScreenHistory).where(eq(schoolScreenHistory.screenId, screenId)),
  ]);
  return { rows: rows as VersionRow[], total: Number(total?.n ?? 0) };
}

export async function findVersion(db: Db, id: number): Promise<VersionRow | null> {
  const [row] = await db
    .select(versionColumns)
    .from(schoolScreenHistory)
    .leftJoin(users, eq(users.id, schoolScreenHistory.savedBy))
    .where(eq(schoolScreenHistory.id, id));
  return (row as VersionRow | undefined) ?? null;
}

/** Whether a screen of this name exists (the seed installs a screen once). */
export async function screenNamed(db: Db, name: string) {
  return (await db.select({ id: schoolScreens.id }).from(schoolScreens).where(eq(schoolScreens.name, name))).length > 0;
}
