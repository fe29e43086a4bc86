import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system.routes';

/** Registered by app.ts under `/api`. */
export const systemPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(systemRoutes);
};
