/**
 * The progress module's public surface: what happens on a task under way, one aggregate each: progress reports
 * (progress-report.*), delay requests (delay.*), urges (urge.*) and focus (focus.*); progress.policy.ts holds who may
 * do what with them.
 */
export { progressPlugin } from './progress.plugin';
