import { PERFORMANCE_API as API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { exportPerformance, performancePage, performSituation } from './performance.service';

/** The performance centre menu (绩效中心); rows are limited to the departments or tasks of the user. */
const PERFORMANCE = { menus: ['performance'] } as const;

/** `/api/herm-zdgj/performance` (PERFORMANCE_API.page): finished tasks with levels and audit results (spec-2 7.7). */
export const performanceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.page, PERFORMANCE, async (req) => ok(await performancePage(app.database.db, actorOf(req), req.query)));
};

/** `/api/herm-wbs/targetTaskDetail`: the appraisal per department or person, and the Excel export. */
export const performanceDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.situation, PERFORMANCE, async (req) =>
    ok(await performSituation(app.database.db, actorOf(req), req.query)),
  );
  serve(app, API.export, PERFORMANCE, async (req, reply) => {
    return sendXlsx(reply, await exportPerformance(app.database.db, actorOf(req), req.query));
  });
};
