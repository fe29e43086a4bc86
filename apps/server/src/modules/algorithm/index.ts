/**
 * The algorithm module's public surface: algorithms (groups, versions, safe runs, lineage, cached results), and the
 * hook the warehouse calls when a table's rows or structure change.
 */
export { algorithmPlugin } from './algorithm.plugin';
export { computeResult, type RunContext, RunGate, warehouseTablesChanged } from './algorithm.service';
