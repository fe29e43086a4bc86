import {
  AuditDelayPageSchema,
  AuditQuerySchema,
  AuditReportPageSchema,
  BatchConfigInputSchema,
  ConfigHistoryPageSchema,
  DelayAuditSchema,
  DelayInputSchema,
  DelaySchema,
  envelope,
  int32,
  PeriodSchema,
  PROGRESS_MSG,
  pageOf,
  ReportAuditSchema,
  ReportInputSchema,
  ReportSchema,
  ReportUpdateSchema,
  ROLE,
  TaskCardSchema,
  UrgeBatchInputSchema,
  UrgeDepartmentSchema,
  UrgeListQuerySchema,
  UrgePageSchema,
  UrgeSchema,
  WarningConditionsInputSchema,
  WarningCountMapsSchema,
  WarningCountsSchema,
  WarningRecordSchema,
  WarningTaskQuerySchema,
  WarningTypeInputSchema,
  WarningTypeSchema,
  WarningTypeUpdateSchema,
  WarningUrgeInputSchema,
} from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { taskSeenBy } from '../target-task';
import { focusedTaskIds, listWarningTypes, setFocus } from './progress.repository';
import {
  acceptUrge,
  auditDelay,
  auditReport,
  configHistory,
  configureWarnings,
  countWarnings,
  createWarningType,
  delaysOf,
  delaysToAudit,
  deleteWarning,
  editWarningType,
  evaluateWarnings,
  focusPage,
  listReports,
  pendingUrges,
  periodsOf,
  removeWarningType,
  reportsToAudit,
  requestDelay,
  reviseReport,
  submitReport,
  urgeDepartmentList,
  urgeDepartments,
  urgesPage,
  urgeTask,
  warningConditionsOf,
  warningRecords,
  warningTasks,
  withdrawReport,
} from './progress.service';

const TAGS = ['进度、预警与督办'];
const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;
const MANAGE = { access: { roles: [ROLE.admin, ROLE.targetPublisher] } } as const;
const TaskId = z.object({ taskId: int32() });
const Id = z.object({ id: int32() });
const Paging = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
});

export const WARNING_JOB = 'warning.evaluate';

/** Registers the hourly warning evaluation on the shared job runner. */
export function registerWarningJob(app: FastifyInstance) {
  app.jobs.register(WARNING_JOB, async () => {
    await evaluateWarnings(app.database.db, app.clock);
  });
  app.jobs.every(WARNING_JOB, 3600_000);
}

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

/** Path of each call, per module: the resource-style names under herm-wbs, the spec's names under herm-ndwbs. */
interface ProgressPaths {
  periods: string;
  reports: string;
  submitReport: string;
  updateReport: string;
  withdrawReport: string;
  auditReport: string;
  reportsToAudit: string;
  delays: string;
  requestDelay: string;
  auditDelay: string;
  delaysToAudit: string;
  taskWarnings: string;
  deleteWarning: string;
  warningTasks: string;
}

const WBS_PATHS: ProgressPaths = {
  periods: '/targetTaskSituation/periods',
  reports: '/targetTaskSituation/list',
  submitReport: '/targetTaskSituation/insert',
  updateReport: '/targetTaskSituation/update',
  withdrawReport: '/targetTaskSituation/:id/delete',
  auditReport: '/targetTaskSituation/auditTargetTask',
  reportsToAudit: '/targetTaskSituation/selectPage',
  delays: '/delayAuditing/select',
  requestDelay: '/delayAuditing/insert',
  auditDelay: '/delayAuditing/audit',
  delaysToAudit: '/delayAuditing/selectPage',
  taskWarnings: '/targetTaskDetail/getDetailWarning',
  deleteWarning: '/targetTaskDetail/delDetailWarning',
  warningTasks: '/warningTask/selectPage',
};

