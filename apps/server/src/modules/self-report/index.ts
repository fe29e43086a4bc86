/** The self-diagnosis reports' public surface (自我诊断报告, issue 33, menu 质量报告): the plugin. */
export { selfReportPlugin } from './self-report.plugin';
/** The services the demo seed plays through (as the pages would): generate, explain, submit, review, send back, … */
export { explainSave, generateReport, submitReport } from './self-report.service';
export { discuss, rejectReport, reviewReport, shareReport } from './self-report-review.service';
