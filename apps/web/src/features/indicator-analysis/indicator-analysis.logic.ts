import type { Correlation, Mover } from '@zg/contract';
import type { EChartsCoreOption } from 'echarts/core';

/** 指标分析's pure presentation: changes with their sign, the grade move's colour, the scatter chart's option. */

const DASH = '-';

/** A change with its sign (+12.5, -3, 0); a dash when there is none (not numbers). */
export function signed(v: number | null, unit = ''): string {
  if (v === null) return DASH;
  const text = Number.isInteger(v) ? String(v) : v.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
  return `${v > 0 ? '+' : ''}${text}${unit}`;
}

/** A value as the row's type shows it: percent rows with %. */
export const shown = (zlx: Mover['zlx'], v: string | null) => (v === null ? DASH : zlx === 'percent' ? `${v}%` : v);

/** The colour of a change: green better, red worse, by the grade's move, else by the sign. */
export function moveColor(m: Pick<Mover, 'djbh' | 'bh'>): 'success' | 'error' | 'default' {
  if (m.djbh === 'up') return 'success';
  if (m.djbh === 'down') return 'error';
  return 'default';
}

/** Text for the tooltip's HTML (a name is the school's data, never markup). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The scatter of a correlation: one point per object (named), the axes named by the indicators. */
export function scatterOption(c: Correlation): EChartsCoreOption {
  const name = (i: Correlation['x']) => (i.zlx === 'percent' ? `${i.zkdmc}（%）` : i.zkdmc);
  return {
    grid: { left: 16, right: 32, top: 40, bottom: 32, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p: { data: [number, number, string] }) =>
        `${escapeHtml(p.data[2])}<br/>${escapeHtml(c.x.zkdmc)}：${p.data[0]}<br/>${escapeHtml(c.y.zkdmc)}：${p.data[1]}`,
    },
    xAxis: { type: 'value', name: name(c.x), nameLocation: 'middle', nameGap: 28, scale: true },
    // The name starts at the axis (centred on it, a long name was cut at the chart's left edge).
    yAxis: { type: 'value', name: name(c.y), scale: true, nameTextStyle: { align: 'left' } },
    series: [
      {
        type: 'scatter',
        name: `${c.x.zkdmc} / ${c.y.zkdmc}`,
        symbolSize: 12,
        data: c.points.map((p) => [p.x, p.y, p.dxmc]),
      },
    ],
  };
}
