import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userRoutes } from './user.routes';

/** Registered by app.ts under `/api`. */
export const userPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(userRoutes, { prefix: '/user' });
};
