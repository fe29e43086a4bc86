/** The analysis module's public surface: the summary analysis and the annual-wbs analysis (read models only). */
export { analysisPlugin } from './analysis.plugin';
