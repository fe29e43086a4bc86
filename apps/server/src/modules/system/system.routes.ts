import { APP, envelope, HealthSchema, MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';

/** `/api/health`: the process is up and the database answers. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['系统'],
        summary: '健康检查（含数据库） / health check including the database',
        response: { 200: envelope(HealthSchema) },
      },
      logLevel: 'warn',
      config: { access: { public: true } },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw new AppError(503, MSG.dbUnavailable);
      }
      return ok({ status: 'ok' as const, database: app.database.kind, version: APP.version });
    },
  );
};
