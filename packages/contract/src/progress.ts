import { z } from 'zod';
import { WARNING_PERIOD, type WarningPeriod } from './enums';
import { pageOf } from './envelope';
import { int32, isoDate } from './primitives';

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
/** Audit results an auditor may give a report. */
export const REPORT_AUDIT_RESULTS = ['pass', 'childPass', 'reject'] as const;
export type ReportAuditResult = (typeof REPORT_AUDIT_RESULTS)[number];
export const SCHEDULE_STATUS = { unstart: '未开始', block: '滞后', normal: '正常', finish: '已完成' } as const;
export type ScheduleStatus = keyof typeof SCHEDULE_STATUS;
/** Circle colours of the schedule states: green, blue, yellow, red (spec-2 section 4). */
export const SCHEDULE_COLOR: Record<ScheduleStatus, string> = {
  finish: '#52c41a',
  normal: '#1677ff',
  block: '#faad14',
  unstart: '#f5222d',
};
/** Audit status of a period's report: '0' none, '1' under review, '2' audited (the circle is filled at '2'). */
export const PERIOD_AUDIT = { none: '0', reviewing: '1', audited: '2' } as const;
/** Delay request states. */
export const DELAY_STATUS = { reviewing: '审核中', pass: '已同意', reject: '已驳回' } as const;
export type DelayStatus = keyof typeof DELAY_STATUS;
/** File types of report attachments (spec-1 section 3): process document and final-result document. */
export const REPORT_FILE_TYPE: Record<ReportKind, string> = { process: '过程文件', final: '成果文件' };

/** Urge types (0 pending, 1 done), current status of the urged department, urge states (spec-1 section 3). */
export const URGE_TYPE = { 0: '待处理', 1: '已处理' } as const;
export const URGE_CURRENT_STATUS = { 1: '目标未设定', 2: '目标未分解' } as const;
export const URGE_STATE = { urge: '督办', acceptUrge: '已接收' } as const;

export const PROGRESS_MSG = {
  taskFinished: '任务已完成，不能再提交进度报告',
  taskNotExecuting: '任务尚未进入执行阶段，不能提交进度报告',
  notOwner: '只有任务负责人可以提交进度报告',
  notSubmitter: '只有报告的提交人可以修改或撤回',
  notAuditor: '只有任务的审核人可以审核',
  finalUnderReview: '已有结果报告正在审核中，请等待审核结果',
  periodUnderReview: '该周期的报告正在审核中',
  periodPassed: '该周期的报告已审核通过',
  reportNotReviewing: '该报告不在审核中',
  reportNotFound: '报告不存在',
  delayNotFound: '延期申请不存在',
  delayNotReviewing: '该延期申请已审核',
  periodInvalid: '周期不存在',
  reasonRequired: '请填写驳回原因',
  delayDateInvalid: '延期后的结束时间必须晚于原结束时间',
  delayUnderReview: '已有延期申请正在审核中',
  delayNotAllowed: '只有执行中或逾期未完成的任务可以申请延期',
  submitted: '提交成功',
  updated: '修改成功',
  added: '新增成功',
  deleted: '删除成功',
  withdrawn: '已撤回',
  audited: '审核完成',
  urgeDone: (bmmc: string) => `${bmmc}已处理，无需督办`,
  urgePending: (bmmc: string) => `已督办${bmmc}，等待其接收`,
  urgeNoDepartment: '请选择要督办的部门',
  departmentUnknown: (bmid: string) => `部门不存在：${bmid}`,
  urgeNoWarning: '该任务没有未处理的预警，无需督办',
  urgeNotPublisher: '只有年度目标发布者可以督办',
  urgeAccepted: '已接收督办',
  urgeSent: (n: number) => `督办已发送（${n}个）`,
  urgeNotYours: '只有被督办部门的负责人可以接收',
  urgeHandled: '该督办已处理',
  urgeNotFound: '督办不存在',
  warningNotFound: '预警记录不存在',
  warningDeleted: '预警已删除',
  warningDeleteNotAllowed: '只有年度目标发布者或管理员可以删除预警',
  warningTypeInUse: '该预警类型已产生预警记录，不能删除',
  warningTypeNotFound: '预警类型不存在',
  warningTypeUnknown: '所选预警类型不存在',
  warningTypeNameTaken: '预警类型名称已存在',
  configTasksRequired: '请选择要配置的任务',
  configSaved: '保存成功',
  focused: '已关注',
  unfocused: '已取消关注',
  evaluated: (r: { evaluated: number; raised: number; closed: number; overdue: number }) =>
    `预警执行完成：评估任务${r.evaluated}个，新增预警${r.raised}条，关闭预警${r.closed}条，转为逾期${r.overdue}个`,
  weekdayRequired: '预警周期为每周时请选择周几',
  dayRequired: '预警周期为每月时请选择日期',
} as const;

