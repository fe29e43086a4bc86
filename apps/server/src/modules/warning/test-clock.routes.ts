import { envelope, ROLE } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { evaluateWarnings } from './warning.service';

/**
 * `/api/test`: registered only when TEST_HOOKS=true (the browser tests set it). An administrator moves the server
 * clock and runs the warning job at once, as the API tests do with `app.clock.set` and `evaluateWarnings`.
 */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.log.warn('TEST_HOOKS is on: administrators can move the server clock (POST /api/test/clock)');
  app.post(
    '/clock',
    {
      config: { access: { roles: [ROLE.admin] } },
      schema: {
        tags: ['测试'],
        summary:
          '仅测试：设置服务器时间（空为恢复系统时间）并立即评估预警 / tests only: move the clock, evaluate warnings',
        body: z.object({ now: z.string().datetime({ local: true, offset: true }).nullable().default(null) }),
        response: {
          200: envelope(
            z.object({
              now: z.string(),
              raised: z.number().int(),
              closed: z.number().int(),
              overdue: z.number().int(),
            }),
          ),
        },
      },
    },
    async (req) => {
      if (req.body.now === null) app.clock.reset();
      else app.clock.set(req.body.now);
      const result = await evaluateWarnings(app.database.db, app.clock);
      return ok({ now: app.clock.now().toISOString(), ...result });
    },
  );
};
