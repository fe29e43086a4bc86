import { PROGRESS_API as API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { WBS } from './progress.http';
import { todoCounts } from './todo.service';

/** `/api/herm-wbs/todo`: the home page's 待办, what waits for the signed-in user by each role they hold. */
export const todoRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.todoCounts, WBS, async (req) => ok(await todoCounts(app.database.db, actorOf(req), req.query.year)));
};
