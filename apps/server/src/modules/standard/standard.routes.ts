import { STANDARD_API as API, STANDARD_MSG as M, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { excelUpload } from '../../platform/excel';
import * as authority from './standard-authority.service';
import * as depot from './standard-depot.service';
import * as excel from './standard-excel.service';
import { tasksOfNode } from './standard-qcp.query';
import * as recycle from './standard-recycle.service';
import * as systems from './standard-system.service';
import * as tree from './standard-tree.service';

/**
 * Everyone with the 目标标准 menu reaches the routes; what they may do with a system is its authority (the service
 * checks it for every route that takes a system, a node, a grant or a recycle batch: 403 otherwise).
 */
const MENU = { menus: ['standard'] } as const;

/** `/api/herm-mbbz`: standard systems (STANDARD_API). */
export const standardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const hooks = app.hooks;

  // ---- systems ----
  serve(app, API.abilities, MENU, async (req) => ok(systems.abilities(actorOf(req))));
  serve(app, API.targetPage, MENU, async (req) => {
    const { records, total } = await systems.pageSystems(db(), actorOf(req), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.targetGet, MENU, async (req) => ok(await systems.getSystem(db(), actorOf(req), req.query.id)));
  serve(app, API.targetInsert, MENU, async (req) =>
    ok(await systems.createSystem(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.targetUpdate, MENU, async (req) =>
    ok(await systems.editSystem(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.targetPublish, MENU, async (req) =>
    ok(await systems.publishSystem(db(), actorOf(req), req.params.id), M.published),
  );
  serve(app, API.targetDelete, MENU, async (req) => {
    await systems.deleteSystem(db(), hooks, actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
  serve(app, API.targetUsage, MENU, async (req) =>
    ok(await systems.systemUsage(db(), hooks, actorOf(req), req.query.id)),
  );
  serve(app, API.copyTargetFull, MENU, async (req) => {
    const copy = await systems.copyTargetFull(db(), actorOf(req), req.params.id);
    return ok(copy, M.copied(copy.name));
  });
  serve(app, API.getTargetFull, MENU, async (req) => ok(await tree.getTargetFull(db(), actorOf(req), req.query.id)));

  // ---- authority ----
  serve(app, API.authorityList, MENU, async (req) =>
    ok(await authority.authorityList(db(), actorOf(req), req.query.systemId)),
  );
  serve(app, API.authorityInsert, MENU, async (req) =>
    ok(await authority.authorityInsert(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.authorityUpdate, MENU, async (req) =>
    ok(await authority.authorityUpdate(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.authorityDelete, MENU, async (req) => {
    await authority.authorityDelete(db(), actorOf(req), req.params.id);
    return ok(null, M.saved);
  });

  // ---- the catalogue ----
  serve(app, API.calRules, MENU, async (req) => ok(await tree.calRuleOptions(db(), req.query.name)));
  serve(app, API.detailRules, MENU, async (req) => ok(await tree.detailRuleOptions(db(), req.query.name)));
  serve(app, API.catalogGet, MENU, async (req) => ok(await tree.getNode(db(), actorOf(req), req.query.id)));
  serve(app, API.nodeTasks, MENU, async (req) => ok(await tasksOfNode(db(), hooks, actorOf(req), req.query.id)));
  serve(app, API.catalogInsert, MENU, async (req) => {
    const change = await tree.insertNode(db(), hooks, actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.catalogUpdate, MENU, async (req) => {
    const change = await tree.updateNode(db(), hooks, actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.catalogMove, MENU, async (req) => {
    const change = await tree.moveNode(db(), hooks, actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.catalogDelete, MENU, async (req) => {
    const change = await tree.deleteNode(db(), hooks, actorOf(req), req.params.id);
    return ok(change, change.message);
  });

  // ---- Excel ----
  serve(app, API.qualityTemplate, MENU, async (_req, reply) => sendXlsx(reply, await excel.templateFile()));
  serve(app, API.qualityImport, MENU, async (req) => {
    const { upload, fields } = await excelUpload(req);
    const checked = await excel.checkQuality(db(), actorOf(req), upload, excel.uploadTargetOf(fields));
    return ok(checked, checked.message);
  });
  serve(app, API.persistQuality, MENU, async (req) => {
    const { upload, fields } = await excelUpload(req);
    const change = await excel.persistQuality(db(), hooks, actorOf(req), upload, excel.uploadTargetOf(fields));
    return ok(change, change.message);
  });
  serve(app, API.qualityExport, MENU, async (req, reply) =>
    sendXlsx(reply, await excel.exportQuality(db(), actorOf(req), req.query.systemId)),
  );

  // ---- task depot ----
  serve(app, API.depotList, MENU, async (req) => ok(await depot.depotList(db(), actorOf(req), req.query)));
  serve(app, API.depotGet, MENU, async (req) => ok(await depot.depotGet(db(), actorOf(req), req.query.id)));
  serve(app, API.depotSave, MENU, async (req) =>
    ok(await depot.depotSave(db(), actorOf(req), req.body.nodeId), M.created),
  );
  serve(app, API.depotUse, MENU, async (req) => {
    const change = await depot.depotUse(db(), actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.depotDelete, MENU, async (req) => {
    await depot.depotDelete(db(), actorOf(req), req.params.id);
    return ok(null, M.depotDeleted);
  });

  // ---- recycle bin ----
  serve(app, API.recycleList, MENU, async (req) =>
    ok(await recycle.recycleList(db(), actorOf(req), req.query.systemId)),
  );
  serve(app, API.recovery, MENU, async (req) => {
    const change = await recycle.recover(db(), actorOf(req), req.body.batchId);
    return ok(change, change.message);
  });
  serve(app, API.recyclePurge, MENU, async (req) => {
    await recycle.purge(db(), actorOf(req), req.body.batchId);
    return ok(null, M.purged);
  });
};
