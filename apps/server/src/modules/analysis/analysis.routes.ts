import { ANALYSIS_API as API, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import {
  chargeDepartments,
  departmentFinishRates,
  finishRanking,
  summaryTaskTypes,
  summaryYears,
  taskStatusAnalysis,
  tasksBehind,
} from './analysis.service';

const WBS = { menus: ['wbs', 'annualWbs'] } as const;

/** `/api/herm-wbs/targetTaskSummaryAnalysis` (ANALYSIS_API): status distribution, finish rates, ranking, drill-down. */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.taskStatusAnalysis, WBS, async (req) => ok(await taskStatusAnalysis(db(), actorOf(req), req.query)));
  serve(app, API.departmentTaskFinishRate, WBS, async (req) =>
    ok(await departmentFinishRates(db(), actorOf(req), req.query)),
  );
  serve(app, API.finishRankRate, WBS, async (req) => ok(await finishRanking(db(), actorOf(req), req.query)));
  serve(app, API.tasks, WBS, async (req) => {
    const { records, total } = await tasksBehind(db(), actorOf(req), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.taskTypeList, WBS, async (req) => ok(await summaryTaskTypes(db(), actorOf(req), req.query)));
  serve(app, API.yearList, WBS, async (req) => ok(await summaryYears(db(), actorOf(req), req.query)));
  serve(app, API.chargeDepartments, WBS, async (req) => ok(await chargeDepartments(db(), actorOf(req))));
};