/** Words of the progress, warning and urge screens. */
export const PROGRESS_TEXT = {
  panelTitle: '进度管理',
  periods: '报告周期',
  reports: '进度报告',
  submitProcess: '提交过程报告',
  submitFinal: '提交结果报告',
  reportKind: '报告类型',
  period: '周期',
  content: '进度说明',
  progress: '完成进度（%）',
  attachments: '附件',
  submitter: '提交人',
  submittedAt: '提交时间',
  status: '审核状态',
  reason: '驳回原因',
  auditor: '审核人',
  auditedAt: '审核时间',
  audit: '审核',
  pass: '通过',
  childPass: '部分通过',
  reject: '驳回',
  auditTitle: '审核进度报告',
  auditResult: '审核结果',
  withdraw: '撤回',
  withdrawConfirm: '确定撤回该报告吗？',
  edit: '修改',
  resubmit: '重新提交',
  delays: '延期申请',
  requestDelay: '申请延期',
  newEndDate: '延期至',
  delayReason: '延期原因',
  auditDelay: '审核延期',
  agree: '同意',
  auditReason: '审核意见',
  legend: '图例',
  filledMeansAudited: '实心表示已审核',
  pendingAudits: '进度审核',
  pendingDelays: '延期审核',
  taskYear: '任务年份',
  allYears: '全部年份',
  taskName: '任务名称',
  department: '负责部门',
  owner: '负责人',
  viewAttachments: '查看附件',
  noAttachments: '无附件',
  warningTasks: '预警任务',
  totalWarnings: '预警总数',
  processWarnings: '过程预警',
  expiredWarnings: '逾期预警',
  warningType: '预警类型',
  allWarningTypes: '全部预警类型',
  urge: '督办',
  batchUrge: '批量督办',
  urgeContent: '督办内容',
  urgeTitle: '督办部门',
  urgeTaskTitle: '督办预警任务',
  departments: '部门',
  currentStatus: '当前状况',
  acted: '已处理',
  urged: '已督办',
  urgeState: '督办状态',
  urgeList: '督办记录',
  urgedAt: '督办时间',
  acceptedAt: '接收时间',
  accept: '接收督办',
  warningUrge: '预警督办',
  warningRecords: '预警记录',
  raisedAt: '预警时间',
  closedAt: '关闭时间',
  open: '未关闭',
  closed: '已关闭',
  dismissed: '已删除',
  deleteWarning: '删除',
  deleteWarningConfirm: '删除后该预警不会再次产生，确定删除吗？',
  warningTypes: '预警类型',
  addWarningType: '新增预警类型',
  editWarningType: '修改预警类型',
  name: '名称',
  description: '描述',
  days: '天数',
  kind: '预警类别',
  yjzq: '预警周期',
  weekday: '周几',
  day: '日期',
  month: '月份',
  everyMonth: '每个月',
  monthsHint: '只在所选月份预警，不选为每个月',
  hour: '时（0-23）',
  order: '排序',
  creator: '创建人',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  actions: '操作',
  delete: '删除',
  deleteConfirm: '确定删除吗？',
  batchConfig: '批量配置预警',
  configHistory: '配置历史',
  configTasks: '任务',
  configTypes: '启用的预警类型',
  configNoneMeansAll: '不选任何类型表示该任务使用全部预警类型',
  configTaskCount: (n: number) => `${n}个任务`,
  operator: '操作人',
  operatedAt: '操作时间',
  warningConfig: '预警配置',
  evaluateNow: '立即执行预警',
  evaluateNowConfirm: '立即评估所有任务的预警吗？（与每小时整点的自动评估相同）',
  focus: '关注',
  unfocus: '取消关注',
  focusMenu: '我的关注',
  noFocusTasks: '暂无关注的任务，可在任务详情或预警任务中点击“关注”',
  taskDates: '起止时间',
  taskProgress: '任务进度',
  yearTarget: '年度目标',
  selectYearTarget: '请选择年度目标',
  cancel: '取消',
  confirm: '确定',
  close: '关闭',
  select: '请选择',
  input: '请输入',
  choosePeriod: '请选择周期',
  chooseNewEnd: '请选择延期后的结束时间',
  enterContent: '请输入进度说明',
  enterDelayReason: '请填写延期原因',
  oldEndDate: (d: string) => `原结束时间：${d}`,
  periodTip: (label: string, status: string, deadline: string) => `${label}：${status}（截止 ${deadline}）`,
  finalPeriod: '结果报告',
  fileCount: (n: number) => `附件（${n}）`,
  noReports: '暂无进度报告',
  noDelays: '暂无延期申请',
  reviewing: '待审核',
  audited: '已审核',
  all: '全部',
  taskEnd: '结束时间',
  urgeSelected: (n: number) => `督办选中的部门（${n}）`,
  noWarningTasks: '暂无预警任务',
  chooseTasks: '请选择任务',
  searchTask: '按任务名称搜索',
  urgeConfirm: (name: string) => `确定督办${name}吗？`,
  warningsOf: (name: string) => `${name}的预警记录`,
  notFocused: '关注',
  focusedLabel: '已关注',
  sortAsc: '按时间升序',
  sortDesc: '按时间降序',
  linkedYearTarget: '关联年度目标',
  allOption: '全部',
  taskStatus: '任务状态',
  endDate: '结束时间',
  receivedUrges: '收到的督办',
  sentUrges: '督办记录',
  urgeDepartments: '督办部门',
  taskCount: '任务数',
  urgeWarningDone: '督办已发送',
  urgeType: '处理状态',
  warningUrgeTag: '任务预警',
  warningRecordsShort: '预警',
  warningConfigTitle: '预警配置',
  auditMenu: '进度审核',
  warningMenu: '预警任务',
  urgeMenu: '督办管理',
  save: '保存',
  noUrgeDepartments: '该年度目标下暂无已下发的任务',
  none: '无',
  scopeTotal: '全部任务',
  scopePersonal: '我的任务',
  scopeDepartment: '部门任务',
} as const;

