/** The progress module's public surface: progress reports, delays, warnings, urges and focus on tasks. */
export { progressPlugin } from './progress.plugin';
export { WARNING_JOB } from './progress.routes';
export { evaluateWarnings } from './progress.service';
