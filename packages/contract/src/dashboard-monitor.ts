import { z } from 'zod';
import { DASHBOARD_GRID } from './dashboard';
import { DateTimeSchema, IdSchema, int32 } from './primitives';

/** 数据大屏 and 运行监控 (issue 34): the screen's layouts and their versions, the monitoring figures. */

/** The figures a screen or the monitoring page shows besides charts. */
export const SCREEN_FIGURES = ['autoRate', 'collection', 'fillOverdue', 'diagnosis', 'targetTasks', 'jobs'] as const;
export type ScreenFigure = (typeof SCREEN_FIGURES)[number];
export const SCREEN_FIGURE_NAMES: Record<ScreenFigure, string> = {
  autoRate: '自动采集率',
  collection: '各部门采集完成情况',
  fillOverdue: '逾期未填报任务',
  diagnosis: '各部门诊断结果',
  targetTasks: '目标任务进展',
  jobs: '后台任务运行情况',
};

/** A screen is 1920 x 1080, on a 24-column grid of 12 rows. */
export const SCREEN_GRID = { width: 1920, height: 1080, cols: 24, rows: 12, minRefresh: 30, maxRefresh: 3600 } as const;

export const ScreenItemSchema = z.object({
  kind: z.enum(['chart', 'figure'], { error: '大屏组件类型不正确' }),
  ybpid: IdSchema.nullable().optional().describe('图表库id（kind=chart） / published chart'),
  figure: z.enum(SCREEN_FIGURES, { error: '指标不正确' }).nullable().optional().describe('指标（kind=figure）'),
  title: z.string().trim().max(60, '标题不能超过 60 个字符').optional(),
  x: int32()
    .min(0)
    .max(SCREEN_GRID.cols - 1),
  y: int32()
    .min(0)
    .max(SCREEN_GRID.rows - 1),
  w: int32().min(1).max(SCREEN_GRID.cols),
  h: int32().min(1).max(SCREEN_GRID.rows),
});
export type ScreenItem = z.infer<typeof ScreenItemSchema>;

export const ScreenSaveSchema = z.object({
  id: IdSchema.optional().describe('大屏id（空为新增） / screen id'),
  mc: z.string().trim().min(1, '请输入大屏名称').max(60, '大屏名称不能超过 60 个字符'),
  roles: z.array(z.string().trim().min(1).max(64)).max(50).default([]).describe('可看的角色（空为有大屏菜单者）'),
  refresh: int32()
    .min(SCREEN_GRID.minRefresh, `刷新间隔不能少于 ${SCREEN_GRID.minRefresh} 秒`)
    .max(SCREEN_GRID.maxRefresh, `刷新间隔不能超过 ${SCREEN_GRID.maxRefresh} 秒`)
    .default(300),
  items: z.array(ScreenItemSchema).max(DASHBOARD_GRID.maxCards, `大屏最多放 ${DASHBOARD_GRID.maxCards} 个组件`),
});
export const ScreenSummarySchema = z.object({
  id: z.number().int(),
  mc: z.string(),
  roles: z.array(z.string()),
  refresh: z.number().int(),
  gxsj: DateTimeSchema.describe('更新时间'),
  gxrmc: z.string().nullable().describe('更新人'),
});
export const ScreenSchema = ScreenSummarySchema.extend({ items: z.array(ScreenItemSchema) });
export type Screen = z.infer<typeof ScreenSchema>;
export const ScreenHistorySchema = z.object({
  id: z.number().int(),
  screenId: z.number().int(),
  bb: z.number().int().describe('版本号'),
  mc: z.string(),
  items: z.array(ScreenItemSchema),
  bcsj: DateTimeSchema.describe('保存时间'),
  bcrmc: z.string().nullable().describe('保存人'),
});
export const ScreenIdQuerySchema = z.object({ id: IdSchema.optional().describe('大屏id（空为第一个可看的）') });

const DeptFigure = z.object({ bmid: z.string(), bmmc: z.string() });

/** 运行监控 (queryOperationMonitoring). */
export const OperationMonitoringSchema = z.object({
  year: z.number().int(),
  autoRate: z.object({
    auto: z.number().int().describe('自动计算的诊断结果数'),
    total: z.number().int().describe('有结果的诊断结果数'),
  }),
  collection: z.array(DeptFigure.extend({ total: z.number().int(), done: z.number().int() })),
  fillOverdue: z.object({
    total: z.number().int(),
    list: z.array(DeptFigure.extend({ count: z.number().int() })),
  }),
  diagnosis: z.array(
    DeptFigure.extend({ computed: z.number().int(), below: z.number().int(), total: z.number().int() }),
  ),
  targetTasks: z.object({
    total: z.number().int(),
    finished: z.number().int(),
    underWay: z.number().int(),
    overdue: z.number().int(),
  }),
  jobs: z.array(
    z.object({
      kind: z.string(),
      mc: z.string().describe('任务名称'),
      lastRun: DateTimeSchema.nullable(),
      lastStatus: z.string().nullable(),
      failures: z.number().int().describe('近 7 天失败次数'),
      queued: z.number().int().describe('排队数'),
    }),
  ),
});
export type OperationMonitoring = z.infer<typeof OperationMonitoringSchema>;

export const INDICATORS = ['collection', 'fillOverdue', 'diagnosis'] as const;
export const IndicatorDataQuerySchema = z.object({
  year: int32().min(1900).max(2200).optional().describe('年度（空为今年）'),
  zb: z.enum(INDICATORS, { error: '指标不正确' }).default('collection').describe('指标'),
});
export const IndicatorDataSchema = z.object({
  year: z.number().int(),
  zb: z.enum(INDICATORS),
  list: z.array(DeptFigure.extend({ value: z.number(), total: z.number() })),
});

export const JOB_KIND_NAMES: Record<string, string> = {
  'platform.jobs.purge': '清理已结束的后台任务',
};
