import {
  ALGORITHM_MSG,
  type AlgorithmParams,
  type AlgorithmResult,
  PORTRAIT_MSG as M,
  PORTRAIT_ALGORITHMS,
  type PortraitAlgorithm,
} from '@zg/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import {
  type AlgorithmRunner,
  algorithmVersionHeads,
  type CalRule,
  currentVersionHeads,
  resolveCalRules,
} from '../algorithm';

/**
 * The portraits read the warehouse through algorithms only: the named portrait algorithms (PORTRAIT_ALGORITHMS, at
 * their current versions) and the configured cards' value algorithms, run through the instance's runner (cached per
 * version and parameters; the lineage records who ran them).
 */

export interface PortraitContext {
  db: Db;
  runner: AlgorithmRunner;
  userId: string;
}

/** The current version of each named portrait algorithm, resolved (one query for the heads, one for the texts). */
async function currentNamed(db: Db, keys: readonly PortraitAlgorithm[]) {
  const names = keys.map((k) => PORTRAIT_ALGORITHMS[k]);
  const heads = (await algorithmVersionHeads(db, { names })).filter((h) => h.current);
  const rules = await resolveCalRules(
    db,
    heads.map((h) => h.versionId),
  );
  const out = new Map<PortraitAlgorithm, CalRule>();
  for (const k of keys) {
    const head = heads.find((h) => h.name === PORTRAIT_ALGORITHMS[k]);
    const rule = head ? rules.get(head.versionId) : undefined;
    if (rule && !rule.refused) out.set(k, rule);
  }
  return out;
}

const run = (ctx: PortraitContext, rule: CalRule, params: AlgorithmParams) =>
  ctx.runner.computeOne(
    { id: rule.versionId, sql: rule.sql, dataSourceId: rule.dataSourceId, kind: rule.kind },
    params,
    ctx.userId,
  );

/**
 * Runs named portrait algorithms at once (each with its parameters); a missing algorithm is a 404 naming it, a run's
 * failure its Chinese message.
 */
export async function runPortrait<K extends PortraitAlgorithm>(
  ctx: PortraitContext,
  jobs: readonly { key: K; params: AlgorithmParams }[],
): Promise<AlgorithmResult[]> {
  const rules = await currentNamed(ctx.db, [...new Set(jobs.map((j) => j.key))]);
  for (const j of jobs) if (!rules.has(j.key)) throw notFound(M.algorithmMissing(PORTRAIT_ALGORITHMS[j.key]));
  return pool(jobs, (j) => run(ctx, rules.get(j.key)!, j.params));
}

/** How many of one request's runs go at once: never the whole run gate (other users run too; dashboards do the same). */
export const PORTRAIT_PARALLEL = 2;

/** Maps the items through `fn`, PORTRAIT_PARALLEL at a time, answers in the items' order. */
async function pool<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(PORTRAIT_PARALLEL, items.length) }, worker));
  return out;
}

/** The configured cards' values: each card's value algorithm (current version) for the parameters, or why not. */
export async function runCards(
  ctx: PortraitContext,
  cards: readonly { id: number; algorithmId: number }[],
  params: AlgorithmParams,
): Promise<Map<number, { value: number | null; error: string | null }>> {
  const out = new Map<number, { value: number | null; error: string | null }>();
  if (!cards.length) return out;
  const heads = await currentVersionHeads(
    ctx.db,
    cards.map((c) => c.algorithmId),
  );
  const rules = await resolveCalRules(
    ctx.db,
    heads.map((h) => h.versionId),
  );
  await pool(cards, async (c) => {
    const head = heads.find((h) => h.algorithmId === c.algorithmId);
    const rule = head ? rules.get(head.versionId) : undefined;
    if (rule?.kind !== 'value') return out.set(c.id, { value: null, error: M.cardAlgorithmNotFound });
    if (rule.refused) return out.set(c.id, { value: null, error: rule.refused });
    try {
      const r = await run(ctx, rule, params);
      return out.set(c.id, { value: r.value ?? null, error: null });
    } catch (err) {
      const message = err instanceof AppError ? err.message : ALGORITHM_MSG.runFailed('内部错误', null);
      return out.set(c.id, { value: null, error: message });
    }
  });
  return out;
}