const NDWBS_PATHS: ProgressPaths = {
  periods: '/scheduleAuditing/periods',
  reports: '/scheduleAuditing/select',
  submitReport: '/scheduleAuditing/insert',
  updateReport: '/scheduleAuditing/update',
  withdrawReport: '/scheduleAuditing/:id/delete',
  auditReport: '/scheduleAuditing/audit',
  reportsToAudit: '/scheduleAuditing/selectPage',
  delays: '/delayAuditing/select',
  requestDelay: '/delayAuditing/insert',
  auditDelay: '/delayAuditing/audit',
  delaysToAudit: '/delayAuditing/selectPage',
  taskWarnings: '/warningTask/getDetailWarning',
  deleteWarning: '/warningTask/delDetailWarning',
  warningTasks: '/warningTask/selectPage',
};

/** The progress, warning and urge calls, registered under the given paths (one definition, two modules). */
function progressPlugin(paths: ProgressPaths): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => app.database.db;

    // ---- reports (进度报告) ----

    app.get(
      paths.periods,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的报告周期与进度状态（圆点） / periods with schedule status',
          querystring: TaskId,
          response: { 200: envelope(z.array(PeriodSchema)) },
        },
      },
      async (req) => ok(await periodsOf(db(), actorOf(req), app.clock, req.query.taskId)),
    );

    app.get(
      paths.reports,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的进度报告 / reports of a task',
          querystring: TaskId,
          response: { 200: envelope(z.array(ReportSchema)) },
        },
      },
      async (req) => ok(await listReports(db(), actorOf(req), req.query.taskId)),
    );

    app.post(
      paths.submitReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '提交进度报告（过程/结果，附件为已上传文件id） / submit a report',
          body: ReportInputSchema,
          response: { 200: envelope(z.object({ id: z.number().int() })) },
        },
      },
      async (req) =>
        ok({ id: (await submitReport(db(), actorOf(req), app.clock, req.body)).id }, PROGRESS_MSG.submitted),
    );

    app.post(
      paths.updateReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '修改审核中的报告（提交人） / revise a report under review',
          body: ReportUpdateSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await reviseReport(db(), actorOf(req), req.body);
        return ok(null, PROGRESS_MSG.updated);
      },
    );

    app.post(
      paths.withdrawReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '撤回审核中的报告（提交人） / withdraw a report under review',
          params: Id,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await withdrawReport(db(), actorOf(req), req.params.id);
        return ok(null, PROGRESS_MSG.withdrawn);
      },
    );

    app.post(
      paths.auditReport,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '审核进度报告：pass / childPass / reject（需原因） / audit a report',
          body: ReportAuditSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await auditReport(db(), actorOf(req), app.clock, req.body);
        return ok(null, PROGRESS_MSG.audited);
      },
    );

    app.get(
      paths.reportsToAudit,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '我审核的任务的进度报告（默认待审核） / reports on the tasks I audit',
          querystring: AuditQuerySchema,
          response: { 200: envelope(AuditReportPageSchema) },
        },
      },
      async (req) => ok(await reportsToAudit(db(), actorOf(req), req.query)),
    );

    // ---- delays (延期) ----

    app.get(
      paths.delays,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '任务的延期申请 / delay requests of a task',
          querystring: TaskId,
          response: { 200: envelope(z.array(DelaySchema)) },
        },
      },
      async (req) => ok(await delaysOf(db(), actorOf(req), req.query.taskId)),
    );

    app.post(
      paths.requestDelay,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '申请延期（任务负责人） / request a delay',
          body: DelayInputSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await requestDelay(db(), actorOf(req), app.clock, req.body);
        return ok(null, PROGRESS_MSG.submitted);
      },
    );

    app.post(
      paths.auditDelay,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '审核延期申请（任务审核人） / audit a delay request',
          body: DelayAuditSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await auditDelay(db(), actorOf(req), app.clock, req.body);
        return ok(null, PROGRESS_MSG.audited);
      },
    );

    app.get(
      paths.delaysToAudit,
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '我审核的任务的延期申请（默认待审核） / delay requests on the tasks I audit',
          querystring: AuditQuerySchema,
          response: { 200: envelope(AuditDelayPageSchema) },
        },
      },
      async (req) => ok(await delaysToAudit(db(), actorOf(req), req.query)),
    );

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

    // ---- urges (督办) ----

    app.get(
      '/yearTargetUrge/departments',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '年度目标下各部门的状况（可督办：1 目标未设定 2 目标未分解） / departments of a year target',
          querystring: z.object({ yearTargetId: int32() }),
          response: { 200: envelope(z.array(UrgeDepartmentSchema)) },
        },
      },
      async (req) => ok(await urgeDepartmentList(db(), actorOf(req), req.query.yearTargetId)),
    );
    app.post(
      '/yearTargetUrge/batchInsert',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '督办部门（逐个或批量） / urge departments',
          body: UrgeBatchInputSchema,
          response: { 200: envelope(z.object({ ids: z.array(z.number().int()) })) },
        },
      },
      async (req) => {
        const ids = await urgeDepartments(db(), actorOf(req), app.clock, req.body);
        return ok({ ids }, PROGRESS_MSG.urgeSent(ids.length));
      },
    );
    app.get(
      '/yearTargetUrge/list',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '督办记录：mine=true 为本人负责部门收到的 / urges (mine: received by my departments)',
          querystring: UrgeListQuerySchema,
          response: { 200: envelope(UrgePageSchema) },
        },
      },
      async (req) =>
        ok(
          await urgesPage(db(), actorOf(req), {
            ...req.query,
            mine: req.query.mine === 'true',
            type: req.query.type === undefined ? undefined : (Number(req.query.type) as 0 | 1),
          }),
        ),
    );
    app.get(
      '/yearTargetUrge/pending',
      {
        config: { access: { session: true } },
        schema: {
          tags: TAGS,
          summary: '本人负责部门待接收的督办（首页显示，接收后消失） / pending urges for the home page',
          response: { 200: envelope(z.array(UrgeSchema)) },
        },
      },
      async (req) => ok(await pendingUrges(db(), actorOf(req))),
    );
    app.post(
      '/warningUrge/addUrge',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '对预警任务的负责部门督办 / urge the department of a warned task',
          body: WarningUrgeInputSchema,
          response: { 200: envelope(z.object({ id: z.number().int() })) },
        },
      },
      async (req) => ok({ id: await urgeTask(db(), actorOf(req), app.clock, req.body) }, PROGRESS_MSG.urgeSent(1)),
    );
    app.post(
      '/warningUrge/acceptUrge',
      {
        config: WBS,
        schema: {
          tags: TAGS,
          summary: '接收督办（被督办部门负责人） / accept an urge',
          body: Id,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await acceptUrge(db(), actorOf(req), app.clock, req.body.id);
        return ok(null, PROGRESS_MSG.urgeAccepted);
      },
    );
  };
}

