import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { annualWbsRoutes } from './annual-wbs.routes';
import { registerTargetTaskFilePolicies } from './target-task.policy';
import { targetTaskRoutes } from './target-task.routes';

/** Registered by app.ts under `/api`: the target-task routes of both menus and the policies of their documents. */
export const targetTaskPlugin: FastifyPluginAsyncZod = async (app) => {
  registerTargetTaskFilePolicies();
  await app.register(targetTaskRoutes, { prefix: '/herm-wbs' });
  await app.register(annualWbsRoutes, { prefix: '/herm-ndwbs' });
};
