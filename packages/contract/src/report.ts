import { z } from 'zod';
import { listOf, pageOf } from './envelope';
import { int32 } from './primitives';

/** Target-task reports (目标任务报告): templates, covers, the report of a task, its self rating and audit. */

/** Self-rating levels of a task report (spec-1 section 3: A excellent, B good, C fair, D not completed). */
export const REPORT_LEVEL = { A: '优秀', B: '良好', C: '一般', D: '未完成' } as const;
export type ReportLevel = keyof typeof REPORT_LEVEL;
export const REPORT_LEVELS = ['A', 'B', 'C', 'D'] as const;

/** States of a task report: generated (draft) -> submitted (reviewing) -> pass | refuse; refuse goes back to the owner. */
export const TARGET_REPORT_STATUS = {
  draft: '待提交',
  reviewing: '审核中',
  pass: '审核通过',
  refuse: '审核不通过',
} as const;
export type TargetReportStatus = keyof typeof TARGET_REPORT_STATUS;
export const TARGET_REPORT_STATUSES = Object.keys(TARGET_REPORT_STATUS) as [
  TargetReportStatus,
  ...TargetReportStatus[],
];

/** Sections a template may include, in the order they appear in the document. */
export const REPORT_SECTION = {
  facts: '任务概况',
  progress: '进度报告',
  attachments: '附件清单',
  warnings: '预警记录',
  charts: '统计图表',
} as const;
export type ReportSection = keyof typeof REPORT_SECTION;
export const REPORT_SECTIONS = Object.keys(REPORT_SECTION) as [ReportSection, ...ReportSection[]];

/**
 * What a template lays out (issue 33): a target-task report (目标任务报告, the sections below) or a self-diagnosis report
 * (自我诊断报告: its title and preface make the Word document's cover text; rest/report/template/selectlist lists them).
 */
export const REPORT_TEMPLATE_KINDS = ['targetTask', 'selfDiagnosis'] as const;
export type ReportTemplateKind = (typeof REPORT_TEMPLATE_KINDS)[number];
export const REPORT_TEMPLATE_KIND_NAMES: Record<ReportTemplateKind, string> = {
  targetTask: '目标任务报告',
  selfDiagnosis: '自我诊断报告',
};

/** Built-in layout used when no template or cover has been added. */
export const REPORT_DEFAULTS = {
  templateName: '默认模板',
  reportTitle: '{rwmc}完成情况报告',
  coverTitle: '目标任务完成情况报告',
  unknown: '未知',
  noData: '暂无数据',
} as const;

/** Fills `{rwmc}` (the task name) into a template's title. */
export function reportTitleOf(pattern: string, taskName: string) {
  return pattern.replaceAll('{rwmc}', taskName);
}

export const REPORT_MSG = {
  templateNotFound: '报告模板不存在',
  coverNotFound: '报告封面不存在',
  reportNotFound: '报告不存在',
  defaultCoverDelete: '默认封面不能删除，请先将其他封面设为默认',
  taskNotStarted: '任务尚未进入执行阶段，不能生成报告',
  notOwner: '只有任务负责人可以生成、评定和提交报告',
  notAuditor: '只有任务的审核人可以审核报告',
  notEditable: '报告已提交审核或已审核通过，不能修改',
  levelRequired: '请先评定自评等级',
  notReviewing: '报告不在审核中',
  reasonRequired: '请填写审核不通过的原因',
  changed: '报告已被他人修改，请刷新后重试',
  generated: '报告已生成',
  submitted: '已提交审核',
  audited: '审核完成',
  levelSaved: '自评等级已保存',
  defaultSet: '已设为默认封面',
  sectionsRequired: '请至少选择一个报告内容',
  idsRequired: '请先勾选要删除的记录',
  /** Document text. */
  docSchool: '学校名称',
  docTask: '任务名称',
  docDepartment: '责任部门',
  docOwner: '负责人',
  docDate: '报告日期',
  docPreface: '报告说明',
  docIndex: '序号',
  docPeriod: '周期',
  docKind: '类型',
  docContent: '进度说明',
  docProgress: '完成进度',
  docSubmitter: '提交人',
  docSubmittedAt: '提交时间',
  docAuditResult: '审核结果',
  docFileName: '文件名称',
  docSource: '来源',
  docUploader: '上传人',
  docUploadedAt: '上传时间',
  docSize: '大小',
  docWarningType: '预警类型',
  docWarningKind: '类别',
  docWarningKey: '预警周期',
  docWarningAt: '预警时间',
  docWarningState: '状态',
  warningOpen: '未解除',
  warningClosed: '已解除',
  sourceTask: '任务文件',
  sourceProgress: '进度报告',
  chartProgress: '进度趋势（%）',
  chartAudit: '进度报告审核结果',
  chartWarnings: '预警次数（按预警类型）',
  factYearTarget: '年度目标',
  factType: '任务类型',
  factAuditor: '审核人',
  factPeriod: '起止时间',
  factStatus: '任务状态',
  factProgress: '完成进度',
  factLevel: '自评等级',
  factReportStatus: '报告状态',
} as const;

