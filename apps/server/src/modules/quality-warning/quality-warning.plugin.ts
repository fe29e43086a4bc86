import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROW_COMPUTED } from '../diagnosis';
import { WARNING_EVALUATORS } from '../warning';
import { evaluateComputedRows, evaluateCycles } from './quality-warning.evaluate';
import { remoteRoutes } from './quality-warning.remote';
import { qualityWarningRoutes } from './quality-warning.routes';

/**
 * Registered by app.ts under `/api`: the quality warnings' routes under `/herm-zdgj` (the signed remote call in a
 * scope of its own, which keeps the raw body), their evaluation after every computation (the diagnosis module's
 * ROW_COMPUTED) and on the rules' cycles by the hourly warning job (the warning module's WARNING_EVALUATORS).
 */
export const qualityWarningPlugin: FastifyPluginAsyncZod = async (app) => {
  app.hooks.add(ROW_COMPUTED, 'quality-warning', async (db, rowIds) => {
    await evaluateComputedRows(db, app.clock, rowIds);
  });
  app.hooks.add(WARNING_EVALUATORS, 'quality-warning', (db, clock) => evaluateCycles(db, clock));
  await app.register(qualityWarningRoutes, { prefix: '/herm-zdgj' });
  await app.register(remoteRoutes, { prefix: '/herm-zdgj' });
};
