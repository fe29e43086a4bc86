import { PROGRESS_MSG, type ProgressSharedApi } from '@zg/contract';
import { actorOf } from '../../platform/access';
import { serve, type ZodApp } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { auditDelay, delaysOf, delaysToAudit, requestDelay } from './delay.service';
import { WBS } from './progress.http';

/** Delay requests (延期) of either service. */
export function registerDelayRoutes(app: ZodApp, api: ProgressSharedApi) {
  const db = () => app.database.db;
  serve(app, api.delays, WBS, async (req) => ok(await delaysOf(db(), actorOf(req), req.query.taskId)));
  serve(app, api.requestDelay, WBS, async (req) => {
    await requestDelay(db(), actorOf(req), app.clock, req.body);
    return ok(null, PROGRESS_MSG.submitted);
  });
  serve(app, api.auditDelay, WBS, async (req) => {
    await auditDelay(db(), actorOf(req), app.clock, req.body);
    return ok(null, PROGRESS_MSG.audited);
  });
  serve(app, api.delaysToAudit, WBS, async (req) => ok(await delaysToAudit(db(), actorOf(req), req.query)));
}