const idField = int32().positive();

// ---- templates ----

export const ReportTemplateInputSchema = z.object({
  mbmc: z.string().trim().min(1).max(60).describe('模板名称 / template name'),
  bgbt: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .default(REPORT_DEFAULTS.reportTitle)
    .describe('报告标题，{rwmc} 替换为任务名称 / report title, {rwmc} is the task name'),
  bgsm: z.string().trim().max(1000).optional().describe('报告说明（正文开头） / preface text'),
  sections: z
    .array(z.enum(REPORT_SECTIONS))
    .min(1, REPORT_MSG.sectionsRequired)
    .max(REPORT_SECTIONS.length)
    .default([...REPORT_SECTIONS])
    .describe(
      '报告内容：facts 任务概况、progress 进度报告、attachments 附件清单、warnings 预警记录、charts 统计图表 / sections',
    ),
  mblx: z
    .enum(REPORT_TEMPLATE_KINDS, { error: '模板类型只能是 目标任务报告 或 自我诊断报告' })
    .optional()
    .describe(
      '模板类型：targetTask 目标任务报告（新增时默认）、selfDiagnosis 自我诊断报告（标题中的 {rwmc} 为诊改对象名称）；修改时不传则不变 / kind',
    ),
});
export type ReportTemplateInput = z.infer<typeof ReportTemplateInputSchema>;

export const ReportTemplateUpdateSchema = ReportTemplateInputSchema.extend({
  id: idField.describe('模板id / template id'),
});

export const ReportTemplateSchema = z.object({
  id: z.number().int().describe('模板id / template id'),
  mbmc: z.string().describe('模板名称 / template name'),
  bgbt: z.string().describe('报告标题 / report title pattern'),
  bgsm: z.string().nullable().describe('报告说明 / preface'),
  sections: z.array(z.enum(REPORT_SECTIONS)).describe('报告内容 / sections'),
  mblx: z.enum(REPORT_TEMPLATE_KINDS).describe('模板类型 / kind'),
  cjrmc: z.string().nullable().describe('创建人 / creator'),
  cjsj: z.string().describe('创建时间 / created'),
  gxsj: z.string().describe('更新时间 / updated'),
});
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;
export const ReportTemplatePageSchema = pageOf(ReportTemplateSchema);

export const ResourcePageQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
});

export const TemplateQuerySchema = ResourcePageQuerySchema.extend({
  mbmc: z.string().trim().max(60).optional().describe('模板名称关键字 / name contains'),
  mblx: z.enum(REPORT_TEMPLATE_KINDS).optional().describe('模板类型 / kind'),
});

export const IdsInputSchema = z.object({
  ids: z
    .union([z.array(idField), idField.transform((n) => [n])])
    .pipe(z.array(z.number().int()).min(1, REPORT_MSG.idsRequired).max(200))
    .describe('要删除的id列表 / ids to delete'),
});

