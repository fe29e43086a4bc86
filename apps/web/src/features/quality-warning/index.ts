/**
 * 质量预警's components for other features (the QCP detail panel of issue 31): each takes a row id.
 * `WarningHistory` (预警历史 with 处理详情), `WarningTrend` (预警趋势 with the forecast), `ImprovementSpiral` (the case
 * on the 8-shaped spiral), `SpiralDrawing` (the drawing alone), `RowWarningPanel` (the three in tabs).
 */
export { ImprovementSpiral, SpiralDrawing } from './components/ImprovementSpiral';
export { RowWarningPanel } from './components/RowWarningPanel';
export { WarningHistory } from './components/WarningHistory';
export { WarningForecast, WarningTrend } from './components/WarningTrend';
export { QualityWarningCard } from './QualityWarningCard';
