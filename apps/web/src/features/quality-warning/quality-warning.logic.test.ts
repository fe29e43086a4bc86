import { describe, expect, it } from 'vitest';
import { spiralPoints, trendOption, warningNumber } from './quality-warning.logic';

describe('trendOption', () => {
  it('draws values with the warning value marked (value mode)', () => {
    const o = trendOption({
      mode: 'value',
      yjz: '< 150',
      degrees: [],
      points: [
        { sj: '2026-03-10 23:59:59', value: '200', degree: null },
        { sj: '2026-03-11 23:59:59', value: '140', degree: null },
      ],
    });
    expect(o.yAxis).toMatchObject({ type: 'value' });
    expect(o.series[0]).toMatchObject({ data: [200, 140], markLine: { data: [{ yAxis: 150 }] } });
    expect(o.toolbox.feature.magicType.type).toEqual(['line', 'bar']);
  });
  it('puts the degrees on the y axis, best at the top (degree mode)', () => {
    const o = trendOption({
      mode: 'level',
      yjz: '< B',
      degrees: ['优秀', '良好', '合格', '不合格'],
      points: [{ sj: '2026-03-17 11:00:00', value: '良好', degree: '良好' }],
    });
    expect(o.yAxis).toMatchObject({ type: 'category', data: ['不合格', '合格', '良好', '优秀'] });
    expect(o.series[0]!.data).toEqual(['良好']);
  });
  it('reads the number of a warning value', () => {
    expect(warningNumber('<= 85.5')).toBe(85.5);
    expect(warningNumber('< B')).toBeNull();
    expect(warningNumber(null)).toBeNull();
  });
});

describe('spiralPoints', () => {
  it('places ten steps on two loops inside the box', () => {
    const pts = spiralPoints(10, 300, 400);
    expect(pts).toHaveLength(10);
    for (const p of pts) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(300);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(400);
    }
    expect(pts.slice(0, 5).every((p) => p.y < 200)).toBe(true);
    expect(pts.slice(5).every((p) => p.y > 200)).toBe(true);
  });
});