// ---- covers ----

export const ReportCoverInputSchema = z.object({
  fmmc: z.string().trim().min(1).max(60).describe('封面名称 / cover name'),
  fmbt: z.string().trim().min(1).max(100).default(REPORT_DEFAULTS.coverTitle).describe('封面标题 / cover title'),
  xxmc: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('学校名称（空则取系统名称） / school name, system name if empty'),
  fbt: z.string().trim().max(100).optional().describe('副标题 / subtitle'),
  sfmr: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
    .default(false)
    .describe('设为默认封面 / make it the default cover'),
});

export const ReportCoverSchema = z.object({
  id: z.number().int().describe('封面id / cover id'),
  fmmc: z.string().describe('封面名称 / cover name'),
  fmbt: z.string().describe('封面标题 / cover title'),
  xxmc: z.string().nullable().describe('学校名称 / school name'),
  fbt: z.string().nullable().describe('副标题 / subtitle'),
  sfmr: z.boolean().describe('是否默认封面 / default cover'),
  cjrmc: z.string().nullable().describe('创建人 / creator'),
  cjsj: z.string().describe('创建时间 / created'),
});
export type ReportCover = z.infer<typeof ReportCoverSchema>;
export const ReportCoverPageSchema = pageOf(ReportCoverSchema);

export const CoverQuerySchema = ResourcePageQuerySchema.extend({
  fmmc: z.string().trim().max(60).optional().describe('封面名称关键字 / name contains'),
});

// ---- reports ----

export const GenerateReportInputSchema = z.object({
  taskId: idField.describe('任务id / task id'),
  templateId: idField.optional().describe('模板id（空则用最早的模板或内置模板） / template'),
  coverId: idField.optional().describe('封面id（空则用默认封面或内置封面） / cover'),
});

export const UpdateLevelInputSchema = z.object({
  id: idField.describe('报告id / report id'),
  version: int32().describe('读取时的版本号 / version read'),
  zpdj: z.enum(REPORT_LEVELS).describe('自评等级 A优秀 B良好 C一般 D未完成 / self level'),
});

export const SubmitReportInputSchema = z.object({
  id: idField.describe('报告id / report id'),
  version: int32().describe('读取时的版本号 / version read'),
});

export const AuditTargetReportInputSchema = z.object({
  id: idField.describe('报告id / report id'),
  version: int32().describe('读取时的版本号 / version read'),
  result: z.enum(['pass', 'refuse']).describe('审核结果：pass 通过，refuse 不通过 / result'),
  reason: z.string().trim().max(500).optional().describe('审核意见（不通过时必填） / reason, required to refuse'),
});

export const REPORT_PAGE_KINDS = ['all', 'mine', 'review'] as const;

export const ReportPageQuerySchema = ResourcePageQuerySchema.extend({
  kind: z
    .enum(REPORT_PAGE_KINDS)
    .default('all')
    .describe('all 我可见的，mine 我负责的任务，review 待我审核 / which reports'),
  year: int32().optional().describe('任务年份 / year'),
  bgzt: z.enum(TARGET_REPORT_STATUSES).optional().describe('报告状态 / report state'),
  rwmc: z.string().trim().max(60).optional().describe('任务名称关键字 / task name contains'),
  departmentId: z.string().max(32).optional().describe('责任部门 / department'),
});

