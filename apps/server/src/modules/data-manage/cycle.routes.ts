import { CYCLE_API as API, CYCLE_MSG as M, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import {
  changeDefault,
  changeHidden,
  createCycleValue,
  cyclePage,
  cyclesByTypeName,
  cycleTypeList,
  cycleTypeOptions,
  editCycleValue,
  removeCycleValues,
} from './cycle.service';
import { WAREHOUSE_ROLES } from './data-manage.policy';

/** The option lists feed every cycle picker of the product: any signed-in user reads them. */
const PICK = { session: true } as const;
/** The 周期管理 list: whoever has the 数据管理 menu, and the keepers. */
const READ = { menus: ['dataManagement'], roles: WAREHOUSE_ROLES } as const;
/** Keeping the values: administrators and the data office. */
const KEEP = { roles: WAREHOUSE_ROLES } as const;

/** `/api/herm-sjgl`: cycle types and cycle values (CYCLE_API). */
export const cycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  serve(app, API.cycleTypes, PICK, async () => ok(await cycleTypeList(db())));
  serve(app, API.cycleTypesWithValues, PICK, async () => ok(await cycleTypeOptions(db())));
  serve(app, API.cyclesByTypeName, PICK, async (req) => ok(await cyclesByTypeName(db(), req.query.typeName)));

  serve(app, API.cyclePage, READ, async (req) => {
    const { records, total } = await cyclePage(db(), app.hooks, req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.cycleInsert, KEEP, async (req) =>
    ok(await createCycleValue(db(), app.hooks, actorOf(req), req.body), M.created),
  );
  serve(app, API.cycleUpdate, KEEP, async (req) =>
    ok(await editCycleValue(db(), app.hooks, actorOf(req), req.body), M.saved),
  );
  serve(app, API.cycleDelete, KEEP, async (req) => {
    await removeCycleValues(db(), app.hooks, actorOf(req), [req.params.id]);
    return ok(null, M.deleted);
  });
  serve(app, API.cyclesDelete, KEEP, async (req) => {
    await removeCycleValues(db(), app.hooks, actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });
  serve(app, API.cycleDefault, KEEP, async (req) => {
    const v = await changeDefault(db(), app.hooks, actorOf(req), req.params.id);
    return ok(v, v.defaultsStatus ? M.defaultSet(v.cycleNumber) : M.defaultCleared(v.cycleNumber));
  });
  serve(app, API.cycleHide, KEEP, async (req) => {
    const v = await changeHidden(db(), app.hooks, actorOf(req), req.params.id);
    return ok(v, v.hideStatus ? M.hidden(v.cycleNumber) : M.shown(v.cycleNumber));
  });
};
