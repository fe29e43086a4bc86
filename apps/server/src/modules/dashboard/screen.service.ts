import {
  type DashboardChartData,
  formatDateTime,
  DASHBOARD_MSG as M,
  normaliseScreen,
  pageReply,
  SCREEN_FIGURE_NAMES,
  type Screen,
  type ScreenData,
  type ScreenHistory,
  type ScreenItem,
  type ScreenSaveSchema,
  type ScreenSummary,
} from '@zg/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { type AlgorithmRunner, currentVersionHeads, resolveCalRules } from '../algorithm';
import { listCharts } from './chart.repository';
import { type ChartJob, runChartJobs } from './chart-data.service';
import { keepsScreens, mayRunChart, maySeeScreen, requireScreen, requireScreenKeeper } from './dashboard.policy';
import { operationMonitoring } from './monitor.service';
import {
  findScreen,
  findVersion,
  insertScreen,
  insertVersion,
  listScreens,
  lockScreen,
  type ScreenRow,
  updateScreen,
  versionPage,
} from './screen.repository';

/**
 * 数据大屏 (schoolScreen, issue 34 item 3): screens laid out by their keepers from published charts and monitoring
 * figures, seen by their roles; every saved layout is kept as a version and may be restored.
 */

function summary(actor: Actor, r: ScreenRow): ScreenSummary {
  return {
    id: r.id,
    mc: r.name,
    roles: r.roles,
    refresh: r.refreshSeconds,
    gxsj: formatDateTime(r.updatedAt),
    gxrmc: r.updatedByName,
    abilities: { edit: keepsScreens(actor) },
  };
}
const present = (actor: Actor, r: ScreenRow): Screen => ({ ...summary(actor, r), items: r.items as ScreenItem[] });

/** queryAllList: every screen, for the keepers. */
export async function allScreens(db: Db, actor: Actor) {
  requireScreenKeeper(actor);
  return (await listScreens(db)).map((r) => summary(actor, r));
}

/** querySchoolList: the screens the user's screen authority allows. */
export async function screensOf(db: Db, actor: Actor) {
  return (await listScreens(db)).filter((r) => maySeeScreen(actor, r.roles)).map((r) => summary(actor, r));
}

/** querySchoolScreen: a screen (404 unknown, 403 outside the user's authority), or the first the user may see. */
export async function screenOf(db: Db, actor: Actor, id?: number): Promise<Screen> {
  if (id === undefined) {
    const first = (await listScreens(db)).find((r) => maySeeScreen(actor, r.roles));
    if (!first) throw notFound(M.screenNone);
    return present(actor, first);
  }
  const row = await findScreen(db, id);
  if (!row) throw notFound(M.screenNotFound);
  requireScreen(actor, row.roles);
  return present(actor, row);
}

/**
 * Checks a layout's items (a chart must be published and open to the keeper, a figure named) and puts them on the
 * grid (normaliseScreen: never stored overlapping or off the grid; 400 naming the item that no longer fits).
 */
async function checkedItems(db: Db, actor: Actor, input: ScreenItem[]): Promise<ScreenItem[]> {
  const ids = [...new Set(input.flatMap((i) => (i.kind === 'chart' && i.ybpid ? [i.ybpid] : [])))];
  const charts = new Map((await listCharts(db, { ids })).map((c) => [c.id, c]));
  const items = input.map((i) => {
    if (i.kind === 'chart') {
      if (!i.ybpid) throw badRequest(M.screenItemChart);
      const chart = charts.get(i.ybpid);
      if (!chart) throw notFound(M.chartNotFound);
      if (!mayRunChart(actor, chart.roles)) throw forbidden(M.chartForbidden(chart.name));
      return {
        kind: i.kind,
        ybpid: i.ybpid,
        figure: null,
        title: i.title || chart.name,
        x: i.x,
        y: i.y,
        w: i.w,
        h: i.h,
      };
    }
    if (!i.figure) throw badRequest(M.screenItemFigure);
    const title = i.title || SCREEN_FIGURE_NAMES[i.figure];
    return { kind: i.kind, ybpid: null, figure: i.figure, title, x: i.x, y: i.y, w: i.w, h: i.h };
  });
  const placed = normaliseScreen(items);
  if (placed.full !== null) throw badRequest(M.screenFull(items[placed.full]!.title));
  return placed.items;
}

