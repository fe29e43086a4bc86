import { AnalysisQuerySchema, DepartmentRateSchema, envelope, StatusCountSchema } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { departmentFinishRates, finishRanking, taskStatusAnalysis } from './analysis.service';

const TAGS = ['汇总分析'];
const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;

/** `/api/herm-wbs/targetTaskSummaryAnalysis`: status distribution, finish rate per department, finish ranking. */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.get(
    '/taskStatusAnalysis',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务状态分布（末级任务） / task status distribution',
        querystring: AnalysisQuerySchema,
        response: {
          200: envelope(z.object({ list: z.array(StatusCountSchema), total: z.number().int(), note: z.string() })),
        },
      },
    },
    async (req) => ok(await taskStatusAnalysis(db(), actorOf(req), req.query)),
  );
  app.get(
    '/departmentTaskFinishRate',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '部门任务完成率 / finish rate per department',
        querystring: AnalysisQuerySchema,
        response: { 200: envelope(z.array(DepartmentRateSchema)) },
      },
    },
    async (req) => ok(await departmentFinishRates(db(), actorOf(req), req.query)),
  );
  app.get(
    '/finishRankRate',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '完成率排名 / finish ranking',
        querystring: AnalysisQuerySchema,
        response: { 200: envelope(z.array(DepartmentRateSchema)) },
      },
    },
    async (req) => ok(await finishRanking(db(), actorOf(req), req.query)),
  );
};
