import { describe, expect, it } from 'vitest';
import { DASHBOARD_GRID as G, isNormalLayout, normaliseLayout } from './dashboard';

describe('normaliseLayout (a dashboard is never stored overlapping or off the grid)', () => {
  it('leaves a layout on the grid as it is', () => {
    const cells = [
      { x: 0, y: 0, lw: 1, h: 6 },
      { x: 8, y: 0, lw: 2, h: 6 },
      { x: 0, y: 6, lw: 3, h: 5 },
    ];
    expect(normaliseLayout(cells)).toEqual(cells);
    expect(isNormalLayout(cells)).toBe(true);
  });

  it('rounds and clamps sizes and positions into the 24 columns', () => {
    const [a, b, c] = normaliseLayout([
      { x: 20, y: -3, lw: 2, h: 1 },
      { x: 3.6, y: 0.2, lw: 0, h: 100 },
      { x: Number.NaN, y: 5000, lw: 7, h: Number.NaN },
    ]);
    // b comes first in reading order (y 0, x 4); a overlaps it and goes below; c, full width, below both.
    expect(b).toEqual({ x: 4, y: 0, lw: 1, h: G.maxH });
    expect(a).toEqual({ x: 8, y: G.maxH, lw: 2, h: G.minH });
    expect(c).toEqual({ x: 0, y: G.maxH + G.minH, lw: 3, h: G.defaultH });
  });

  it('moves an overlapping card below the one it covers, then up as far as it goes, keeping the given order', () => {
    const out = normaliseLayout([
      { x: 8, y: 2, lw: 1, h: 4, id: 'b' },
      { x: 0, y: 0, lw: 2, h: 6, id: 'a' },
      { x: 16, y: 30, lw: 1, h: 4, id: 'c' },
    ]);
    expect(out.map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(out[1]).toMatchObject({ x: 0, y: 0 });
    expect(out[0]).toMatchObject({ x: 8, y: 6 });
    expect(out[2]).toMatchObject({ x: 16, y: 0 });
    expect(isNormalLayout(out)).toBe(true);
  });

  it('tells a broken layout', () => {
    expect(
      isNormalLayout([
        { x: 0, y: 0, lw: 2, h: 4 },
        { x: 8, y: 2, lw: 1, h: 4 },
      ]),
    ).toBe(false);
    expect(isNormalLayout([{ x: 20, y: 0, lw: 1, h: 4 }])).toBe(false);
  });
});
