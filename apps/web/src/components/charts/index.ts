// Spec-2 section 2.14: charts (bar, line, stacked area, radar) on ECharts loaded lazily, and the circular gauge.

export { CircularGauge, type CircularGaugeProps } from './CircularGauge';
export {
  BarChart,
  type CategoryData,
  LineChart,
  RadarChart,
  type RadarData,
  type Series,
  StackedAreaChart,
} from './charts';
export { loadECharts } from './EChart';
export { clampPercent, gaugePercent } from './gauge';
export { wrapLabel } from './options';
