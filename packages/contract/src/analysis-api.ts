import { z } from 'zod';
import {
  AnalysisTaskPageSchema,
  AnalysisTasksQuerySchema,
  FindAnalyseDepartmentRowSchema,
  FindAnalyseRowSchema,
  GatherAnalyseSchema,
  GridQuerySchema,
  GridSchema,
  NdAnalysisQuerySchema,
  SummaryDepartmentSchema,
  SummaryOptionsQuerySchema,
  SummaryTaskTypeSchema,
  SummaryYearSchema,
} from './analysis';
import { endpoint, FILE } from './endpoint';
import { AnalysisQuerySchema, DepartmentRateSchema, StatusCountSchema } from './target-task';

const S = '/api/herm-wbs/targetTaskSummaryAnalysis';
const A = '/api/herm-ndwbs/analysis';
const summary = ['汇总分析'] as const;
const annual = ['年度目标分解分析'] as const;

export const StatusAnalysisSchema = z.object({
  list: z.array(StatusCountSchema),
  total: z.number().int().describe('末级任务总数 / last-level tasks'),
  note: z.string().describe('统计口径说明 / how the figures are counted'),
});
export const DepartmentRatesSchema = z.array(DepartmentRateSchema);
/** A task type code of the analyses' filters. */
export type AnalysisTaskType = z.input<typeof AnalysisQuerySchema>['rwlx'];

/** The analysis module's endpoints: the summary analyses (herm-wbs) and the annual-wbs analysis (herm-ndwbs). */
export const ANALYSIS_API = {
  taskStatusAnalysis: endpoint({
    method: 'GET',
    path: `${S}/taskStatusAnalysis`,
    summary: '任务状态分布（末级任务） / task status distribution',
    tags: summary,
    query: AnalysisQuerySchema,
    response: StatusAnalysisSchema,
  }),
  departmentTaskFinishRate: endpoint({
    method: 'GET',
    path: `${S}/departmentTaskFinishRate`,
    summary: '部门任务完成率 / finish rate per department',
    tags: summary,
    query: AnalysisQuerySchema,
    response: DepartmentRatesSchema,
  }),
  finishRankRate: endpoint({
    method: 'GET',
    path: `${S}/finishRankRate`,
    summary: '完成率排名 / finish ranking',
    tags: summary,
    query: AnalysisQuerySchema,
    response: DepartmentRatesSchema,
  }),
  tasks: endpoint({
    method: 'GET',
    path: `${S}/tasks`,
    summary:
      '图中数字背后的任务（与图同范围、同筛选；figure/rwzt/departmentId 为点击处） / the tasks behind a figure, paged',
    tags: summary,
    query: AnalysisTasksQuerySchema,
    response: AnalysisTaskPageSchema,
  }),
  taskTypeList: endpoint({
    method: 'GET',
    path: `${S}/taskTypeList`,
    summary: '汇总分析任务类型列表（含该页面范围内的末级任务数） / summary-analysis task types with counts',
    tags: summary,
    query: SummaryOptionsQuerySchema,
    response: z.array(SummaryTaskTypeSchema),
  }),
  yearList: endpoint({
    method: 'GET',
    path: `${S}/yearList`,
    summary: '汇总分析任务年份（该页面范围内有任务的年份，新的在前） / years with tasks in scope',
    tags: summary,
    query: SummaryOptionsQuerySchema,
    response: z.array(SummaryYearSchema),
  }),
  chargeDepartments: endpoint({
    method: 'GET',
    path: `${S}/chargeDepartments`,
    summary: '部门汇总分析的负责部门下拉（第一个为默认；负责人无则为“未知”） / charge departments with heads',
    tags: summary,
    response: z.array(SummaryDepartmentSchema),
  }),
  gatherAnaylse: endpoint({
    method: 'GET',
    path: `${A}/gatherAnaylse`,
    summary: '汇总分析：末级任务总数、完成、逾期、预警，按任务类型 / gathered analysis',
    tags: annual,
    query: NdAnalysisQuerySchema,
    response: GatherAnalyseSchema,
  }),
  findAnalyse: endpoint({
    method: 'GET',
    path: `${A}/findAnalyse`,
    summary: '按年度目标分析 / analysis per year target',
    tags: annual,
    query: NdAnalysisQuerySchema,
    response: z.array(FindAnalyseRowSchema),
  }),
  findAnalyseDepartemnt: endpoint({
    method: 'GET',
    path: `${A}/findAnalyseDepartemnt`,
    summary: '按部门分析（含完成率排名） / analysis per department with rank',
    tags: annual,
    query: NdAnalysisQuerySchema,
    response: z.array(FindAnalyseDepartmentRowSchema),
  }),
  queryGrid: endpoint({
    method: 'GET',
    path: `${A}/queryGrid`,
    summary: '分析表格：部门（分页）× 年度目标，单元格为已完成/任务数与完成率 / the analysis grid',
    tags: annual,
    query: GridQuerySchema,
    response: GridSchema,
  }),
  export: endpoint({
    method: 'GET',
    path: `${A}/export`,
    summary: '导出分析（xlsx：汇总、按年度目标、按部门、分析表格） / export the analyses to Excel',
    tags: annual,
    query: NdAnalysisQuerySchema,
    response: FILE,
  }),
} as const;
