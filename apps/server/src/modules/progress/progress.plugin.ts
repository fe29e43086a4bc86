import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { delayRoutes } from './delay.routes';
import { focusRoutes } from './focus.routes';
import { NDWBS_PATHS, WBS_PATHS } from './progress.http';
import { registerProgressFilePolicies } from './progress.policy';
import { progressReportRoutes, situationCatalogRoutes } from './progress-report.routes';
import { todoRoutes } from './todo.routes';
import { urgeRoutes } from './urge.routes';

/**
 * Registered by app.ts under `/api`: progress reports, delays and urges under both menus' prefixes (`/herm-wbs`
 * resource-style names, `/herm-ndwbs` the year-target task module's names), focus, the home page's to-do counts
 * (they join target-task's lists with the audit queues), and the attachment policy of progress reports.
 */
export const progressPlugin: FastifyPluginAsyncZod = async (app) => {
  registerProgressFilePolicies();
  for (const [prefix, paths] of [
    ['/herm-wbs', WBS_PATHS],
    ['/herm-ndwbs', NDWBS_PATHS],
  ] as const) {
    await app.register(
      async (module) => {
        await module.register(progressReportRoutes(paths));
        await module.register(delayRoutes(paths));
        await module.register(urgeRoutes());
      },
      { prefix },
    );
  }
  await app.register(situationCatalogRoutes, { prefix: '/herm-wbs/targetTaskDetail' });
  await app.register(focusRoutes, { prefix: '/herm-zdgj/rest/focus' });
  await app.register(todoRoutes, { prefix: '/herm-wbs/todo' });
};
