import { DEPARTMENT_VERSION_API as API, DEPARTMENT_VERSION_MSG as M, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { WAREHOUSE_ROLES } from './data-manage.policy';
import {
  createVersion,
  editVersion,
  enableVersion,
  removeVersion,
  theEnabledVersion,
  versionDepartments,
  versionPage,
} from './department-version.service';

/** Reading the versions: whoever has the 数据管理 menu, and the keepers. */
const READ = { menus: ['dataManagement'], roles: WAREHOUSE_ROLES } as const;
/** Keeping them: administrators and the data office. */
const KEEP = { roles: WAREHOUSE_ROLES } as const;

/** `/api/herm-sjgl/departmentVersion` (DEPARTMENT_VERSION_API). */
export const departmentVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  serve(app, API.versionPage, READ, async (req) => {
    const { records, total } = await versionPage(db(), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.versionEnabled, READ, async () => ok(await theEnabledVersion(db())));
  serve(app, API.versionDepartments, READ, async (req) => ok(await versionDepartments(db(), req.params.id)));
  serve(app, API.versionInsert, KEEP, async (req) => {
    const v = await createVersion(db(), actorOf(req), req.body);
    return ok(v, M.created(v.bms));
  });
  serve(app, API.versionUpdate, KEEP, async (req) =>
    ok(await editVersion(db(), actorOf(req), req.body.id, req.body), M.saved),
  );
  serve(app, API.versionDelete, KEEP, async (req) => {
    await removeVersion(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
  serve(app, API.versionEnable, KEEP, async (req) => {
    const v = await enableVersion(db(), actorOf(req), req.params.id);
    return ok(v, M.enabled(v.bbmc));
  });
};
