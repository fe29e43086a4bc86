// Spec-2 section 2.14: charts (bar, line, stacked area, radar, pie) on ECharts loaded lazily, and the circular gauge.

export { CircularGauge, type CircularGaugeProps } from './CircularGauge';
export {
  BarChart,
  type CategoryData,
  type ChartClick,
  LineChart,
  PieChart,
  type PieSlice,
  RadarChart,
  type RadarData,
  type Series,
  StackedAreaChart,
} from './charts';
export { ChartTheme, loadECharts } from './EChart';
export { clampPercent, gaugePercent } from './gauge';
export { wrapLabel } from './options';