/** Weekday values of the warning period (spec-1 section 3): 2..7 Monday..Saturday, 1 Sunday. */
export const WEEKDAY_LABEL: Record<number, string> = {
  2: '周一',
  3: '周二',
  4: '周三',
  5: '周四',
  6: '周五',
  7: '周六',
  1: '周日',
};

export const PeriodSchema = z.object({
  key: z
    .string()
    .describe(
      '周期标识，按任务的周期类型：2026-03（无周期，按月）、2026（年）、2025-2026（学年）、2025-2026-1（学期）、2026-H1（时间段）、2026-06-30（时间点） / period key',
    ),
  label: z.string().describe('周期名称 / period label'),
  start: z.string(),
  deadline: z.string().describe('报告截止日期 / report deadline'),
  schedule: z.enum(['unstart', 'block', 'normal', 'finish']).describe('进度状态 / schedule status'),
  audited: z.boolean().describe('已审核（实心圆） / audited, shown filled'),
  shzt: z.enum(['0', '1', '2']).describe("审核状态：'0'无报告 '1'审核中 '2'已审核 / audit status"),
  reportId: z.number().int().nullable(),
  reportStatus: z.string().nullable(),
});
export type Period = z.infer<typeof PeriodSchema>;

export const ReportSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  periodKey: z.string(),
  kind: z.enum(['process', 'final']),
  content: z.string().describe('进度说明 / text'),
  progress: z.number().int().nullable().describe('完成进度 / progress'),
  status: z.enum(['reviewing', 'pass', 'childPass', 'reject']),
  reason: z.string().nullable().describe('驳回原因 / reason'),
  submitterId: z.string(),
  submitterName: z.string().nullable(),
  submittedAt: z.string(),
  auditorName: z.string().nullable(),
  auditedAt: z.string().nullable(),
  fileCount: z.number().int().describe('附件数 / attachments'),
  version: z.number().int(),
  abilities: z
    .object({
      audit: z.boolean(),
      edit: z.boolean(),
      withdraw: z.boolean(),
      resubmit: z
        .boolean()
        .describe('可重新提交：本周期最新的过程报告被驳回 / the newest report of its period was rejected'),
    })
    .describe('当前用户可执行的操作 / actions the user may take'),
});
export type Report = z.infer<typeof ReportSchema>;

