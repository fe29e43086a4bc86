import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardRoutes } from './standard.routes';

/** Registered by app.ts under `/api`: standard systems under `/api/herm-mbbz`. */
export const standardPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(standardRoutes, { prefix: '/herm-mbbz' });
};
