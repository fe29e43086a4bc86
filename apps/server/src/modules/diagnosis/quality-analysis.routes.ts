import { ZNFX_API as API, listReply, ZNFX_MSG as M } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import * as analysis from './quality-analysis.service';

const IMPROVEMENT = { menus: ['improvement'] } as const;

/** `/api/herm-znfx` (智能分析, spec-2 §7.8): tasks by dimension, objects, QCP attainment, the cache, the school view. */
export const qualityAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const A = IMPROVEMENT;
  serve(app, API.tasks, A, async (req) => ok(await analysis.tasksByDimension(db(), actorOf(req), req.query)));
  serve(app, API.objects, A, async (req) => {
    const { list, total } = await analysis.objectsOfTask(db(), actorOf(req), req.query);
    return ok(listReply(list, total, req.query));
  });
  serve(app, API.quality, A, async (req) => ok(await analysis.qualityOfObject(db(), actorOf(req), req.query.dxrwid)));
  serve(app, API.cache, A, async (req) => {
    const r = await analysis.cacheTask(db(), actorOf(req), req.body.rwid);
    return ok(r, M.cached(r.n));
  });
  serve(app, API.heat, A, async (req) => ok(await analysis.heatTable(db(), actorOf(req), req.query.rwid)));
  serve(app, API.heatExport, A, async (req, reply) =>
    sendXlsx(reply, await analysis.heatWorkbook(db(), actorOf(req), req.query.rwid)),
  );
};
