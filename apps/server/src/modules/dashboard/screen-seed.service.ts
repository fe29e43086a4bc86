import { normaliseScreen, SCREEN_FIGURE_NAMES, type ScreenFigure, type ScreenItem } from '@zg/contract';
import type { Db } from '../../db/client';
import { listCharts } from './chart.repository';
import { insertScreen, insertVersion, screenNamed } from './screen.repository';

/** A data screen as the demo (or an installer) lays it out: charts named as published in 图表库, and figures. */
export interface ScreenLayout {
  name: string;
  roles?: string[];
  items: (({ chart: string } | { figure: ScreenFigure }) & { x: number; y: number; w: number; h: number })[];
  savedBy: string;
}

/** Installs screens not there yet (by name), each with its first version; a chart not published is left out. */
export async function seedSchoolScreens(db: Db, screens: ScreenLayout[]) {
  const charts = new Map((await listCharts(db)).map((c) => [c.name, c.id]));
  for (const s of screens) {
    if (await screenNamed(db, s.name)) continue;
    const items = s.items.flatMap((i): ScreenItem[] => {
      const cell = { x: i.x, y: i.y, w: i.w, h: i.h };
      if ('figure' in i)
        return [
          { kind: 'figure' as const, figure: i.figure, ybpid: null, title: SCREEN_FIGURE_NAMES[i.figure], ...cell },
        ];
      const id = charts.get(i.chart);
      return id ? [{ kind: 'chart' as const, ybpid: id, figure: null, title: i.chart, ...cell }] : [];
    });
    const placed = normaliseScreen(items);
    const id = await insertScreen(
      db,
      { name: s.name, roles: s.roles ?? [], refreshSeconds: 300, items: placed.full === null ? placed.items : [] },
      s.savedBy,
    );
    await insertVersion(db, id, s.savedBy);
  }
}
