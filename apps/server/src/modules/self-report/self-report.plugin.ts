import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { selfReportRoutes } from './self-report.routes';

/** Registered by app.ts under `/api`: the self-diagnosis reports under `/herm-zdgj`. */
export const selfReportPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(selfReportRoutes, { prefix: '/herm-zdgj' });
};
