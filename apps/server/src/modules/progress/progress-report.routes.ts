import {
  AuditQuerySchema,
  AuditReportPageSchema,
  envelope,
  PeriodSchema,
  PROGRESS_MSG,
  ReportAuditSchema,
  ReportInputSchema,
  ReportSchema,
  ReportUpdateSchema,
  SituationCatalogSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { Id, type ProgressPaths, TAGS, TaskId, WBS } from './progress.http';
import {
  auditReport,
  listReports,
  periodsOf,
  reportsToAudit,
  reviseReport,
  situationCatalog,
  submitReport,
  withdrawReport,
} from './progress-report.service';

/** Progress reports (进度报告) under the given paths (herm-wbs and herm-ndwbs names). */
export function progressReportRoutes(paths: ProgressPaths): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.database.db;

    // ---- reports (进度报告) ----

    app.get(
      paths.periods,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的报告周期与进度状态（圆点） / periods with schedule status',
          querystring: TaskId,
          response: { 200: envelope(z.array(PeriodSchema)) },
        },
      },
      async (req) => ok(await periodsOf(db(), actorOf(req), app.clock, req.query.taskId)),
    );

    app.get(
      paths.reports,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的进度报告 / reports of a task',
          querystring: TaskId,
          response: { 200: envelope(z.array(ReportSchema)) },
        },
      },
      async (req) => ok(await listReports(db(), actorOf(req), req.query.taskId)),
    );

    app.post(
      paths.submitReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '提交进度报告（过程/结果，附件为已上传文件id） / submit a report',
          body: ReportInputSchema,
          response: { 200: envelope(z.object({ id: z.number().int() })) },
        },
      },
      async (req) =>
        ok({ id: (await submitReport(db(), actorOf(req), app.clock, req.body)).id }, PROGRESS_MSG.submitted),
    );

    app.post(
      paths.updateReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '修改审核中的报告（提交人） / revise a report under review',
          body: ReportUpdateSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await reviseReport(db(), actorOf(req), req.body);
        return ok(null, PROGRESS_MSG.updated);
      },
    );

    app.post(
      paths.withdrawReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '撤回审核中的报告（提交人） / withdraw a report under review',
          params: Id,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await withdrawReport(db(), actorOf(req), app.clock, req.params.id);
        return ok(null, PROGRESS_MSG.withdrawn);
      },
    );

    app.post(
      paths.auditReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '审核进度报告：pass / childPass / reject（需原因） / audit a report',
          body: ReportAuditSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await auditReport(db(), actorOf(req), app.clock, req.body);
        return ok(null, PROGRESS_MSG.audited);
      },
    );

    app.get(
      paths.reportsToAudit,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '我审核的任务的进度报告（默认待审核） / reports on the tasks I audit',
          querystring: AuditQuerySchema,
          response: { 200: envelope(AuditReportPageSchema) },
        },
      },
      async (req) => ok(await reportsToAudit(db(), actorOf(req), req.query)),
    );
  };
}

/**
 * `/api/herm-wbs/targetTaskDetail`: the situation catalogue of a task for its detail page (getDetailSituationCatalog,
 * spec-1 section 7); a task the user does not see answers as a missing one.
 */
export const situationCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getDetailSituationCatalog',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务的进度目录：各周期、结果报告及其报告 / the situation catalogue of a task',
        querystring: TaskId,
        response: { 200: envelope(SituationCatalogSchema) },
      },
    },
    async (req) => ok(await situationCatalog(app.database.db, actorOf(req), app.clock, req.query.taskId)),
  );
};
