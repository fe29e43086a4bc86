/**
 * 指标分析 (智能分析 /analysis/indicators, issue 35 item 5): what moved in a diagnosis task — the rows that changed most
 * against last round with their lineage, the rows that fell below standard, two indicators' correlation across the
 * majors. It reads diagnosis rows through the diagnosis module's named read model. Public surface: the plugin.
 */
export { indicatorAnalysisPlugin } from './indicator-analysis.routes';
