import { describe, expect, it } from 'vitest';
import { changesBetween, type OverviewRow, overviewOf, pct, secondLevelOf } from './self-report.rules';

const row = (name: string, over: Partial<OverviewRow> = {}): OverviewRow => ({
  name,
  levels: ['计分卡', '就业质量', name],
  jgz: '1',
  jgdj: 'A',
  dis: false,
  unfin: false,
  ...over,
});

describe('overviewOf', () => {
  it('counts attainment, grades, completion and warnings with two-decimal shares', () => {
    const o = overviewOf(
      [
        row('甲'),
        row('乙', { dis: true, unfin: true, jgdj: 'D' }),
        row('丙', { jgz: null, jgdj: null }),
        row('丁', { jgdj: 'N', unfin: true, levels: ['计分卡', '丁'] }),
      ],
      [
        { name: '甲', process: 2, expired: 1, disposed: 2 },
        { name: '乙', process: 0, expired: 0, disposed: 0 },
      ],
    );
    expect(o.item1).toEqual({
      zkdzsl: 4,
      zkddbqkList: [
        { name: '达标', value: 2, zb: 50 },
        { name: '未达标', value: 1, zb: 25 },
        { name: '暂无结果', value: 1, zb: 25 },
      ],
      zkdhglList: [
        { name: '达标', value: 2, zb: 66.67 },
        { name: '未达标', value: 1, zb: 33.33 },
      ],
      zgQualitiesRankList: [
        { name: 'A', value: 1, zb: 50 },
        { name: 'B', value: 0, zb: 0 },
        { name: 'C', value: 0, zb: 0 },
        { name: 'D', value: 1, zb: 50 },
      ],
      wdbzkdsl: 1,
      wdbzkdmcs: ['乙'],
      wdbzkdejzbs: ['就业质量'],
    });
    expect(o.item2).toEqual({
      wcl: 25,
      zkdwcqkList: [
        { name: '已完成', value: 1, zb: 25 },
        { name: '未完成', value: 2, zb: 50 },
        { name: '暂无结果', value: 1, zb: 25 },
      ],
      wwczkdsl: 2,
      wwczkdmcs: ['乙', '丁'],
      // 丁 sits right under the dimension: no second-level indicator of its own.
      wwczkdejzbs: ['就业质量'],
    });
    expect(o.item3).toEqual({
      yjcs: 3,
      yjcll: 66.67,
      yjqkList: [
        { name: '过程预警', value: 2, zb: 66.67 },
        { name: '逾期预警', value: 1, zb: 33.33 },
      ],
      zkdmcs: ['甲'],
      zkdyjcs: [{ name: '甲', value: 3, zb: 100 }],
    });
  });

  it('gives zeros, not NaN, for an object task without rows or warnings', () => {
    const o = overviewOf([], []);
    expect(o.item1.zkdhglList.map((x) => x.zb)).toEqual([0, 0]);
    expect(o.item2.wcl).toBe(0);
    expect(o.item3).toMatchObject({ yjcs: 0, yjcll: 0, zkdmcs: [] });
  });

  it('pct and secondLevelOf', () => {
    expect(pct(1, 3)).toBe(33.33);
    expect(pct(2, 3)).toBe(66.67);
    expect(pct(5, 0)).toBe(0);
    expect(secondLevelOf(['维度', '质控点', '指标'])).toBe('质控点');
    expect(secondLevelOf(['维度', '质控点'])).toBeNull();
  });
});

describe('changesBetween', () => {
  it('lists the figures that differ, labelled, and the names of rows below standard', () => {
    const a = overviewOf([row('甲'), row('乙')], []);
    const b = overviewOf(
      [row('甲'), row('乙', { dis: true, jgdj: 'D' })],
      [{ name: '甲', process: 1, expired: 0, disposed: 0 }],
    );
    expect(changesBetween(a, a)).toEqual([]);
    expect(changesBetween(a, b)).toEqual([
      { field: 'wdbzkdsl', label: '未达标质控点数', submitted: '0', today: '1' },
      { field: 'gradeA', label: 'A 等级数', submitted: '2', today: '1' },
      { field: 'gradeD', label: 'D 等级数', submitted: '0', today: '1' },
      { field: 'yjcs', label: '预警次数', submitted: '0', today: '1' },
      { field: 'process', label: '过程预警次数', submitted: '0', today: '1' },
      { field: 'wdbzkdmcs', label: '未达标质控点', submitted: '—', today: '乙' },
    ]);
  });
});
