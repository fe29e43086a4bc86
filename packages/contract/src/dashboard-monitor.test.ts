import { describe, expect, it } from 'vitest';
import { isNormalScreen, normaliseScreen, SCREEN_GRID } from './dashboard-monitor';

describe('normaliseScreen', () => {
  it('keeps a normal layout as it is', () => {
    const items = [
      { x: 0, y: 0, w: 12, h: 6 },
      { x: 12, y: 0, w: 12, h: 6 },
      { x: 0, y: 6, w: 24, h: 6 },
    ];
    expect(normaliseScreen(items)).toEqual({ items, full: null });
  });

  it('clamps off-grid cells and moves an overlapping one to the first free place', () => {
    const { items, full } = normaliseScreen([
      { x: 0, y: 0, w: 6, h: 4 },
      { x: 2, y: 1, w: 40, h: 5 },
      { x: 30, y: -3, w: 8.4, h: 4 },
    ]);
    expect(full).toBeNull();
    expect(isNormalScreen(items)).toBe(true);
    expect(items[1]).toMatchObject({ w: SCREEN_GRID.cols, h: 5, x: 0 });
    expect(items[2]).toMatchObject({ x: 16, y: 0, w: 8 });
  });

  it('names the first item that no longer fits', () => {
    const full = Array.from({ length: 3 }, () => ({ x: 0, y: 0, w: 24, h: 5 }));
    expect(normaliseScreen(full).full).toBe(2);
    expect(isNormalScreen([{ x: 20, y: 0, w: 8, h: 1 }])).toBe(false);
  });
});
