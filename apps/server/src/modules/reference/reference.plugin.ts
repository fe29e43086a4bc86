import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceRoutes } from './reference.routes';

/** Registered by app.ts under `/api`. */
export const referencePlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(referenceRoutes, { prefix: '/user' });
};
