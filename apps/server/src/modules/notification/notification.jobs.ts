import type { FastifyInstance } from 'fastify';
import { digestSettingsOf, runDigest } from './digest.service';

export const DIGEST_JOB = 'notification.digest';
/** How often the digest job looks for work: from the configured hour, and for the tries that wait. */
export const DIGEST_PERIOD_MS = 15 * 60_000;

/** Registers the daily e-mail digest when the configuration turns it on (off by default). */
export function registerDigestJob(app: FastifyInstance) {
  const settings = digestSettingsOf(app.config);
  if (!settings) return;
  app.jobs.register(DIGEST_JOB, async () => {
    const run = await runDigest(app.database.db, app.clock, settings);
    if (run.sent || run.retried || run.failed) app.log.info({ digest: run }, 'notification digest');
  });
  app.jobs.every(DIGEST_JOB, DIGEST_PERIOD_MS);
}
