/**
 * The algorithm module's public surface: algorithms (groups, versions, safe runs, lineage, cached results), and the
 * hook the warehouse calls when a table's rows or structure change; installing a set of algorithms (the demo's
 * indicators) and the checker alone (pure: a text's verdict without a database).
 */
export { algorithmPlugin } from './algorithm.plugin';
export {
  type AlgorithmPackage,
  type AlgorithmVersionHead,
  algorithmVersionHeads,
  computeResult,
  currentValueVersions,
  installAlgorithms,
  type RunContext,
  RunGate,
  warehouseTablesChanged,
} from './algorithm.service';
export { checkAlgorithmSql } from './algorithm-sql.rules';
