import {
  BatchConfigInputSchema,
  ConfigHistoryPageSchema,
  envelope,
  int32,
  PROGRESS_MSG,
  pageOf,
  ROLE,
  TaskCardSchema,
  WarningConditionsInputSchema,
  WarningCountMapsSchema,
  WarningCountsSchema,
  WarningEvaluationSchema,
  WarningRecordSchema,
  WarningTaskQuerySchema,
  WarningTypeInputSchema,
  WarningTypeSchema,
  WarningTypeUpdateSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
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

const TAGS = ['进度、预警与督办'];
const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;
const MANAGE = { access: { roles: [ROLE.admin, ROLE.targetPublisher] } } as const;
const ADMIN = { access: { roles: [ROLE.admin] } } as const;
const TaskId = z.object({ taskId: int32() });
const Id = z.object({ id: int32() });
const Paging = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
});

const presentType = (t: Awaited<ReturnType<typeof listWarningTypes>>[number]) => ({
  id: t.id,
  yjlxmc: t.name,
  yjlxms: t.description,
  kind: t.kind as 'process' | 'final',
  date: t.days,
  yjzq: t.period as 'month' | 'week' | 'day' | 'no',
  weekday: t.periodWeekday,
  day: t.periodDay,
  months: t.periodMonths,
  hour: t.periodHour,
  px: t.sortOrder,
  cjr: t.createdBy,
  cjsj: t.createdAt.toISOString(),
  gxr: t.updatedBy,
  gxsj: t.updatedAt.toISOString(),
});

/** Path of each warning call, per module: the resource-style names under herm-wbs, the spec's names under herm-ndwbs. */
export interface WarningPaths {
  taskWarnings: string;
  deleteWarning: string;
  warningTasks: string;
  evaluate: string;
}

export const WBS_WARNING_PATHS: WarningPaths = {
  taskWarnings: '/targetTaskDetail/getDetailWarning',
  deleteWarning: '/targetTaskDetail/delDetailWarning',
  warningTasks: '/warningTask/selectPage',
  evaluate: '/warningTask/evaluate',
};

export const NDWBS_WARNING_PATHS: WarningPaths = {
  taskWarnings: '/warningTask/getDetailWarning',
  deleteWarning: '/warningTask/delDetailWarning',
  warningTasks: '/warningTask/selectPage',
  evaluate: '/warningTask/evaluate',
};

