import {
  envelope,
  PerformancePageSchema,
  PerformanceQuerySchema,
  PerformSituationQuerySchema,
  PerformSituationRowSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { contentDisposition } from '../files';
import { exportPerformance, performancePage, performSituation } from './performance.service';

const TAGS = ['绩效中心'];
/** The performance centre menu (绩效中心); rows are limited to the departments or tasks of the user. */
const PERFORMANCE = { access: { menus: ['performance'] } } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `/api/herm-zdgj/performance`: finished tasks with levels and audit results (spec-2 section 7.7). */
export const performanceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/report/selectPage',
    {
      config: PERFORMANCE,
      schema: {
        tags: TAGS,
        summary: '绩效考核：已完成的末级任务及其自评等级与审核结果，分页 / finished tasks with levels and audits',
        querystring: PerformanceQuerySchema,
        response: { 200: envelope(PerformancePageSchema) },
      },
    },
    async (req) => ok(await performancePage(app.database.db, actorOf(req), req.query)),
  );
};

/** `/api/herm-wbs/targetTaskDetail`: the appraisal per department or person, and the Excel export. */
export const performanceDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getPerformAccessDetailSituation',
    {
      config: PERFORMANCE,
      schema: {
        tags: TAGS,
        summary: '绩效考核汇总：按部门或按人员统计完成数、等级与审核结果 / appraisal per department or person',
        querystring: PerformSituationQuerySchema,
        response: { 200: envelope(z.array(PerformSituationRowSchema)) },
      },
    },
    async (req) => ok(await performSituation(app.database.db, actorOf(req), req.query)),
  );
  app.get(
    '/export',
    {
      config: PERFORMANCE,
      schema: {
        tags: TAGS,
        summary: '导出绩效考核（xlsx：绩效明细、部门汇总、个人汇总） / export the appraisal',
        querystring: PerformanceQuerySchema.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => {
      const { name, buffer } = await exportPerformance(app.database.db, actorOf(req), req.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', name))
        .send(buffer);
    },
  );
};
