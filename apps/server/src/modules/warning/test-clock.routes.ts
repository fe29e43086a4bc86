import { TEST_CLOCK_API as API, ROLE } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { evaluateWarnings } from './warning.service';
import { runWarningEvaluators } from './warning-evaluators';

/**
 * `/api/test` (TEST_CLOCK_API): registered only when TEST_HOOKS=true (the browser tests set it). An administrator
 * moves the server clock and runs the warning job at once, as the API tests do with `app.clock.set` and
 * `evaluateWarnings`, and the other evaluations of the job (WARNING_EVALUATORS: the quality warnings).
 */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.log.warn('TEST_HOOKS is on: administrators can move the server clock (POST /api/test/clock)');
  serve(app, API.clock, { roles: [ROLE.admin] }, async (req) => {
    if (req.body.now === null) app.clock.reset();
    else app.clock.set(req.body.now);
    const result = await evaluateWarnings(app.database.db, app.clock);
    const others = await runWarningEvaluators(app.hooks, app.database.db, app.clock);
    return ok({ now: app.clock.now().toISOString(), ...result, others });
  });
};
