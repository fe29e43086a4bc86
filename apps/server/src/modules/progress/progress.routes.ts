import {
  envelope,
  PeriodSchema,
  PROGRESS_MSG,
  ReportAuditSchema,
  ReportInputSchema,
  ReportSchema,
  ROLE,
  UrgeSchema,
  WarningCountsSchema,
  WarningTypeInputSchema,
  WarningTypeSchema,
} from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { conflict } from '../../platform/errors';
import { taskDetail } from '../target-task/target-task.service';
import {
  configHistory,
  deleteWarningType,
  focusedTaskIds,
  insertWarningType,
  listWarningTypes,
  setConditions,
  setFocus,
  updateWarningType,
  warningsOfTask,
  warningTypeInUse,
} from './progress.repository';
import {
  acceptUrge,
  auditDelay,
  auditReport,
  countWarnings,
  evaluateWarnings,
  listReports,
  periodsOf,
  requestDelay,
  submitReport,
  urgeDepartments,
  urgesFor,
  urgeTask,
} from './progress.service';

const TAGS = ['进度、预警与督办'];
const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;
const MANAGE = { access: { roles: [ROLE.admin, ROLE.targetPublisher] } } as const;
const TaskId = z.object({ taskId: z.coerce.number().int() });
const CountsResponse = envelope(
  WarningCountsSchema.extend({
    processMap: z.record(z.string(), z.number()),
    delayMap: z.record(z.string(), z.number()),
  }),
);

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
  month: t.periodMonth,
  hour: t.periodHour,
  px: t.sortOrder,
  cjr: t.createdBy,
  cjsj: t.createdAt.toISOString(),
  gxr: t.updatedBy,
  gxsj: t.updatedAt.toISOString(),
});

