/** The performance module's public surface: the performance centre (a read model over tasks and their reports). */
export { performancePlugin } from './performance.plugin';
