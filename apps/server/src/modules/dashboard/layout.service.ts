import {
  BUILTIN_CHART_KINDS,
  DASHBOARD_GRID,
  DASHBOARD_TEXT,
  type DashboardCardValue,
  type DashboardLayout,
  DEFAULT_DASHBOARD_CARDS,
  DASHBOARD_MSG as M,
  normaliseLayout,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { algorithmVersionHeads, currentVersionHeads } from '../algorithm';
import {
  cardsOf,
  existingDepartments,
  isArranged,
  listCharts,
  lockDashboard,
  markArranged,
  type NewCard,
  replaceCards,
} from './chart.repository';
import { mayReadDepartment, mayRunChart } from './dashboard.policy';
import { presentCard } from './dashboard.presenter';

/** 我的仪表盘 (dynamicYbpDy): the user's cards, kept on the server, replaced as a whole and always on the grid. */

const isBuiltin = (kind: string) => (BUILTIN_CHART_KINDS as readonly string[]).includes(kind);
/** The built-in charts count the user's target tasks: they need a task menu. */
const seesTasks = (actor: Actor) => actor.menus.has('wbs') || actor.menus.has('annualWbs');

export function isEmbeddableUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The user's dashboard: the cards with their charts' algorithms and subscribed version numbers (three queries). On
 * a first visit (no cards, never arranged) a user who sees target tasks finds the built-in cards laid out for them.
 */
export async function dashboardOf(db: Db, actor: Actor): Promise<DashboardLayout> {
  let cards = await cardsOf(db, actor.userId);
  if (!cards.length && seesTasks(actor) && !(await isArranged(db, actor.userId))) cards = await firstVisit(db, actor);
  const charts = await listCharts(db, { ids: [...new Set(cards.flatMap((c) => (c.chartId ? [c.chartId] : [])))] });
  const versions = await algorithmVersionHeads(db, { ids: cards.flatMap((c) => (c.versionId ? [c.versionId] : [])) });
  const chartOf = new Map(charts.map((c) => [c.id, c]));
  const numberOf = new Map(versions.map((v) => [v.versionId, v.number]));
  return {
    cards: cards.map((c) =>
      presentCard(
        c,
        c.chartId ? chartOf.get(c.chartId) : undefined,
        c.versionId ? numberOf.get(c.versionId) : undefined,
      ),
    ),
  };
}

/**
 * Lays out the built-in cards for a user who has never arranged their dashboard and marks it arranged, once (two
 * first requests at once are serialised by the dashboard's lock): from then on the dashboard is what they make it.
 */
async function firstVisit(db: Db, actor: Actor) {
  return db.transaction(async (tx) => {
    await lockDashboard(tx, actor.userId);
    if (!(await isArranged(tx, actor.userId))) {
      const none = (await cardsOf(tx, actor.userId)).length === 0;
      if (none)
        await replaceCards(
          tx,
          actor.userId,
          DEFAULT_DASHBOARD_CARDS.map((c, i) => ({
            userId: actor.userId,
            kind: c.kind,
            chartId: null,
            versionId: null,
            title: DASHBOARD_TEXT.kinds[c.kind],
            x: c.x,
            y: c.y,
            widthFactor: c.lw,
            h: DASHBOARD_GRID.defaultH,
            params: {},
            url: null,
            sortOrder: i,
          })),
        );
      await markArranged(tx, actor.userId);
    }
    return cardsOf(tx, actor.userId);
  });
}

/**
 * Saves the user's dashboard as a whole. Every card is checked: a chart must be published for one of the user's
 * roles (403 naming it), a built-in chart needs the task menus, a page an http(s) address, a department parameter a
 * department the user may read (403). A new subscription takes the algorithm's current version (sfbb), a kept card
 * (same id, same chart) its own. Positions are normalised onto the grid (never stored overlapping or off the grid).
 */
export async function saveDashboard(db: Db, actor: Actor, input: DashboardCardValue[]): Promise<DashboardLayout> {
  const chartIds = [...new Set(input.flatMap((c) => (c.kind === 'chart' && c.ybpid ? [c.ybpid] : [])))];
  const charts = new Map((await listCharts(db, { ids: chartIds })).map((c) => [c.id, c]));
  const heads = new Map(
    (
      await currentVersionHeads(
        db,
        [...charts.values()].map((c) => c.algorithmId),
      )
    ).map((h) => [h.algorithmId, h]),
  );
  const departments = await existingDepartments(
    db,
    input.flatMap((c) => (c.params?.departmentId ? [c.params.departmentId] : [])),
  );
  for (const c of input) {
    if (c.kind === 'chart') {
      if (!c.ybpid) throw badRequest(M.chartMissing);
      const chart = charts.get(c.ybpid);
      if (!chart) throw notFound(M.chartNotFound);
      if (!mayRunChart(actor, chart.roles)) throw forbidden(M.chartForbidden(chart.name));
      if (!heads.has(chart.algorithmId)) throw badRequest(M.algorithmNotFound);
    } else if (isBuiltin(c.kind) && !seesTasks(actor)) throw forbidden(M.builtinNeedsTasks);
    else if (c.kind === 'page' && !(c.url && isEmbeddableUrl(c.url))) throw badRequest(M.urlInvalid);
    const dept = c.params?.departmentId;
    if (dept) {
      if (!departments.has(dept)) throw badRequest(M.departmentUnknown(dept));
      if (!mayReadDepartment(actor, dept)) throw forbidden(M.departmentForbidden(dept));
    }
  }
  const placed = normaliseLayout(input);
  await db.transaction(async (tx) => {
    await lockDashboard(tx, actor.userId);
    const existing = new Map((await cardsOf(tx, actor.userId)).map((c) => [c.id, c]));
    const rows: (NewCard & { id?: number })[] = placed.map((c, i) => {
      const chart = c.kind === 'chart' && c.ybpid ? charts.get(c.ybpid) : undefined;
      const old = c.id ? existing.get(c.id) : undefined;
      const keep = old && old.kind === c.kind && old.chartId === (chart?.id ?? null) ? old : undefined;
      const title =
        c.title?.trim() ||
        chart?.name ||
        (DASHBOARD_TEXT.kinds as Record<string, string>)[c.kind] ||
        DASHBOARD_TEXT.kinds.page;
      return {
        ...(keep ? { id: keep.id } : {}),
        userId: actor.userId,
        kind: c.kind,
        chartId: chart?.id ?? null,
        versionId: chart ? (keep?.versionId ?? heads.get(chart.algorithmId)?.versionId ?? null) : null,
        title,
        x: c.x,
        y: c.y,
        widthFactor: c.lw,
        h: c.h,
        params: c.params ?? {},
        url: c.kind === 'page' ? (c.url ?? null) : null,
        sortOrder: i,
      };
    });
    await replaceCards(tx, actor.userId, rows);
    await markArranged(tx, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'dashboard.save',
      entityType: 'dashboard',
      entityId: actor.userId,
      detail: { cards: rows.length },
    });
  });
  return dashboardOf(db, actor);
}
