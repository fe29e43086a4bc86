import { RIVAL_ANALYSIS_API as API, DOUBLE_HIGH_API as DH, RIVAL_MSG as M } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { excelUpload } from '../../platform/excel';
import { doubleHighUnits, doubleHighYears } from './double-high.service';
import { figuresExport, figuresTemplate, importFigures, importUnits, unitsExport, unitsTemplate } from './rival.excel';
import { doubleComparison, rivalAverage, rivalOverview, rivalRank, rivalTrend, setOwnSchool } from './rival.service';
import { KEEP, READ } from './rival-analysis.policy';

/** 对标分析 (rivalAnalysis) and 双高 (doubleHigh) under school monitoring herm-xxjk. */
export const rivalAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.querySchoolRival, READ, async (req) => ok(await rivalOverview(db(), actorOf(req), req.body)));
  serve(app, API.queryTrendAnalysis, READ, async (req) => ok(await rivalTrend(db(), actorOf(req), req.query)));
  serve(app, API.queryRankAnalysis, READ, async (req) => ok(await rivalRank(db(), actorOf(req), req.query)));
  serve(app, API.queryAVGAnalysis, READ, async (req) => ok(await rivalAverage(db(), actorOf(req), req.query)));
  serve(app, API.queryDoubleSchool, READ, async (req) => ok(await doubleComparison(db(), req.query)));
  serve(app, API.updateOwnSchool, KEEP, async (req) =>
    ok(await setOwnSchool(db(), actorOf(req), req.body.schoolCode), M.ownSchoolSaved),
  );
  serve(app, API.upload, KEEP, async (req) => {
    const { upload } = await excelUpload(req);
    const result = await importFigures(db(), actorOf(req), upload);
    return ok(result, M.imported(result.count));
  });
  serve(app, API.template, READ, async (_req, reply) => sendXlsx(reply, await figuresTemplate()));
  serve(app, API.download, READ, async (_req, reply) => sendXlsx(reply, await figuresExport(db())));

  serve(app, DH.queryYear, READ, async () => ok(await doubleHighYears(db())));
  serve(app, DH.getHighSchoolCode, READ, async (req) => ok(await doubleHighUnits(db(), actorOf(req), req.query)));
  serve(app, DH.upload, KEEP, async (req) => {
    const { upload } = await excelUpload(req);
    const result = await importUnits(db(), actorOf(req), upload);
    return ok(result, M.imported(result.count));
  });
  serve(app, DH.template, READ, async (_req, reply) => sendXlsx(reply, await unitsTemplate()));
  serve(app, DH.download, READ, async (req, reply) => sendXlsx(reply, await unitsExport(db(), req.query.year)));
};

/** Registered by app.ts under `/api`. */
export const rivalAnalysisPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(rivalAnalysisRoutes, { prefix: '/herm-xxjk' });
};
