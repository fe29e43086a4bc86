import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { algorithmRoutes } from './algorithm.routes';
import { type RunContext, RunGate } from './algorithm.service';

/**
 * Registered by app.ts under `/api`: algorithms under `/api/herm-sjgl`. One gate per instance bounds the runs at once
 * (ALGORITHM_MAX_CONCURRENT); the limits are the settings ALGORITHM_TIMEOUT_MS and ALGORITHM_ROW_CAP.
 */
export const algorithmPlugin: FastifyPluginAsyncZod = async (app) => {
  const gate = new RunGate(app.config.ALGORITHM_MAX_CONCURRENT);
  const run = (): RunContext => ({
    db: app.database.db,
    gate,
    limits: { timeoutMs: app.config.ALGORITHM_TIMEOUT_MS, rowCap: app.config.ALGORITHM_ROW_CAP },
  });
  await app.register(algorithmRoutes(run), { prefix: '/herm-sjgl' });
};
