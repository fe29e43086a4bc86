import { QUALITY_VIEW_API as API, FILE_MSG, QUALITY_VIEW_MSG as V } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { rowDetailData } from './quality-detail.service';
import { saveAnalysis, saveRowFiles } from './quality-view.service';

const IMPROVEMENT = { menus: ['improvement'] } as const;

/** The monitoring views' calls (QUALITY_VIEW_API): a row's 明细数据, 分析与改进 and its attachments by stage. */
export const qualityViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.detail, IMPROVEMENT, async (req) =>
    ok(await rowDetailData(db(), app.algorithms, actorOf(req), req.query)),
  );
  serve(app, API.analysisSave, IMPROVEMENT, async (req) =>
    ok(await saveAnalysis(db(), actorOf(req), req.body), V.analysisSaved),
  );
  serve(app, API.uploadFileList, IMPROVEMENT, async (req) =>
    ok(
      await saveRowFiles(
        { db: db(), hooks: app.hooks, store: app.fileStore, config: app.config },
        actorOf(req),
        req.body,
      ),
      FILE_MSG.importSuccess,
    ),
  );
};