/**
 * One node of a task's situation catalogue (targetTaskDetail getDetailSituationCatalog): a period of the task's cycle,
 * the final report, or a former period (the task's cycle changed after it was reported on), with its reports.
 */
export const SituationCatalogNodeSchema = z.object({
  key: z.string().describe('周期标识；结果报告为 final / period key, final for the final report'),
  label: z.string().describe('目录名称：周期名称或“结果报告” / label'),
  kind: z
    .enum(['period', 'final', 'former'])
    .describe('period 任务周期 final 结果报告 former 已不在任务周期内的周期 / node kind'),
  start: z.string().nullable().describe('周期开始日期（former 为空） / period start'),
  deadline: z.string().nullable().describe('报告截止日期（former 为空） / report deadline'),
  schedule: z
    .enum(['unstart', 'block', 'normal', 'finish'])
    .nullable()
    .describe('进度状态（former 为空） / schedule status'),
  shzt: z.enum(['0', '1', '2']).describe("最新报告的审核状态：'0'无报告 '1'审核中 '2'已审核 / audit status"),
  reports: z.array(ReportSchema).describe('该周期的报告，新的在前 / its reports, newest first'),
});
export type SituationCatalogNode = z.infer<typeof SituationCatalogNodeSchema>;

/** The situation catalogue of a task: its periods, the final report and former periods, each with its reports. */
export const SituationCatalogSchema = z.object({
  taskId: z.number().int(),
  rwmc: z.string().describe('任务名称 / task name'),
  nodes: z.array(SituationCatalogNodeSchema),
});
export type SituationCatalog = z.infer<typeof SituationCatalogSchema>;

/** A report awaiting (or past) audit, with its task, for the auditor's list. */
export const AuditReportSchema = ReportSchema.extend({
  rwmc: z.string().describe('任务名称 / task name'),
  fbbm: z.string().nullable().describe('负责部门 / department'),
  fzrmc: z.string().nullable().describe('负责人 / owner'),
});
export const AuditReportPageSchema = pageOf(AuditReportSchema);

export const ReportInputSchema = z.object({
  taskId: int32(),
  periodKey: z.string().max(20).describe('周期标识（结果报告填 final） / period key'),
  kind: z.enum(['process', 'final']),
  content: z.string().trim().min(1, '请输入进度说明').max(1000, '进度说明不能超过1000个字'),
  fileIds: z.array(z.string().uuid()).max(50).default([]).describe('附件 / attachments'),
  progress: int32().min(0).max(100).optional().describe('完成进度（0-100） / progress'),
});

export const ReportUpdateSchema = z.object({
  id: int32(),
  version: int32(),
  content: z.string().trim().min(1, '请输入进度说明').max(1000, '进度说明不能超过1000个字'),
  fileIds: z.array(z.string().uuid()).max(50).default([]).describe('新增附件 / attachments to add'),
  progress: int32().min(0).max(100).optional(),
});

export const ReportAuditSchema = z.object({
  id: int32(),
  version: int32(),
  result: z.enum(REPORT_AUDIT_RESULTS, '审核结果只能是通过、部分通过或驳回'),
  reason: z.string().trim().max(500, '原因不能超过500个字').optional(),
});

