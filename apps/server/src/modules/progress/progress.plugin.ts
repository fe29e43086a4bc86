import { ANNUAL_PROGRESS_API, PROGRESS_API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerDelayRoutes } from './delay.routes';
import { focusRoutes } from './focus.routes';
import { registerProgressFilePolicies } from './progress.policy';
import { registerReportRoutes, situationCatalogRoutes } from './progress-report.routes';
import { todoRoutes } from './todo.routes';
import { registerUrgeRoutes } from './urge.routes';

/**
 * Registered by app.ts under `/api`: progress reports, delays and urges under both menus' prefixes (`/herm-wbs`
 * resource-style names from PROGRESS_API, `/herm-ndwbs` the year-target task module's names from
 * ANNUAL_PROGRESS_API), focus, the home page's to-do counts (they join target-task's lists with the audit queues),
 * and the attachment policy of progress reports.
 */
export const progressPlugin: FastifyPluginAsyncZod = async (app) => {
  registerProgressFilePolicies(app.hooks);
  for (const [prefix, api] of [
    ['/herm-wbs', PROGRESS_API],
    ['/herm-ndwbs', ANNUAL_PROGRESS_API],
  ] as const) {
    await app.register(
      async (module) => {
        registerReportRoutes(module, api);
        registerDelayRoutes(module, api);
        registerUrgeRoutes(module, api);
      },
      { prefix },
    );
  }
  await app.register(situationCatalogRoutes, { prefix: '/herm-wbs/targetTaskDetail' });
  await app.register(focusRoutes, { prefix: '/herm-zdgj/rest/focus' });
  await app.register(todoRoutes, { prefix: '/herm-wbs/todo' });
};
