import { SELF_REPORT_API as API, SELF_REPORT_MSG as M, SELF_REPORT_SUMMARY_MSG as SM } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendDownload } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { explainSave, generateReport, listReports, reportDetail, submitReport } from './self-report.service';
import {
  discuss,
  discussion,
  rejectReport,
  reportWord,
  reviewQueue,
  reviewReport,
  shareReport,
  templateList,
} from './self-report-review.service';
import { startSummary, summaryJob, summaryWord, tasksToSummarise } from './self-report-summary.jobs';

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
  serve(app, API.expertReview, A, async (req) => {
    await reviewReport(db(), actorOf(req), app.clock, 'expert', req.body);
    return ok(null, M.reviewed);
  });
  serve(app, API.schoolReview, A, async (req) => {
    await reviewReport(db(), actorOf(req), app.clock, 'school', req.body);
    return ok(null, M.reviewed);
  });
  serve(app, API.reject, A, async (req) => {
    await rejectReport(db(), actorOf(req), app.clock, req.body);
    return ok(null, M.rejected);
  });
  serve(app, API.reviewQueue, A, async (req) => ok(await reviewQueue(db(), actorOf(req), req.body)));
  serve(app, API.selectDiscuss, A, async (req) => ok(await discussion(db(), actorOf(req), req.query.bgid)));
  serve(app, API.insertDiscuss, A, async (req) => {
    await discuss(db(), actorOf(req), app.clock, req.body);
    return ok(null, M.discussed);
  });
  serve(app, API.share, A, async (req) => {
    await shareReport(db(), actorOf(req), app.clock, req.body);
    return ok(null, M.shared);
  });
  serve(app, API.downloadWord, A, async (req, reply) =>
    sendDownload(reply, await reportWord(db(), actorOf(req), app.clock, req.query), DOCX),
  );
  serve(app, API.templateSelectList, A, async () => ok(await templateList(db())));
  serve(app, API.summaryTasks, A, async (req) => ok(await tasksToSummarise(app, actorOf(req))));
  serve(app, API.summaryStart, A, async (req) => ok(await startSummary(app, actorOf(req), req.body.rwid), SM.started));
  serve(app, API.summaryJob, A, async (req) => ok(await summaryJob(app, actorOf(req), req.query.id)));
  serve(app, API.summaryWord, A, async (req, reply) =>
    sendDownload(reply, await summaryWord(app, actorOf(req), req.query.id), DOCX),
  );
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
