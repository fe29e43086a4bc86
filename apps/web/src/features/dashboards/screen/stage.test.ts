import { describe, expect, it } from 'vitest';
import { cellBox, STAGE_HEADER, stageFit } from './stage';

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
});
