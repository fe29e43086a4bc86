/** The self-diagnosis reports' public surface (自我诊断报告, issue 33, menu 质量报告): the plugin. */
export { selfReportPlugin } from './self-report.plugin';
