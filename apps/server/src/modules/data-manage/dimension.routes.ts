import { DIMENSION_API as API, listReply, DIMENSION_MSG as M } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx, streamDownload } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { excelUpload } from '../../platform/excel';
import { WAREHOUSE_ROLES } from './data-manage.policy';
import { departmentDuty, dutiesByType, saveDuties } from './department-duty.service';
import {
  createObject,
  createType,
  editObject,
  editType,
  importObjects,
  objectDetail,
  objectExport,
  objectList,
  objectTemplate,
  removeObjects,
  removeType,
  typeList,
} from './dimension.service';

/** Reading dimensions: whoever has the 数据管理 menu, and the data keepers. */
const READ = { menus: ['dataManagement'], roles: WAREHOUSE_ROLES } as const;
/** Keeping them (types, objects, imports, responsibilities): administrators and the data office. */
const KEEP = { roles: WAREHOUSE_ROLES } as const;

/** `/api/herm-sjgl/dimension` and `/api/herm-sjgl/departmentDuty` (DIMENSION_API). */
export const dimensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  serve(app, API.types, READ, async (req) => {
    const { list, total } = await typeList(db(), req.query);
    return ok(listReply(list, total, req.query));
  });
  serve(app, API.typeInsert, KEEP, async (req) => ok(await createType(db(), actorOf(req), req.body), M.created));
  serve(app, API.typeUpdate, KEEP, async (req) =>
    ok(await editType(db(), actorOf(req), req.body.id, req.body), M.saved),
  );
  serve(app, API.typeDelete, KEEP, async (req) => {
    await removeType(db(), actorOf(req), req.body.id);
    return ok(null, M.deleted);
  });

  serve(app, API.objects, READ, async (req) => {
    const q = req.query;
    const { list, total } = await objectList(db(), { ...q, typeId: q.wdid, parentId: q.sjid });
    return ok(listReply(list, total, q));
  });
  serve(app, API.detail, READ, async (req) => ok(await objectDetail(db(), req.query.id)));
  serve(app, API.insert, KEEP, async (req) => ok(await createObject(db(), actorOf(req), req.body), M.created));
  serve(app, API.update, KEEP, async (req) => ok(await editObject(db(), actorOf(req), req.body), M.saved));
  serve(app, API.delete, KEEP, async (req) => {
    await removeObjects(db(), actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });
  serve(app, API.upload, KEEP, async (req) => {
    const { upload } = await excelUpload(req);
    const result = await importObjects(db(), actorOf(req), upload);
    return ok(result, M.imported(result.count));
  });
  serve(app, API.template, READ, async (_req, reply) => {
    return sendXlsx(reply, await objectTemplate(db()));
  });
  serve(app, API.download, READ, async (req, reply) => streamDownload(req, reply, await objectExport(db(), req.query)));

  serve(app, API.dutyOfDepartment, READ, async (req) => ok(await departmentDuty(db(), req.query.bmid)));
  serve(app, API.dutyByType, READ, async (req) => {
    const { list, total } = await dutiesByType(db(), req.query);
    return ok(listReply(list, total, req.query));
  });
  serve(app, API.dutySave, KEEP, async (req) => ok(await saveDuties(db(), actorOf(req), req.body), M.saved));
};
