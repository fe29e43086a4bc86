import {
  AnalysisQuerySchema,
  AnalysisTaskPageSchema,
  AnalysisTasksQuerySchema,
  DepartmentRateSchema,
  envelope,
  StatusCountSchema,
  SummaryDepartmentSchema,
  SummaryOptionsQuerySchema,
  SummaryTaskTypeSchema,
  SummaryYearSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
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
  app.get(
    '/tasks',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary:
          '图中数字背后的任务（与图同范围、同筛选；figure/rwzt/departmentId 为点击处） / the tasks behind a figure, paged',
        querystring: AnalysisTasksQuerySchema,
        response: { 200: envelope(AnalysisTaskPageSchema) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await tasksBehind(db(), actorOf(req), q);
      return ok({ records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) });
    },
  );
  app.get(
    '/taskTypeList',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '汇总分析任务类型列表（含该页面范围内的末级任务数） / summary-analysis task types with counts',
        querystring: SummaryOptionsQuerySchema,
        response: { 200: envelope(z.array(SummaryTaskTypeSchema)) },
      },
    },
    async (req) => ok(await summaryTaskTypes(db(), actorOf(req), req.query)),
  );
  app.get(
    '/yearList',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '汇总分析任务年份（该页面范围内有任务的年份，新的在前） / years with tasks in scope',
        querystring: SummaryOptionsQuerySchema,
        response: { 200: envelope(z.array(SummaryYearSchema)) },
      },
    },
    async (req) => ok(await summaryYears(db(), actorOf(req), req.query)),
  );
  app.get(
    '/chargeDepartments',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '部门汇总分析的负责部门下拉（第一个为默认；负责人无则为“未知”） / charge departments with heads',
        response: { 200: envelope(z.array(SummaryDepartmentSchema)) },
      },
    },
    async (req) => ok(await chargeDepartments(db(), actorOf(req))),
  );
};
