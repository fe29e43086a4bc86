/**
 * The warning module's public surface: warning types and their schedules (warning-schedule.rules.ts), the conditions
 * of tasks, the warnings the hourly job raises (warning.rules.ts decides which are due), and their counts. The
 * quality-warning work extends it.
 */
export { WARNING_JOB } from './warning.job';
export { warningPlugin } from './warning.plugin';
export { evaluateWarnings, openWarningsOf } from './warning.service';
