/**
 * The diagnosis module's public surface (诊断改进, `/api/herm-zdgj`): the plugin, and the hook announcing rows
 * computed (the quality warnings register with it).
 */

/** The demo seed's sampling history of a computed row (the quality warnings' forecast in the demo). */
export { type LastRoundRow, recordLastRound, recordRowHistory } from './demo-history.service';
export { diagnosisPlugin } from './diagnosis.plugin';
/** The services the demo seed plays through (as the pages would): publish, list, targets, audit, manual results. */
export { audit as auditDiagnosis } from './diagnosis-audit.service';
export {
  type DepartmentDiagnosisFigures,
  diagnosisFigures,
  diagnosisYears,
  objectTaskDepartments,
} from './diagnosis-figures.query';
export { announceRows, ROW_COMPUTED, type RowComputed } from './diagnosis-hooks';
export { publishTask as publishDiagnosisTask } from './diagnosis-task.service';
/** 指标分析's read model of rows (issue 35 item 5): movers, fallen below standard, indicators and their values. */
export {
  type AnalysisObject,
  analysisObject,
  analysisObjects,
  analysisTaskSeen,
  analysisTasks,
  type BelowFacts,
  belowRows,
  indicatorPairs,
  type MoverFacts,
  moverRows,
  taskIndicators,
} from './indicator-facts.query';
export { analysisRowSource } from './indicator-source.service';
export { listObjects as listObjectTasks } from './object-task.service';
/** 画像分析 (issue 35): the grades of objects' latest diagnosis, per first-level item (the portraits' radar). */
export { objectGrades } from './portrait-grades.query';
/** 发展中心 (issue 35): the latest diagnosis figures of quality control points. */
export { qcpLatestFigures } from './qcp-figures.query';
export {
  enterResults as enterDiagnosisResults,
  issueDown as issueDiagnosisTargets,
  rowList as objectTaskRows,
  saveTargets as saveDiagnosisTargets,
} from './quality-row.service';
/** The quality warnings' read model of rows (issue 32): facts, visibility, samples, grades. */
export { degreesOf, gradeOfValue, warningRowSeenBy } from './warning-facts';
export {
  objectTaskSeenSql,
  recentSampleValues,
  rowSampleValues,
  type WarningRowFacts,
  warningRowFacts,
} from './warning-facts.query';
