import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { targetReportRoutes } from './report.routes';

/** Registered by app.ts under `/api`: the task reports under `/api/herm-wbs`. */
export const reportPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(targetReportRoutes, { prefix: '/herm-wbs' });
};
