/**
 * The algorithm module's public surface.
 * - The runner: ONE per server instance, `app.algorithms` (app.ts makes it with `createAlgorithmRunner`), owning the run
 *   gate and the limits. Another module computes through it with no user: `computeMany` (a value algorithm's version
 *   for many dimension objects, a result per object, under the overall deadline and the size bound) and `computeOne`
 *   (a version for one set of parameters, stored); each computed value names its lineage run.
 * - calRules (an algorithm VERSION id) resolved without a user: `resolveCalRule(s)`; versions as other modules name
 *   them (`algorithmVersionHeads`, `currentValueVersions`).
 * - 数据来源 of a computed value without a user check (the caller checks its reader): `runLineage(s)`.
 * - The hook the warehouse calls when a table's rows or structure change; installing a set of algorithms (the demo's
 *   indicators); the checker alone (pure: a text's verdict without a database).
 */
export { algorithmPlugin } from './algorithm.plugin';
export {
  AlgorithmRunner,
  createAlgorithmRunner,
  type RunnableVersion,
  type RunnerConfig,
  type StoredResult,
} from './algorithm.runner';
export { type AlgorithmPackage, installAlgorithms } from './algorithm.service';
export type { ComputeManyOutcome, ComputeManyRequest, ObjectOutcome } from './algorithm-batch';
export { runLineage, runLineages } from './algorithm-lineage.service';
export { checkAlgorithmSql } from './algorithm-sql.rules';
export {
  type AlgorithmVersionHead,
  algorithmVersionHeads,
  type CalRule,
  currentDetailVersions,
  currentValueVersions,
  currentVersionHeads,
  resolveCalRule,
  resolveCalRules,
} from './algorithm-version.service';
export { warehouseTablesChanged } from './algorithm-warehouse.service';