export const AuditQuerySchema = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
  status: z.enum(['reviewing', 'audited', 'all']).default('reviewing').describe('待审核/已审核/全部 / filter'),
  year: int32().optional().describe('任务年份（年度目标的周期年份） / year of the task'),
});

export const DelaySchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  oldEndDate: z.string().nullable().describe('原结束时间 / previous end'),
  newEndDate: z.string().describe('延期至 / new end'),
  reason: z.string(),
  status: z.enum(['reviewing', 'pass', 'reject']),
  auditReason: z.string().nullable(),
  requesterName: z.string().nullable(),
  requestedAt: z.string(),
  auditorName: z.string().nullable(),
  auditedAt: z.string().nullable(),
  canAudit: z.boolean(),
});
export const AuditDelaySchema = DelaySchema.extend({
  rwmc: z.string(),
  fbbm: z.string().nullable(),
  fzrmc: z.string().nullable(),
});
export const AuditDelayPageSchema = pageOf(AuditDelaySchema);

export const DelayInputSchema = z.object({
  taskId: int32(),
  newEndDate: isoDate(),
  reason: z.string().trim().min(1, '请填写延期原因').max(500, '延期原因不能超过500个字'),
});
export const DelayAuditSchema = z.object({
  id: int32(),
  pass: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  reason: z.string().trim().max(500, '原因不能超过500个字').optional(),
});

export const WarningCountsSchema = z.object({
  totalWarningCount: z.number().int(),
  processWarningCount: z.number().int(),
  expiredWarningCount: z.number().int(),
});
export const WarningCountMapsSchema = WarningCountsSchema.extend({
  processMap: z.record(z.string(), z.number()).describe('过程预警数，按任务id / process warnings by task id'),
  delayMap: z.record(z.string(), z.number()).describe('逾期预警数，按任务id / overdue warnings by task id'),
});

export const WarningRecordSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  warningTypeId: z.number().int(),
  yjlxmc: z.string().describe('预警类型名称 / type name'),
  kind: z.enum(['process', 'final']),
  key: z.string().describe('预警标识：P:周期 / due / overdue / warning key'),
  label: z.string().describe('预警说明 / what the warning is about'),
  open: z.boolean(),
  dismissed: z.boolean().describe('已删除（不再产生） / dismissed'),
  raisedAt: z.string(),
  closedAt: z.string().nullable(),
});

export const WarningTaskQuerySchema = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
  year: int32().optional(),
  yearTargetId: int32().optional(),
  rwlx: z.enum(['A', 'B', 'C', 'D']).optional(),
  departmentId: z.string().max(32).optional(),
  rwmc: z.string().max(60).optional(),
  sort: z.enum(['asc', 'desc']).default('desc'),
  warningTypeId: int32().optional().describe('预警类型 / warning type'),
});

const warningTypeFields = {
  yjlxmc: z.string().trim().min(1, '请输入预警类型名称').max(60, '名称不能超过60个字'),
  yjlxms: z.string().trim().max(200, '描述不能超过200个字').optional(),
  kind: z.enum(['process', 'final'], '预警类别只能是过程预警或逾期预警'),
  date: z.coerce
    .number()
    .int()
    .min(0, '天数不能小于0')
    .max(365, '天数不能大于365')
    .describe('天数：过程预警（月/周）为截止后N天，到期预警（日/无）为结束前N天，逾期预警为结束后N天 / days'),
  yjzq: z.enum(['month', 'week', 'day', 'no'], '预警周期只能是每月、每周、每天或无'),
  weekday: z.coerce
    .number()
    .int()
    .min(1)
    .max(7, '周几的取值为1-7')
    .optional()
    .describe('周几（2-7为周一至周六，1为周日）'),
  day: int32().min(1).max(31, '日期的取值为1-31').optional().describe('每月几号 / day of month'),
  months: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
      z.array(int32().min(1, '月份的取值为1-12').max(12, '月份的取值为1-12')).max(12),
    )
    .default([])
    .describe('每月预警的月份（1-12），不选为每个月 / months of a monthly type, none: every month'),
  hour: z.coerce
    .number()
    .int()
    .min(0)
    .max(23, '时的取值为0-23')
    .optional()
    .describe('几点产生预警（每月/每周/每天） / hour of the schedule'),
  px: int32().min(0).max(9999).default(0),
};
export const WarningTypeInputSchema = z
  .object(warningTypeFields)
  .refine((v) => v.yjzq !== 'week' || v.weekday !== undefined, {
    message: PROGRESS_MSG.weekdayRequired,
    path: ['weekday'],
  })
  .refine((v) => v.yjzq !== 'month' || v.day !== undefined, { message: PROGRESS_MSG.dayRequired, path: ['day'] });
