import {
  envelope,
  FindAnalyseDepartmentRowSchema,
  FindAnalyseRowSchema,
  GatherAnalyseSchema,
  GridQuerySchema,
  GridSchema,
  NdAnalysisQuerySchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { contentDisposition } from '../files';
import { exportAnalyse, findAnalyse, findAnalyseDepartment, gatherAnalyse, queryGrid } from './annual-analysis.service';

const TAGS = ['年度目标分解分析'];
/** The annual-wbs menu (and the target-task menu) grant the analysis; rows are limited to the tasks the user sees. */
const ANNUAL = { access: { menus: ['annualWbs', 'wbs'] } } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `/api/herm-ndwbs/analysis`: gathered analysis, per year target, per department, the grid, and their export. */
export const annualAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.get(
    '/gatherAnaylse',
    {
      config: ANNUAL,
      schema: {
        tags: TAGS,
        summary: '汇总分析：末级任务总数、完成、逾期、预警，按任务类型 / gathered analysis',
        querystring: NdAnalysisQuerySchema,
        response: { 200: envelope(GatherAnalyseSchema) },
      },
    },
    async (req) => ok(await gatherAnalyse(db(), actorOf(req), req.query)),
  );
  app.get(
    '/findAnalyse',
    {
      config: ANNUAL,
      schema: {
        tags: TAGS,
        summary: '按年度目标分析 / analysis per year target',
        querystring: NdAnalysisQuerySchema,
        response: { 200: envelope(z.array(FindAnalyseRowSchema)) },
      },
    },
    async (req) => ok(await findAnalyse(db(), actorOf(req), req.query)),
  );
  app.get(
    '/findAnalyseDepartemnt',
    {
      config: ANNUAL,
      schema: {
        tags: TAGS,
        summary: '按部门分析（含完成率排名） / analysis per department with rank',
        querystring: NdAnalysisQuerySchema,
        response: { 200: envelope(z.array(FindAnalyseDepartmentRowSchema)) },
      },
    },
    async (req) => ok(await findAnalyseDepartment(db(), actorOf(req), req.query)),
  );
  app.get(
    '/queryGrid',
    {
      config: ANNUAL,
      schema: {
        tags: TAGS,
        summary: '分析表格：部门（分页）× 年度目标，单元格为已完成/任务数与完成率 / the analysis grid',
        querystring: GridQuerySchema,
        response: { 200: envelope(GridSchema) },
      },
    },
    async (req) => ok(await queryGrid(db(), actorOf(req), req.query)),
  );
  app.get(
    '/export',
    {
      config: ANNUAL,
      schema: {
        tags: TAGS,
        summary: '导出分析（xlsx：汇总、按年度目标、按部门、分析表格） / export the analyses to Excel',
        querystring: NdAnalysisQuerySchema,
      },
    },
    async (req, reply) => {
      const { name, buffer } = await exportAnalyse(db(), actorOf(req), req.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', name))
        .send(buffer);
    },
  );
};
