/**
 * The quality warnings' public surface (质量预警, issue 32): the plugin, the evaluations (after a computation, on the
 * cycles) and where warnings are raised (the notification centre's hook point: quality-warning.raise.ts).
 */
export { evaluateComputedRows, evaluateCycles, forecastOf } from './quality-warning.evaluate';
export { qualityWarningPlugin } from './quality-warning.plugin';
export { raiseOverdueWarnings, raiseQualityWarnings } from './quality-warning.raise';
export { signRemote } from './quality-warning.remote';
/** The services the demo seed plays through (as the pages would): a row's warnings, disposal, its case, a step. */
export { caseOfRow, dispose as disposeWarning, stepCase, warnList } from './quality-warning.service';
export { openWarningsByObjectTask } from './quality-warning-figures.query';
