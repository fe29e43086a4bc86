/**
 * The warning module's public surface: warning types and their schedules (warning-schedule.rules.ts), the conditions
 * of tasks, the warnings the hourly job raises (warning.rules.ts decides which are due), and their counts. Another
 * module whose change can raise or close a task's warnings (its dates, state or reports) calls
 * `reevaluateTaskWarnings` after the change commits. The quality-warning work extends it.
 */
export { WARNING_JOB } from './warning.job';
export { warningPlugin } from './warning.plugin';
export { lockWarningEvaluation } from './warning.repository';
export { evaluateWarnings, openWarningsOf, reevaluateTaskWarnings } from './warning.service';
export {
  type EvaluatorResult,
  runWarningEvaluators,
  WARNING_EVALUATORS,
  type WarningEvaluator,
} from './warning-evaluators';
/** The quality warnings take part in the job (WARNING_EVALUATORS) under its advisory lock, and use its schedules. */
export { lastSlot, type WarningSchedule } from './warning-schedule.rules';
