import { SCREEN_GRID as G, type ScreenCell } from '@zg/contract';

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
