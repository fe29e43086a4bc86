/** The report module's public surface: task reports (目标任务报告), their templates and covers. */
export { reportPlugin } from './report.plugin';
