import { DATA_COLLECTION_API as API, COLLECTION_MSG as M } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { excelUpload } from '../../platform/excel';
import * as tasks from './collection-task.service';
import * as constants from './constant.service';
import { COLLECTION_ROLES } from './data-collection.policy';
import * as excel from './fill-excel.service';
import * as rows from './fill-rows.service';
import * as sync from './fill-sync.service';
import * as fills from './fill-task.service';
import * as forms from './form.service';

/** Reading forms, directories and constants: whoever has the 数据采集 menu, and the collection administrators. */
const READ = { menus: ['dataCollection'], roles: COLLECTION_ROLES } as const;
/** Designing forms, keeping constants, starting tasks and syncing: administrators and the data office. */
const KEEP = { roles: COLLECTION_ROLES } as const;
/**
 * Fill tasks and their rows: any signed-in user, since a task names its fillers and auditor person by person (an
 * auditor need not hold the menu); each route checks the fill task's filler or auditor by the rules table.
 */
const PERSON = { session: true } as const;

/** `/api/herm-sjcj`: data collection (DATA_COLLECTION_API). */
export const dataCollectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const clock = () => app.clock;

  // ---- form directories ----
  serve(app, API.directoryTree, READ, async () => ok(await forms.directoryTree(db())));
  serve(app, API.directoryInsert, KEEP, async (req) =>
    ok(await forms.createDirectory(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.directoryUpdate, KEEP, async (req) =>
    ok(await forms.editDirectory(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.directoryDelete, KEEP, async (req) => {
    await forms.removeDirectory(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });

  // ---- forms ----
  serve(app, API.formList, READ, async (req) => ok(await forms.formList(db(), actorOf(req), req.query)));
  serve(app, API.formGet, READ, async (req) => ok(await forms.formGet(db(), actorOf(req), req.params.id)));
  serve(app, API.formInsert, KEEP, async (req) => ok(await forms.createForm(db(), actorOf(req), req.body), M.created));
  serve(app, API.formUpdate, KEEP, async (req) => ok(await forms.editForm(db(), actorOf(req), req.body), M.saved));
  serve(app, API.formDelete, KEEP, async (req) => {
    await forms.removeForm(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
  serve(app, API.formPublish, KEEP, async (req) => {
    const { form, version } = await forms.publishForm(db(), actorOf(req), req.params.id);
    return ok(form, M.published(version));
  });

  // ---- constants ----
  serve(app, API.constantTypeList, READ, async () => ok(await constants.constantTypeList(db())));
  serve(app, API.constantTypeInsert, KEEP, async (req) =>
    ok(await constants.saveConstantType(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.constantTypeUpdate, KEEP, async (req) =>
    ok(await constants.saveConstantType(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.constantTypeDelete, KEEP, async (req) => {
    await constants.removeConstantType(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
  serve(app, API.constantList, READ, async (req) => ok(await constants.constantList(db(), req.query.typeId)));
  serve(app, API.constantInsert, KEEP, async (req) =>
    ok(await constants.saveConstant(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.constantUpdate, KEEP, async (req) =>
    ok(await constants.saveConstant(db(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.constantsDelete, KEEP, async (req) => {
    await constants.removeConstants(db(), actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });
  serve(app, API.constantTemplate, READ, async (_req, reply) => sendXlsx(reply, await constants.constantTemplate()));
  serve(app, API.constantImport, KEEP, async (req) => {
    const { upload } = await excelUpload(req);
    const count = await constants.importConstants(db(), actorOf(req), upload);
    return ok({ count }, `已导入 ${count} 个常量`);
  });

  // ---- tasks ----
  serve(app, API.taskList, KEEP, async (req) => ok(await tasks.taskList(db(), actorOf(req))));
  serve(app, API.taskInsert, KEEP, async (req) => ok(await tasks.createTask(db(), actorOf(req), req.body), M.created));
  serve(app, API.taskUpdate, KEEP, async (req) => ok(await tasks.editTask(db(), actorOf(req), req.body), M.saved));
  serve(app, API.taskDelete, KEEP, async (req) => {
    await tasks.removeTask(db(), actorOf(req), req.params.id);
    return ok(null, M.deleted);
  });
  serve(app, API.closeOutdated, KEEP, async (req) => {
    const closed = await tasks.closeOutdated(db(), clock(), actorOf(req).userId);
    return ok({ closed }, M.closedCount(closed));
  });

  // ---- fill tasks ----
  serve(app, API.fillTaskList, PERSON, async (req) => ok(await fills.fillList(db(), clock(), actorOf(req), req.query)));
  serve(app, API.fillTaskCounts, PERSON, async (req) =>
    ok(await fills.fillCounts(db(), clock(), actorOf(req), req.query)),
  );
  serve(app, API.fillTaskCommit, PERSON, async (req) =>
    ok(await fills.act(db(), app.hooks, clock(), actorOf(req), req.params.id, 'commit'), '提交成功'),
  );
  serve(app, API.fillTaskWithdraw, PERSON, async (req) =>
    ok(await fills.act(db(), app.hooks, clock(), actorOf(req), req.params.id, 'withdraw'), '已撤回'),
  );
  serve(app, API.fillTaskAudit, PERSON, async (req) =>
    ok(
      await fills.act(
        db(),
        app.hooks,
        clock(),
        actorOf(req),
        req.params.id,
        req.body.pass ? 'pass' : 'reject',
        req.body.opinion,
      ),
      req.body.pass ? '审核通过' : '已退回',
    ),
  );
  serve(app, API.fillTaskRollback, PERSON, async (req) =>
    ok(await fills.act(db(), app.hooks, clock(), actorOf(req), req.body.id, 'rollback', req.body.opinion), '已回退'),
  );

  // ---- allocations ----
  serve(app, API.allocationList, KEEP, async (req) =>
    ok(await fills.allocationList(db(), clock(), actorOf(req), req.query.taskId)),
  );
  serve(app, API.allocationAudit, PERSON, async (req) =>
    ok(
      await fills.actMany(
        db(),
        app.hooks,
        clock(),
        actorOf(req),
        req.body.ids,
        req.body.pass ? 'pass' : 'reject',
        req.body.opinion,
      ),
      req.body.pass ? '审核通过' : '已退回',
    ),
  );
  serve(app, API.allocationRollback, PERSON, async (req) =>
    ok(
      await fills.actMany(db(), app.hooks, clock(), actorOf(req), req.body.ids, 'rollback', req.body.opinion),
      '已回退',
    ),
  );

  serve(app, API.allocationExport, KEEP, async (req, reply) =>
    sendXlsx(reply, await excel.exportAllocations(db(), actorOf(req), req.query)),
  );

  // ---- datas ----
  serve(app, API.dataQuery, PERSON, async (req) => ok(await rows.queryRows(db(), actorOf(req), req.query.fillTaskId)));
  serve(app, API.dataSave, PERSON, async (req) =>
    ok(await rows.saveRows(db(), clock(), actorOf(req), req.body), M.saved),
  );
  serve(app, API.dataUnique, PERSON, async (req) => ok(await rows.checkUnique(db(), actorOf(req), req.query)));
  serve(app, API.dataTemplate, PERSON, async (req, reply) =>
    sendXlsx(reply, await excel.dataTemplate(db(), actorOf(req), req.query.fillTaskId)),
  );
  serve(app, API.dataImport, PERSON, async (req) => {
    const { upload } = await excelUpload(req);
    const count = await excel.importData(db(), clock(), actorOf(req), req.query.fillTaskId, upload);
    return ok({ count }, M.imported(count));
  });
  serve(app, API.dataSync, KEEP, async (req) => {
    const rows = await sync.syncTask(db(), app.hooks, actorOf(req), req.body.taskId);
    return ok({ rows }, M.synced(rows));
  });
};
