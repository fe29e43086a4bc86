import { SHELL_TEXT as T } from '@zg/contract';
import { useMemo } from 'react';
import { EmptyState } from '../EmptyState';
import { type ChartClick, EChart } from './EChart';
import {
  barOption,
  type CategoryData,
  hasCategoryData,
  hasPieData,
  hasRadarData,
  lineOption,
  type PieSlice,
  pieOption,
  type RadarData,
  radarOption,
  stackedAreaOption,
} from './options';

export type { ChartClick } from './EChart';
export type { CategoryData, PieSlice, RadarData, Series } from './options';

const DEFAULT_HEIGHT = 300;

interface ChartProps {
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  /** The placeholder when there is nothing to draw (暂无数据 by default). */
  empty?: string;
  /** Called when an item (a bar, a point, a slice) is clicked. */
  onClick?: (item: ChartClick) => void;
  /** The toolbox: 数据视图 and 导出PNG (dashboards and screens). */
  tools?: boolean;
}

/** Spec-2 section 8: a chart with no data is the 暂无数据 placeholder, in the chart's own height. */
function NoData({ height, text }: { height: number; text?: string }) {
  return (
    <div className="zg-chart-empty" style={{ height }}>
      <EmptyState description={text ?? T.noData} />
    </div>
  );
}

/** A bar chart (bars 20 wide by default). */
export function BarChart({
  data,
  barWidth,
  label,
  height = DEFAULT_HEIGHT,
  empty,
  onClick,
  yMax,
  tools,
}: ChartProps & { data: CategoryData; barWidth?: number; yMax?: number }) {
  const option = useMemo(() => barOption(data, barWidth, yMax), [data, barWidth, yMax]);
  if (!hasCategoryData(data)) return <NoData height={height} text={empty} />;
  return <EChart option={option} height={height} label={label} onClick={onClick} tools={tools} />;
}

/** A line chart. */
export function LineChart({ data, label, height = DEFAULT_HEIGHT, empty, tools }: ChartProps & { data: CategoryData }) {
  const option = useMemo(() => lineOption(data), [data]);
  if (!hasCategoryData(data)) return <NoData height={height} text={empty} />;
  return <EChart option={option} height={height} label={label} tools={tools} />;
}

/** A stacked area chart. */
export function StackedAreaChart({
  data,
  label,
  height = DEFAULT_HEIGHT,
  empty,
  tools,
}: ChartProps & { data: CategoryData }) {
  const option = useMemo(() => stackedAreaOption(data), [data]);
  if (!hasCategoryData(data)) return <NoData height={height} text={empty} />;
  return <EChart option={option} height={height} label={label} tools={tools} />;
}

/** A radar chart whose axis names wrap every 6 characters. */
export function RadarChart({ data, label, height = DEFAULT_HEIGHT, empty, tools }: ChartProps & { data: RadarData }) {
  const option = useMemo(() => radarOption(data), [data]);
  if (!hasRadarData(data)) return <NoData height={height} text={empty} />;
  return <EChart option={option} height={height} label={label} tools={tools} />;
}

/** A ring pie of named values; slices of zero are left out, and no slice above zero shows 暂无数据. */
export function PieChart({
  data,
  label,
  height = DEFAULT_HEIGHT,
  empty,
  onClick,
  tools,
}: ChartProps & { data: PieSlice[] }) {
  const option = useMemo(() => pieOption(data), [data]);
  if (!hasPieData(data)) return <NoData height={height} text={empty} />;
  return <EChart option={option} height={height} label={label} onClick={onClick} tools={tools} />;
}
