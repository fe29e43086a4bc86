import { LIMITS } from '@zg/contract';
import type { EChartsCoreOption } from 'echarts/core';

/** One named series of values, one per category. */
export interface Series {
  name: string;
  data: (number | null)[];
}

export interface CategoryData {
  categories: string[];
  series: Series[];
}

export interface RadarData {
  /** The axes: a name and the largest value of each. */
  indicators: { name: string; max: number }[];
  series: Series[];
}

/** Whether there is anything to draw: some category and some value (spec-2 section 8: 暂无数据 otherwise). */
export function hasCategoryData(d: CategoryData): boolean {
  return d.categories.length > 0 && d.series.some((s) => s.data.some((v) => v != null));
}

export function hasRadarData(d: RadarData): boolean {
  return d.indicators.length > 0 && d.series.some((s) => s.data.some((v) => v != null));
}

/** Breaks a label into lines of `every` characters (spec-2 section 9: radar labels every 6). */
export function wrapLabel(text: string, every: number = LIMITS.chart.radarLabelWrap): string {
  const chars = Array.from(text);
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += every) lines.push(chars.slice(i, i + every).join(''));
  return lines.join('\n');
}

const common = (d: { series: Series[] }) => ({
  tooltip: { trigger: 'axis' as const },
  legend: d.series.length > 1 ? { top: 0, data: d.series.map((s) => s.name) } : undefined,
  grid: { left: 16, right: 16, top: d.series.length > 1 ? 36 : 16, bottom: 8, containLabel: true },
});

const categoryAxis = (categories: string[], boundaryGap = true) => ({
  type: 'category' as const,
  data: categories,
  boundaryGap,
  axisLabel: { interval: 0, hideOverlap: true },
});

/** The value axis; counts (every value whole) step by whole numbers; `yMax` fixes its top (100 for rates). */
const valueAxis = (d: CategoryData, yMax?: number) => ({
  type: 'value' as const,
  minInterval: d.series.every((s) => s.data.every((v) => v == null || Number.isInteger(v))) ? 1 : undefined,
  ...(yMax === undefined ? {} : { min: 0, max: yMax }),
});

/** A bar chart; bars 20 wide unless told (spec-2 section 9); `yMax` fixes the top of the value axis (100 for rates). */
export function barOption(d: CategoryData, barWidth: number = LIMITS.chart.barWidth, yMax?: number): EChartsCoreOption {
  return {
    ...common(d),
    xAxis: categoryAxis(d.categories),
    yAxis: valueAxis(d, yMax),
    series: d.series.map((s) => ({ type: 'bar', name: s.name, data: s.data, barWidth, barMaxWidth: barWidth })),
  };
}

/** A line chart. */
export function lineOption(d: CategoryData): EChartsCoreOption {
  return {
    ...common(d),
    xAxis: categoryAxis(d.categories, false),
    yAxis: valueAxis(d),
    series: d.series.map((s) => ({ type: 'line', name: s.name, data: s.data, smooth: true, symbolSize: 6 })),
  };
}

/** A stacked area chart: every series stacked on the one before. */
export function stackedAreaOption(d: CategoryData): EChartsCoreOption {
  return {
    ...common(d),
    xAxis: categoryAxis(d.categories, false),
    yAxis: valueAxis(d),
    series: d.series.map((s) => ({
      type: 'line',
      name: s.name,
      data: s.data,
      stack: 'total',
      areaStyle: {},
      emphasis: { focus: 'series' },
      symbol: 'none',
    })),
  };
}

/** A radar chart; axis names wrap every 6 characters (spec-2 section 9). */
export function radarOption(d: RadarData): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item' },
    legend: d.series.length > 1 ? { top: 0, data: d.series.map((s) => s.name) } : undefined,
    radar: {
      radius: '62%',
      center: ['50%', d.series.length > 1 ? '56%' : '50%'],
      indicator: d.indicators.map((i) => ({ name: i.name, max: i.max })),
      axisName: { formatter: (name?: string) => wrapLabel(name ?? '') },
    },
    series: [
      {
        type: 'radar',
        data: d.series.map((s) => ({ name: s.name, value: s.data.map((v) => v ?? 0), areaStyle: { opacity: 0.15 } })),
      },
    ],
  };
}

/** One slice of a pie: its name, its value and, optionally, a key the click handler gets back. */
export interface PieSlice {
  name: string;
  value: number;
  key?: string;
}

/** Whether a pie has a slice worth drawing (some value above zero). */
export function hasPieData(slices: PieSlice[]): boolean {
  return slices.some((s) => s.value > 0);
}

/** A ring-shaped pie with a legend, the value and share in the tooltip; empty slices are left out. */
export function pieOption(slices: PieSlice[]): EChartsCoreOption {
  const data = slices.filter((s) => s.value > 0).map((s) => ({ name: s.name, value: s.value, key: s.key }));
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { type: 'scroll', bottom: 0, data: data.map((d) => d.name) },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}\n{c}' },
        data,
      },
    ],
  };
}