/** `/api/herm-wbs`: progress reports, delay requests, warnings and urges, resource style. */
export const progressRoutes = progressPlugin(WBS_PATHS);

/** `/api/herm-ndwbs`: the same calls under the year-target task module's names (scheduleAuditing, delayAuditing ...). */
export const annualWbsProgressRoutes = progressPlugin(NDWBS_PATHS);

/** `/api/herm-zdgj/rest/focus`: follow a task. */
export const focusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/focus',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '关注/取消关注任务 / follow or unfollow a task',
        body: z.object({
          taskId: int32(),
          focus: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(true),
        }),
        response: { 200: envelope(z.object({ taskIds: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await taskSeenBy(app.database.db, actor, req.body.taskId);
      await setFocus(app.database.db, actor.userId, req.body.taskId, req.body.focus);
      return ok(
        { taskIds: await focusedTaskIds(app.database.db, actor.userId) },
        req.body.focus ? PROGRESS_MSG.focused : PROGRESS_MSG.unfocused,
      );
    },
  );
  app.get(
    '/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '本人关注的任务id / ids of the tasks I follow',
        response: { 200: envelope(z.object({ taskIds: z.array(z.number().int()) })) },
      },
    },
    async (req) => ok({ taskIds: await focusedTaskIds(app.database.db, actorOf(req).userId) }),
  );
  app.get(
    '/page',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '本人关注的任务（分页） / the tasks I follow, paged',
        querystring: Paging,
        response: { 200: envelope(pageOf(TaskCardSchema)) },
      },
    },
    async (req) => ok(await focusPage(app.database.db, actorOf(req), req.query)),
  );
};
