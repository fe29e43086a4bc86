import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataManageAbilityRoutes } from './abilities.routes';
import { cycleRoutes } from './cycle.routes';
import { dataManageRoutes } from './data-manage.routes';
import { dataSourceRoutes } from './datasource.routes';
import { departmentVersionRoutes } from './department-version.routes';
import { dimensionRoutes } from './dimension.routes';
import { registerImportJob } from './warehouse-import.jobs';

/** Registered by app.ts under `/api`: the data warehouse under `/api/herm-sjgl`. */
export const dataManagePlugin: FastifyPluginAsyncZod = async (app) => {
  registerImportJob(app);
  await app.register(dataManageAbilityRoutes, { prefix: '/herm-sjgl' });
  await app.register(dataManageRoutes, { prefix: '/herm-sjgl' });
  await app.register(dataSourceRoutes, { prefix: '/herm-sjgl' });
  await app.register(cycleRoutes, { prefix: '/herm-sjgl' });
  await app.register(departmentVersionRoutes, { prefix: '/herm-sjgl' });
  await app.register(dimensionRoutes, { prefix: '/herm-sjgl' });
};
