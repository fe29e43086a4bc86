import { QUALITY_WARNING_API as API, QUALITY_WARNING_MSG as M } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { warnGridWorkbook } from './quality-warning.excel';
import {
  caseList,
  caseOfRow,
  dispose,
  forecast,
  stepCase,
  trend,
  warnCounts,
  warnGrid,
  warnGridAll,
  warnList,
} from './quality-warning.service';

/** 诊断改进's menu reaches every route; the rows are checked in the services (the diagnosis module's visibility). */
const A = { menus: ['improvement'] } as const;

/** `/api/herm-zdgj`: the quality warnings' counts, record table, history, disposal, trend, forecast and cases. */
export const qualityWarningRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.selectWarningCount, A, async (req) => ok(await warnCounts(db(), actorOf(req), req.query)));
  serve(app, API.queryWarnCount, A, async (req) => ok(await warnCounts(db(), actorOf(req), {})));
  serve(app, API.queryWarnGrid, A, async (req) => ok(await warnGrid(db(), actorOf(req), req.query)));
  serve(app, API.exportWarnGrid, A, async (req, reply) =>
    sendXlsx(reply, await warnGridWorkbook(await warnGridAll(db(), actorOf(req), req.query))),
  );
  serve(app, API.queryWarnList, A, async (req) => ok(await warnList(db(), actorOf(req), req.query.zkdid)));
  serve(app, API.dispose, A, async (req) => ok(await dispose(db(), actorOf(req), app.clock, req.body), M.disposed));
  serve(app, API.trend, A, async (req) => ok(await trend(db(), actorOf(req), app.clock, req.query)));
  serve(app, API.forecast, A, async (req) => ok(await forecast(db(), actorOf(req), app.clock, req.query.zkdid)));
  serve(app, API.caseOfRow, A, async (req) => ok(await caseOfRow(db(), actorOf(req), app.clock, req.query.zkdid)));
  serve(app, API.caseStep, A, async (req) => {
    const c = await stepCase(db(), actorOf(req), app.clock, req.body);
    return ok(c, M.caseStepped(c.stepName));
  });
  serve(app, API.caseList, A, async (req) => ok(await caseList(db(), actorOf(req), app.clock, req.query)));
};
