import { STANDARD_API as API, STANDARD_MSG as M, MSG, pageReply, QualityUploadFieldsSchema } from '@zg/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { badRequest } from '../../platform/errors';
import { excelUpload } from '../../platform/excel';
import { contentDisposition } from '../files';
import * as svc from './standard.service';
import { standardTemplate } from './standard-excel.template';
import { workbookBuffer } from './standard-excel.writer';

/**
 * Everyone with the 目标标准 menu reaches the routes; what they may do with a system is its authority (the service
 * checks it for every route that takes a system, a node, a grant or a recycle batch: 403 otherwise).
 */
const MENU = { menus: ['standard'] } as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendXlsx(reply: FastifyReply, file: { name: string; bytes: Buffer }) {
  return reply
    .header('content-type', XLSX)
    .header('content-length', String(file.bytes.length))
    .header('content-disposition', contentDisposition('attachment', file.name))
    .send(file.bytes);
}

/** The form fields sent with the workbook: which system, or the new one's name, dimension and years. */
function uploadTarget(fields: Record<string, string | undefined>) {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = QualityUploadFieldsSchema.safeParse(given);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.invalidInput);
  return parsed.data;
}

/** `/api/herm-mbbz`: standard systems (STANDARD_API). */
export const standardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // ---- systems ----
  serve(app, API.abilities, MENU, async (req) => ok(svc.abilities(actorOf(req))));
  serve(app, API.targetPage, MENU, async (req) => {
    const { records, total } = await svc.pageSystems(db(), actorOf(req), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.targetGet, MENU, async (req) => ok(await svc.getSystem(db(), actorOf(req), req.query.id)));
  serve(app, API.targetInsert, MENU, async (req) =>
    ok(await svc.createSystem(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.targetUpdate, MENU, async (req) => ok(await svc.editSystem(db(), actorOf(req), req.body), M.saved));
  serve(app, API.targetPublish, MENU, async (req) =>
    ok(await svc.publishSystem(db(), actorOf(req), req.params.id), M.published),
  );
  serve(app, API.targetDelete, MENU, async (req) => {
    await svc.deleteSystem(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
  serve(app, API.targetUsage, MENU, async (req) => ok(await svc.systemUsage(db(), actorOf(req), req.query.id)));
  serve(app, API.copyTargetFull, MENU, async (req) => {
    const copy = await svc.copyTargetFull(db(), actorOf(req), req.params.id);
    return ok(copy, M.copied(copy.name));
  });
  serve(app, API.getTargetFull, MENU, async (req) => ok(await svc.getTargetFull(db(), actorOf(req), req.query.id)));

  // ---- authority ----
  serve(app, API.authorityList, MENU, async (req) =>
    ok(await svc.authorityList(db(), actorOf(req), req.query.systemId)),
  );
  serve(app, API.authorityInsert, MENU, async (req) =>
    ok(await svc.authorityInsert(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.authorityUpdate, MENU, async (req) =>
    ok(await svc.authorityUpdate(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.authorityDelete, MENU, async (req) => {
    await svc.authorityDelete(db(), actorOf(req), req.params.id);
    return ok(null, M.saved);
  });

  // ---- the catalogue ----
  serve(app, API.calRules, MENU, async (req) => ok(await svc.calRuleOptions(db(), req.query.name)));
  serve(app, API.catalogGet, MENU, async (req) => ok(await svc.getNode(db(), actorOf(req), req.query.id)));
  serve(app, API.catalogInsert, MENU, async (req) => {
    const change = await svc.insertNode(db(), actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.catalogUpdate, MENU, async (req) => {
    const change = await svc.updateNode(db(), actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.catalogMove, MENU, async (req) => {
    const change = await svc.moveNode(db(), actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.catalogDelete, MENU, async (req) => {
    const change = await svc.deleteNode(db(), actorOf(req), req.params.id);
    return ok(change, change.message);
  });

  // ---- Excel ----
  serve(app, API.qualityTemplate, MENU, async (_req, reply) =>
    sendXlsx(reply, { name: '目标标准导入模板.xlsx', bytes: await workbookBuffer(standardTemplate()) }),
  );
  serve(app, API.qualityImport, MENU, async (req) => {
    const { upload, fields } = await excelUpload(req);
    const checked = await svc.checkQuality(db(), actorOf(req), upload, uploadTarget(fields));
    return ok(checked, checked.message);
  });
  serve(app, API.persistQuality, MENU, async (req) => {
    const { upload, fields } = await excelUpload(req);
    const change = await svc.persistQuality(db(), actorOf(req), upload, uploadTarget(fields));
    return ok(change, change.message);
  });
  serve(app, API.qualityExport, MENU, async (req, reply) =>
    sendXlsx(reply, await svc.exportQuality(db(), actorOf(req), req.query.systemId)),
  );

  // ---- task depot ----
  serve(app, API.depotList, MENU, async (req) => ok(await svc.depotList(db(), actorOf(req), req.query)));
  serve(app, API.depotGet, MENU, async (req) => ok(await svc.depotGet(db(), actorOf(req), req.query.id)));
  serve(app, API.depotSave, MENU, async (req) =>
    ok(await svc.depotSave(db(), actorOf(req), req.body.nodeId), M.created),
  );
  serve(app, API.depotUse, MENU, async (req) => {
    const change = await svc.depotUse(db(), actorOf(req), req.body);
    return ok(change, change.message);
  });
  serve(app, API.depotDelete, MENU, async (req) => {
    await svc.depotDelete(db(), actorOf(req), req.params.id);
    return ok(null, M.depotDeleted);
  });

  // ---- recycle bin ----
  serve(app, API.recycleList, MENU, async (req) => ok(await svc.recycleList(db(), actorOf(req), req.query.systemId)));
  serve(app, API.recovery, MENU, async (req) => {
    const change = await svc.recover(db(), actorOf(req), req.body.batchId);
    return ok(change, change.message);
  });
  serve(app, API.recyclePurge, MENU, async (req) => {
    await svc.purge(db(), actorOf(req), req.body.batchId);
    return ok(null, M.purged);
  });
};