export const TargetReportSchema = z.object({
  id: z.number().int().describe('报告id / report id'),
  taskId: z.number().int().describe('任务id / task id'),
  rwmc: z.string().describe('任务名称 / task name'),
  nf: z.number().int().describe('任务年份 / year'),
  fbbm: z.string().nullable().describe('责任部门 / department'),
  fzrmc: z.string().nullable().describe('负责人 / owner'),
  jkrmc: z.string().nullable().describe('审核人 / auditor'),
  bgbt: z.string().describe('报告标题 / report title'),
  mbmc: z.string().nullable().describe('模板名称 / template name'),
  fmmc: z.string().nullable().describe('封面名称 / cover name'),
  bgzt: z.enum(TARGET_REPORT_STATUSES).describe('报告状态 / report state'),
  bgztmc: z.string().describe('报告状态名称 / state label'),
  zpdj: z.enum(REPORT_LEVELS).nullable().describe('自评等级 / self level'),
  zpdjmc: z.string().nullable().describe('自评等级名称 / level label'),
  shyj: z.string().nullable().describe('审核意见 / audit reason'),
  shrmc: z.string().nullable().describe('审核人（实际审核者） / who audited'),
  shsj: z.string().nullable().describe('审核时间 / audited at'),
  scsj: z.string().describe('生成时间 / generated at'),
  tjsj: z.string().nullable().describe('提交时间 / submitted at'),
  version: z.number().int().describe('版本号 / version'),
  abilities: z
    .object({
      regenerate: z.boolean(),
      rate: z.boolean(),
      submit: z.boolean(),
      audit: z.boolean(),
      download: z.boolean(),
    })
    .describe('当前用户可执行的操作 / actions the user may take'),
});
export type TargetReport = z.infer<typeof TargetReportSchema>;
export const TargetReportPageSchema = pageOf(TargetReportSchema);

/** The facts a report is generated from, kept with the report so the document does not change later. */
export const ReportContentSchema = z.object({
  sections: z.array(z.enum(REPORT_SECTIONS)).describe('报告内容 / sections'),
  preface: z.string().nullable().describe('报告说明 / preface'),
  cover: z
    .object({
      title: z.string().describe('封面标题 / cover title'),
      subtitle: z.string().nullable().describe('副标题 / subtitle'),
      school: z.string().describe('学校名称 / school name'),
      date: z.string().describe('报告日期 YYYY-MM-DD / date'),
    })
    .describe('封面 / cover'),
  facts: z
    .object({
      rwmc: z.string().describe('任务名称 / task name'),
      yearTargetName: z.string().describe('年度目标 / year target'),
      rwlx: z.string().describe('任务类型 / type'),
      rwlxmc: z.string().describe('任务类型名称 / type label'),
      fbbm: z.string().nullable().describe('责任部门 / department'),
      fzrmc: z.string().nullable().describe('负责人 / owner'),
      jkrmc: z.string().nullable().describe('审核人 / auditor'),
      kssj: z.string().describe('开始时间 / start'),
      jssj: z.string().describe('结束时间 / end'),
      rwzt: z.string().describe('任务状态 / state'),
      rwztmc: z.string().describe('任务状态名称 / state label'),
      rwjd: z.number().describe('完成进度 / progress'),
    })
    .describe('任务概况 / task facts'),
  progress: z
    .array(
      z.object({
        periodKey: z.string().describe('周期 / period'),
        kind: z.enum(['process', 'final']).describe('类型 / kind'),
        content: z.string().describe('进度说明 / text'),
        progress: z.number().nullable().describe('完成进度 / progress'),
        status: z.string().describe('审核状态 / audit state'),
        reason: z.string().nullable().describe('驳回原因 / reason'),
        submitterName: z.string().nullable().describe('提交人 / submitter'),
        submittedAt: z.string().describe('提交时间 / submitted'),
      }),
    )
    .describe('进度报告 / progress reports'),
  attachments: z
    .array(
      z.object({
        fileId: z.string().describe('文件id / file id'),
        fileName: z.string().describe('文件名称 / name'),
        source: z.string().describe('来源 / source'),
        size: z.number().int().describe('字节数 / size'),
        uploaderName: z.string().nullable().describe('上传人 / uploader'),
        createTime: z.string().describe('上传时间 / uploaded'),
      }),
    )
    .describe('附件清单 / attachments'),
  warnings: z
    .array(
      z.object({
        yjlxmc: z.string().describe('预警类型 / warning type'),
        kind: z.enum(['process', 'final']).describe('类别 / kind'),
        warningKey: z.string().describe('预警周期标识 / key'),
        raisedAt: z.string().describe('预警时间 / raised'),
        open: z.boolean().describe('未解除 / still open'),
      }),
    )
    .describe('预警记录 / warnings'),
});
export type ReportContent = z.infer<typeof ReportContentSchema>;

