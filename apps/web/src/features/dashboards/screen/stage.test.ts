import { describe, expect, it } from 'vitest';
import { cellBox, freeSpot, placeItems, STAGE_HEADER, stageFit } from './stage';

describe('the data screen stage', () => {
  it('scales 1920 x 1080 to fit any window, centred', () => {
    expect(stageFit(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(stageFit(960, 1080)).toEqual({ scale: 0.5, left: 0, top: 270 });
    expect(stageFit(3840, 1080)).toEqual({ scale: 1, left: 960, top: 0 });
    expect(stageFit(0, 0).scale).toBe(1);
  });

  it('places a cell of the 24 x 12 grid under the title bar, the whole grid filling the stage', () => {
    expect(cellBox({ x: 0, y: 0, w: 24, h: 12 })).toMatchObject({ left: 4, top: STAGE_HEADER + 4, width: 1912 });
    const last = cellBox({ x: 23, y: 11, w: 1, h: 1 });
    expect(last.left + last.width + 4).toBeCloseTo(1920);
    expect(last.top + last.height + 4).toBeCloseTo(1080);
  });

  it('reads a drag or resize on the editor grid back onto the items, kept inside 24 x 12', () => {
    const items = [
      { key: 1, kind: 'figure' as const, figure: 'autoRate' as const, x: 0, y: 0, w: 6, h: 4 },
      { key: 2, kind: 'chart' as const, ybpid: 5, x: 6, y: 0, w: 6, h: 4 },
    ];
    const placed = placeItems(items, [
      { i: '1', x: 18, y: 8, w: 6, h: 4 },
      { i: '2', x: 20, y: 10, w: 9, h: 5 },
    ]);
    expect(placed.map(({ x, y, w, h }) => [x, y, w, h])).toEqual([
      [18, 8, 6, 4],
      [15, 7, 9, 5],
    ]);
    expect(placed[1]).toMatchObject({ kind: 'chart', ybpid: 5, key: 2 });
  });

  it('puts a new item in the first free place, reading row by row', () => {
    expect(freeSpot([], 6, 4)).toEqual({ x: 0, y: 0 });
    expect(freeSpot([{ x: 0, y: 0, w: 6, h: 4 }], 6, 4)).toEqual({ x: 6, y: 0 });
    expect(freeSpot([{ x: 0, y: 0, w: 24, h: 4 }], 6, 4)).toEqual({ x: 0, y: 4 });
    expect(freeSpot([{ x: 0, y: 0, w: 24, h: 12 }], 6, 4)).toEqual({ x: 0, y: 0 });
  });
});
