import type { FastifyInstance } from 'fastify';
import { closeOutdated } from './collection-task.service';

export const CLOSE_OUTDATED_JOB = 'collection.closeOutdatedTask';

/** closeOutdatedTask also runs hourly as a job (any worker; the jobs table runs it once). */
export function registerCollectionJobs(app: FastifyInstance) {
  app.jobs.register(CLOSE_OUTDATED_JOB, async () => {
    await closeOutdated(app.database.db, app.clock, null);
  });
  app.jobs.every(CLOSE_OUTDATED_JOB, 3600_000);
}
