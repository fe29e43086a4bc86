import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { selfReportRoutes } from './self-report.routes';
import { registerSummaryJob } from './self-report-summary.jobs';

/** Registered by app.ts under `/api`: the self-diagnosis reports under `/herm-zdgj`. */
export const selfReportPlugin: FastifyPluginAsyncZod = async (app) => {
  // 全校汇总报告 (issue 33 item 4): a tracked job any worker runs.
  registerSummaryJob(app);
  await app.register(selfReportRoutes, { prefix: '/herm-zdgj' });
};
