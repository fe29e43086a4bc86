import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { annualAnalysisRoutes } from '../analysis/annual-analysis.routes';
import { archiveRoutes } from '../archive/archive.routes';
import { performanceDetailRoutes, performanceReportRoutes } from '../performance/performance.routes';
import { targetReportRoutes } from './report.routes';

/**
 * The routes of issue 8's server side under their spec prefixes, registered by app.ts with the prefix `/api`:
 * task reports, the performance centre, the file archives and the annual-wbs analysis.
 */
export const reportPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(targetReportRoutes, { prefix: '/herm-wbs' });
  await app.register(annualAnalysisRoutes, { prefix: '/herm-ndwbs/analysis' });
  await app.register(performanceReportRoutes, { prefix: '/herm-zdgj/performance' });
  await app.register(performanceDetailRoutes, { prefix: '/herm-wbs/targetTaskDetail' });
  await app.register(archiveRoutes, { prefix: '/herm-wbs/targetTaskFileArchive' });
};
