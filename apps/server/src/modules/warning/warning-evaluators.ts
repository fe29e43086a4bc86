import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { defineHook, type Hooks } from '../../platform/hooks';

/** What another evaluation run by the warning job did (the quality warnings: raised and closed). */
export interface EvaluatorResult {
  raised: number;
  closed: number;
}

/**
 * Other warnings evaluated by the one hourly warning job (and the test clock route) after the task warnings: the
 * quality warnings (issue 32) register here (`app.hooks.add(WARNING_EVALUATORS, 'quality-warning', fn)`). Each runs
 * in its own transaction under the evaluation's advisory lock (`lockWarningEvaluation`).
 */
export type WarningEvaluator = (db: Db, clock: Clock) => Promise<EvaluatorResult>;
export const WARNING_EVALUATORS = defineHook<WarningEvaluator>('warning.evaluators');

/** Runs every registered evaluator one after another; answers their sums. */
export async function runWarningEvaluators(hooks: Hooks, db: Db, clock: Clock): Promise<EvaluatorResult> {
  const sum = { raised: 0, closed: 0 };
  for (const fn of hooks.all(WARNING_EVALUATORS)) {
    const r = await fn(db, clock);
    sum.raised += r.raised;
    sum.closed += r.closed;
  }
  return sum;
}
