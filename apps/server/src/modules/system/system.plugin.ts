import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordHistoryRoutes } from './record-history.routes';
import { systemRoutes } from './system.routes';
import { systemAdminRoutes } from './system-admin.routes';

/**
 * Registered by app.ts under `/api`: the health check, a record's own history (操作记录) and 系统管理's audit-log
 * viewer and sessions.
 */
export const systemPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(systemRoutes);
  await app.register(recordHistoryRoutes);
  await app.register(systemAdminRoutes, { prefix: '/system' });
};
