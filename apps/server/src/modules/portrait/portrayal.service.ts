import {
  PORTRAIT_MSG as M,
  PORTRAIT_FIGURES,
  PORTRAIT_KIND_NAMES,
  PORTRAIT_KINDS,
  PORTRAIT_LIMITS,
  type PortraitKind,
  type PortrayalCard,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { currentValueVersions, currentVersionHeads } from '../algorithm';
import { type Authority, cardAbilities, mustBeCardCreator } from './portrait.policy';
import { KIND_FIGURES } from './portrait.rules';
import {
  type CardRow,
  type CardValues,
  cardCounts,
  countCards,
  deleteCard,
  findCard,
  insertCard,
  listCards,
  updateCard,
} from './portrayal.repository';

/**
 * 画像配置 (portrayal): the portrait menu, the configured cards and the portrait screens, each also filtered by the
 * user's portrayal authority (ByAuth), and the cards' add / update / delete (update and delete by the creator only).
 */

export const portrayalMenu = () => PORTRAIT_KINDS.map((kind) => ({ kind, name: PORTRAIT_KIND_NAMES[kind] }));

async function presentCards(db: Db, actor: Actor, rows: CardRow[]): Promise<PortrayalCard[]> {
  const heads = await currentVersionHeads(
    db,
    rows.map((r) => r.algorithmId),
  );
  const names = new Map(heads.map((h) => [h.algorithmId, h.name]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as PortraitKind,
    label: r.label,
    unit: r.unit,
    algorithmId: r.algorithmId,
    algorithmName: names.get(r.algorithmId) ?? null,
    sort: r.sort,
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    abilities: cardAbilities(actor, r),
  }));
}

/** Every configured card (of a kind), or only those of the kinds the authority opens (ByAuth). */
export async function cards(db: Db, actor: Actor, q: { kind?: PortraitKind }, auth?: Authority) {
  let kinds: readonly string[] | null = q.kind ? [q.kind] : null;
  if (auth) kinds = (kinds ?? PORTRAIT_KINDS).filter((k) => auth.kinds.includes(k as PortraitKind));
  return presentCards(db, actor, await listCards(db, kinds));
}

/** The portrait screens: each kind with its built-in cards and how many configured ones (ByAuth: the kinds opened). */
export async function screens(db: Db, auth?: Authority) {
  const counts = await cardCounts(db);
  return PORTRAIT_KINDS.filter((k) => !auth || auth.kinds.includes(k)).map((kind) => ({
    kind,
    name: PORTRAIT_KIND_NAMES[kind],
    builtIn: PORTRAIT_FIGURES.filter((f) => KIND_FIGURES[kind].includes(f.key)).map((f) => f.label),
    cards: counts.get(kind) ?? 0,
  }));
}

/** The value algorithms a card may show (their current versions). */
export async function cardAlgorithms(db: Db) {
  const rows = await currentValueVersions(db, undefined, 500);
  return rows.map((r) => ({ id: r.algorithmId, name: r.name }));
}

async function checkAlgorithm(db: Db, algorithmId: number) {
  const [head] = await currentVersionHeads(db, [algorithmId]);
  if (!head) throw badRequest(M.cardAlgorithmNotFound);
  if (head.kind !== 'value') throw badRequest(M.cardAlgorithmNotValue);
}

async function present(db: Db, actor: Actor, id: number) {
  const row = await findCard(db, id);
  if (!row) throw notFound(M.cardNotFound);
  return (await presentCards(db, actor, [row]))[0]!;
}

export async function addCard(db: Db, actor: Actor, v: CardValues) {
  await checkAlgorithm(db, v.algorithmId);
  const id = await db.transaction(async (tx) => {
    if ((await countCards(tx, v.kind)) >= PORTRAIT_LIMITS.cardsPerKind)
      throw conflict(M.cardLimit(PORTRAIT_LIMITS.cardsPerKind));
    const id = await insertCard(tx, v, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'portrait.card.add',
      entityType: 'portraitCard',
      entityId: String(id),
      detail: v,
    });
    return id;
  });
  return present(db, actor, id);
}

export async function editCard(db: Db, actor: Actor, id: number, v: CardValues) {
  await db.transaction(async (tx) => {
    const card = await findCard(tx, id, true);
    if (!card) throw notFound(M.cardNotFound);
    mustBeCardCreator(actor, card);
    await checkAlgorithm(tx, v.algorithmId);
    await updateCard(tx, id, v);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'portrait.card.update',
      entityType: 'portraitCard',
      entityId: String(id),
      detail: v,
    });
  });
  return present(db, actor, id);
}

export async function removeCard(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const card = await findCard(tx, id, true);
    if (!card) throw notFound(M.cardNotFound);
    mustBeCardCreator(actor, card);
    await deleteCard(tx, id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'portrait.card.delete',
      entityType: 'portraitCard',
      entityId: String(id),
    });
  });
}
