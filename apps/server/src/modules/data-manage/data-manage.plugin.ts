import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataManageRoutes } from './data-manage.routes';
import { dimensionRoutes } from './dimension.routes';

/** Registered by app.ts under `/api`: the data warehouse under `/api/herm-sjgl`. */
export const dataManagePlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(dataManageRoutes, { prefix: '/herm-sjgl' });
  await app.register(dimensionRoutes, { prefix: '/herm-sjgl' });
};
