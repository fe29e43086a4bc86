import type { FastifyInstance } from 'fastify';
import { filesContextOf } from './files.context';
import { CLEANUP_JOB, MERGE_JOB, runCleanup, runMerge } from './files.service';

/** Registers the merge and clean-up jobs of this module on the shared job runner. */
export function registerFileJobs(app: FastifyInstance) {
  app.jobs.register(MERGE_JOB, (payload, job) => runMerge(filesContextOf(app), payload, job));
  app.jobs.register(CLEANUP_JOB, async () => {
    await runCleanup(filesContextOf(app));
  });
  app.jobs.every(CLEANUP_JOB, 3600_000);
}
