import { describe, expect, it } from 'vitest';
import { summaryOf } from './self-report-summary.rules';

const row = (name: string, jgdj: string | null, dis: boolean, measured = true) => ({ name, jgdj, dis, measured });

describe('summaryOf', () => {
  const summary = summaryOf(
    { id: 7, name: '2026专业诊改' },
    [
      { name: '软件技术', chargerName: '张三', rows: [row('就业率', 'D', true), row('双师比', 'A', false)] },
      {
        name: '会计',
        chargerName: null,
        rows: [row('就业率', 'C', true), row('双师比', 'B', false), row('证书', null, false, false)],
      },
      { name: '护理', chargerName: '李四', rows: [row('就业率', 'A', false), row('双师比', 'A', false)] },
      { name: '物流', chargerName: '王五', rows: [row('就业率', 'D', true), row('双师比', 'B', false)] },
    ],
    '2026-11-29 12:00:00',
  );

  it('ranks the objects by attainment of the rows judged; ties share a rank, then name', () => {
    expect(summary.objects.map((o) => [o.pm, o.dxmc, o.dbsl, o.wdbsl, o.dbl])).toEqual([
      [1, '护理', 2, 0, 100],
      [2, '会计', 1, 1, 50],
      [2, '软件技术', 1, 1, 50],
      [2, '物流', 1, 1, 50],
    ]);
    expect(summary.objects.find((o) => o.dxmc === '会计')).toMatchObject({
      zkdsl: 3,
      grades: { A: 0, B: 1, C: 1, D: 0 },
    });
  });

  it('counts the grades of every row and the QCPs below standard in the most objects', () => {
    expect(summary).toMatchObject({ rwid: 7, dxsl: 4, zkdsl: 9 });
    expect(summary.gradeDistribution).toEqual([
      { name: 'A', value: 3, zb: 37.5 },
      { name: 'B', value: 2, zb: 25 },
      { name: 'C', value: 1, zb: 12.5 },
      { name: 'D', value: 2, zb: 25 },
    ]);
    expect(summary.frequentBelow).toEqual([{ name: '就业率', value: 3, zb: 75 }]);
  });

  it('gives empty figures for a task without objects', () => {
    const empty = summaryOf({ id: 1, name: '空' }, [], 'x');
    expect(empty.objects).toEqual([]);
    expect(empty.gradeDistribution.every((g) => g.value === 0 && g.zb === 0)).toBe(true);
    expect(empty.frequentBelow).toEqual([]);
  });
});
