import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system.routes';
import { systemAdminRoutes } from './system-admin.routes';

/** Registered by app.ts under `/api`: the health check, and 系统管理's audit-log viewer and sessions. */
export const systemPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(systemRoutes);
  await app.register(systemAdminRoutes, { prefix: '/system' });
};
