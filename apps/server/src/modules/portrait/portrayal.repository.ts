import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portraitCards, portraitGrants, users } from '../../db/schema';

/** 画像配置's own tables: the configured cards (portrait_cards) and the portrayal grants (portrait_grants). */

export type CardRow = typeof portraitCards.$inferSelect & { createdByName: string | null };

const cardColumns = {
  id: portraitCards.id,
  kind: portraitCards.kind,
  label: portraitCards.label,
  unit: portraitCards.unit,
  algorithmId: portraitCards.algorithmId,
  sort: portraitCards.sort,
  createdBy: portraitCards.createdBy,
  createdAt: portraitCards.createdAt,
  updatedAt: portraitCards.updatedAt,
  createdByName: users.name,
};

/** The cards of some kinds (all when kinds is null), in their order. */
export async function listCards(db: Db, kinds: readonly string[] | null): Promise<CardRow[]> {
  if (kinds && !kinds.length) return [];
  return db
    .select(cardColumns)
    .from(portraitCards)
    .leftJoin(users, eq(users.id, portraitCards.createdBy))
    .where(kinds ? inArray(portraitCards.kind, [...kinds]) : undefined)
    .orderBy(asc(portraitCards.kind), asc(portraitCards.sort), asc(portraitCards.id));
}

export async function findCard(db: Db, id: number, lock = false): Promise<CardRow | null> {
  const q = db
    .select(cardColumns)
    .from(portraitCards)
    .leftJoin(users, eq(users.id, portraitCards.createdBy))
    .where(eq(portraitCards.id, id));
  const [row] = lock ? await q.for('update', { of: portraitCards }) : await q;
  return row ?? null;
}

export async function countCards(db: Db, kind: string) {
  const [row] = await db.select({ n: count() }).from(portraitCards).where(eq(portraitCards.kind, kind));
  return Number(row?.n ?? 0);
}

/** The number of cards per kind. */
export async function cardCounts(db: Db) {
  const rows = await db
    .select({ kind: portraitCards.kind, n: count() })
    .from(portraitCards)
    .groupBy(portraitCards.kind);
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

export interface CardValues {
  kind: string;
  label: string;
  unit: string;
  algorithmId: number;
  sort: number;
}

export async function insertCard(db: Db, v: CardValues, createdBy: string) {
  const [row] = await db
    .insert(portraitCards)
    .values({ ...v, createdBy })
    .returning({ id: portraitCards.id });
  return row!.id;
}

export async function updateCard(db: Db, id: number, v: CardValues) {
  await db
    .update(portraitCards)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(portraitCards.id, id));
}

export async function deleteCard(db: Db, id: number) {
  await db.delete(portraitCards).where(eq(portraitCards.id, id));
}

/** Grants objects to users (the demo seed; nothing already granted is doubled). */
export async function insertGrants(db: Db, grants: readonly { userId: string; objectId: number }[]) {
  if (!grants.length) return;
  await db
    .insert(portraitGrants)
    .values([...grants])
    .onConflictDoNothing();
}