export const WarningTypeUpdateSchema = z
  .object({ id: int32(), ...warningTypeFields })
  .refine((v) => v.yjzq !== 'week' || v.weekday !== undefined, {
    message: PROGRESS_MSG.weekdayRequired,
    path: ['weekday'],
  })
  .refine((v) => v.yjzq !== 'month' || v.day !== undefined, { message: PROGRESS_MSG.dayRequired, path: ['day'] });

export const WarningTypeSchema = z.object({
  id: z.number().int(),
  yjlxmc: z.string().describe('预警类型名称 / name'),
  yjlxms: z.string().nullable().describe('描述 / description'),
  kind: z.enum(['process', 'final']),
  date: z.number().int().describe('天数 / days'),
  yjzq: z.enum(['month', 'week', 'day', 'no']).describe('预警周期 / period'),
  weekday: z.number().int().nullable(),
  day: z.number().int().nullable(),
  months: z.array(z.number().int()).describe('每月预警的月份，空为每个月 / months, empty: every month'),
  hour: z.number().int().nullable(),
  px: z.number().int().describe('排序 / order'),
  cjr: z.string().nullable(),
  cjsj: z.string(),
  gxr: z.string().nullable(),
  gxsj: z.string(),
});
export type WarningType = z.infer<typeof WarningTypeSchema>;

export const WarningConditionsInputSchema = z.object({
  taskId: int32(),
  warningTypeIds: z.array(int32()).max(50).default([]),
});
export const BatchConfigInputSchema = z.object({
  taskIds: z.array(int32()).min(1, PROGRESS_MSG.configTasksRequired).max(5000),
  warningTypeIds: z.array(int32()).max(50).default([]),
});
export const ConfigHistorySchema = z.object({
  id: z.number().int(),
  actorName: z.string().nullable(),
  taskIds: z.array(z.number()),
  taskNames: z.array(z.string()).describe('任务名称（最多20个） / task names, first 20'),
  warningTypeIds: z.array(z.number()),
  warningTypeNames: z.array(z.string()),
  at: z.string(),
});
export const ConfigHistoryPageSchema = pageOf(ConfigHistorySchema);
/** What a run of the warning evaluation did (预警配置 立即执行预警). */
export const WarningEvaluationSchema = z.object({
  evaluated: z.number().int().describe('评估的任务数 / tasks evaluated'),
  raised: z.number().int().describe('新增（或重新打开）的预警数 / warnings raised or reopened'),
  closed: z.number().int().describe('关闭的预警数 / warnings closed'),
  overdue: z.number().int().describe('转为逾期未完成的任务数 / tasks that became overdue'),
});
export type WarningEvaluation = z.infer<typeof WarningEvaluationSchema>;

