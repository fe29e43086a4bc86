import {
  AuditTargetReportInputSchema,
  CoverQuerySchema,
  envelope,
  GenerateReportInputSchema,
  IdsInputSchema,
  int32,
  REPORT_MSG,
  ReportCoverInputSchema,
  ReportCoverPageSchema,
  ReportCoverSchema,
  ReportPageQuerySchema,
  ReportTemplateInputSchema,
  ReportTemplatePageSchema,
  ReportTemplateSchema,
  ReportTemplateUpdateSchema,
  SubmitReportInputSchema,
  TargetReportDetailSchema,
  TargetReportPageSchema,
  TemplateQuerySchema,
  UpdateLevelInputSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { contentDisposition } from '../files';
import { REPORT_ADMIN_ROLES } from './report.policy';
import {
  auditTargetReport,
  createCover,
  createTemplate,
  editTemplate,
  generateReport,
  listCovers,
  listTemplates,
  makeDefaultCover,
  removeCover,
  removeTemplates,
  reportByTask,
  reportDetail,
  reportDocx,
  reportPage,
  submitAudit,
  updateLevelSelf,
} from './report.service';

const TAGS = ['目标任务报告'];
/** Reading templates, covers and reports: the target-task menus, and the performance centre that links to reports. */
const READ = { access: { menus: ['wbs', 'annualWbs', 'performance'] } } as const;
/** Working on reports (generate, rate, submit, audit): the target-task menus; records are checked in the service. */
const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;
/** Keeping templates and covers: administrators and target publishers. */
const ADMIN = { access: { roles: REPORT_ADMIN_ROLES } } as const;
const Id = z.object({ id: int32().positive().describe('id') });
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const paged = <T>(r: { records: T[]; total: number }, q: { current: number; size: number }) => ({
  ...r,
  current: q.current,
  size: q.size,
  pages: Math.ceil(r.total / q.size),
});

/** `/api/herm-wbs`: report templates, covers, and the report of a task with its rating, audit and Word download. */
export const targetReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // ---- templates ----
  app.get(
    '/targetReportTemplate/selectPage',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: '报告模板分页 / report templates, paged',
        querystring: TemplateQuerySchema,
        response: { 200: envelope(ReportTemplatePageSchema) },
      },
    },
    async (req) => ok(paged(await listTemplates(db(), req.query), req.query)),
  );
  app.post(
    '/targetReportTemplate/insert',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: '新增报告模板（管理员、年度目标发布者） / add a template',
        body: ReportTemplateInputSchema,
        response: { 200: envelope(ReportTemplateSchema) },
      },
    },
    async (req) => ok(await createTemplate(db(), actorOf(req), req.body)),
  );
  app.post(
    '/targetReportTemplate/update',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: '修改报告模板 / update a template',
        body: ReportTemplateUpdateSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await editTemplate(db(), actorOf(req), req.body.id, req.body);
      return ok(null);
    },
  );
  app.post(
    '/targetReportTemplate/ids/delete',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: '批量删除报告模板（已生成的报告保留内容） / delete templates',
        body: IdsInputSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await removeTemplates(db(), actorOf(req), req.body.ids);
      return ok(null);
    },
  );

  // ---- covers ----
  app.get(
    '/targetReportCover/selectpage',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: '报告封面分页（默认封面在前） / report covers, default first',
        querystring: CoverQuerySchema,
        response: { 200: envelope(ReportCoverPageSchema) },
      },
    },
    async (req) => ok(paged(await listCovers(db(), req.query), req.query)),
  );
  app.post(
    '/targetReportCover/insert',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: '新增报告封面（第一个封面自动设为默认） / add a cover',
        body: ReportCoverInputSchema,
        response: { 200: envelope(ReportCoverSchema) },
      },
    },
    async (req) => ok(await createCover(db(), actorOf(req), req.body)),
  );
  app.post(
    '/targetReportCover/:id/delete',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: '删除报告封面（默认封面须先改设其他封面） / delete a cover',
        params: Id,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await removeCover(db(), actorOf(req), req.params.id);
      return ok(null);
    },
  );
  app.post(
    '/targetReportCover/:id/default',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: '设为默认封面 / make the default cover',
        params: Id,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await makeDefaultCover(db(), actorOf(req), req.params.id);
      return ok(null, REPORT_MSG.defaultSet);
    },
  );

  // ---- reports ----
  app.get(
    '/targetReport/getReportPage',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: '任务报告分页（all 可见的 / mine 我负责的 / review 待我审核） / task reports, paged',
        querystring: ReportPageQuerySchema,
        response: { 200: envelope(TargetReportPageSchema) },
      },
    },
    async (req) => ok(paged(await reportPage(db(), actorOf(req), req.query), req.query)),
  );
  app.get(
    '/targetReport/getReportByTask',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: '任务的报告（含内容快照；未生成为 null） / the report of a task, null when none',
        querystring: z.object({ taskId: int32().positive().describe('任务id / task id') }),
        response: { 200: envelope(TargetReportDetailSchema.nullable()) },
      },
    },
    async (req) => ok(await reportByTask(db(), actorOf(req), req.query.taskId)),
  );
  app.get(
    '/targetReport/getReportById',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: '按id取报告（含内容快照） / one report with its content',
        querystring: Id,
        response: { 200: envelope(TargetReportDetailSchema) },
      },
    },
    async (req) => ok(await reportDetail(db(), actorOf(req), req.query.id)),
  );
  app.post(
    '/targetReport/generateReport',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '生成（或重新生成）任务报告：模板、封面、进度报告、附件清单、预警 / generate the report of a task',
        body: GenerateReportInputSchema,
        response: { 200: envelope(TargetReportDetailSchema) },
      },
    },
    async (req) => ok(await generateReport(db(), actorOf(req), app.clock, req.body), REPORT_MSG.generated),
  );
  app.post(
    '/targetReport/updateLevelSelf',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '负责人自评等级 A优秀 B良好 C一般 D未完成 / the owner rates the task',
        body: UpdateLevelInputSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await updateLevelSelf(db(), actorOf(req), req.body);
      return ok(null, REPORT_MSG.levelSaved);
    },
  );
  app.post(
    '/targetReport/submitAudit',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '提交审核（须先自评） / submit for audit',
        body: SubmitReportInputSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await submitAudit(db(), actorOf(req), app.clock, req.body);
      return ok(null, REPORT_MSG.submitted);
    },
  );
  app.post(
    '/targetReport/audit',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '任务审核人审核报告：pass 通过 / refuse 不通过（须填原因） / audit the report',
        body: AuditTargetReportInputSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await auditTargetReport(db(), actorOf(req), app.clock, req.body);
      return ok(null, REPORT_MSG.audited);
    },
  );
  app.get(
    '/targetReport/download',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: '下载报告 Word 文档（服务端生成：封面、表格、图表图片） / download the report as .docx',
        querystring: Id,
      },
    },
    async (req, reply) => {
      const { name, buffer } = await reportDocx(db(), actorOf(req), req.query.id);
      return reply
        .header('content-type', DOCX)
        .header('content-length', String(buffer.length))
        .header('content-disposition', contentDisposition('attachment', name))
        .send(buffer);
    },
  );
};
