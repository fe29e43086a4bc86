import path from 'node:path';
import { SYSTEM_API as API, APP, MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { probeWritable } from '../../platform/files/probe';

/**
 * `/api/health`: the process is up, the database answers and the file store accepts a write. Any failing check makes
 * it a 503 that names what failed, so a load balancer takes the instance out and an operator sees why (SYSTEM_API).
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    API.health,
    { public: true },
    async (_req, reply) => {
      const [database, files] = await Promise.all([
        app.database.ping().then(
          () => 'ok' as const,
          () => 'fail' as const,
        ),
        probeWritable(path.join(app.config.DATA_DIR, 'files')).then((problem) =>
          problem ? ('fail' as const) : ('ok' as const),
        ),
      ]);
      const status = database === 'ok' && files === 'ok' ? ('ok' as const) : ('fail' as const);
      const data = { status, database: 'postgres' as const, version: APP.version, checks: { database, files } };
      if (status === 'ok') return ok(data);
      const problems = [
        database === 'fail' ? MSG.dbUnavailable : null,
        files === 'fail' ? MSG.fileStoreUnavailable : null,
      ];
      reply.code(503);
      return { meta: { success: false, message: problems.filter(Boolean).join('；') }, data };
    },
    // Load balancers poll it: its requests are logged at warn and above only.
    { logLevel: 'warn' },
  );
};
