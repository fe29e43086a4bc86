import { z } from 'zod';
import { listOf, pageOf } from './envelope';
import { int32 } from './primitives';
import { TASK_STATUSES, type TaskStatus } from './target-task';

/** Summary analysis additions (drill-down, options) and the annual-wbs analysis (herm-ndwbs). */

export const ANALYSIS_MSG = {
  noChargeDepartment: '您不是任何部门的负责人，无法查看部门汇总分析',
  notYourDepartment: '只能查看您负责的部门',
  unknownHead: '未知',
  gatherSheet: '汇总',
  targetSheet: '按年度目标',
  departmentSheet: '按部门',
  gridSheet: '分析表格',
  exportName: '年度目标分解分析',
  allYears: '全部年份',
} as const;

/** What a figure counts, so that a click on it lists the tasks behind it. */
export const ANALYSIS_FIGURES = {
  all: '全部末级任务',
  issued: '已下发（计入完成率）',
  finished: '已完成（含逾期完成）',
  unfinished: '已下发未完成',
} as const;
export type AnalysisFigure = keyof typeof ANALYSIS_FIGURES;

const scopes = ['mySummaryAnalysis', 'departmentSummaryAnalysis', 'globalSummaryAnalysis'] as const;
const taskTypes = ['A', 'B', 'C', 'D'] as const;

export const AnalysisTasksQuerySchema = z.object({
  scope: z.enum(scopes).default('globalSummaryAnalysis').describe('汇总分析页面 / summary-analysis page'),
  year: int32().optional().describe('任务年份 / year'),
  rwlx: z.enum(taskTypes).optional().describe('任务类型 / type'),
  bmid: z.string().max(32).optional().describe('负责部门（部门页） / charge department of the department page'),
  figure: z
    .enum(Object.keys(ANALYSIS_FIGURES) as [AnalysisFigure, ...AnalysisFigure[]])
    .default('all')
    .describe('图中的数字：all 全部、issued 已下发、finished 已完成、unfinished 未完成 / the figure clicked'),
  rwzt: z
    .enum(TASK_STATUSES as [TaskStatus, ...TaskStatus[]])
    .optional()
    .describe('状态分布中点击的状态 / state clicked in the distribution'),
  departmentId: z.string().max(32).optional().describe('完成率或排名中点击的部门 / department clicked'),
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
});

export const AnalysisTaskRowSchema = z.object({
  id: z.number().int().describe('任务id / task id'),
  rwmc: z.string().describe('任务名称 / task name'),
  rwlx: z.string().describe('任务类型 / type'),
  rwzt: z.string().describe('任务状态 / state'),
  rwztmc: z.string().describe('任务状态名称 / state label'),
  yearTargetId: z.number().int().describe('年度目标id / year target id'),
  yearTargetName: z.string().describe('年度目标 / year target'),
  nf: z.number().int().describe('任务年份 / year'),
  departmentId: z.string().nullable().describe('负责部门id / department id'),
  fbbm: z.string().nullable().describe('负责部门 / department'),
  fzrmc: z.string().nullable().describe('负责人 / owner'),
  kssj: z.string().describe('开始时间 / start'),
  jssj: z.string().describe('结束时间 / end'),
  rwjd: z.number().describe('任务进度 / progress'),
});
export const AnalysisTaskPageSchema = pageOf(AnalysisTaskRowSchema);

export const SummaryTaskTypeSchema = z.object({
  id: z.number().int().describe('任务类型id / id'),
  code: z.string().describe('任务类型代码 A-D / code'),
  rwlxmc: z.string().describe('任务类型名称 / name'),
  count: z.number().int().describe('该页面范围内的末级任务数 / last-level tasks in scope'),
});

export const SummaryOptionsQuerySchema = z.object({
  scope: z.enum(scopes).default('globalSummaryAnalysis').describe('汇总分析页面 / summary-analysis page'),
  bmid: z.string().max(32).optional().describe('负责部门（部门页） / charge department'),
});

export const SummaryDepartmentSchema = z.object({
  bmid: z.string().describe('部门id / department id'),
  bmmc: z.string().describe('部门名称 / department name'),
  fzrmc: z.string().describe('部门负责人（无则为“未知”） / head, 未知 when none'),
});

