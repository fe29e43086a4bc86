import { INDICATOR_ANALYSIS_API as API } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { analysisRowSource } from '../diagnosis';
import * as svc from './indicator.service';

/**
 * Who may open 指标分析: whoever holds the 智能分析 menu; what they see is narrowed by their authority over the
 * diagnosis objects (indicator-facts.query.ts `analysisSeen`): every record is checked there, not here.
 */
export const READ = { menus: ['intelligentAnalysis'] } as const;

/** `/api/herm-znfx/indicatorAnalysis` (智能分析 is the analysis service, spec-2 §7; its znfx calls live there too). */
export const indicatorAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.tasks, READ, async (req) => ok(await svc.tasks(db(), actorOf(req))));
  serve(app, API.objects, READ, async (req) => ok(await svc.objects(db(), actorOf(req), req.query)));
  serve(app, API.movers, READ, async (req) => ok(await svc.movers(db(), actorOf(req), req.query)));
  serve(app, API.moverSource, READ, async (req) =>
    ok(await analysisRowSource(db(), app.algorithms, actorOf(req), req.query)),
  );
  serve(app, API.below, READ, async (req) => ok(await svc.below(db(), actorOf(req), req.query)));
  serve(app, API.indicators, READ, async (req) => ok(await svc.indicators(db(), actorOf(req), req.query.rwid)));
  serve(app, API.correlation, READ, async (req) => ok(await svc.correlation(db(), actorOf(req), req.query)));
};

/** Registered by app.ts under `/api`. */
export const indicatorAnalysisPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(indicatorAnalysisRoutes, { prefix: '/herm-znfx' });
};
