import {
  ChargerSchema,
  EXCEL_MSG,
  envelope,
  int32,
  listOf,
  MissionInputSchema,
  MissionSchema,
  PagingQuerySchema,
  TASK_ACTIONS,
  TASK_MSG,
  TaskActionInputSchema,
  TaskCardSchema,
  TaskQuerySchema,
  TaskStatusUpdateSchema,
  TaskTypeInputSchema,
  TaskTypeSchema,
  TaskVoSchema,
  YearTargetSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { badRequest } from '../../platform/errors';
import { registerChargerWrites } from './charger.routes';
import { Id, registerSharedRoutes, WBS } from './shared.routes';
import { excelPart, sendXlsx } from './target-task.http';
import { exportTasks, importTasks, listChargers, taskTemplate } from './target-task.io';
import {
  act,
  listTasks,
  listYearTargets,
  missionOf,
  renameTaskTypeBy,
  saveMission,
  taskTree,
  taskTypeList,
  taskVo,
} from './target-task.service';

const TAGS = ['年度目标分解'];
const TaskPaging = z.object({
  pageNum: int32().min(1).default(1).describe('页码 / page number'),
  pageSize: int32().min(1).max(1000).default(10).describe('每页条数 / page size'),
});
const YearTargetId = z.object({ yearTargetId: int32() });
const list = <T>(items: T[], total: number, q: { pageNum: number; pageSize: number }) => ({
  list: items,
  total,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
});

/**
 * `/api/herm-ndwbs`: the year-target task module (年度目标分解). The same year targets, tasks, state machine and
 * rules as `/api/herm-wbs`, under the names of spec-1 section 7 and with list-style pages.
 */
export const annualWbsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const _files = () => ({ db: app.database.db, store: app.fileStore, config: app.config });

  // ---- year target tasks (年度目标) ----
  app.get(
    '/yearTargetTask/select',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '年度目标列表（分页） / year targets, paged',
        querystring: PagingQuerySchema.extend({
          year: int32().optional(),
          name: z.string().max(60).optional(),
        }),
        response: { 200: envelope(listOf(YearTargetSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await listYearTargets(db(), actorOf(req), {
        current: q.pageNum,
        size: q.pageSize,
        year: q.year,
        name: q.name,
      });
      return ok(list(records, total, q));
    },
  );

  app.get(
    '/yearTargetTask/selectTop',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '年度目标的顶层任务（分页） / top-level tasks of a year target',
        querystring: TaskPaging.extend(YearTargetId.shape),
        response: { 200: envelope(listOf(TaskCardSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await listTasks(db(), actorOf(req), {
        kind: 'yearTask',
        yearTargetId: q.yearTargetId,
        topOnly: true,
        sort: 'asc',
        current: q.pageNum,
        size: q.pageSize,
      });
      return ok(list(records, total, q));
    },
  );

  app.get(
    '/yearTargetTask/selectTree',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '年度目标的任务树（平铺，含 parentId） / the task tree of a year target',
        querystring: YearTargetId,
        response: { 200: envelope(z.array(TaskCardSchema)) },
      },
    },
    async (req) => ok(await taskTree(db(), actorOf(req), req.query.yearTargetId)),
  );

  app.get(
    '/yearTargetTask/inputExample',
    { config: WBS, schema: { tags: TAGS, summary: '下载任务导入样例（xlsx） / the task import example' } },
    async (_req, reply) => sendXlsx(reply, '目标任务导入模板.xlsx', await taskTemplate()),
  );

  app.get(
    '/yearTargetTask/export',
    {
      config: WBS,
      schema: { tags: TAGS, summary: '导出年度目标的任务（xlsx） / export the tasks', querystring: YearTargetId },
    },
    async (req, reply) =>
      sendXlsx(reply, '目标任务.xlsx', await exportTasks(db(), actorOf(req), req.query.yearTargetId)),
  );

  app.post(
    '/yearTargetTask/import',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '导入任务（multipart：yearTargetId，然后 file；有错则全部不导入） / import tasks, all or nothing',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (req) => {
      const { buf, fields } = await excelPart(req);
      const yearTargetId = Number(fields.yearTargetId);
      if (!Number.isInteger(yearTargetId)) throw badRequest();
      const count = await importTasks(db(), actorOf(req), yearTargetId, buf);
      return ok({ count }, EXCEL_MSG.imported(count));
    },
  );

  // ---- target tasks (averageLevelTarget) ----
  app.get(
    '/averageLevelTarget/select',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务列表（按页面类型 kind 与筛选条件；按用户可见范围） / task cards, paged',
        querystring: TaskQuerySchema.omit({ current: true, size: true }).extend(TaskPaging.shape),
        response: { 200: envelope(listOf(TaskCardSchema)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...q } = req.query;
      const { records, total } = await listTasks(db(), actorOf(req), { ...q, current: pageNum, size: pageSize });
      return ok(list(records, total, { pageNum, pageSize }));
    },
  );

  app.get(
    '/averageLevelTarget/:id',
    {
      config: WBS,
      schema: { tags: TAGS, summary: '任务完整信息 / a task', params: Id, response: { 200: envelope(TaskVoSchema) } },
    },
    async (req) => ok(await taskVo(db(), actorOf(req), req.params.id)),
  );

  app.post(
    '/averageLevelTarget/updateTaskStauts',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: `更新任务状态：按动作名执行一次状态迁移（${Object.keys(TASK_ACTIONS).join('/')}） / run a named transition`,
        body: TaskStatusUpdateSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const { id, action, ...input } = req.body;
      await act(db(), actorOf(req), id, action, input);
      return ok(null, action === 'push' ? TASK_MSG.pushed : TASK_MSG.done);
    },
  );

  app.post(
    '/averageLevelTarget/withdrawTask',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '撤回已下发未接收的任务 / withdraw a pushed task',
        body: TaskActionInputSchema.extend({ id: int32().positive() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const { id, ...input } = req.body;
      await act(db(), actorOf(req), id, 'withdraw', input);
      return ok(null, TASK_MSG.done);
    },
  );

  // ---- task types ----
  app.get(
    '/yearTargetTaskType/select',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务类型列表 / task types',
        querystring: PagingQuerySchema,
        response: { 200: envelope(listOf(TaskTypeSchema)) },
      },
    },
    async (req) => {
      const types = await taskTypeList(db());
      const q = req.query;
      return ok(list(types.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize), types.length, q));
    },
  );

  app.post(
    '/yearTargetTaskType/update',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '修改任务类型名称（A-D 四类固定） / rename a task type',
        body: TaskTypeInputSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await renameTaskTypeBy(db(), actorOf(req), req.body.id, req.body.rwlxmc);
      return ok(null, TASK_MSG.taskTypeSaved);
    },
  );

  // ---- chargers (部门负责人) ----
  app.get(
    '/chargers/select',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '部门负责人（fzrid/bmid）列表 / department chargers',
        querystring: PagingQuerySchema.extend({ bmid: z.string().max(32).optional() }),
        response: { 200: envelope(listOf(ChargerSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      const all = await listChargers(db(), q.bmid);
      return ok(list(all.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize), all.length, q));
    },
  );

  registerChargerWrites(app, '/chargers', TAGS, WBS);
  registerSharedRoutes(
    app,
    { yearTarget: '/yearTargetTask', task: '/averageLevelTarget', documentList: '/targetTaskFile/select' },
    TAGS,
  );

  // ---- documents and mission statements ----
  app.get(
    '/missionStatement/:taskId',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务的任务书 / the mission statement of a task',
        params: z.object({ taskId: int32().positive() }),
        response: { 200: envelope(MissionSchema) },
      },
    },
    async (req) => ok(await missionOf(db(), actorOf(req), req.params.taskId)),
  );

  app.post(
    '/missionStatement/update',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '保存任务书 / save the mission statement',
        body: MissionInputSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await saveMission(db(), actorOf(req), req.body);
      return ok(null, TASK_MSG.missionSaved);
    },
  );
};
