import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { developRoutes } from './develop.routes';

/** Registered by app.ts under `/api`. */
export const developPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(developRoutes, { prefix: '/herm-xxjk/develop' });
};
