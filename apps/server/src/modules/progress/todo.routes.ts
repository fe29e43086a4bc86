import { envelope, TodoCountsSchema, TodoQuerySchema } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { WBS } from './progress.http';
import { todoCounts } from './todo.service';

/** `/api/herm-wbs/todo`: the home page's 待办, what waits for the signed-in user by each role they hold. */
export const todoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/counts',
    {
      config: WBS,
      schema: {
        tags: ['首页'],
        summary:
          '待办数量：按用户的角色（部门负责人、审核人、任务负责人）统计等待其处理的任务、报告与延期申请，与对应列表的条数一致 / to-do counts by role',
        querystring: TodoQuerySchema,
        response: { 200: envelope(TodoCountsSchema) },
      },
    },
    async (req) => ok(await todoCounts(app.database.db, actorOf(req), req.query.year)),
  );
};