export const SummaryYearSchema = z.object({
  nf: z.number().int().describe('年份 / year'),
});

// ---- annual wbs analysis (herm-ndwbs) ----

export const NdAnalysisQuerySchema = z.object({
  year: int32().min(1969).max(2098).optional().describe('目标年份 / year'),
  yearTargetId: int32().optional().describe('年度目标 / year target'),
  rwlx: z.enum(taskTypes).optional().describe('任务类型 / type'),
});

const counts = {
  taskCount: z.number().int().describe('末级任务数 / last-level tasks'),
  issued: z.number().int().describe('已下发（不含未下发/撤回） / issued'),
  finished: z.number().int().describe('已完成（含逾期完成） / finished'),
  executing: z.number().int().describe('执行中 / executing'),
  overdue: z.number().int().describe('逾期未完成 / overdue'),
  rate: z.number().describe('完成率（%，两位小数，已完成/已下发） / finish rate'),
};

export const GatherAnalyseSchema = z.object({
  nf: z.number().int().nullable().describe('年份（空为全部） / year'),
  yearTargetCount: z.number().int().describe('有任务的年度目标数 / year targets with tasks in scope'),
  ...counts,
  onTime: z.number().int().describe('按期完成 / finished on time'),
  late: z.number().int().describe('逾期完成 / finished late'),
  notIssued: z.number().int().describe('未下发（含撤回） / not issued'),
  processWarningCount: z.number().int().describe('未解除过程预警 / open process warnings'),
  expiredWarningCount: z.number().int().describe('未解除逾期预警 / open overdue warnings'),
  byType: z
    .array(
      z.object({
        rwlx: z.string().describe('任务类型 / type'),
        rwlxmc: z.string().describe('任务类型名称 / type name'),
        ...counts,
      }),
    )
    .describe('按任务类型 / per task type'),
});
export type GatherAnalyse = z.infer<typeof GatherAnalyseSchema>;

export const FindAnalyseRowSchema = z.object({
  yearTargetId: z.number().int().describe('年度目标id / year target id'),
  mbmc: z.string().describe('年度目标名称 / year target'),
  nf: z.number().int().describe('年份 / year'),
  fzbm: z.string().nullable().describe('负责部门 / charge department'),
  ...counts,
  warningCount: z.number().int().describe('未解除预警数 / open warnings'),
});

export const FindAnalyseDepartmentRowSchema = z.object({
  bmid: z.string().describe('部门id / department id'),
  bmmc: z.string().describe('部门名称 / department'),
  fzrmc: z.string().describe('部门负责人（无则为“未知”） / head'),
  ...counts,
  processWarningCount: z.number().int().describe('未解除过程预警 / open process warnings'),
  expiredWarningCount: z.number().int().describe('未解除逾期预警 / open overdue warnings'),
  rank: z.number().int().describe('完成率排名 / rank by finish rate'),
});

export const GridQuerySchema = NdAnalysisQuerySchema.extend({
  pageNum: int32().min(1).default(1).describe('页码 / page number'),
  pageSize: int32().min(1).max(200).default(20).describe('每页部门数 / departments per page'),
});

export const GridCellSchema = z.object({
  yearTargetId: z.number().int().describe('年度目标id / year target id'),
  taskCount: z.number().int().describe('末级任务数 / tasks'),
  finished: z.number().int().describe('已完成 / finished'),
  rate: z.number().describe('完成率 / finish rate'),
});

export const GridRowSchema = z.object({
  bmid: z.string().describe('部门id / department id'),
  bmmc: z.string().describe('部门名称 / department'),
  cells: z.array(GridCellSchema).describe('与 columns 同序的单元格 / cells in the order of columns'),
  taskCount: z.number().int().describe('合计任务数 / total tasks'),
  finished: z.number().int().describe('合计已完成 / total finished'),
  rate: z.number().describe('合计完成率 / total finish rate'),
});

export const GridSchema = listOf(GridRowSchema).extend({
  columns: z
    .array(z.object({ yearTargetId: z.number().int(), mbmc: z.string().describe('年度目标 / year target') }))
    .describe('表头：年度目标 / columns: year targets'),
});
export type Grid = z.infer<typeof GridSchema>;
