import { DIAGNOSIS_BULK_API as API, DIAGNOSIS_BULK_MSG as B, BULK_ACTION_NAMES } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { excelUpload } from '../../platform/excel';
import { bulkJob, startBulk } from './object-bulk.jobs';
import { bulkNow } from './object-bulk.service';
import { refreshSummaries } from './quality-analysis.repository';
import * as excel from './quality-excel.service';

const IMPROVEMENT = { menus: ['improvement'] } as const;

/** `/api/herm-zdgj/rest/obj/...` in bulk (issue 31 item 5): up / down lists, their jobs, the Excel round trip. */
export const objectBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const A = IMPROVEMENT;
  for (const [endpoint, action] of [
    [API.upList, 'up'],
    [API.downList, 'down'],
  ] as const) {
    serve(app, endpoint, A, async (req) => {
      const r = await bulkNow(db(), actorOf(req), action, req.body.ids);
      await refreshSummaries(db(), req.body.ids);
      return ok(r, B.done(BULK_ACTION_NAMES[action], r.n));
    });
  }
  serve(app, API.asyncUpList, A, async (req) => ok(await startBulk(app, actorOf(req), 'up', req.body.ids)));
  serve(app, API.asyncDownList, A, async (req) => ok(await startBulk(app, actorOf(req), 'down', req.body.ids)));
  serve(app, API.bulkJob, A, async (req) => ok(await bulkJob(app, actorOf(req), req.query.id)));

  serve(app, API.template, A, async (_req, reply) => sendXlsx(reply, await excel.templateFile()));
  serve(app, API.download, A, async (req, reply) =>
    sendXlsx(reply, await excel.downloadFile(db(), actorOf(req), req.query)),
  );
  serve(app, API.uploadCheckout, A, async (req) => {
    const { upload } = await excelUpload(req);
    const checked = await excel.uploadCheckout(db(), actorOf(req), req.query.rwid, upload);
    return ok(checked, checked.message);
  });
  serve(app, API.uploadSynchronization, A, async (req) => {
    const { upload } = await excelUpload(req);
    const { message, ...done } = await excel.uploadSynchronization(db(), actorOf(req), req.query.rwid, upload);
    return ok(done, message);
  });
};
