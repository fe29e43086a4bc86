import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authcRoutes } from './authc.routes';

/** Registered by app.ts under `/api`. */
export const authcPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(authcRoutes, { prefix: '/authc' });
};
