import { QUALITY_WARNING_TEXT as T } from '@zg/contract';

/** Pure logic of the quality warnings' pages: the trend chart's option, the spiral's layout. */

export interface TrendData {
  mode: 'value' | 'level' | null;
  yjz: string | null;
  degrees: string[];
  points: { sj: string; value: string | null; degree: string | null }[];
}

/** The number of a warning value "< 85" (value mode), else null. */
export function warningNumber(yjz: string | null): number | null {
  const m = yjz?.match(/-?\d+(\.\d+)?/);
  return m ? Number(m[0]) : null;
}

/**
 * The trend's ECharts option. Value mode: the values as a line with the warning value marked; degree mode: the y axis
 * is the list of degrees (best at the top). A data view and a line / bar switch in the toolbox.
 */
export function trendOption(t: TrendData) {
  const x = t.points.map((p) => p.sj.slice(5, 16));
  const toolbox = {
    feature: {
      dataView: { readOnly: true, title: '数据视图', lang: ['数据视图', '关闭', '刷新'] },
      magicType: { type: ['line', 'bar'], title: { line: '切换为折线图', bar: '切换为柱状图' } },
    },
  };
  if (t.mode === 'level') {
    const degrees = [...t.degrees].reverse();
    return {
      toolbox,
      tooltip: { trigger: 'axis' },
      grid: { left: 60, right: 40, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: x },
      yAxis: { type: 'category', data: degrees, name: T.trendDegree },
      series: [{ name: T.trendDegree, type: 'line', data: t.points.map((p) => p.degree) }],
    };
  }
  const line = warningNumber(t.yjz);
  return {
    toolbox,
    tooltip: { trigger: 'axis' },
    grid: { left: 60, right: 80, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value', name: T.trendValue },
    series: [
      {
        name: T.trendValue,
        type: 'line',
        data: t.points.map((p) => (p.value === null ? null : Number(p.value))),
        ...(line === null || !t.yjz
          ? {}
          : {
              markLine: {
                symbol: 'none',
                lineStyle: { color: '#d4380d', type: 'dashed' },
                label: { formatter: T.trendWarning(t.yjz) },
                data: [{ yAxis: line }],
              },
            }),
      },
    ],
  };
}

/**
 * Where the ten steps of the 8-shaped spiral sit: the first five round the upper loop, the last five round the lower
 * one, in a box `w` wide and `h` high (a figure eight, a lemniscate stood upright).
 */
export function spiralPoints(n: number, w: number, h: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  const r = Math.min(w / 2, h / 4) - 24;
  for (let i = 0; i < n; i += 1) {
    const upper = i < n / 2;
    const k = upper ? i : i - n / 2;
    const per = n / 2;
    // Upper loop clockwise from its bottom (the crossing), lower loop anticlockwise from its top.
    const angle = Math.PI / 2 + ((k + 0.5) / per) * 2 * Math.PI * (upper ? 1 : -1);
    const cy = upper ? h / 4 + 4 : (3 * h) / 4 - 4;
    out.push({ x: w / 2 + r * Math.cos(angle) * (upper ? 1 : 1), y: cy + r * Math.sin(angle) * (upper ? 1 : -1) });
  }
  return out;
}
