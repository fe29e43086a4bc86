import type { FastifyInstance } from 'fastify';
import { evaluateWarnings } from './warning.service';

export const WARNING_JOB = 'warning.evaluate';

/** Registers the hourly warning evaluation on the shared job runner. */
export function registerWarningJob(app: FastifyInstance) {
  app.jobs.register(WARNING_JOB, async () => {
    await evaluateWarnings(app.database.db, app.clock);
  });
  app.jobs.every(WARNING_JOB, 3600_000);
}