export const TargetReportDetailSchema = TargetReportSchema.extend({
  content: ReportContentSchema.describe('报告内容快照 / content snapshot'),
  downloadUrl: z.string().describe('Word 下载地址 / .docx download url'),
});
export type TargetReportDetail = z.infer<typeof TargetReportDetailSchema>;

// ---- performance centre (绩效中心) ----

export const PERFORMANCE_MSG = {
  sheetDetail: '绩效明细',
  sheetDepartment: '部门汇总',
  sheetPerson: '个人汇总',
  fileName: '绩效考核',
  unrated: '未评定',
  notSubmitted: '未提交',
  noReport: '未生成报告',
} as const;

export const PerformanceQuerySchema = z.object({
  pageNum: int32().min(1).default(1).describe('页码 / page number'),
  pageSize: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  year: int32().optional().describe('任务年份 / year'),
  bmid: z.string().max(32).optional().describe('责任部门 / department'),
  fzrid: z.string().max(64).optional().describe('负责人工号 / owner'),
  zpdj: z.enum(REPORT_LEVELS).optional().describe('自评等级 / level'),
  bgzt: z.enum(TARGET_REPORT_STATUSES).optional().describe('报告审核状态 / report state'),
  rwmc: z.string().trim().max(60).optional().describe('任务名称关键字 / task name contains'),
});

export const PerformanceRowSchema = z.object({
  taskId: z.number().int().describe('任务id / task id'),
  rwmc: z.string().describe('任务名称 / task name'),
  rwlx: z.string().describe('任务类型 / type'),
  nf: z.number().int().describe('任务年份 / year'),
  yearTargetName: z.string().describe('年度目标 / year target'),
  bmid: z.string().nullable().describe('责任部门id / department id'),
  bmmc: z.string().nullable().describe('责任部门 / department'),
  fzrid: z.string().nullable().describe('负责人工号 / owner id'),
  fzrmc: z.string().nullable().describe('负责人 / owner'),
  rwzt: z.string().describe('任务状态 / state'),
  rwztmc: z.string().describe('任务状态名称 / state label'),
  jssj: z.string().describe('计划结束时间 / planned end'),
  wcsj: z.string().nullable().describe('完成时间 / finished at'),
  asq: z.boolean().describe('按期完成 / finished on time'),
  reportId: z.number().int().nullable().describe('报告id / report id'),
  zpdj: z.enum(REPORT_LEVELS).nullable().describe('自评等级 / self level'),
  zpdjmc: z.string().nullable().describe('自评等级名称 / level label'),
  bgzt: z.enum(TARGET_REPORT_STATUSES).nullable().describe('报告状态（空为未生成） / report state, null when none'),
  bgztmc: z.string().describe('审核结果 / audit result label'),
  shyj: z.string().nullable().describe('审核意见 / audit reason'),
  shrmc: z.string().nullable().describe('审核人 / auditor'),
  shsj: z.string().nullable().describe('审核时间 / audited at'),
});
export type PerformanceRow = z.infer<typeof PerformanceRowSchema>;
export const PerformancePageSchema = listOf(PerformanceRowSchema);

export const PerformSituationQuerySchema = z.object({
  year: int32().optional().describe('任务年份 / year'),
  bmid: z.string().max(32).optional().describe('责任部门 / department'),
  groupBy: z.enum(['department', 'person']).default('department').describe('按部门或按人员汇总 / group by'),
});

