import { TARGET_TASK_API as API, EXCEL_MSG, pageReply, TASK_MSG, type TaskAction } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { badRequest } from '../../platform/errors';
import { cycleTypeOptions } from '../data-manage';
import { publishedQcps } from '../standard';
import { registerSharedRoutes, WBS } from './shared.routes';
import { excelPart } from './target-task.http';
import { exportLastLevelTasks, exportTasks, importTasks, listChargers, taskTemplate } from './target-task.io';
import {
  act,
  departmentsWithChargers,
  lastLevelTasks,
  listTasks,
  taskDetail,
  taskTree,
  taskTypeList,
  taskVo,
} from './target-task.service';
import { catalogue, listYearTargets, moveYearTarget, yearTargetOptions } from './year-target.service';

/** The transitions with a path of their own (`targetTask/:id/<action>`, `targetTaskAudit/:id/<path>`). */
const ACTIONS: [typeof API.push, TaskAction][] = [
  [API.push, 'push'],
  [API.withdraw, 'withdraw'],
  [API.accept, 'accept'],
  [API.goBack, 'goBack'],
  [API.resolve, 'resolve'],
  [API.decompose, 'decompose'],
  [API.auditSubmit, 'define'],
  [API.auditPass, 'pass'],
  [API.auditRefuse, 'refuse'],
];

/** `/api/herm-wbs` (TARGET_TASK_API): year targets and target tasks, resource style. */
export const targetTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  serve(app, API.taskTypeList, WBS, async () => ok(await taskTypeList(db())));
  serve(app, API.template, WBS, async (_req, reply) =>
    sendXlsx(reply, { name: '目标任务导入模板.xlsx', buffer: await taskTemplate() }),
  );
  serve(app, API.exportTaskDetail, WBS, async (req, reply) =>
    sendXlsx(reply, { name: '目标任务.xlsx', buffer: await exportTasks(db(), actorOf(req), req.query.yearTargetId) }),
  );
  serve(app, API.import, WBS, async (req) => {
    const { buf, fields } = await excelPart(req);
    const yearTargetId = Number(fields.yearTargetId);
    if (!Number.isInteger(yearTargetId)) throw badRequest();
    const count = await importTasks(db(), actorOf(req), yearTargetId, buf);
    return ok({ count }, EXCEL_MSG.imported(count));
  });
  serve(app, API.chargers, WBS, async (req) => ok(await listChargers(db(), req.query.bmid)));

  registerSharedRoutes(app, API);

  serve(app, API.yearTargetPage, WBS, async (req) => {
    const q = req.query;
    const { records, total } = await listYearTargets(db(), actorOf(req), { ...q, mine: q.mine === 'true' });
    return ok(pageReply(records, total, q));
  });
  serve(app, API.yearTargetOptions, WBS, async (req) => ok(await yearTargetOptions(db(), actorOf(req))));
  serve(app, API.taskPage, WBS, async (req) => {
    const { records, total } = await listTasks(db(), actorOf(req), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.taskTree, WBS, async (req) => ok(await taskTree(db(), actorOf(req), req.query.yearTargetId)));
  serve(app, API.task, WBS, async (req) => ok(await taskDetail(db(), actorOf(req), req.params.id)));

  for (const [e, action] of ACTIONS) {
    serve(app, e, WBS, async (req) => {
      await act(db(), actorOf(req), req.params.id, action, req.body);
      return ok(null, action === 'push' ? TASK_MSG.pushed : TASK_MSG.done);
    });
  }

  // The cycle types stay where they are read today (another change moves them into data management).
  serve(app, API.cycleTypeList, WBS, async () => ok(await cycleTypeOptions(db())));
  serve(app, API.moveYearTarget, WBS, async (req) => {
    await moveYearTarget(db(), actorOf(req), req.body.id, req.body.direction);
    return ok(null, TASK_MSG.moved);
  });
  serve(app, API.cooperationTasks, WBS, async (req) => {
    const { scope, ...q } = req.query;
    const kind = scope === 'mine' ? 'myCoopTask' : 'departmentCoopTask';
    const { records, total } = await listTasks(db(), actorOf(req), { ...q, kind });
    return ok(pageReply(records, total, q));
  });
  serve(app, API.taskVo, WBS, async (req) => ok(await taskVo(db(), actorOf(req), req.query.id)));
  serve(app, API.catalogue, WBS, async (req) => ok(await catalogue(db(), actorOf(req), req.query.year)));
  serve(app, API.lastLevelPage, WBS, async (req) => {
    const { records, total } = await lastLevelTasks(db(), actorOf(req), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.lastLevelExport, WBS, async (req, reply) =>
    sendXlsx(reply, { name: '末级任务明细.xlsx', buffer: await exportLastLevelTasks(db(), actorOf(req), req.query) }),
  );
  serve(app, API.departments, WBS, async () => ok(await departmentsWithChargers(db())));
  serve(app, API.qcpOptions, WBS, async () => ok(await publishedQcps(db())));
};
