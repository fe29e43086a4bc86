import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userRoutes } from './user.routes';
import { userAdminRoutes } from './user-admin.routes';
import { registerUserImportJob } from './user-import.jobs';

/** Registered by app.ts under `/api`: the user service, and 系统管理's users, roles, departments and settings. */
export const userPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(userAdminRoutes, { prefix: '/system' });
  registerUserImportJob(app);
};
