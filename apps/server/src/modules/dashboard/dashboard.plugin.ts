import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chartLibraryRoutes, dashboardRoutes, monitorRoutes, screenRoutes } from './dashboard.routes';

/**
 * Registered by app.ts under `/api`: the chart library under herm-sjgl (sample tables ybp, ybpdy, ybplx), the user's
 * dashboard under the data service herm-sjfw, screens and operation monitoring under school monitoring herm-xxjk.
 */
export const dashboardPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(chartLibraryRoutes, { prefix: '/herm-sjgl' });
  await app.register(dashboardRoutes, { prefix: '/herm-sjfw' });
  await app.register(monitorRoutes, { prefix: '/herm-xxjk' });
  await app.register(screenRoutes, { prefix: '/herm-xxjk' });
};
