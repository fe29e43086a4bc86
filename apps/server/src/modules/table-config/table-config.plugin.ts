import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tableConfigRoutes } from './table-config.routes';

/** Registered by app.ts under `/api`. */
export const tableConfigPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(tableConfigRoutes, { prefix: '/herm-sjcj' });
};