export const PerformSituationRowSchema = z.object({
  id: z.string().describe('部门id或工号 / department id or user id'),
  name: z.string().describe('部门名称或姓名 / department or person name'),
  bmmc: z.string().nullable().describe('所在部门 / department'),
  finished: z.number().int().describe('已完成任务数 / finished tasks'),
  onTime: z.number().int().describe('按期完成 / on time'),
  late: z.number().int().describe('逾期完成 / late'),
  levelA: z.number().int().describe('优秀 / A'),
  levelB: z.number().int().describe('良好 / B'),
  levelC: z.number().int().describe('一般 / C'),
  levelD: z.number().int().describe('未完成 / D'),
  unrated: z.number().int().describe('未评定 / not rated'),
  passed: z.number().int().describe('审核通过 / audit passed'),
  reviewing: z.number().int().describe('审核中 / under review'),
  refused: z.number().int().describe('审核不通过 / refused'),
  excellentRate: z.number().describe('优秀率（%，两位小数，按已完成任务） / share rated A'),
});
export type PerformSituationRow = z.infer<typeof PerformSituationRowSchema>;

// ---- file archives (file-all / file-myself) ----

export const ARCHIVE_TYPES = { 'file-all': '全部文件', 'file-myself': '我的文件' } as const;
export type ArchiveType = keyof typeof ARCHIVE_TYPES;

export const ARCHIVE_MSG = {
  zipName: '任务文件',
  notInArchive: '所选文件不在可下载的范围内',
  tooMany: (n: number) => `一次最多打包下载${n}个文件，请缩小筛选范围`,
  sourceYearTarget: '年度目标文件',
  sourceTask: '任务文件',
  sourceProgress: '进度报告附件',
  untyped: '未分类',
} as const;

/** At most this many files in one zip download. */
export const ARCHIVE_ZIP_MAX = 500;

export const ArchiveQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  type: z
    .enum(Object.keys(ARCHIVE_TYPES) as [ArchiveType, ...ArchiveType[]])
    .default('file-all')
    .describe('file-all 我可见任务的全部文件，file-myself 我负责的任务的文件 / which archive'),
  year: int32().optional().describe('年份 / year'),
  lxId: int32().optional().describe('文件类型id（0为未分类） / file type, 0 untyped'),
  taskId: int32().optional().describe('任务id / task id'),
  name: z.string().trim().max(100).optional().describe('文件名或任务名关键字 / file or task name contains'),
});

export const ArchiveFileSchema = z.object({
  fileId: z.string().describe('文件id / file id'),
  fileName: z.string().describe('文件名称 / file name'),
  lxId: z.number().int().nullable().describe('文件类型id / file type id'),
  fileType: z.string().describe('文件类型 / file type'),
  source: z.enum(['yearTarget', 'task', 'progress']).describe('来源 / source'),
  sourceName: z.string().describe('来源说明 / source label'),
  size: z.number().int().describe('字节数 / size'),
  taskId: z.number().int().nullable().describe('任务id / task id'),
  rwmc: z.string().nullable().describe('任务名称 / task name'),
  yearTargetName: z.string().describe('年度目标 / year target'),
  nf: z.number().int().describe('年份 / year'),
  bmmc: z.string().nullable().describe('负责部门 / department'),
  uploaderName: z.string().nullable().describe('上传人 / uploader'),
  createTime: z.string().describe('上传时间 / uploaded'),
  url: z.string().describe('下载地址 / download url'),
});
export const ArchivePageSchema = pageOf(ArchiveFileSchema);

export const ArchiveTypeCountSchema = z.object({
  lxId: z.number().int().describe('文件类型id（0为未分类） / file type id, 0 untyped'),
  name: z.string().describe('文件类型 / file type'),
  count: z.number().int().describe('文件数 / files'),
});

export const ArchiveDownloadQuerySchema = ArchiveQuerySchema.omit({ current: true, size: true }).extend({
  ids: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : []))
    .pipe(z.array(z.string().uuid()).max(ARCHIVE_ZIP_MAX))
    .describe('勾选的文件id（逗号分隔），空则打包当前筛选的全部文件 / ids, or every file of the filter'),
});