/** `/api/herm-wbs`: progress reports, delay requests, warnings, urges. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/targetTaskSituation/periods',
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
    '/targetTaskSituation/list',
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
    '/targetTaskSituation/insert',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '提交进度报告（过程/结果，附件为已上传文件id） / submit a report',
        body: ReportInputSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok({ id: (await submitReport(db(), actorOf(req), app.clock, req.body)).id }, PROGRESS_MSG.submitted),
  );

  app.post(
    '/targetTaskSituation/auditTargetTask',
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

  app.post(
    '/delayAuditing/insert',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '申请延期 / request a delay',
        body: z.object({
          taskId: z.coerce.number().int(),
          newEndDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
          reason: z.string().trim().min(1).max(500),
        }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await requestDelay(db(), actorOf(req), app.clock, req.body);
      return ok(null, PROGRESS_MSG.submitted);
    },
  );

  app.post(
    '/delayAuditing/audit',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '审核延期申请 / audit a delay request',
        body: z.object({
          id: z.coerce.number().int(),
          pass: z.boolean(),
          reason: z.string().trim().max(500).optional(),
        }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await auditDelay(db(), actorOf(req), app.clock, req.body);
      return ok(null, PROGRESS_MSG.audited);
    },
  );

  app.get(
    '/Task/getWarningCountList',
    {
      config: { access: { menus: ['annualWbs', 'wbs'] } },
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
      schema: { tags: TAGS, summary: '部门任务预警数 / department warning counts', response: { 200: CountsResponse } },
    },
    async (req) => ok(await countWarnings(db(), actorOf(req), 'department')),
  );

  app.get(
    '/targetTaskDetail/getDetailWarning',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务的预警记录 / warnings of a task',
        querystring: TaskId,
        response: {
          200: envelope(
            z.array(
              z.object({
                id: z.number().int(),
                yjlxmc: z.string(),
                kind: z.string(),
                key: z.string(),
                open: z.boolean(),
                raisedAt: z.string(),
                closedAt: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => {
      await taskDetail(db(), actorOf(req), req.query.taskId);
      const rows = await warningsOfTask(db(), req.query.taskId);
      return ok(
        rows.map((r) => ({
          id: r.warning.id,
          yjlxmc: r.typeName,
          kind: r.warning.kind,
          key: r.warning.warningKey,
          open: r.warning.open,
          raisedAt: r.warning.raisedAt.toISOString(),
          closedAt: r.warning.closedAt?.toISOString() ?? null,
        })),
      );
    },
  );

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

  const typeRow = (b: z.infer<typeof WarningTypeInputSchema>) => ({
    name: b.yjlxmc,
    description: b.yjlxms ?? null,
    kind: b.kind,
    days: b.date,
    period: b.yjzq,
    periodWeekday: b.weekday ?? null,
    periodDay: b.day ?? null,
    periodMonth: b.month ?? null,
    periodHour: b.hour ?? null,
    sortOrder: b.px,
  });
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
    async (req) => {
      const actor = actorOf(req);
      const row = await insertWarningType(db(), {
        ...typeRow(req.body),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      return ok(presentType(row), '新增成功');
    },
  );
  app.post(
    '/warningType/update',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: '修改预警类型 / update a warning type',
        body: WarningTypeInputSchema.extend({ id: z.coerce.number().int() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await updateWarningType(db(), req.body.id, { ...typeRow(req.body), updatedBy: actorOf(req).userId });
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
        params: z.object({ id: z.coerce.number().int() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      if (await warningTypeInUse(db(), req.params.id)) throw conflict('该预警类型已产生预警记录，不能删除');
      await deleteWarningType(db(), req.params.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/warningBatchConfig/insert',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: '批量配置预警条件（任务 x 预警类型），记录历史 / batch warning conditions, with history',
        body: z.object({
          taskIds: z.array(z.coerce.number().int()).min(1).max(5000),
          warningTypeIds: z.array(z.coerce.number().int()).max(50),
        }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await db().transaction(async (tx) => {
        await setConditions(tx, req.body.taskIds, req.body.warningTypeIds, actor.userId);
        await writeAudit(tx, {
          actorId: actor.userId,
          action: 'warning.config',
          entityType: 'targetTask',
          detail: req.body,
        });
      });
      return ok(null, '保存成功');
    },
  );
  app.get(
    '/warningBatchConfig/selectConfigHistory',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: '预警配置历史 / configuration history',
        response: {
          200: envelope(
            z.array(
              z.object({
                id: z.number().int(),
                actorName: z.string().nullable(),
                taskIds: z.array(z.number()),
                warningTypeIds: z.array(z.number()),
                at: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async () =>
      ok(
        (await configHistory(db(), 100)).map((r) => ({
          id: r.h.id,
          actorName: r.actorName,
          taskIds: r.h.taskIds,
          warningTypeIds: r.h.warningTypeIds,
          at: r.h.at.toISOString(),
        })),
      ),
  );

  app.post(
    '/yearTargetUrge/batchInsert',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '督办部门（逐个或批量） / urge departments',
        body: z.object({
          yearTargetId: z.coerce.number().int(),
          bmids: z.array(z.string().max(32)).min(1).max(200),
          content: z.string().max(500).optional(),
        }),
        response: { 200: envelope(z.object({ ids: z.array(z.number().int()) })) },
      },
    },
    async (req) => ok({ ids: await urgeDepartments(db(), actorOf(req), app.clock, req.body) }, PROGRESS_MSG.urgeSent),
  );
  app.post(
    '/warningUrge/addUrge',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '对预警任务督办 / urge a warned task',
        body: z.object({ taskId: z.coerce.number().int(), content: z.string().max(500).optional() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await urgeTask(db(), actorOf(req), app.clock, req.body);
      return ok(null, PROGRESS_MSG.urgeSent);
    },
  );
  app.post(
    '/warningUrge/acceptUrge',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '接收督办 / accept an urge',
        body: z.object({ id: z.coerce.number().int() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await acceptUrge(db(), actorOf(req), app.clock, req.body.id);
      return ok(null, PROGRESS_MSG.urgeAccepted);
    },
  );
  app.get(
    '/yearTargetUrge/list',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '督办列表：mine=true 为本人负责部门收到的督办 / urges (mine: received by my departments)',
        querystring: z.object({
          mine: z.enum(['true', 'false']).default('true'),
          yearTargetId: z.coerce.number().int().optional(),
        }),
        response: { 200: envelope(z.array(UrgeSchema)) },
      },
    },
    async (req) =>
      ok(await urgesFor(db(), actorOf(req), { mine: req.query.mine === 'true', yearTargetId: req.query.yearTargetId })),
  );
};

/** `/api/herm-zdgj/rest/focus`: follow a task. */
export const focusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/focus',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '关注/取消关注任务 / follow or unfollow a task',
        body: z.object({ taskId: z.coerce.number().int(), focus: z.boolean().default(true) }),
        response: { 200: envelope(z.object({ taskIds: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await taskDetail(app.database.db, actor, req.body.taskId);
      await setFocus(app.database.db, actor.userId, req.body.taskId, req.body.focus);
      return ok(
        { taskIds: await focusedTaskIds(app.database.db, actor.userId) },
        req.body.focus ? PROGRESS_MSG.focused : PROGRESS_MSG.unfocused,
      );
    },
  );
};
