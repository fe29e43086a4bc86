import { PROGRESS_MSG, ROLE, type WarningApi } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { presentWarningType } from './warning.presenter';
import { listWarningTypes } from './warning.repository';
import {
  configHistory,
  configureWarnings,
  countWarnings,
  createWarningType,
  deleteWarning,
  editWarningType,
  removeWarningType,
  runWarningEvaluation,
  warningConditionsOf,
  warningRecords,
  warningTasks,
} from './warning.service';

const WBS = { menus: ['wbs', 'annualWbs'] } as const;
const MANAGE = { roles: [ROLE.admin, ROLE.targetPublisher] } as const;
const ADMIN = { roles: [ROLE.admin] } as const;

/**
 * Warnings (预警) of tasks, warning types, conditions and the batch configuration, from either service's catalogue
 * (WARNING_API under herm-wbs, ANNUAL_WARNING_API under herm-ndwbs: two calls are named differently).
 */
export function warningRoutes(api: WarningApi): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.database.db;

    // ---- warnings (预警) ----
    serve(app, api.warningCounts, { menus: ['annualWbs'] }, async (req) =>
      ok(await countWarnings(db(), actorOf(req), 'total')),
    );
    serve(app, api.personalWarningCounts, { menus: ['annualWbsPersonal'] }, async (req) =>
      ok(await countWarnings(db(), actorOf(req), 'personal')),
    );
    serve(app, api.departmentWarningCounts, { menus: ['annualWbsDepartment'] }, async (req) =>
      ok(await countWarnings(db(), actorOf(req), 'department')),
    );
    serve(app, api.warningTasks, WBS, async (req) => ok(await warningTasks(db(), actorOf(req), req.query)));
    serve(app, api.taskWarnings, WBS, async (req) => ok(await warningRecords(db(), actorOf(req), req.query.taskId)));
    serve(app, api.deleteWarning, WBS, async (req) => {
      await deleteWarning(db(), actorOf(req), app.clock, req.body.id);
      return ok(null, PROGRESS_MSG.warningDeleted);
    });
    serve(app, api.evaluate, ADMIN, async (req) => {
      const done = await runWarningEvaluation(db(), actorOf(req), app.clock);
      return ok(done, PROGRESS_MSG.evaluated(done));
    });

    // ---- warning types, conditions and batch configuration ----
    serve(app, api.warningTypes, WBS, async () => ok((await listWarningTypes(db())).map(presentWarningType)));
    serve(app, api.warningTypeInsert, MANAGE, async (req) =>
      ok(presentWarningType(await createWarningType(db(), actorOf(req), req.body)), '新增成功'),
    );
    serve(app, api.warningTypeUpdate, MANAGE, async (req) => {
      await editWarningType(db(), actorOf(req), req.body.id, req.body);
      return ok(null, '修改成功');
    });
    serve(app, api.warningTypeDelete, MANAGE, async (req) => {
      await removeWarningType(db(), actorOf(req), req.params.id);
      return ok(null, '删除成功');
    });
    serve(app, api.conditions, WBS, async (req) => ok(await warningConditionsOf(db(), actorOf(req), req.query.taskId)));
    serve(app, api.conditionsInsert, MANAGE, async (req) => {
      await configureWarnings(db(), actorOf(req), [req.body.taskId], req.body.warningTypeIds);
      return ok(null, PROGRESS_MSG.configSaved);
    });
    serve(app, api.batchConfig, MANAGE, async (req) => {
      await configureWarnings(db(), actorOf(req), req.body.taskIds, req.body.warningTypeIds);
      return ok(null, PROGRESS_MSG.configSaved);
    });
    serve(app, api.configHistory, MANAGE, async (req) => ok(await configHistory(db(), req.query)));
  };
}