/** Warnings (预警) of tasks, warning types, conditions and the batch configuration, under the given paths. */
export function warningRoutes(paths: WarningPaths): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.database.db;

    // ---- warnings (预警) ----

    const CountsResponse = envelope(WarningCountMapsSchema);
    app.get(
      '/Task/getWarningCountList',
      {
        config: { access: { menus: ['annualWbs'] } },
        schema: {
          tags: TAGS,
          summary: '预警数（可见任务合计） / warning counts, total',
          response: { 200: CountsResponse },
        },
      },
      async (req) => ok(await countWarnings(db(), actorOf(req), 'total')),
    );
    app.get(
      '/Task/getPersonalWarningCountList',
      {
        config: { access: { menus: ['annualWbsPersonal'] } },
        schema: { tags: TAGS, summary: '个人任务预警数 / personal warning counts', response: { 200: CountsResponse } },
      },
      async (req) => ok(await countWarnings(db(), actorOf(req), 'personal')),
    );
    app.get(
      '/Task/getDepartmentWarningCountList',
      {
        config: { access: { menus: ['annualWbsDepartment'] } },
        schema: {
          tags: TAGS,
          summary: '部门任务预警数 / department warning counts',
          response: { 200: CountsResponse },
        },
      },
      async (req) => ok(await countWarnings(db(), actorOf(req), 'department')),
    );

    app.get(
      paths.warningTasks,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '预警任务：有未关闭预警的任务（可按预警类型筛选）及三个计数 / warned tasks with the three counters',
          querystring: WarningTaskQuerySchema,
          response: { 200: envelope(WarningCountsSchema.extend({ page: pageOf(TaskCardSchema) })) },
        },
      },
      async (req) => ok(await warningTasks(db(), actorOf(req), req.query)),
    );

    app.get(
      paths.taskWarnings,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的预警记录（未关闭的在前） / warnings of a task',
          querystring: TaskId,
          response: { 200: envelope(z.array(WarningRecordSchema)) },
        },
      },
      async (req) => ok(await warningRecords(db(), actorOf(req), req.query.taskId)),
    );

    app.post(
      paths.deleteWarning,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '删除预警（发布者；此后不再产生） / dismiss a warning',
          body: Id,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await deleteWarning(db(), actorOf(req), app.clock, req.body.id);
        return ok(null, PROGRESS_MSG.warningDeleted);
      },
    );

    app.post(
      paths.evaluate,
      {
        config: ADMIN,
        schema: {
          tags: TAGS,
          summary:
            '立即执行预警：与每小时的预警任务相同的评估（管理员） / run the hourly warning evaluation now (administrators)',
          response: { 200: envelope(WarningEvaluationSchema) },
        },
      },
      async (req) => {
        const done = await runWarningEvaluation(db(), actorOf(req), app.clock);
        return ok(done, PROGRESS_MSG.evaluated(done));
      },
    );

    // ---- warning types, conditions and batch configuration ----

    app.get(
      '/warningType/list',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '预警类型 / warning types',
          response: { 200: envelope(z.array(WarningTypeSchema)) },
        },
      },
      async () => ok((await listWarningTypes(db())).map(presentType)),
    );
    app.post(
      '/warningType/insert',
      {
        config: MANAGE,
        schema: {
          tags: TAGS,
          summary: '新增预警类型 / add a warning type',
          body: WarningTypeInputSchema,
          response: { 200: envelope(WarningTypeSchema) },
        },
      },
      async (req) => ok(presentType(await createWarningType(db(), actorOf(req), req.body)), '新增成功'),
    );
    app.post(
      '/warningType/update',
      {
        config: MANAGE,
        schema: {
          tags: TAGS,
          summary: '修改预警类型 / update a warning type',
          body: WarningTypeUpdateSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await editWarningType(db(), actorOf(req), req.body.id, req.body);
        return ok(null, '修改成功');
      },
    );
    app.post(
      '/warningType/:id/delete',
      {
        config: MANAGE,
        schema: {
          tags: TAGS,
          summary: '删除预警类型（未被使用时） / delete an unused warning type',
          params: Id,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await removeWarningType(db(), actorOf(req), req.params.id);
        return ok(null, '删除成功');
      },
    );

    app.get(
      '/warningConditions/select',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的预警条件（为空表示全部预警类型） / warning conditions of a task',
          querystring: TaskId,
          response: {
            200: envelope(z.object({ taskId: z.number().int(), warningTypeIds: z.array(z.number().int()) })),
          },
        },
      },
      async (req) => ok(await warningConditionsOf(db(), actorOf(req), req.query.taskId)),
    );
    app.post(
      '/warningConditions/insert',
      {
        config: MANAGE,
        schema: {
          tags: TAGS,
          summary: '设置一个任务的预警条件，记录历史 / set the warning conditions of a task',
          body: WarningConditionsInputSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await configureWarnings(db(), actorOf(req), [req.body.taskId], req.body.warningTypeIds);
        return ok(null, PROGRESS_MSG.configSaved);
      },
    );
    app.post(
      '/warningBatchConfig/insert',
      {
        config: MANAGE,
        schema: {
          tags: TAGS,
          summary: '批量配置预警条件（任务 x 预警类型），记录历史 / batch warning conditions, with history',
          body: BatchConfigInputSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await configureWarnings(db(), actorOf(req), req.body.taskIds, req.body.warningTypeIds);
        return ok(null, PROGRESS_MSG.configSaved);
      },
    );
    app.get(
      '/warningBatchConfig/selectConfigHistory',
      {
        config: MANAGE,
        schema: {
          tags: TAGS,
          summary: '预警配置历史（最新在前） / configuration history',
          querystring: Paging,
          response: { 200: envelope(ConfigHistoryPageSchema) },
        },
      },
      async (req) => ok(await configHistory(db(), req.query)),
    );
  };
}
