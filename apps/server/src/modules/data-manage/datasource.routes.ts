import { DATASOURCE_API as API, DATASOURCE_MSG as M, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { secretBoxOf } from '../../platform/secret-box';
import { WAREHOUSE_ROLES } from './data-manage.policy';
import {
  createDataSource,
  dataSourcePage,
  editDataSource,
  removeDataSources,
  testDataSource,
} from './datasource.service';

/** Data sources hold where other databases are and how to sign in to them: administrators and the data office only. */
const KEEP = { roles: WAREHOUSE_ROLES } as const;

/** `/api/herm-sjgl/datasource` (DATASOURCE_API). */
export const dataSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  // The key is read (or generated) on first use, not at start: a server that never keeps a data source needs none.
  const box = () => secretBoxOf(app.config);

  serve(app, API.page, KEEP, async (req) => {
    const { records, total } = await dataSourcePage(db(), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.insert, KEEP, async (req) =>
    ok(await createDataSource(db(), box(), app.config, actorOf(req), req.body), M.created),
  );
  serve(app, API.update, KEEP, async (req) =>
    ok(await editDataSource(db(), box(), app.config, actorOf(req), req.body.id, req.body), M.saved),
  );
  serve(app, API.test, KEEP, async (req) => {
    const result = await testDataSource(db(), box(), app.config, actorOf(req), req.body);
    return ok(result, result.message);
  });
  serve(app, API.deleteBatch, KEEP, async (req) => {
    const count = await removeDataSources(db(), app.hooks, actorOf(req), req.body.ids);
    return ok({ count }, M.deletedCount(count));
  });
  serve(app, API.delete, KEEP, async (req) => {
    await removeDataSources(db(), app.hooks, actorOf(req), [req.params.id]);
    return ok(null, M.deleted);
  });
};
