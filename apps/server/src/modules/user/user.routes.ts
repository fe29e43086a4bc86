import { envelope, SystemSettingSchema } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { presentSystemSetting } from './user.presenter';
import { findSystemSetting } from './user.repository';

/** `/api/user`: the user service. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/systemSetting',
    {
      schema: {
        tags: ['用户服务'],
        summary: '系统配置（登录前可用） / system setting, public',
        response: { 200: envelope(SystemSettingSchema) },
      },
    },
    async () => ok(presentSystemSetting(await findSystemSetting(app.database.db))),
  );
};
