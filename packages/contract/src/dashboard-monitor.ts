import { z } from 'zod';
import { DASHBOARD_GRID, DashboardChartDataSchema } from './dashboard';
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

const cellInt = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .finite(`${label}必须是数字`)
    .min(-1000, `${label}超出范围`)
    .max(1000, `${label}超出范围`);

/** A screen item as the editor sends it: its cell is normalised by the server (normaliseScreen), never stored broken. */
export const ScreenItemSchema = z.object({
  kind: z.enum(['chart', 'figure'], { error: '大屏组件类型不正确' }),
  ybpid: IdSchema.nullable().optional().describe('图表库id（kind=chart） / published chart'),
  figure: z.enum(SCREEN_FIGURES, { error: '指标不正确' }).nullable().optional().describe('指标（kind=figure）'),
  title: z.string().trim().max(60, '标题不能超过 60 个字符').optional(),
  x: cellInt('列位置').describe('列（0-23）'),
  y: cellInt('行位置').describe('行（0-11）'),
  w: cellInt('宽度').describe('宽（列）'),
  h: cellInt('高度').describe('高（行）'),
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
  abilities: z.object({ edit: z.boolean().describe('可编辑布局、查看与恢复历史版本') }),
});
export const ScreenSchema = ScreenSummarySchema.extend({ items: z.array(ScreenItemSchema) });
export type Screen = z.infer<typeof ScreenSchema>;
export type ScreenSummary = z.infer<typeof ScreenSummarySchema>;
export const ScreenHistorySchema = z.object({
  id: z.number().int(),
  screenId: z.number().int(),
  bb: z.number().int().describe('版本号'),
  mc: z.string(),
  items: z.array(ScreenItemSchema),
  bcsj: DateTimeSchema.describe('保存时间'),
  bcrmc: z.string().nullable().describe('保存人'),
});
export type ScreenHistory = z.infer<typeof ScreenHistorySchema>;
export const ScreenIdQuerySchema = z.object({ id: IdSchema.optional().describe('大屏id（空为第一个可看的）') });
export const ScreenHistoryQuerySchema = z.object({
  id: IdSchema.describe('大屏id'),
  current: int32().min(1).max(100000).default(1).describe('页码'),
  size: int32().min(1).max(100).default(10).describe('每页条数'),
});
export const ScreenDataQuerySchema = z.object({
  id: IdSchema.describe('大屏id'),
  year: int32().min(1900).max(2200).optional().describe('统计年度（空为今年）'),
});

/** The cell of a screen item on the 24 x 12 grid. */
export interface ScreenCell {
  x: number;
  y: number;
  w: number;
  h: number;
}
const cellsOverlap = (a: ScreenCell, b: ScreenCell) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const fit = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(Number.isFinite(v) ? v : lo)));

/**
 * A screen's items put on its 24 x 12 grid (never stored broken): sizes and positions rounded into the grid, then the
 * items placed in reading order, each one overlapping an item already placed moved to the first free place (reading
 * order) where it fits at its size. `full` names the first item (its index) with no free place left; the items come
 * back in the order given.
 */
export function normaliseScreen<T extends ScreenCell>(items: readonly T[]): { items: T[]; full: number | null } {
  const G = SCREEN_GRID;
  const sized = items.map((c, i) => {
    const w = fit(c.w, 1, G.cols);
    const h = fit(c.h, 1, G.rows);
    return { i, cell: { ...c, w, h, x: fit(c.x, 0, G.cols - w), y: fit(c.y, 0, G.rows - h) } };
  });
  const order = [...sized].sort((a, b) => a.cell.y - b.cell.y || a.cell.x - b.cell.x || a.i - b.i);
  const placed: ScreenCell[] = [];
  for (const item of order) {
    const cell = item.cell;
    if (placed.some((p) => cellsOverlap(p, cell))) {
      let spot: { x: number; y: number } | null = null;
      for (let y = 0; y <= G.rows - cell.h && !spot; y++)
        for (let x = 0; x <= G.cols - cell.w && !spot; x++)
          if (!placed.some((p) => cellsOverlap(p, { ...cell, x, y }))) spot = { x, y };
      if (!spot) return { items: [], full: item.i };
      cell.x = spot.x;
      cell.y = spot.y;
    }
    placed.push(cell);
  }
  return { items: sized.map((s) => s.cell), full: null };
}

/** Whether a screen's items are on its grid with no overlap (what the server stores). */
export function isNormalScreen(items: readonly ScreenCell[]): boolean {
  const G = SCREEN_GRID;
  return items.every(
    (c, i) =>
      [c.x, c.y, c.w, c.h].every(Number.isInteger) &&
      c.x >= 0 &&
      c.y >= 0 &&
      c.w >= 1 &&
      c.h >= 1 &&
      c.x + c.w <= G.cols &&
      c.y + c.h <= G.rows &&
      items.every((d, j) => j === i || !cellsOverlap(c, d)),
  );
}

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
    DeptFigure.extend({
      computed: z.number().int(),
      below: z.number().int(),
      total: z.number().int(),
      warnings: z.number().int().describe('预警未处置数'),
    }),
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

/** A screen's data in one request: each chart item's data (id: the item's index) and the figures, if it shows any. */
export const ScreenDataSchema = z.object({
  year: z.number().int(),
  list: z.array(DashboardChartDataSchema),
  figures: OperationMonitoringSchema.nullable(),
});
export type ScreenData = z.infer<typeof ScreenDataSchema>;

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

/** The words of the data screen and the operation monitoring pages. */
export const SCREEN_TEXT = {
  page: '数据大屏',
  dynamicPage: '动态大屏',
  monitorPage: '运行监控',
  fullScreen: '全屏',
  exitFullScreen: '退出全屏',
  edit: '编辑布局',
  history: '历史版本',
  newScreen: '新建大屏',
  refreshed: (time: string) => `数据更新于 ${time}`,
  refreshEvery: (s: number) => `每 ${s} 秒自动刷新`,
  none: '暂无可查看的大屏',
  open: '打开',
  save: '保存布局',
  addChart: '添加图表',
  addFigure: '添加指标',
  name: '大屏名称',
  refresh: '刷新间隔（秒）',
  roles: '可看的角色（不选为有大屏菜单者）',
  itemKind: { chart: '图表', figure: '指标' },
  cell: { x: '列', y: '行', w: '宽', h: '高' },
  gridHint: '大屏为 24 列 × 12 行，重叠或越界的组件保存时由服务器自动排开',
  restore: '恢复',
  restoreConfirm: (bb: number) => `恢复到第 ${bb} 版？当前布局会保存为新的版本，可再恢复。`,
  version: '版本',
  savedAt: '保存时间',
  savedBy: '保存人',
  items: '组件数',
  remove: '移除',
  jobs: { kind: '任务', lastRun: '最近运行', status: '最近结果', failures: '近7天失败', queued: '排队' },
  jobStatus: { done: '成功', failed: '失败', queued: '排队中', running: '运行中' } as Record<string, string>,
  tasks: { total: '目标任务', finished: '已完成', underWay: '进行中', overdue: '已逾期' },
  collection: { total: '采集任务', done: '已完成' },
  overdue: (n: number) => `逾期未填报 ${n} 项`,
  diagnosis: { computed: '已计算', below: '未达标', total: '诊断结果', warnings: '预警未处置' },
  year: '统计年度',
} as const;
