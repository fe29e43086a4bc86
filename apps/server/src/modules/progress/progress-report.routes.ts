import { PROGRESS_API, PROGRESS_MSG, type ProgressSharedApi } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve, type ZodApp } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { WBS } from './progress.http';
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

/** Progress reports (进度报告) of either service (PROGRESS_API and ANNUAL_PROGRESS_API name them differently). */
export function registerReportRoutes(app: ZodApp, api: ProgressSharedApi) {
  const db = () => app.database.db;
  serve(app, api.periods, WBS, async (req) => ok(await periodsOf(db(), actorOf(req), app.clock, req.query.taskId)));
  serve(app, api.reports, WBS, async (req) => ok(await listReports(db(), actorOf(req), req.query.taskId)));
  serve(app, api.submitReport, WBS, async (req) =>
    ok({ id: (await submitReport(db(), actorOf(req), app.clock, req.body)).id }, PROGRESS_MSG.submitted),
  );
  serve(app, api.updateReport, WBS, async (req) => {
    await reviseReport(db(), actorOf(req), req.body);
    return ok(null, PROGRESS_MSG.updated);
  });
  serve(app, api.withdrawReport, WBS, async (req) => {
    await withdrawReport(db(), actorOf(req), app.clock, req.params.id);
    return ok(null, PROGRESS_MSG.withdrawn);
  });
  serve(app, api.auditReport, WBS, async (req) => {
    await auditReport(db(), actorOf(req), app.clock, req.body);
    return ok(null, PROGRESS_MSG.audited);
  });
  serve(app, api.reportsToAudit, WBS, async (req) => ok(await reportsToAudit(db(), actorOf(req), req.query)));
}

/**
 * `/api/herm-wbs/targetTaskDetail`: the situation catalogue of a task for its detail page (getDetailSituationCatalog,
 * spec-1 section 7); a task the user does not see answers as a missing one.
 */
export const situationCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, PROGRESS_API.situationCatalog, WBS, async (req) =>
    ok(await situationCatalog(app.database.db, actorOf(req), app.clock, req.query.taskId)),
  );
};
