import {
  CatalogNodeSchema,
  ChargerSchema,
  CycleTypeSchema,
  DepartManageSchema,
  EXCEL_MSG,
  envelope,
  int32,
  MoveYearTargetSchema,
  pageOf,
  TASK_ACTIONS,
  TASK_MSG,
  type TaskAction,
  TaskActionInputSchema,
  TaskCardSchema,
  TaskDetailQuerySchema,
  TaskQuerySchema,
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
import { exportLastLevelTasks, exportTasks, importTasks, listChargers, taskTemplate } from './target-task.io';
import {
  act,
  catalogue,
  cycleTypeList,
  departmentsWithChargers,
  lastLevelTasks,
  listTasks,
  listYearTargets,
  moveYearTarget,
  taskDetail,
  taskTree,
  taskTypeList,
  taskVo,
  yearTargetOptions,
} from './target-task.service';

const TAGS = ['目标任务管理'];

/** `/api/herm-wbs`: year targets and target tasks, resource style. */
export const targetTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const _files = () => ({ db: app.database.db, store: app.fileStore, config: app.config });

  app.get(
    '/taskType/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务类型列表 / task types',
        response: { 200: envelope(z.array(TaskTypeSchema)) },
      },
    },
    async () => ok(await taskTypeList(db())),
  );

  app.get(
    '/targetTask/template',
    { config: WBS, schema: { tags: TAGS, summary: '下载任务导入模板（xlsx） / the task import template' } },
    async (_req, reply) => sendXlsx(reply, '目标任务导入模板.xlsx', await taskTemplate()),
  );

  app.get(
    '/targetTask/exportTaskDetail',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '导出年度目标的任务（xlsx，与导入模板同列） / export tasks in the import layout',
        querystring: z.object({ yearTargetId: int32() }),
      },
    },
    async (req, reply) =>
      sendXlsx(reply, '目标任务.xlsx', await exportTasks(db(), actorOf(req), req.query.yearTargetId)),
  );

  app.post(
    '/targetTask/import',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary:
          '导入任务（multipart：yearTargetId，然后 file；逐行校验，有错则全部不导入） / import tasks, all or nothing',
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

  app.get(
    '/departManage/chargers',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '部门负责人（fzrid/bmid）列表 / department chargers',
        querystring: z.object({ bmid: z.string().max(32).optional() }),
        response: { 200: envelope(z.array(ChargerSchema)) },
      },
    },
    async (req) => ok(await listChargers(db(), req.query.bmid)),
  );

  registerChargerWrites(app, '/departManage/chargers', TAGS, WBS);
  registerSharedRoutes(
    app,
    { yearTarget: '/yearTarget', task: '/targetTask', documentList: '/targetTaskFile/list' },
    TAGS,
  );

  app.get(
    '/yearTarget/selectPage',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '年度目标分页 / year targets, paged',
        querystring: z.object({
          current: int32().min(1).default(1),
          size: int32().min(1).max(200).default(10),
          year: int32().optional(),
          name: z.string().max(60).optional(),
          mine: z.enum(['true', 'false']).optional().describe('只看我发布的 / only mine (myYearTask)'),
        }),
        response: { 200: envelope(pageOf(YearTargetSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await listYearTargets(db(), actorOf(req), { ...q, mine: q.mine === 'true' });
      return ok({ records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) });
    },
  );

  app.get(
    '/yearTarget/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '年度目标下拉列表（id、name） / year target options',
        response: {
          200: envelope(z.array(z.object({ id: z.number().int(), name: z.string(), cycleYear: z.number().int() }))),
        },
      },
    },
    async (req) => ok(await yearTargetOptions(db(), actorOf(req))),
  );

  app.get(
    '/targetTask/selectPage',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务分页（按页面类型 kind 与筛选条件；按用户可见范围） / task cards, paged, filtered, visible only',
        querystring: TaskQuerySchema,
        response: { 200: envelope(pageOf(TaskCardSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await listTasks(db(), actorOf(req), q);
      return ok({ records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) });
    },
  );

  app.get(
    '/targetTask/tree',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '年度目标的任务树（平铺，含 parentId） / the task tree of a year target, flat with parentId',
        querystring: z.object({ yearTargetId: int32() }),
        response: { 200: envelope(z.array(TaskCardSchema)) },
      },
    },
    async (req) => ok(await taskTree(db(), actorOf(req), req.query.yearTargetId)),
  );

  app.get(
    '/targetTask/:id',
    {
      config: WBS,
      schema: { tags: TAGS, summary: '任务详情 / a task', params: Id, response: { 200: envelope(TaskCardSchema) } },
    },
    async (req) => ok(await taskDetail(db(), actorOf(req), req.params.id)),
  );

  for (const action of ['push', 'withdraw', 'accept', 'goBack', 'resolve', 'decompose'] as const) {
    app.post(
      `/targetTask/:id/${action}`,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: `${TASK_ACTIONS[action]} / ${action}`,
          params: Id,
          body: TaskActionInputSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await act(db(), actorOf(req), req.params.id, action, req.body);
        return ok(null, action === 'push' ? TASK_MSG.pushed : TASK_MSG.done);
      },
    );
  }

  const AUDIT: Record<string, TaskAction> = { submit: 'define', pass: 'pass', refuse: 'refuse' };
  for (const [path, action] of Object.entries(AUDIT)) {
    app.post(
      `/targetTaskAudit/:id/${path}`,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: `任务定义审核：${TASK_ACTIONS[action]} / definition audit: ${path}`,
          params: Id,
          body: TaskActionInputSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await act(db(), actorOf(req), req.params.id, action, req.body);
        return ok(null, TASK_MSG.done);
      },
    );
  }

  app.get(
    '/cycleType/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '周期类型及周期值 / cycle types with their values',
        response: { 200: envelope(z.array(CycleTypeSchema)) },
      },
    },
    async () => ok(await cycleTypeList(db())),
  );

  app.post(
    '/yearTarget/moveYearTarget',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '年度目标在本年内上移/下移 / move a year target up or down within its year',
        body: MoveYearTargetSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await moveYearTarget(db(), actorOf(req), req.body.id, req.body.direction);
      return ok(null, TASK_MSG.moved);
    },
  );

  app.get(
    '/targetTask/getCooperationTask',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '协作任务：部门协作（department）或我的协作（mine） / cooperation tasks',
        querystring: TaskQuerySchema.omit({ kind: true }).extend({
          scope: z.enum(['department', 'mine']).default('department'),
        }),
        response: { 200: envelope(pageOf(TaskCardSchema)) },
      },
    },
    async (req) => {
      const { scope, ...q } = req.query;
      const kind = scope === 'mine' ? 'myCoopTask' : 'departmentCoopTask';
      const { records, total } = await listTasks(db(), actorOf(req), { ...q, kind });
      return ok({ records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) });
    },
  );

  app.get(
    '/targetTask/getTargetTaskVo',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务完整信息（协作部门、周期、任务书） / a task with everything its form needs',
        querystring: Id,
        response: { 200: envelope(TaskVoSchema) },
      },
    },
    async (req) => ok(await taskVo(db(), actorOf(req), req.query.id)),
  );

  app.get(
    '/targetTaskCatalog/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '目标任务目录：年度目标及其任务（平铺，parentKey 相连） / the catalogue of targets and tasks',
        querystring: z.object({ year: int32().optional() }),
        response: { 200: envelope(z.array(CatalogNodeSchema)) },
      },
    },
    async (req) => ok(await catalogue(db(), actorOf(req), req.query.year)),
  );

  app.get(
    '/targetTaskDetail/selectPage',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '末级任务明细（年度任务名称、末级任务名称、负责人、状态、预警状态） / last-level tasks',
        querystring: TaskDetailQuerySchema,
        response: { 200: envelope(pageOf(TaskCardSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await lastLevelTasks(db(), actorOf(req), q);
      return ok({ records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) });
    },
  );

  app.get(
    '/targetTaskDetail/exportDetail',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '导出末级任务明细（xlsx） / export last-level tasks',
        querystring: TaskDetailQuerySchema.omit({ current: true, size: true }),
      },
    },
    async (req, reply) =>
      sendXlsx(reply, '末级任务明细.xlsx', await exportLastLevelTasks(db(), actorOf(req), req.query)),
  );

  app.get(
    '/departManage/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '部门及其负责人、登记的部门负责人 / departments with heads and chargers',
        response: { 200: envelope(z.array(DepartManageSchema)) },
      },
    },
    async () => ok(await departmentsWithChargers(db())),
  );
};
