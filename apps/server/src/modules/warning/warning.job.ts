import type { FastifyInstance } from 'fastify';
import { evaluateWarnings } from './warning.service';
import { runWarningEvaluators } from './warning-evaluators';

export const WARNING_JOB = 'warning.evaluate';

/** Registers the hourly warning evaluation on the shared job runner: the task warnings, then WARNING_EVALUATORS. */
export function registerWarningJob(app: FastifyInstance) {
  app.jobs.register(WARNING_JOB, async () => {
    await evaluateWarnings(app.database.db, app.clock);
    await runWarningEvaluators(app.hooks, app.database.db, app.clock);
  });
  app.jobs.every(WARNING_JOB, 3600_000);
}
