import { SELF_REPORT_API as API, SELF_REPORT_MSG as M } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { explainSave, generateReport, listReports, reportDetail, submitReport } from './self-report.service';

/** 质量报告's menu reaches every route; the report and its object task are checked in the service. */
const A = { menus: ['qualityReport'] } as const;

/** `/api/herm-zdgj/rest/report`: the self-diagnosis reports (SELF_REPORT_API). */
export const selfReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.selectPage, A, async (req) => ok(await listReports(db(), actorOf(req), req.query)));
  serve(app, API.selectById, A, async (req) => ok(await reportDetail(db(), actorOf(req), app.clock, req.query.bgid)));
  serve(app, API.generate, A, async (req) =>
    ok(await generateReport(db(), actorOf(req), app.clock, req.body), M.generated),
  );
  serve(app, API.explainSave, A, async (req) => {
    await explainSave(db(), actorOf(req), app.clock, req.body);
    return ok(null, M.explained);
  });
  serve(app, API.submit, A, async (req) => {
    await submitReport(db(), actorOf(req), app.clock, req.body.bgid);
    return ok(null, M.submitted);
  });
};
