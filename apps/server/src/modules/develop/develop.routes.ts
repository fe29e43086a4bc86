import { DEVELOP_API as API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { developOverview } from './develop.service';

/** The 发展中心 menu; the tasks in it are those the user sees (target-task's visibility). */
const DEVELOP = { menus: ['developCenter'] } as const;

/** `/api/herm-xxjk/develop` (DEVELOP_API). */
export const developRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.overview, DEVELOP, async (req) => ok(await developOverview(app.database.db, actorOf(req), req.query)));
};
