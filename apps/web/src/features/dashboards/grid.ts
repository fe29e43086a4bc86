import {
  type AlgorithmResult,
  BUILTIN_CHART_KINDS,
  DASHBOARD_TEXT as D,
  type DashboardCard,
  type DashboardCardInput,
  DEFAULT_DASHBOARD_CARDS,
  DASHBOARD_GRID as G,
} from '@zg/contract';
import type { CategoryData } from '../../components/charts';

/** One item of react-grid-layout's layout: its key is the card's id (or a new card's key). */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A card as the page keeps it: the server's, or a new one not yet saved (no id, a local key). */
export type PageCard = Omit<DashboardCard, 'id'> & { id: number | null; key: string };

export const keyOf = (c: { id: number | null; key?: string }) => (c.id ? String(c.id) : (c.key ?? ''));

export function fromServer(cards: DashboardCard[]): PageCard[] {
  return cards.map((c) => ({ ...c, key: String(c.id) }));
}

/** The grid's layout of the cards: width 8 x lw of 24 columns (spec-2 §3). */
export function toGrid(cards: PageCard[]): GridItem[] {
  return cards.map((c) => ({ i: keyOf(c), x: c.x, y: c.y, w: c.lw * G.unit, h: c.h }));
}

/** A width in columns snapped to 8, 16 or 24 (a resize ends on a width factor). */
export const snapWidth = (w: number) => Math.min(G.maxLw, Math.max(1, Math.round(w / G.unit)));

/** The cards placed as the grid now has them (widths snapped to 8 x lw). */
export function applyGrid(cards: PageCard[], layout: readonly GridItem[]): PageCard[] {
  const byKey = new Map(layout.map((l) => [l.i, l]));
  return cards.map((c) => {
    const l = byKey.get(keyOf(c));
    if (!l) return c;
    const lw = snapWidth(l.w);
    return { ...c, x: Math.min(l.x, G.cols - lw * G.unit), y: l.y, lw, h: l.h };
  });
}

/** What the page sends to save: every card's kind, subscription, title, place and parameters. */
export function toInput(cards: PageCard[]): DashboardCardInput[] {
  return cards.map((c) => ({
    ...(c.id ? { id: c.id } : {}),
    kind: c.kind,
    ybpid: c.ybpid,
    title: c.title,
    x: c.x,
    y: c.y,
    lw: c.lw,
    h: c.h,
    params: c.params,
    url: c.url,
  }));
}

/** A new card placed below the others. */
export function newCard(
  cards: PageCard[],
  v: Pick<PageCard, 'kind' | 'title' | 'lw'> & Partial<Pick<PageCard, 'ybpid' | 'url' | 'sfmc' | 'sflx'>>,
): PageCard {
  const bottom = cards.reduce((m, c) => Math.max(m, c.y + c.h), 0);
  let n = 1;
  while (cards.some((c) => c.key === `new-${n}`)) n += 1;
  return {
    id: null,
    key: `new-${n}`,
    kind: v.kind,
    ybpid: v.ybpid ?? null,
    sfzid: null,
    sfmc: v.sfmc ?? null,
    sflx: v.sflx ?? null,
    sfbb: null,
    tbsj: null,
    title: v.title,
    x: 0,
    y: bottom,
    lw: v.lw,
    h: G.defaultH,
    params: {},
    url: v.url ?? null,
  };
}

/**
 * The cards a user starts with when they see tasks: the built-in task charts (the server lays the same out on their
 * first visit; 恢复默认 brings them back).
 */
export function defaultCards(seesTasks: boolean): PageCard[] {
  if (!seesTasks) return [];
  const out: PageCard[] = [];
  for (const { kind, lw, x, y } of DEFAULT_DASHBOARD_CARDS)
    out.push({ ...newCard(out, { kind, title: D.kinds[kind], lw }), x, y });
  return out;
}

export const isBuiltin = (kind: string) => (BUILTIN_CHART_KINDS as readonly string[]).includes(kind);

/** Whether a page may be embedded: an absolute http(s) address. */
export function isEmbeddableUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A chart algorithm's result as categories (its first column) and series (its number columns). */
export function resultToCategories(r: AlgorithmResult | null | undefined): CategoryData {
  if (!r || r.columns.length < 2 || !r.rows.length) return { categories: [], series: [] };
  const [first, ...rest] = r.columns.map((c) => c.name);
  return {
    categories: r.rows.map((row) => String(row[first as string] ?? '')),
    series: rest.map((name) => ({
      name,
      data: r.rows.map((row) => {
        const v = Number(row[name]);
        return Number.isFinite(v) ? v : 0;
      }),
    })),
  };
}

/** A trend when every category is a year (drawn as a line), else a comparison (bars). */
export const isTrend = (d: CategoryData) => d.categories.length > 1 && d.categories.every((c) => /^\d{4}$/.test(c));

/** The pixel height of a card h rows high (rows of 40 and margins of 10). */
export const cardPixels = (h: number) => h * G.rowHeight + (h - 1) * 10;
