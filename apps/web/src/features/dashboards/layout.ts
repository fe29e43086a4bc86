import { DASHBOARD_TEXT as D } from '@zg/contract';

export const CARD_KINDS = ['myFinishRate', 'myStatus', 'statusTrend', 'finishTrend', 'typeRadar', 'page'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
/** Chart cards read target-task data; a web page card reads nothing of ours. */
export const CHART_KINDS: readonly CardKind[] = CARD_KINDS.filter((k) => k !== 'page');
export type CardWidth = 1 | 2 | 3;

/** One card of the dashboard; its width is 8 times `width` of 24 columns (spec-2: chart width 8 x lw). */
export interface DashboardCard {
  id: string;
  kind: CardKind;
  title: string;
  width: CardWidth;
  /** The embedded page of a `page` card. */
  url?: string;
}

const STORAGE_PREFIX = 'zg.dashboard.';
const MAX_CARDS = 24;
const MAX_TITLE = 500;

/** The cards a user starts with: the task charts when the user sees tasks, else none. */
export function defaultCards(seesTasks: boolean): DashboardCard[] {
  if (!seesTasks) return [];
  const card = (kind: CardKind, width: CardWidth): DashboardCard => ({ id: kind, kind, title: D.kinds[kind], width });
  return [card('myFinishRate', 1), card('myStatus', 2), card('statusTrend', 2), card('typeRadar', 1)];
}

/** Whether a page may be embedded: an absolute http(s) address. */
export function isEmbeddableUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isCard(v: unknown): v is DashboardCard {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.id === 'string' &&
    (CARD_KINDS as readonly unknown[]).includes(c.kind) &&
    typeof c.title === 'string' &&
    c.title.length <= MAX_TITLE &&
    (c.width === 1 || c.width === 2 || c.width === 3) &&
    (c.kind !== 'page' || (typeof c.url === 'string' && isEmbeddableUrl(c.url)))
  );
}

/**
 * The user's saved cards, without those the user may no longer see (chart cards need the task menus); the
 * default cards when nothing (valid) is saved.
 */
export function loadCards(userId: string, seesTasks: boolean, storage: Storage = localStorage): DashboardCard[] {
  let saved: unknown = null;
  try {
    saved = JSON.parse(storage.getItem(STORAGE_PREFIX + userId) ?? 'null');
  } catch {
    saved = null;
  }
  if (!Array.isArray(saved)) return defaultCards(seesTasks);
  return saved
    .filter(isCard)
    .filter((c) => seesTasks || c.kind === 'page')
    .slice(0, MAX_CARDS);
}

export function saveCards(userId: string, cards: DashboardCard[], storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_PREFIX + userId, JSON.stringify(cards.slice(0, MAX_CARDS)));
  } catch {
    // A full or disabled storage keeps the layout for this visit only.
  }
}

export function forgetCards(userId: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(STORAGE_PREFIX + userId);
  } catch {
    // Nothing was stored.
  }
}

/** The cards with the one at `id` moved by `delta` places (kept inside the list). */
export function moveCard(cards: DashboardCard[], id: string, delta: number): DashboardCard[] {
  const from = cards.findIndex((c) => c.id === id);
  if (from < 0) return cards;
  const to = Math.min(cards.length - 1, Math.max(0, from + delta));
  const next = [...cards];
  const [card] = next.splice(from, 1);
  if (card) next.splice(to, 0, card);
  return next;
}

/** A new card id that none of `cards` has. */
export function newCardId(kind: CardKind, cards: DashboardCard[]): string {
  let n = 1;
  while (cards.some((c) => c.id === `${kind}-${n}`)) n += 1;
  return `${kind}-${n}`;
}
