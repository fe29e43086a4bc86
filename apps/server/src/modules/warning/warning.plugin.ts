import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { testClockRoutes } from './test-clock.routes';
import { registerWarningJob } from './warning.job';
import { NDWBS_WARNING_PATHS, WBS_WARNING_PATHS, warningRoutes } from './warning.routes';

/**
 * Registered by app.ts under `/api`: the warning calls under both menus' prefixes, the hourly warning job, and
 * (TEST_HOOKS only) the movable clock that runs it.
 */
export const warningPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(warningRoutes(WBS_WARNING_PATHS), { prefix: '/herm-wbs' });
  await app.register(warningRoutes(NDWBS_WARNING_PATHS), { prefix: '/herm-ndwbs' });
  registerWarningJob(app);
  if (app.config.TEST_HOOKS) await app.register(testClockRoutes, { prefix: '/test' });
};
