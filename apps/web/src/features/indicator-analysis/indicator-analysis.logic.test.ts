import type { Correlation } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { moveColor, scatterOption, shown, signed } from './indicator-analysis.logic';

describe('指标分析 presentation', () => {
  it('signs a change and trims its decimals', () => {
    expect(signed(12.5)).toBe('+12.5');
    expect(signed(-3)).toBe('-3');
    expect(signed(0)).toBe('0');
    expect(signed(-13.51, '%')).toBe('-13.51%');
    expect(signed(null)).toBe('-');
  });
  it('shows percent rows with % and colours by the grade move', () => {
    expect(shown('percent', '80')).toBe('80%');
    expect(shown('others', '330')).toBe('330');
    expect(shown('levels', null)).toBe('-');
    expect(moveColor({ djbh: 'up', bh: -1 })).toBe('success');
    expect(moveColor({ djbh: 'down', bh: 1 })).toBe('error');
    expect(moveColor({ djbh: 'same', bh: 1 })).toBe('default');
  });
  it('puts one named point per major on axes named by the indicators', () => {
    const c: Correlation = {
      x: { key: 1, zkdmc: '初次就业率', cj: '', zlx: 'percent' },
      y: { key: 2, zkdmc: '生师比', cj: '', zlx: 'others' },
      points: [
        { dxrwid: 1, dxbm: 'ZY01', dxmc: '软件技术', x: 95, y: 18 },
        { dxrwid: 2, dxbm: 'ZY02', dxmc: '会计', x: 90, y: 20 },
      ],
      n: 2,
      r: null,
      kind: 'insufficient',
      reading: '',
    };
    const o = scatterOption(c) as {
      xAxis: { name: string };
      yAxis: { name: string };
      series: { type: string; data: unknown[] }[];
      tooltip: { formatter: (p: { data: [number, number, string] }) => string };
    };
    expect(o.xAxis.name).toBe('初次就业率（%）');
    expect(o.yAxis.name).toBe('生师比');
    expect(o.series[0]!.type).toBe('scatter');
    expect(o.series[0]!.data).toEqual([
      [95, 18, '软件技术'],
      [90, 20, '会计'],
    ]);
    expect(o.tooltip.formatter({ data: [95, 18, '软件技术'] })).toBe('软件技术<br/>初次就业率：95<br/>生师比：18');
    expect(o.tooltip.formatter({ data: [1, 2, '<b>A&B</b>'] })).toContain('&lt;b&gt;A&amp;B&lt;/b&gt;');
  });
});
