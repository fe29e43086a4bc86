import { ANNUAL_WARNING_API, WARNING_API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { testClockRoutes } from './test-clock.routes';
import { registerWarningJob } from './warning.job';
import { warningRoutes } from './warning.routes';

/**
 * Registered by app.ts under `/api`: the warning calls under both menus' prefixes (WARNING_API, ANNUAL_WARNING_API),
 * the hourly warning job, and (TEST_HOOKS only) the movable clock that runs it (TEST_CLOCK_API).
 */
export const warningPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(warningRoutes(WARNING_API), { prefix: '/herm-wbs' });
  await app.register(warningRoutes(ANNUAL_WARNING_API), { prefix: '/herm-ndwbs' });
  registerWarningJob(app);
  if (app.config.TEST_HOOKS) await app.register(testClockRoutes, { prefix: '/test' });
};
