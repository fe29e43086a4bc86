/**
 * 对标分析 and 双高对比 (issue 35 items 2-3): the imported public figures of schools, 本校 against the user's benchmark
 * schools (reference's list) and the double-high groups. Public surface: the plugin and the demo seed.
 */

export { seedRivalDemo } from './rival.seed';
export { rivalAnalysisPlugin } from './rival-analysis.routes';