export const UrgeSchema = z.object({
  id: z.number().int(),
  yearTargetId: z.number().int().nullable(),
  yearTargetName: z.string().nullable(),
  taskId: z.number().int().nullable().describe('预警督办的任务 / task of a warning urge'),
  rwmc: z.string().nullable(),
  bmid: z.string(),
  bmmc: z.string(),
  currentStatus: z
    .number()
    .int()
    .nullable()
    .describe('1 目标未设定 2 目标未分解；预警督办为空 / 1 not set, 2 not decomposed, null for a warning urge'),
  type: z.number().int().describe('0 待处理 1 已处理 / 0 pending 1 done'),
  state: z.enum(['urge', 'acceptUrge']),
  content: z.string().nullable(),
  urgerName: z.string().nullable(),
  urgedAt: z.string(),
  accepterName: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type Urge = z.infer<typeof UrgeSchema>;
export const UrgePageSchema = pageOf(UrgeSchema);

export const UrgeDepartmentSchema = z.object({
  bmid: z.string(),
  bmmc: z.string(),
  fzrmc: z.string().nullable().describe('部门负责人 / head'),
  taskCount: z.number().int().describe('该部门在年度目标下的一级任务数 / top-level tasks'),
  currentStatus: z.number().int().describe('0 已处理 1 目标未设定 2 目标未分解 / 0 acted'),
  pendingUrgeId: z.number().int().nullable().describe('待接收的督办 / pending urge'),
  lastUrgedAt: z.string().nullable(),
});
export type UrgeDepartment = z.infer<typeof UrgeDepartmentSchema>;

export const UrgeBatchInputSchema = z.object({
  yearTargetId: int32(),
  bmids: z.array(z.string().max(32)).min(1, PROGRESS_MSG.urgeNoDepartment).max(200),
  content: z.string().trim().max(500, '督办内容不能超过500个字').optional(),
});
export const WarningUrgeInputSchema = z.object({
  taskId: int32(),
  content: z.string().trim().max(500, '督办内容不能超过500个字').optional(),
});
export const UrgeListQuerySchema = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
  mine: z.enum(['true', 'false']).default('true').describe('true：本人负责部门收到的 / received by my departments'),
  yearTargetId: int32().optional(),
  type: z.enum(['0', '1']).optional().describe('0 待处理 1 已处理 / 0 pending 1 done'),
});

/** What a warning is about, from its key: P:<period> a missing period report, due the end approaching, overdue. */
export function warningLabel(key: string): string {
  if (key === 'due') return '任务即将到期，尚未完成';
  if (key === 'overdue') return '任务已超过结束时间，尚未完成';
  if (key.startsWith('P:')) return `${periodLabel(key.slice(2))}的进度报告未按期提交`;
  return key;
}

const TERM_NAMES = ['第一学期', '第二学期'] as const;
const HALF_NAMES = ['上半年', '下半年'] as const;

/**
 * The label of a report's period key, one format per cycle type of the task (the server's period rules make the
 * keys): 2026-03 → 2026年3月 (no cycle: monthly), 2026 → 2026年, 2025-2026 → 2025-2026学年, 2025-2026-1 →
 * 2025-2026学年第一学期, 2026-H1 → 2026年上半年, 2026-06-30 → 2026年6月30日, final → 结果报告.
 */
export function periodLabel(key: string): string {
  if (key === 'final') return PROGRESS_TEXT.finalPeriod;
  let m = /^(\d{4})-(\d{2})$/.exec(key);
  if (m) return `${m[1]}年${Number(m[2])}月`;
  m = /^(\d{4})$/.exec(key);
  if (m) return `${m[1]}年`;
  m = /^(\d{4})-(\d{4})$/.exec(key);
  if (m) return `${m[1]}-${m[2]}学年`;
  m = /^(\d{4})-(\d{4})-([12])$/.exec(key);
  if (m) return `${m[1]}-${m[2]}学年${TERM_NAMES[Number(m[3]) - 1]}`;
  m = /^(\d{4})-H([12])$/.exec(key);
  if (m) return `${m[1]}年${HALF_NAMES[Number(m[2]) - 1]}`;
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (m) return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
  return key;
}

/** A warning type's schedule in words: 每月25日9时, 每月1日8时（3、9月）, 每周周一9时, 每天9时, 无. */
export function warningScheduleText(t: {
  yjzq: WarningPeriod;
  weekday: number | null;
  day: number | null;
  months: readonly number[];
  hour: number | null;
}): string {
  if (t.yjzq === 'no') return WARNING_PERIOD.no;
  let text: string = WARNING_PERIOD[t.yjzq];
  if (t.yjzq === 'week' && t.weekday !== null) text += WEEKDAY_LABEL[t.weekday] ?? '';
  if (t.yjzq === 'month' && t.day !== null) text += `${t.day}日`;
  if (t.hour !== null) text += `${t.hour}时`;
  if (t.yjzq === 'month' && t.months.length) text += `（${[...t.months].sort((a, b) => a - b).join('、')}月）`;
  return text;
}
