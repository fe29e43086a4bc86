import { ANNUAL_WBS_API as API, EXCEL_MSG, listReply, TASK_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { badRequest } from '../../platform/errors';
import { registerSharedRoutes, WBS } from './shared.routes';
import { excelPart } from './target-task.http';
import { exportTasks, importTasks, listChargers, taskTemplate } from './target-task.io';
import {
  act,
  listTasks,
  missionOf,
  renameTaskTypeBy,
  saveMission,
  taskTree,
  taskTypeList,
  taskVo,
} from './target-task.service';
import { listYearTargets } from './year-target.service';

/** One list-style page of a list held in memory. */
const pageOfList = <T>(all: T[], q: { pageNum: number; pageSize: number }) =>
  listReply(all.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize), all.length, q);

/**
 * `/api/herm-ndwbs` (ANNUAL_WBS_API): the year-target task module (年度目标分解). The same year targets, tasks, state
 * machine and rules as `/api/herm-wbs`, under the names of spec-1 section 7 and with list-style pages.
 */
export const annualWbsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // ---- year target tasks (年度目标) ----
  serve(app, API.yearTargets, WBS, async (req) => {
    const q = req.query;
    const { records, total } = await listYearTargets(db(), actorOf(req), {
      current: q.pageNum,
      size: q.pageSize,
      year: q.year,
      name: q.name,
    });
    return ok(listReply(records, total, q));
  });
  serve(app, API.topTasks, WBS, async (req) => {
    const q = req.query;
    const { records, total } = await listTasks(db(), actorOf(req), {
      kind: 'yearTask',
      yearTargetId: q.yearTargetId,
      topOnly: true,
      sort: 'asc',
      current: q.pageNum,
      size: q.pageSize,
    });
    return ok(listReply(records, total, q));
  });
  serve(app, API.taskTree, WBS, async (req) => ok(await taskTree(db(), actorOf(req), req.query.yearTargetId)));
  serve(app, API.inputExample, WBS, async (_req, reply) =>
    sendXlsx(reply, { name: '目标任务导入模板.xlsx', buffer: await taskTemplate() }),
  );
  serve(app, API.export, WBS, async (req, reply) =>
    sendXlsx(reply, { name: '目标任务.xlsx', buffer: await exportTasks(db(), actorOf(req), req.query.yearTargetId) }),
  );
  serve(app, API.import, WBS, async (req) => {
    const { buf, fields } = await excelPart(req);
    const yearTargetId = Number(fields.yearTargetId);
    if (!Number.isInteger(yearTargetId)) throw badRequest();
    const count = await importTasks(db(), actorOf(req), yearTargetId, buf);
    return ok({ count }, EXCEL_MSG.imported(count));
  });

  // ---- target tasks (averageLevelTarget) ----
  serve(app, API.tasks, WBS, async (req) => {
    const { pageNum, pageSize, ...q } = req.query;
    const { records, total } = await listTasks(db(), actorOf(req), { ...q, current: pageNum, size: pageSize });
    return ok(listReply(records, total, { pageNum, pageSize }));
  });
  serve(app, API.task, WBS, async (req) => ok(await taskVo(db(), actorOf(req), req.params.id)));
  serve(app, API.updateTaskStatus, WBS, async (req) => {
    const { id, action, ...input } = req.body;
    await act(db(), actorOf(req), id, action, input);
    return ok(null, action === 'push' ? TASK_MSG.pushed : TASK_MSG.done);
  });
  serve(app, API.withdrawTask, WBS, async (req) => {
    const { id, ...input } = req.body;
    await act(db(), actorOf(req), id, 'withdraw', input);
    return ok(null, TASK_MSG.done);
  });

  // ---- task types ----
  serve(app, API.taskTypes, WBS, async (req) => ok(pageOfList(await taskTypeList(db()), req.query)));
  serve(app, API.taskTypeUpdate, WBS, async (req) => {
    await renameTaskTypeBy(db(), actorOf(req), req.body.id, req.body.rwlxmc);
    return ok(null, TASK_MSG.taskTypeSaved);
  });

  // ---- chargers (部门负责人) ----
  serve(app, API.chargers, WBS, async (req) => ok(pageOfList(await listChargers(db(), req.query.bmid), req.query)));

  registerSharedRoutes(app, API);

  // ---- mission statements ----
  serve(app, API.mission, WBS, async (req) => ok(await missionOf(db(), actorOf(req), req.params.taskId)));
  serve(app, API.missionUpdate, WBS, async (req) => {
    await saveMission(db(), actorOf(req), req.body);
    return ok(null, TASK_MSG.missionSaved);
  });
};
