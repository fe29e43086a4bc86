import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisRoutes } from './analysis.routes';
import { annualAnalysisRoutes } from './annual-analysis.routes';

/** Registered by app.ts under `/api`. */
export const analysisPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(analysisRoutes, { prefix: '/herm-wbs/targetTaskSummaryAnalysis' });
  await app.register(annualAnalysisRoutes, { prefix: '/herm-ndwbs/analysis' });
};
