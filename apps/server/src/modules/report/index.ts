/** The report module's public surface: task reports (目标任务报告), their templates and covers. */

/**
 * Its renderers, for the other reports (自我诊断报告, issue 33): an ECharts option to PNG on the server, and the Word
 * document's parts (text runs, bordered tables, numbered headings, a chart with its title, the packed document).
 */
export { type ChartImage, renderChart } from './report.charts';
export {
  chartBlock as docxChart,
  heading as docxHeading,
  packDocx,
  table as docxTable,
  text as docxText,
} from './report.docx';
export { reportPlugin } from './report.plugin';

/** The self-diagnosis templates (issue 33): all of them, or the one named (none when it is not of that kind). */
export { selfDiagnosisTemplateRows as selfDiagnosisTemplates } from './report.repository';
