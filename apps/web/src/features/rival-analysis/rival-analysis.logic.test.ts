import { describe, expect, it } from 'vitest';
import { doubleData, groupLabel, indicatorLabel, rankData, showValue, sideBySideRadar } from './rival-analysis.logic';

const row = (schoolName: string, own: boolean, values: Record<string, number | null>) => ({
  schoolCode: schoolName,
  schoolName,
  own,
  sample: true,
  values,
});

describe('rival analysis logic', () => {
  it('labels and shows figures with their units', () => {
    expect(indicatorLabel('jyl')).toBe('就业率(%)');
    expect(indicatorLabel('sbb')).toBe('生师比');
    expect(showValue('jyl', 92.456)).toBe('92.46%');
    expect(showValue('ysr', 4200)).toBe('4200');
    expect(showValue('ysr', null)).toBe('—');
  });

  it('scales two schools on the radar to the better one, lower 生师比 better, axes without figures left out', () => {
    const r = sideBySideRadar([
      row('甲', true, { jyl: 90, sbb: 20, myd: null }),
      row('乙', false, { jyl: 45, sbb: 10, myd: null }),
    ]);
    expect(r.indicators.map((i) => i.name)).toEqual(['就业率', '生师比']);
    expect(r.series).toEqual([
      { name: '甲（本校）', data: [100, 50] },
      { name: '乙', data: [50, 100] },
    ]);
  });

  it('ranks with their places and leaves out schools without a figure', () => {
    const d = rankData({
      indicator: 'jyl',
      year: 2025,
      list: [
        { schoolCode: 'a', schoolName: '甲', own: false, rank: 1, value: 96 },
        { schoolCode: 'b', schoolName: '乙', own: true, rank: null, value: null },
      ],
    });
    expect(d).toEqual({ categories: ['1. 甲'], series: [{ name: '就业率(%)', data: [96] }] });
  });

  it('puts 本校 beside each double-high group', () => {
    const groups = [
      { key: 'school-A', kind: 'school' as const, grade: 'A' as const, units: 2, withFigures: 2 },
      { key: 'all', kind: 'all' as const, grade: null, units: 2, withFigures: 2 },
    ];
    expect(groups.map(groupLabel)).toEqual(['高水平学校A档', '双高院校整体']);
    const d = doubleData(
      {
        year: 2025,
        batch: 2019,
        ownSchool: null,
        sample: false,
        groups,
        list: [{ indicator: 'jyl', own: 90, averages: { 'school-A': 95, all: 94 } }],
      },
      'jyl',
    );
    expect(d.categories).toEqual(['本校', '高水平学校A档', '双高院校整体']);
    expect(d.series[0]?.data).toEqual([90, 95, 94]);
  });
});
