import { z } from 'zod';
import { endpoint } from './endpoint';
import { pageOf } from './envelope';
import { int32 } from './primitives';
import {
  AuditDelayPageSchema,
  AuditQuerySchema,
  AuditReportPageSchema,
  DelayAuditSchema,
  DelayInputSchema,
  DelaySchema,
  PeriodSchema,
  ReportAuditSchema,
  ReportInputSchema,
  ReportSchema,
  ReportUpdateSchema,
  SituationCatalogSchema,
  UrgeBatchInputSchema,
  UrgeDepartmentSchema,
  UrgeListQuerySchema,
  UrgePageSchema,
  UrgeSchema,
  WarningUrgeInputSchema,
} from './progress';
import { TaskCardSchema } from './target-task';
import { YearTargetIdQuerySchema } from './target-task-api';
import { TodoCountsSchema, TodoQuerySchema } from './todo';

const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';
const tags = ['进度、预警与督办'] as const;
const None = z.null();

export const TaskIdQuerySchema = z.object({ taskId: int32() });
/** The id of a report, a delay, an urge or a warning in a body or a path. */
export const RecordIdSchema = z.object({ id: int32() });
/** The resource-style paging of the progress and warning lists. */
export const PagingSchema = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
});
export const FocusInputSchema = z.object({
  taskId: int32(),
  focus: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(true),
});
export const FocusedSchema = z.object({ taskIds: z.array(z.number().int()) });
export const UrgeIdsSchema = z.object({ ids: z.array(z.number().int()) });

/** Path of each report call under its service: the resource-style names (herm-wbs) or the spec's (herm-ndwbs). */
interface ReportNames {
  periods: string;
  reports: string;
  submitReport: string;
  updateReport: string;
  withdrawReport: string;
  auditReport: string;
  reportsToAudit: string;
}

/**
 * Progress reports, delays and urges, which both services offer (one handler each on the server): reports under each
 * service's names, delays and urges under the same names.
 */
function progressEndpoints(prefix: string, names: ReportNames) {
  return {
    // ---- reports (进度报告) ----
    periods: endpoint({
      method: 'GET',
      path: `${prefix}${names.periods}`,
      summary: '任务的报告周期与进度状态（圆点） / periods with schedule status',
      tags,
      query: TaskIdQuerySchema,
      response: z.array(PeriodSchema),
    }),
    reports: endpoint({
      method: 'GET',
      path: `${prefix}${names.reports}`,
      summary: '任务的进度报告 / reports of a task',
      tags,
      query: TaskIdQuerySchema,
      response: z.array(ReportSchema),
    }),
    submitReport: endpoint({
      method: 'POST',
      path: `${prefix}${names.submitReport}`,
      summary: '提交进度报告（过程/结果，附件为已上传文件id） / submit a report',
      tags,
      body: ReportInputSchema,
      response: z.object({ id: z.number().int() }),
      json: true,
    }),
    updateReport: endpoint({
      method: 'POST',
      path: `${prefix}${names.updateReport}`,
      summary: '修改审核中的报告（提交人） / revise a report under review',
      tags,
      body: ReportUpdateSchema,
      response: None,
      json: true,
    }),
    withdrawReport: endpoint({
      method: 'POST',
      path: `${prefix}${names.withdrawReport}`,
      summary: '撤回审核中的报告（提交人） / withdraw a report under review',
      tags,
      params: RecordIdSchema,
      response: None,
    }),
    auditReport: endpoint({
      method: 'POST',
      path: `${prefix}${names.auditReport}`,
      summary: '审核进度报告：pass / childPass / reject（需原因） / audit a report',
      tags,
      body: ReportAuditSchema,
      response: None,
    }),
    reportsToAudit: endpoint({
      method: 'GET',
      path: `${prefix}${names.reportsToAudit}`,
      summary: '我审核的任务的进度报告（默认待审核） / reports on the tasks I audit',
      tags,
      query: AuditQuerySchema,
      response: AuditReportPageSchema,
    }),
    // ---- delays (延期) ----
    delays: endpoint({
      method: 'GET',
      path: `${prefix}/delayAuditing/select`,
      summary: '任务的延期申请 / delay requests of a task',
      tags,
      query: TaskIdQuerySchema,
      response: z.array(DelaySchema),
    }),
    requestDelay: endpoint({
      method: 'POST',
      path: `${prefix}/delayAuditing/insert`,
      summary: '申请延期（任务负责人） / request a delay',
      tags,
      body: DelayInputSchema,
      response: None,
    }),
    auditDelay: endpoint({
      method: 'POST',
      path: `${prefix}/delayAuditing/audit`,
      summary: '审核延期申请（任务审核人） / audit a delay request',
      tags,
      body: DelayAuditSchema,
      response: None,
    }),
    delaysToAudit: endpoint({
      method: 'GET',
      path: `${prefix}/delayAuditing/selectPage`,
      summary: '我审核的任务的延期申请（默认待审核） / delay requests on the tasks I audit',
      tags,
      query: AuditQuerySchema,
      response: AuditDelayPageSchema,
    }),
    // ---- urges (督办) ----
    urgeDepartments: endpoint({
      method: 'GET',
      path: `${prefix}/yearTargetUrge/departments`,
      summary: '年度目标下各部门的状况（可督办：1 目标未设定 2 目标未分解） / departments of a year target',
      tags,
      query: YearTargetIdQuerySchema,
      response: z.array(UrgeDepartmentSchema),
    }),
    urgeBatch: endpoint({
      method: 'POST',
      path: `${prefix}/yearTargetUrge/batchInsert`,
      summary: '督办部门（逐个或批量） / urge departments',
      tags,
      body: UrgeBatchInputSchema,
      response: UrgeIdsSchema,
      json: true,
    }),
    urges: endpoint({
      method: 'GET',
      path: `${prefix}/yearTargetUrge/list`,
      summary: '督办记录：mine=true 为本人负责部门收到的 / urges (mine: received by my departments)',
      tags,
      query: UrgeListQuerySchema,
      response: UrgePageSchema,
    }),
    pendingUrges: endpoint({
      method: 'GET',
      path: `${prefix}/yearTargetUrge/pending`,
      summary: '本人负责部门待接收的督办（首页显示，接收后消失） / pending urges for the home page',
      tags,
      response: z.array(UrgeSchema),
    }),
    urgeTask: endpoint({
      method: 'POST',
      path: `${prefix}/warningUrge/addUrge`,
      summary: '对预警任务的负责部门督办 / urge the department of a warned task',
      tags,
      body: WarningUrgeInputSchema,
      response: z.object({ id: z.number().int() }),
    }),
    acceptUrge: endpoint({
      method: 'POST',
      path: `${prefix}/warningUrge/acceptUrge`,
      summary: '接收督办（被督办部门负责人） / accept an urge',
      tags,
      body: RecordIdSchema,
      response: None,
    }),
  };
}