/** updateSchoolScreen: adds or saves a screen, keeping the saved layout as its next version. */
export async function saveScreen(db: Db, actor: Actor, v: z.output<typeof ScreenSaveSchema>): Promise<Screen> {
  requireScreenKeeper(actor);
  const values = {
    name: v.mc,
    roles: [...new Set(v.roles)],
    refreshSeconds: v.refresh,
    items: await checkedItems(db, actor, v.items),
  };
  const id = await db.transaction(async (tx) => {
    let id = v.id;
    if (id === undefined) id = await insertScreen(tx, values, actor.userId);
    else {
      if (!(await lockScreen(tx, id))) throw notFound(M.screenNotFound);
      await updateScreen(tx, id, values, actor.userId);
    }
    const number = await insertVersion(tx, id, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'dashboard.screen.save',
      entityType: 'screen',
      entityId: String(id),
      detail: { version: number, items: values.items.length },
    });
    return id;
  });
  return screenOf(db, actor, id);
}

/** querySchoolHistory: a screen's versions, newest first, for its keepers. */
export async function screenHistory(db: Db, actor: Actor, q: { id: number; current: number; size: number }) {
  requireScreenKeeper(actor);
  if (!(await findScreen(db, q.id))) throw notFound(M.screenNotFound);
  const { rows, total } = await versionPage(db, q.id, q);
  const list: ScreenHistory[] = rows.map((r) => ({
    id: r.id,
    screenId: r.screenId,
    bb: r.number,
    mc: r.name,
    items: r.items as ScreenItem[],
    bcsj: formatDateTime(r.savedAt),
    bcrmc: r.savedByName,
  }));
  return pageReply(list, total, q);
}

/**
 * saveSchoolHistory: restores a version (its name and layout become the screen's, checked again: a chart withdrawn
 * since is refused), kept as the next version so the restore itself can be undone.
 */
export async function restoreVersion(db: Db, actor: Actor, versionId: number): Promise<Screen> {
  requireScreenKeeper(actor);
  const version = await findVersion(db, versionId);
  if (!version) throw notFound(M.historyNotFound);
  const screen = await findScreen(db, version.screenId);
  if (!screen) throw notFound(M.screenNotFound);
  return saveScreen(db, actor, {
    id: screen.id,
    mc: version.name,
    roles: screen.roles,
    refresh: screen.refreshSeconds,
    items: version.items as ScreenItem[],
  });
}

/**
 * A screen's data in one request: each chart item's chart (published, open to the viewer) run at its algorithm's
 * current version through the dashboards' runner with the year (school-wide: no department), each failing on its
 * own; the monitoring figures once when the screen shows any.
 */
export async function screenData(
  db: Db,
  runner: AlgorithmRunner,
  actor: Actor,
  q: { id: number; year?: number },
  now: Date,
  log?: FastifyBaseLogger,
): Promise<ScreenData> {
  const screen = await screenOf(db, actor, q.id);
  const year = q.year ?? now.getFullYear();
  const chartItems = screen.items.flatMap((item, index) =>
    item.kind === 'chart' && item.ybpid ? [{ item, index }] : [],
  );
  const charts = new Map((await listCharts(db, { ids: chartItems.map((c) => c.item.ybpid!) })).map((c) => [c.id, c]));
  const heads = new Map(
    (
      await currentVersionHeads(
        db,
        [...charts.values()].map((c) => c.algorithmId),
      )
    ).map((h) => [h.algorithmId, h]),
  );
  const versions = await resolveCalRules(
    db,
    [...heads.values()].map((h) => h.versionId),
  );
  const out = new Map<number, DashboardChartData>();
  const fail = (id: number, status: DashboardChartData['status'], message: string, sflx: string | null = null) =>
    out.set(id, { id, status, message, sflx, sfzsj: null });
  const jobs: ChartJob[] = [];
  for (const { item, index } of chartItems) {
    const chart = charts.get(item.ybpid!);
    const version = chart ? versions.get(heads.get(chart.algorithmId)?.versionId ?? -1) : undefined;
    if (!chart) fail(index, 'error', M.chartNotFound);
    else if (!mayRunChart(actor, chart.roles)) fail(index, 'forbidden', M.chartForbiddenRun, chart.kind);
    else if (!version) fail(index, 'error', M.algorithmNotFound, chart.kind);
    else if (version.refused) fail(index, 'error', version.refused, chart.kind);
    else jobs.push({ id: index, versionId: version.versionId, params: { year } });
  }
  const [figures] = await Promise.all([
    screen.items.some((i) => i.kind === 'figure') ? operationMonitoring(db, year, now) : null,
    runChartJobs(runner, actor, jobs, versions, out, log),
  ]);
  return { year, list: chartItems.map((c) => out.get(c.index)!), figures };
}
