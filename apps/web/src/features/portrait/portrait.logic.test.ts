import { describe, expect, it } from 'vitest';
import { cardText, landing, parseAt, radarData, rowTarget, searchOf, trendData } from './portrait.logic';

describe('portrait logic', () => {
  it('reads the object from the URL, refusing an unknown kind or a missing code', () => {
    expect(parseAt(new URLSearchParams('kind=major&code=ZY0101'))).toEqual({ kind: 'major', code: 'ZY0101' });
    expect(parseAt(new URLSearchParams('kind=school'))).toEqual({ kind: 'school', code: undefined });
    expect(parseAt(new URLSearchParams('kind=major'))).toBeNull();
    expect(parseAt(new URLSearchParams('kind=planet&code=1'))).toBeNull();
    expect(searchOf({ kind: 'student', code: 'S 1' })).toBe('?kind=student&code=S%201');
  });

  it('lands the leader on the school, a major head on their major, nobody without a grant', () => {
    expect(landing({ all: true, roots: [], kinds: [] })).toEqual({ kind: 'school' });
    expect(
      landing({ all: false, roots: [{ kind: 'major', code: 'ZY0101', name: '软件技术' }], kinds: ['major'] }),
    ).toEqual({ kind: 'major', code: 'ZY0101' });
    expect(landing({ all: false, roots: [], kinds: [] })).toBeNull();
  });

  it('shows a card’s value with its unit, 暂无数据 without one', () => {
    expect(cardText({ value: 12345, unit: '人' })).toEqual({ value: '12,345', unit: '人' });
    expect(cardText({ value: 92.456, unit: '%' })).toEqual({ value: '92.46', unit: '%' });
    expect(cardText({ value: null, unit: '%' })).toEqual({ value: '暂无数据', unit: '' });
  });

  it('makes the radar and the trend data', () => {
    const radar = { taskName: 't', year: 2025, axes: [{ name: '专业建设与人才培养', score: 80, grades: {} }] };
    expect(radarData(radar, '软件技术')).toEqual({
      indicators: [{ name: '专业建设与人才培养', max: 100 }],
      series: [{ name: '软件技术', data: [80] }],
    });
    expect(radarData(null, 'x').indicators).toEqual([]);
    const trend = {
      years: [2024, 2025],
      series: [
        { key: 'students', name: '在校生数', unit: '人', data: [1, 2] },
        { key: 'passRate', name: '课程及格率', unit: '%', data: [90, null] },
      ],
    };
    expect(trendData(trend, 'passRate')).toEqual({
      categories: ['2024-2025', '2025-2026'],
      series: [{ name: '课程及格率（%）', data: [90, null] }],
    });
    expect(trendData(trend, undefined).series[0]!.name).toBe('在校生数（人）');
    expect(trendData({ years: [], series: [] }, 'x')).toEqual({ categories: [], series: [] });
  });

  it('opens a row’s student, class or teacher', () => {
    expect(rowTarget({ 学号: 'S1', 姓名: '王' })).toEqual({ kind: 'student', code: 'S1' });
    expect(rowTarget({ 班级代码: 'C1' })).toEqual({ kind: 'class', code: 'C1' });
    expect(rowTarget({ 工号: 'T1' })).toEqual({ kind: 'teacher', code: 'T1' });
    expect(rowTarget({ 课程: 'x' })).toBeNull();
  });
});
