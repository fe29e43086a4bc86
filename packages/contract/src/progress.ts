import { z } from 'zod';

/** Progress report (situation) kinds and audit states, schedule states (spec-1 section 4, spec-2 section 4). */
export const REPORT_KIND = { process: '过程报告', final: '结果报告' } as const;
export type ReportKind = keyof typeof REPORT_KIND;
export const REPORT_STATUS = {
  reviewing: '审核中',
  pass: '审核通过',
  childPass: '部分通过',
  reject: '已驳回',
} as const;
export type ReportStatus = keyof typeof REPORT_STATUS;
export const SCHEDULE_STATUS = { unstart: '未开始', block: '滞后', normal: '正常', finish: '已完成' } as const;
export type ScheduleStatus = keyof typeof SCHEDULE_STATUS;
/** Circle colours of the schedule states: green, blue, yellow, red. */
export const SCHEDULE_COLOR: Record<ScheduleStatus, string> = {
  finish: '#52c41a',
  normal: '#1677ff',
  block: '#faad14',
  unstart: '#f5222d',
};

export const PROGRESS_MSG = {
  taskFinished: '任务已完成，不能再提交进度报告',
  taskNotExecuting: '任务尚未进入执行阶段，不能提交进度报告',
  notOwner: '只有任务负责人可以提交进度报告',
  notAuditor: '只有任务的审核人可以审核',
  finalUnderReview: '已有结果报告正在审核中，请等待审核结果',
  periodUnderReview: '该周期的报告正在审核中',
  periodPassed: '该周期的报告已审核通过',
  reportNotReviewing: '该报告不在审核中',
  periodInvalid: '周期不存在',
  reasonRequired: '请填写驳回原因',
  delayDateInvalid: '延期后的结束时间必须晚于原结束时间',
  delayUnderReview: '已有延期申请正在审核中',
  submitted: '提交成功',
  audited: '审核完成',
  urgeDone: '该部门已处理，无需督办',
  urgeAccepted: '已接收督办',
  urgeSent: '督办已发送',
  urgeNotYours: '只有被督办部门的负责人可以接收',
  urgeHandled: '该督办已处理',
  focused: '已关注',
  unfocused: '已取消关注',
} as const;

export const PeriodSchema = z.object({
  key: z.string().describe('周期标识 / period key, e.g. 2026-03'),
  label: z.string().describe('周期名称 / period label'),
  start: z.string(),
  deadline: z.string().describe('报告截止日期 / report deadline'),
  schedule: z.enum(['unstart', 'block', 'normal', 'finish']).describe('进度状态 / schedule status'),
  audited: z.boolean().describe('已审核（实心圆） / audited, shown filled'),
  reportId: z.number().int().nullable(),
  reportStatus: z.string().nullable(),
});

export const ReportSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  periodKey: z.string(),
  kind: z.enum(['process', 'final']),
  content: z.string().describe('进度说明 / text'),
  status: z.enum(['reviewing', 'pass', 'childPass', 'reject']),
  reason: z.string().nullable().describe('驳回原因 / reason'),
  submitterName: z.string().nullable(),
  submittedAt: z.string(),
  auditorName: z.string().nullable(),
  auditedAt: z.string().nullable(),
  version: z.number().int(),
});

export const ReportInputSchema = z.object({
  taskId: z.coerce.number().int(),
  periodKey: z.string().max(20).describe('周期标识 / period key'),
  kind: z.enum(['process', 'final']),
  content: z.string().trim().min(1, '请输入数据').max(1000),
  fileIds: z.array(z.string().uuid()).max(50).default([]).describe('附件 / attachments'),
  progress: z.coerce.number().int().min(0).max(100).optional().describe('完成进度（0-100） / progress'),
});

export const ReportAuditSchema = z.object({
  id: z.coerce.number().int(),
  version: z.coerce.number().int(),
  result: z.enum(['pass', 'childPass', 'reject']),
  reason: z.string().trim().max(500).optional(),
});

export const WarningCountsSchema = z.object({
  totalWarningCount: z.number().int(),
  processWarningCount: z.number().int(),
  expiredWarningCount: z.number().int(),
});

export const WarningTypeSchema = z.object({
  id: z.number().int(),
  yjlxmc: z.string().describe('预警类型名称 / name'),
  yjlxms: z.string().nullable().describe('描述 / description'),
  kind: z.enum(['process', 'final']),
  date: z.number().int().describe('天数 / days'),
  yjzq: z.enum(['month', 'week', 'day', 'no']).describe('预警周期 / period'),
  weekday: z.number().int().nullable(),
  day: z.number().int().nullable(),
  month: z.number().int().nullable(),
  hour: z.number().int().nullable(),
  px: z.number().int().describe('排序 / order'),
  cjr: z.string().nullable(),
  cjsj: z.string(),
  gxr: z.string().nullable(),
  gxsj: z.string(),
});

export const WarningTypeInputSchema = z.object({
  yjlxmc: z.string().trim().min(1).max(60),
  yjlxms: z.string().max(200).optional(),
  kind: z.enum(['process', 'final']),
  date: z.coerce.number().int().min(0).max(365),
  yjzq: z.enum(['month', 'week', 'day', 'no']),
  weekday: z.coerce.number().int().min(1).max(7).optional().describe('周几（2-7，1为周日） / weekday'),
  day: z.coerce.number().int().min(1).max(31).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  hour: z.coerce.number().int().min(0).max(23).optional(),
  px: z.coerce.number().int().default(0),
});

export const UrgeSchema = z.object({
  id: z.number().int(),
  yearTargetId: z.number().int().nullable(),
  yearTargetName: z.string().nullable(),
  bmid: z.string(),
  bmmc: z.string(),
  currentStatus: z.number().int().describe('1 目标未设定 2 目标未分解 / 1 not set, 2 not decomposed'),
  type: z.number().int().describe('0 待处理 1 已处理 / 0 pending 1 done'),
  state: z.enum(['urge', 'acceptUrge']),
  content: z.string().nullable(),
  urgerName: z.string().nullable(),
  urgedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
