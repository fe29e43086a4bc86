import { z } from 'zod';
import { int32 } from './primitives';
import { TaskQcpSchema } from './target-task';

/**
 * 发展中心 (/develop, issue 35 item 4): the school's development view. Per year of a range, the year targets and their
 * tasks' progress by department, each task beside the quality control points (质控点) it serves with their latest
 * diagnosis figures. One request for the page (DEVELOP_API.overview).
 */

/** At most this many years in one view. */
export const DEVELOP_MAX_YEARS = 10;

export const DEVELOP_MSG = {
  yearOrder: '起始年份不能晚于结束年份',
  tooManyYears: `一次最多查看${DEVELOP_MAX_YEARS}年`,
} as const;

export const DevelopQuerySchema = z
  .object({
    startYear: int32().min(1969).max(2098).describe('起始年份 / first year'),
    endYear: int32().min(1969).max(2098).describe('结束年份 / last year'),
    bmid: z.string().trim().max(32).optional().describe('部门筛选 / department'),
  })
  .refine((q) => q.startYear <= q.endYear, { message: DEVELOP_MSG.yearOrder, path: ['endYear'] })
  .refine((q) => q.endYear - q.startYear < DEVELOP_MAX_YEARS, { message: DEVELOP_MSG.tooManyYears, path: ['endYear'] });
export type DevelopQuery = z.infer<typeof DevelopQuerySchema>;

/** Completed of total last-level (issued) tasks and their average progress (0-100). */
export const ProgressFiguresSchema = z.object({
  total: z.number().int().describe('已下发的末级任务数 / issued last-level tasks'),
  completed: z.number().int().describe('已完成 / finished'),
  avgProgress: z.number().describe('平均进度（0-100） / average progress'),
});
export type ProgressFigures = z.infer<typeof ProgressFiguresSchema>;

/** A QCP's latest diagnosis (the newest diagnosis task with rows under it): its rows' attainment and one row. */
export const QcpFiguresSchema = z.object({
  diagnosisTaskName: z.string().describe('诊断任务 / diagnosis task'),
  year: z.number().int(),
  rows: z.number().int().describe('有结果的指标项次 / rows with a result'),
  attained: z.number().int().describe('达标 / attained'),
  below: z.number().int().describe('未达标 / below standard'),
  sample: z
    .object({
      objectName: z.string().describe('诊断对象 / object'),
      rowName: z.string().describe('指标 / indicator'),
      value: z.string().nullable().describe('结果值 / value'),
      target: z.string().nullable().describe('目标值 / target'),
      grade: z.string().nullable().describe('等级 / grade'),
      attained: z.boolean().nullable().describe('是否达标（无结果为空） / attained'),
    })
    .nullable()
    .describe('代表行：未达标者优先 / one row, a below-standard one first'),
});
export type QcpFigures = z.infer<typeof QcpFiguresSchema>;

export const DevelopQcpSchema = TaskQcpSchema.extend({ figures: QcpFiguresSchema.nullable() });
export type DevelopQcp = z.infer<typeof DevelopQcpSchema>;

export const DevelopTaskSchema = z.object({
  id: z.number().int(),
  rwmc: z.string(),
  bmid: z.string().nullable(),
  bmmc: z.string().nullable(),
  rwzt: z.string(),
  rwztmc: z.string(),
  rwjd: z.number().describe('任务进度（含下级汇总） / progress'),
  qcps: z.array(DevelopQcpSchema).describe('服务的质控点（含下级任务所服务的） / QCPs served, its subtasks’ too'),
});
export type DevelopTask = z.infer<typeof DevelopTaskSchema>;

export const DevelopTargetSchema = ProgressFiguresSchema.extend({
  id: z.number().int(),
  name: z.string(),
  bmmc: z.string().nullable().describe('牵头部门 / charge department'),
  tasks: z.array(DevelopTaskSchema).describe('已下发的一级任务 / issued top-level tasks'),
});
export type DevelopTarget = z.infer<typeof DevelopTargetSchema>;

export const DevelopYearSchema = ProgressFiguresSchema.extend({
  year: z.number().int(),
  targets: z.array(DevelopTargetSchema),
});

export const DevelopDepartmentYearSchema = ProgressFiguresSchema.extend({
  year: z.number().int(),
  bmid: z.string(),
  bmmc: z.string(),
});
export type DevelopDepartmentYear = z.infer<typeof DevelopDepartmentYearSchema>;

export const DevelopOverviewSchema = z.object({
  years: z.array(DevelopYearSchema),
  byDepartment: z
    .array(DevelopDepartmentYearSchema)
    .describe('按部门、年份的末级任务进度 / progress by department and year'),
  departments: z
    .array(z.object({ bmid: z.string(), bmmc: z.string() }))
    .describe('范围内有任务的部门（筛选项） / departments with tasks in the range'),
});
export type DevelopOverview = z.infer<typeof DevelopOverviewSchema>;

/** The page's words (web). */
export const DEVELOP_UI = {
  title: '发展中心',
  intro: '各年度目标及其任务进度（按部门），以及任务所服务的质控点和最新诊断结果',
  yearRange: '年份范围',
  department: '部门',
  allDepartments: '全部部门',
  chartTitle: '各部门任务平均进度（按年）',
  chartLabel: '各部门末级任务平均进度随年份的变化',
  byDepartmentTitle: '各部门任务进度',
  completedOfTotal: (completed: number, total: number) => `完成 ${completed}/${total}`,
  avgProgress: (p: number) => `平均进度 ${p}%`,
  yearHeading: (year: number) => `${year}年`,
  noTargets: '该年度暂无年度目标',
  noTasks: '暂无已下发的任务',
  task: '任务',
  taskDepartment: '负责部门',
  taskState: '状态',
  taskProgress: '进度',
  servedQcps: '服务的质控点',
  noQcp: '未关联质控点',
  noDiagnosis: '暂无诊断结果',
  attainment: (attained: number, below: number) => `达标 ${attained} · 未达标 ${below}`,
  attained: '达标',
  below: '未达标',
  valueVsTarget: (value: string | null, target: string | null) => `结果 ${value ?? '—'} / 目标 ${target ?? '—'}`,
  grade: (g: string) => `等级 ${g}`,
  diagnosisOf: (task: string, year: number) => `${task}（${year}）`,
  colDepartment: '部门',
  colYear: '年份',
  colTotal: '末级任务',
  colCompleted: '已完成',
  colAvg: '平均进度(%)',
  loading: '正在加载发展中心数据…',
} as const;