/** The family both services serve (the server registers it with one handler per endpoint). */
export type ProgressSharedApi = ReturnType<typeof progressEndpoints>;

/**
 * `/api/herm-wbs` (the target-task menu): progress reports, delays and urges under the resource-style names, the
 * situation catalogue of a task, focus (`/api/herm-zdgj/rest/focus`) and the home page's to-do counts.
 */
export const PROGRESS_API = {
  ...progressEndpoints(W, {
    periods: '/targetTaskSituation/periods',
    reports: '/targetTaskSituation/list',
    submitReport: '/targetTaskSituation/insert',
    updateReport: '/targetTaskSituation/update',
    withdrawReport: '/targetTaskSituation/:id/delete',
    auditReport: '/targetTaskSituation/auditTargetTask',
    reportsToAudit: '/targetTaskSituation/selectPage',
  }),
  situationCatalog: endpoint({
    method: 'GET',
    path: `${W}/targetTaskDetail/getDetailSituationCatalog`,
    summary: '任务的进度目录：各周期、结果报告及其报告 / the situation catalogue of a task',
    tags,
    query: TaskIdQuerySchema,
    response: SituationCatalogSchema,
  }),
  focus: endpoint({
    method: 'POST',
    path: '/api/herm-zdgj/rest/focus/focus',
    summary: '关注/取消关注任务 / follow or unfollow a task',
    tags,
    body: FocusInputSchema,
    response: FocusedSchema,
  }),
  focused: endpoint({
    method: 'GET',
    path: '/api/herm-zdgj/rest/focus/list',
    summary: '本人关注的任务id / ids of the tasks I follow',
    tags,
    response: FocusedSchema,
  }),
  focusPage: endpoint({
    method: 'GET',
    path: '/api/herm-zdgj/rest/focus/page',
    summary: '本人关注的任务（分页） / the tasks I follow, paged',
    tags,
    query: PagingSchema,
    response: pageOf(TaskCardSchema),
  }),
  todoCounts: endpoint({
    method: 'GET',
    path: `${W}/todo/counts`,
    summary:
      '待办数量：按用户的角色（部门负责人、审核人、任务负责人）统计等待其处理的任务、报告与延期申请，与对应列表的条数一致 / to-do counts by role',
    tags: ['首页'],
    query: TodoQuerySchema,
    response: TodoCountsSchema,
  }),
} as const;

/** `/api/herm-ndwbs` (the year-target task menu): progress reports under the spec's names, delays and urges. */
export const ANNUAL_PROGRESS_API = progressEndpoints(N, {
  periods: '/scheduleAuditing/periods',
  reports: '/scheduleAuditing/select',
  submitReport: '/scheduleAuditing/insert',
  updateReport: '/scheduleAuditing/update',
  withdrawReport: '/scheduleAuditing/:id/delete',
  auditReport: '/scheduleAuditing/audit',
  reportsToAudit: '/scheduleAuditing/selectPage',
});
