import { REPORT_API as API, pageReply, REPORT_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendDownload } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { REPORT_ADMIN_ROLES } from './report.policy';
import {
  auditTargetReport,
  createCover,
  createTemplate,
  editTemplate,
  generateReport,
  listCovers,
  listTemplates,
  makeDefaultCover,
  removeCover,
  removeTemplates,
  reportByTask,
  reportDetail,
  reportDocx,
  reportPage,
  submitAudit,
  updateLevelSelf,
} from './report.service';

/** Reading templates, covers and reports: the target-task menus, and the performance centre that links to reports. */
const READ = { menus: ['wbs', 'annualWbs', 'performance'] } as const;
/** Working on reports (generate, rate, submit, audit): the target-task menus; records are checked in the service. */
const WBS = { menus: ['wbs', 'annualWbs'] } as const;
/** Keeping templates and covers: administrators and target publishers. */
const ADMIN = { roles: REPORT_ADMIN_ROLES } as const;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** `/api/herm-wbs`: report templates, covers, and the report of a task with its rating, audit and Word download (REPORT_API). */
export const targetReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // ---- templates ----
  serve(app, API.templatePage, READ, async (req) =>
    ok(pageReply(...page(await listTemplates(db(), req.query)), req.query)),
  );
  serve(app, API.templateInsert, ADMIN, async (req) => ok(await createTemplate(db(), actorOf(req), req.body)));
  serve(app, API.templateUpdate, ADMIN, async (req) => {
    await editTemplate(db(), actorOf(req), req.body.id, req.body);
    return ok(null);
  });
  serve(app, API.templatesDelete, ADMIN, async (req) => {
    await removeTemplates(db(), actorOf(req), req.body.ids);
    return ok(null);
  });

  // ---- covers ----
  serve(app, API.coverPage, READ, async (req) => ok(pageReply(...page(await listCovers(db(), req.query)), req.query)));
  serve(app, API.coverInsert, ADMIN, async (req) => ok(await createCover(db(), actorOf(req), req.body)));
  serve(app, API.coverDelete, ADMIN, async (req) => {
    await removeCover(db(), actorOf(req), req.params.id);
    return ok(null);
  });
  serve(app, API.coverDefault, ADMIN, async (req) => {
    await makeDefaultCover(db(), actorOf(req), req.params.id);
    return ok(null, REPORT_MSG.defaultSet);
  });

  // ---- reports ----
  serve(app, API.reportPage, READ, async (req) =>
    ok(pageReply(...page(await reportPage(db(), actorOf(req), req.query)), req.query)),
  );
  serve(app, API.reportByTask, READ, async (req) => ok(await reportByTask(db(), actorOf(req), req.query.taskId)));
  serve(app, API.reportById, READ, async (req) => ok(await reportDetail(db(), actorOf(req), req.query.id)));
  serve(app, API.generate, WBS, async (req) =>
    ok(await generateReport(db(), actorOf(req), app.clock, req.body), REPORT_MSG.generated),
  );
  serve(app, API.rate, WBS, async (req) => {
    await updateLevelSelf(db(), actorOf(req), req.body);
    return ok(null, REPORT_MSG.levelSaved);
  });
  serve(app, API.submit, WBS, async (req) => {
    await submitAudit(db(), actorOf(req), app.clock, req.body);
    return ok(null, REPORT_MSG.submitted);
  });
  serve(app, API.audit, WBS, async (req) => {
    await auditTargetReport(db(), actorOf(req), app.clock, req.body);
    return ok(null, REPORT_MSG.audited);
  });
  serve(app, API.download, READ, async (req, reply) => {
    return sendDownload(reply, await reportDocx(db(), actorOf(req), req.query.id), DOCX);
  });
};

const page = <T>(r: { records: T[]; total: number }) => [r.records, r.total] as const;
