import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerProgressFilePolicies } from './progress.policy';
import { annualWbsProgressRoutes, focusRoutes, progressRoutes, registerWarningJob } from './progress.routes';
import { testClockRoutes } from './test-clock.routes';

/**
 * Registered by app.ts under `/api`: progress reports, delays, warnings, urges and focus under both menus' prefixes,
 * the warning job, the attachment policy of reports, and (TEST_HOOKS only) the movable clock.
 */
export const progressPlugin: FastifyPluginAsyncZod = async (app) => {
  registerProgressFilePolicies();
  await app.register(progressRoutes, { prefix: '/herm-wbs' });
  await app.register(annualWbsProgressRoutes, { prefix: '/herm-ndwbs' });
  await app.register(focusRoutes, { prefix: '/herm-zdgj/rest/focus' });
  registerWarningJob(app);
  if (app.config.TEST_HOOKS) await app.register(testClockRoutes, { prefix: '/test' });
};
