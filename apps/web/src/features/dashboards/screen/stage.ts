import { SCREEN_GRID as G, type ScreenCell, type ScreenItem } from '@zg/contract';

/** The screen's title bar on the 1920 x 1080 stage; the grid's 12 rows share the rest. */
export const STAGE_HEADER = 88;
const CELL_W = G.width / G.cols;
const CELL_H = (G.height - STAGE_HEADER) / G.rows;
/** Room between panels, and a panel's title bar. */
export const STAGE_GAP = 8;
export const PANEL_TITLE = 40;

/** How much the 1920 x 1080 stage is scaled to fit a box, and where it sits to be centred in it. */
export function stageFit(boxWidth: number, boxHeight: number) {
  if (boxWidth <= 0 || boxHeight <= 0) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(boxWidth / G.width, boxHeight / G.height);
  return { scale, left: (boxWidth - G.width * scale) / 2, top: (boxHeight - G.height * scale) / 2 };
}

/** A cell's pixels on the stage (the gap kept on every side), and its body's height under the panel's title. */
export function cellBox(c: ScreenCell) {
  const width = c.w * CELL_W - STAGE_GAP;
  const height = c.h * CELL_H - STAGE_GAP;
  return {
    left: c.x * CELL_W + STAGE_GAP / 2,
    top: STAGE_HEADER + c.y * CELL_H + STAGE_GAP / 2,
    width,
    height,
    body: Math.max(60, Math.floor(height - PANEL_TITLE - 16)),
  };
}

/** A cell as react-grid-layout reports it (its key as `i`). */
export type GridCell = ScreenCell & { i: string };

/** The grid's cells read back onto the items (by key), kept inside the 24 x 12 grid. */
export function placeItems<T extends ScreenItem & { key: number }>(items: T[], layout: readonly GridCell[]): T[] {
  const byKey = new Map(layout.map((l) => [l.i, l]));
  return items.map((item) => {
    const l = byKey.get(String(item.key));
    if (!l) return item;
    const w = Math.min(G.cols, Math.max(1, l.w));
    const h = Math.min(G.rows, Math.max(1, l.h));
    return { ...item, x: Math.min(Math.max(0, l.x), G.cols - w), y: Math.min(Math.max(0, l.y), G.rows - h), w, h };
  });
}

const overlaps = (a: ScreenCell, b: ScreenCell) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The first free place for a w x h item on the 24 x 12 grid, reading row by row (top left when it is full). */
export function freeSpot(items: readonly ScreenCell[], w: number, h: number): { x: number; y: number } {
  for (let y = 0; y + h <= G.rows; y++)
    for (let x = 0; x + w <= G.cols; x++) if (!items.some((i) => overlaps(i, { x, y, w, h }))) return { x, y };
  return { x: 0, y: 0 };
}
