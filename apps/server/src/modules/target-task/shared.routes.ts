import { EXCEL_MSG, TASK_MSG, type TargetTaskSharedApi } from '@zg/contract';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve, type ZodApp } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { documentsOf, saveDocuments } from './target-task.documents';
import { excelPart } from './target-task.http';
import { addCharger, exportChargers, importChargers, removeCharger } from './target-task.io';
import { createTask, editTask, removeTask } from './target-task.service';
import { createYearTarget, divideTargetYear, editYearTarget, removeYearTarget } from './year-target.service';

/** Either target-task menu grants the module; records are checked again in the service. */
export const WBS = { menus: ['wbs', 'annualWbs'] } as const;

/**
 * The routes both target-task services offer under their own names (TARGET_TASK_API and ANNUAL_WBS_API share the
 * family): year-target and task writes, the year division of the year targets, the documents, and the department
 * chargers' writes. One handler each, so the two services cannot drift apart.
 */
export function registerSharedRoutes(app: ZodApp, api: TargetTaskSharedApi) {
  const db = () => app.database.db;
  const files = () => ({ db: app.database.db, hooks: app.hooks, store: app.fileStore, config: app.config });

  serve(app, api.yearTargetInsert, WBS, async (req) =>
    ok({ id: (await createYearTarget(db(), actorOf(req), req.body)).id }, '新增成功'),
  );
  serve(app, api.yearTargetUpdate, WBS, async (req) => {
    await editYearTarget(db(), actorOf(req), req.body.id, req.body.version, req.body);
    return ok(null, '修改成功');
  });
  serve(app, api.yearTargetDelete, WBS, async (req) => {
    await removeYearTarget(db(), actorOf(req), req.params.id);
    return ok(null, '删除成功');
  });
  serve(app, api.divideTargetYear, WBS, async (req) => ok(await divideTargetYear(db(), actorOf(req), req.query.year)));

  serve(app, api.taskInsert, WBS, async (req) =>
    ok({ id: (await createTask(db(), actorOf(req), req.body)).id }, '新增成功'),
  );
  serve(app, api.taskUpdate, WBS, async (req) => {
    await editTask(db(), actorOf(req), req.body.id, req.body.version, req.body);
    return ok(null, '修改成功');
  });
  serve(app, api.taskDelete, WBS, async (req) => {
    await removeTask(db(), actorOf(req), req.params.id);
    return ok(null, '删除成功');
  });

  serve(app, api.documentList, WBS, async (req) => ok(await documentsOf(files(), actorOf(req), req.query)));
  serve(app, api.documentSave, WBS, async (req) =>
    ok(await saveDocuments(files(), actorOf(req), req.body), TASK_MSG.filesSaved),
  );

  // ---- department chargers (部门负责人): the spec names the writes under both services ----
  serve(app, api.chargerInsert, WBS, async (req) => {
    await addCharger(db(), actorOf(req), req.body.bmid, req.body.fzrid);
    return ok(null, '新增成功');
  });
  serve(app, api.chargerDelete, WBS, async (req) => {
    await removeCharger(db(), actorOf(req), req.body.bmid, req.body.fzrid);
    return ok(null, '删除成功');
  });
  serve(app, api.chargerExport, WBS, async (req, reply) =>
    sendXlsx(reply, { name: '部门负责人.xlsx', buffer: await exportChargers(db(), req.query.bmid) }),
  );
  serve(app, api.chargerImport, WBS, async (req) => {
    const { buf } = await excelPart(req);
    const { count, kept } = await importChargers(db(), actorOf(req), buf);
    return ok({ count }, EXCEL_MSG.chargersImported(count, kept));
  });
}
