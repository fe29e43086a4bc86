import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { performanceDetailRoutes, performanceReportRoutes } from './performance.routes';

/** Registered by app.ts under `/api`. */
export const performancePlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(performanceReportRoutes, { prefix: '/herm-zdgj/performance' });
  await app.register(performanceDetailRoutes, { prefix: '/herm-wbs/targetTaskDetail' });
};
