import { DASHBOARD_GRID, normaliseLayout } from '@zg/contract';
import type { Db } from '../../db/client';
import { algorithmVersionHeads } from '../algorithm';
import { cardsOf, insertChart, insertChartType, listCharts, listChartTypes, replaceCards } from './chart.repository';

/** A set of published charts and users' dashboards, as the demo (or an installer) lays them out. */
export interface DashboardLibrary {
  types: string[];
  charts: { type: string; name: string; algorithm: string; lw: number; roles?: string[] }[];
  /** Users' dashboards, by chart name, placed in reading order (a user who has cards is left alone). */
  dashboards: { userId: string; charts: string[] }[];
  createdBy: string | null;
}

/** Installs chart types, charts (a name already published is left as it is) and users' first dashboards. */
export async function seedDashboardLibrary(db: Db, lib: DashboardLibrary) {
  const types = new Map((await listChartTypes(db)).map((t) => [t.name, t.id]));
  for (const [i, name] of lib.types.entries())
    if (!types.has(name)) types.set(name, (await insertChartType(db, { name, sortOrder: i + 1 })).id);
  const heads = await algorithmVersionHeads(db, { names: lib.charts.map((c) => c.algorithm) });
  const current = new Map(heads.filter((h) => h.current).map((h) => [h.name, h]));
  const published = new Map((await listCharts(db)).map((c) => [c.name, c]));
  for (const c of lib.charts) {
    const head = current.get(c.algorithm);
    if (published.has(c.name) || !head) continue;
    await insertChart(db, {
      typeId: types.get(c.type)!,
      name: c.name,
      algorithmId: head.algorithmId,
      widthFactor: c.lw,
      roles: c.roles ?? [],
      createdBy: lib.createdBy,
    });
  }
  const charts = new Map((await listCharts(db)).map((c) => [c.name, c]));
  for (const d of lib.dashboards) {
    if ((await cardsOf(db, d.userId)).length) continue;
    const chosen = d.charts.flatMap((n) => (charts.get(n) ? [charts.get(n)!] : []));
    let x = 0;
    let y = 0;
    const cells = chosen.map((c) => {
      if (x + c.widthFactor * DASHBOARD_GRID.unit > DASHBOARD_GRID.cols) {
        x = 0;
        y += DASHBOARD_GRID.defaultH;
      }
      const cell = { chart: c, x, y, lw: c.widthFactor, h: DASHBOARD_GRID.defaultH };
      x += c.widthFactor * DASHBOARD_GRID.unit;
      return cell;
    });
    await replaceCards(
      db,
      d.userId,
      normaliseLayout(cells).map((c, i) => ({
        userId: d.userId,
        kind: 'chart',
        chartId: c.chart.id,
        versionId: current.get(c.chart.algorithmName)?.versionId ?? null,
        title: c.chart.name,
        x: c.x,
        y: c.y,
        widthFactor: c.lw,
        h: c.h,
        params: {},
        sortOrder: i,
      })),
    );
  }
}
