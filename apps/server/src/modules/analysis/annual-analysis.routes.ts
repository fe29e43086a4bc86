import { ANALYSIS_API as API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { exportAnalyse, findAnalyse, findAnalyseDepartment, gatherAnalyse, queryGrid } from './annual-analysis.service';

/** The annual-wbs menu (and the target-task menu) grant the analysis; rows are limited to the tasks the user sees. */
const ANNUAL = { menus: ['annualWbs', 'wbs'] } as const;

/** `/api/herm-ndwbs/analysis` (ANALYSIS_API): gathered, per year target, per department, the grid, the export. */
export const annualAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.gatherAnaylse, ANNUAL, async (req) => ok(await gatherAnalyse(db(), actorOf(req), req.query)));
  serve(app, API.findAnalyse, ANNUAL, async (req) => ok(await findAnalyse(db(), actorOf(req), req.query)));
  serve(app, API.findAnalyseDepartemnt, ANNUAL, async (req) =>
    ok(await findAnalyseDepartment(db(), actorOf(req), req.query)),
  );
  serve(app, API.queryGrid, ANNUAL, async (req) => ok(await queryGrid(db(), actorOf(req), req.query)));
  serve(app, API.export, ANNUAL, async (req, reply) => {
    return sendXlsx(reply, await exportAnalyse(db(), actorOf(req), req.query));
  });
};
