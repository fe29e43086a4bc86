import { QUALITY_VIEW_TEXT as T } from '@zg/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../../../../components/charts/EChart';
import { EmptyState } from '../../../../components/EmptyState';

/** The trend charts' fixed colours (spec-2 §9): blue, then red. */
export const TREND_COLORS = ['#1677ff', '#f5222d'] as const;

export interface TrendSeries {
  name: string;
  data: (number | null)[];
}

/** The option of a trend: the toolbox offers the data view, the line/bar switch and saving as an image. */
export function trendOption(
  categories: string[],
  series: TrendSeries[],
  kind: 'line' | 'bar' = 'line',
): EChartsCoreOption {
  return {
    color: [...TREND_COLORS],
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0, left: 0, data: series.map((s) => s.name) } : undefined,
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    toolbox: {
      right: 8,
      feature: {
        dataView: { readOnly: true, title: T.dataView, lang: [T.dataView, T.close, T.refresh] },
        magicType: { type: ['line', 'bar'], title: { line: T.toLine, bar: T.toBar } },
        saveAsImage: { title: T.saveImage, type: 'png' },
      },
    },
    xAxis: { type: 'category', data: categories, boundaryGap: kind === 'bar' },
    yAxis: { type: 'value', scale: true },
    series: series.map((s) => ({ type: kind, name: s.name, data: s.data, connectNulls: true, symbolSize: 6 })),
  };
}

/**
 * A trend on ECharts (loaded lazily on the first chart) with its toolbox; 暂无数据 when there is no value; the chart
 * is named for screen readers by `label`.
 */
export function TrendChart({
  label,
  categories,
  series,
  height = 320,
  kind = 'line',
}: {
  label: string;
  categories: string[];
  series: TrendSeries[];
  height?: number;
  kind?: 'line' | 'bar';
}) {
  const option = useMemo(() => trendOption(categories, series, kind), [categories, series, kind]);
  const empty = categories.length === 0 || !series.some((s) => s.data.some((v) => v !== null));
  if (empty)
    return (
      <div className="zg-chart-empty" style={{ height }} role="img" aria-label={`${label}：${T.noData}`}>
        <EmptyState description={T.noData} />
      </div>
    );
  return <EChart option={option} height={height} label={label} />;
}
