import { TABLE_CONFIG_API as API, TABLE_CONFIG_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import {
  createTableConfig,
  getTableConfig,
  listTableConfigs,
  removeTableConfig,
  saveTableConfig,
} from './table-config.service';

/**
 * Collection forms belong to data collection; administrators reach them from data management. Everyone with either
 * menu reads every configuration; only its creator or an administrator changes it (table-config.policy.ts).
 */
const FORMS = { menus: ['dataCollection', 'dataManagement'] } as const;

/** `/api/herm-sjcj/tableConfiguration` (TABLE_CONFIG_API): table layouts of collection forms (spec-1 section 2). */
export const tableConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.list, FORMS, async (req) => ok(await listTableConfigs(db(), actorOf(req), req.query)));
  serve(app, API.get, FORMS, async (req) => ok(await getTableConfig(db(), actorOf(req), req.params.id)));
  serve(app, API.insert, FORMS, async (req) =>
    ok(await createTableConfig(db(), actorOf(req), req.body), TABLE_CONFIG_MSG.created),
  );
  serve(app, API.update, FORMS, async (req) =>
    ok(await saveTableConfig(db(), actorOf(req), req.body), TABLE_CONFIG_MSG.saved),
  );
  serve(app, API.delete, FORMS, async (req) => {
    await removeTableConfig(db(), actorOf(req), req.params.id);
    return ok(null, TABLE_CONFIG_MSG.deleted);
  });
};
