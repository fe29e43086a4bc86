import { z } from 'zod';
import { AlgorithmResultSchema } from './algorithm';
import { DateTimeSchema, IdSchema, int32 } from './primitives';

/**
 * 仪表盘 (dashboard, issue 34): charts a user subscribes (订阅图表, the spec's sample tables ybp / ybpdy / ybplx) laid
 * out on a 24-column grid kept on the server, the data screen (数据大屏) and operation monitoring (运行监控).
 */

/** The grid: 24 columns; a card is 8 x lw columns wide (spec-2 §3), h rows high. */
export const DASHBOARD_GRID = {
  cols: 24,
  unit: 8,
  maxLw: 3,
  minH: 3,
  maxH: 16,
  defaultH: 7,
  maxY: 1000,
  maxCards: 24,
  rowHeight: 40,
} as const;

/** Built-in charts (the target-task charts the page always offered), drawn from the analysis calls. */
export const BUILTIN_CHART_KINDS = ['myFinishRate', 'myStatus', 'statusTrend', 'finishTrend', 'typeRadar'] as const;
export type BuiltinChartKind = (typeof BUILTIN_CHART_KINDS)[number];
/**
 * The built-in cards a user who sees target tasks finds on their first visit to /dashboards (and gets back with
 * 恢复默认): kind, width factor, column, row; each card is DASHBOARD_GRID.defaultH rows high.
 */
export const DEFAULT_DASHBOARD_CARDS: readonly { kind: BuiltinChartKind; lw: number; x: number; y: number }[] = [
  { kind: 'myFinishRate', lw: 1, x: 0, y: 0 },
  { kind: 'myStatus', lw: 2, x: 8, y: 0 },
  { kind: 'statusTrend', lw: 2, x: 0, y: DASHBOARD_GRID.defaultH },
  { kind: 'typeRadar', lw: 1, x: 16, y: DASHBOARD_GRID.defaultH },
];
/** A card: a subscribed chart (`chart`: an algorithm published in 图表库), a built-in chart, or an embedded page. */
export const DASHBOARD_CARD_KINDS = ['chart', ...BUILTIN_CHART_KINDS, 'page'] as const;
export type DashboardCardKind = (typeof DASHBOARD_CARD_KINDS)[number];

export const DASHBOARD_MSG = {
  chartNotFound: '图表不存在或已下架',
  chartForbidden: (name: string) => `无权订阅图表“${name}”：该图表未向您的角色开放`,
  chartForbiddenRun: '无权运行该图表的算法：该图表未向您的角色开放',
  chartMissing: '请选择要订阅的图表',
  departmentForbidden: (id: string) => `无权查看部门“${id}”的数据`,
  departmentUnknown: (id: string) => `部门“${id}”不存在`,
  urlInvalid: '请输入以 http:// 或 https:// 开头的网址',
  tooManyCards: `仪表盘最多放 ${DASHBOARD_GRID.maxCards} 张卡片`,
  builtinNeedsTasks: '内置图表统计目标任务数据，需要目标任务管理菜单权限',
  versionGone: '订阅的算法版本已不存在，请重新订阅',
  algorithmKindWrong: '只能发布图表算法或详情算法',
  algorithmNotFound: '算法不存在或没有可用版本',
  typeNotFound: '图表分类不存在',
  typeInUse: '该分类下还有图表，不能删除',
  saved: '仪表盘已保存',
  screenNotFound: '大屏不存在',
  screenForbidden: '无权查看该大屏',
  historyNotFound: '大屏历史版本不存在',
  screenSaved: '大屏布局已保存',
  restored: '已恢复该版本',
  yearNone: '暂无数据年份',
  screenNone: '暂无可查看的大屏',
  screenKeepers: '只有系统管理员和诊改管理员可以编辑大屏',
  screenFull: (title: string) => `大屏上已放不下组件“${title}”，请缩小或移走其他组件`,
  screenItemChart: '图表组件请选择图表',
  screenItemFigure: '指标组件请选择指标',
} as const;

/** Parameters a card's algorithm runs with: the year and a department within the user's authority. */
export const DashboardParamsSchema = z
  .object({
    year: int32().min(1900).max(2200).optional().describe('年度 / :year'),
    departmentId: z.string().trim().max(64).optional().describe('部门id / :departmentId'),
  })
  .default({});
export type DashboardParams = z.infer<typeof DashboardParamsSchema>;

const gridInt = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .finite(`${label}必须是数字`)
    .min(-100000, `${label}超出范围`)
    .max(100000, `${label}超出范围`);

/** A card as the page sends it: position and size are normalised by the server (never stored broken). */
export const DashboardCardInputSchema = z.object({
  id: IdSchema.optional().describe('已有卡片id（保留订阅时间与版本） / an existing card'),
  kind: z.enum(DASHBOARD_CARD_KINDS, { error: '卡片类型不正确' }).describe('卡片类型 / card kind'),
  ybpid: IdSchema.nullable().optional().describe('订阅的图表（图表库id，kind=chart） / the published chart'),
  title: z.string().trim().max(100, '标题不能超过 100 个字符').optional().describe('标题 / title'),
  x: gridInt('列位置').default(0).describe('列（0-23） / column'),
  y: gridInt('行位置').default(0).describe('行 / row'),
  lw: gridInt('宽度').default(1).describe('宽度系数：宽 8 x lw 列 / width factor'),
  h: gridInt('高度').default(DASHBOARD_GRID.defaultH).describe('高度（行） / height in rows'),
  params: DashboardParamsSchema.optional().describe('参数 / parameters'),
  url: z
    .string()
    .trim()
    .max(2000, '网址不能超过 2000 个字符')
    .nullable()
    .optional()
    .describe('嵌入网页地址 / embedded page'),
});
export type DashboardCardInput = z.input<typeof DashboardCardInputSchema>;
export type DashboardCardValue = z.output<typeof DashboardCardInputSchema>;

export const DashboardUpdateSchema = z.object({
  cards: z.array(DashboardCardInputSchema).max(DASHBOARD_GRID.maxCards, DASHBOARD_MSG.tooManyCards),
});

/** A stored card (订阅, ybpdy): subscription chart fields sfzid, sfbb, tbsj, lw (spec-2 §3). */
export const DashboardCardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DASHBOARD_CARD_KINDS),
  ybpid: z.number().int().nullable().describe('图表库id / published chart'),
  sfzid: z.number().int().nullable().describe('算法id / algorithm id'),
  sfmc: z.string().nullable().describe('算法名称 / algorithm name'),
  sflx: z.string().nullable().describe('算法类型 chart/detail / algorithm kind'),
  sfbb: z.number().int().nullable().describe('订阅的算法版本号 / subscribed version number'),
  tbsj: DateTimeSchema.nullable().describe('订阅时间 / subscribed at'),
  title: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  lw: z.number().int(),
  h: z.number().int(),
  params: z.object({ year: z.number().int().optional(), departmentId: z.string().optional() }),
  url: z.string().nullable(),
});
export type DashboardCard = z.infer<typeof DashboardCardSchema>;

export const DashboardLayoutSchema = z.object({ cards: z.array(DashboardCardSchema) });
export type DashboardLayout = z.infer<typeof DashboardLayoutSchema>;

/** Chart data of the dashboard, one request for every card (sfzsj: the data). */
export const DashboardDataQuerySchema = z.object({
  year: int32().min(1900).max(2200).optional().describe('统计年度（覆盖卡片的年度） / year for every card'),
  ids: z.array(IdSchema).max(DASHBOARD_GRID.maxCards).optional().describe('只取这些卡片 / only these cards'),
});
export const CHART_STATUSES = ['ok', 'error', 'timeout', 'forbidden'] as const;
export const DashboardChartDataSchema = z.object({
  id: z.number().int().describe('卡片id / card id'),
  status: z.enum(CHART_STATUSES).describe('ok / error 出错 / timeout 超时 / forbidden 无权'),
  message: z.string().nullable().describe('失败原因（中文） / why it failed'),
  sflx: z.string().nullable(),
  sfzsj: AlgorithmResultSchema.nullable().describe('图表数据 / the data'),
});
export type DashboardChartData = z.infer<typeof DashboardChartDataSchema>;
export const DashboardDataSchema = z.object({ list: z.array(DashboardChartDataSchema) });

/** 图表分类 (ybplx). */
export const ChartTypeSchema = z.object({ id: z.number().int(), lxmc: z.string(), px: z.number().int() });
export const ChartTypeInputSchema = z.object({
  lxmc: z.string().trim().min(1, '请输入分类名称').max(60, '分类名称不能超过 60 个字符'),
  px: int32().min(0).max(9999).default(0),
});
/** 图表库 (ybp): a chart or detail algorithm published for roles (none: every signed-in user). */
export const PublishedChartSchema = z.object({
  id: z.number().int(),
  mc: z.string().describe('图表名称 / name'),
  lxid: z.number().int(),
  lxmc: z.string(),
  sfid: z.number().int().describe('算法id / algorithm'),
  sfmc: z.string(),
  sflx: z.string(),
  sfbb: z.number().int().nullable().describe('当前版本号 / current version number'),
  lw: z.number().int(),
  roles: z.array(z.string()).describe('开放的角色（空为所有用户） / roles'),
  sm: z.string().nullable().describe('说明 / remark'),
});
export type PublishedChart = z.infer<typeof PublishedChartSchema>;
export const PublishedChartInputSchema = z.object({
  mc: z.string().trim().min(1, '请输入图表名称').max(100, '图表名称不能超过 100 个字符'),
  lxid: IdSchema,
  sfid: IdSchema,
  lw: int32().min(1).max(3).default(1),
  roles: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  sm: z.string().trim().max(300, '说明不能超过 300 个字符').optional(),
});
export const ChartListQuerySchema = z.object({ lxid: IdSchema.optional() });
/** 图表库 as its keepers see it: every published chart, whatever its roles, a page at a time. */
export const LibraryChartQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200, '每页最多 200 条').default(10).describe('每页条数（最多 200） / page size'),
  lxid: IdSchema.optional().describe('图表分类 / chart type'),
  mc: z.string().trim().max(100, '名称关键字不能超过 100 个字符').optional().describe('图表名称关键字 / name contains'),
});

/** One cell of a layout on the grid. */
export interface GridCell {
  x: number;
  y: number;
  lw: number;
  h: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));
const overlaps = (a: GridCell, b: GridCell) =>
  a.x < b.x + b.lw * DASHBOARD_GRID.unit &&
  b.x < a.x + a.lw * DASHBOARD_GRID.unit &&
  a.y < b.y + b.h &&
  b.y < a.y + a.h;

/**
 * A layout put on the grid (never stored broken): sizes and positions rounded into the grid (lw 1-3, h within its
 * bounds, x so the card fits the 24 columns), then cards placed in reading order (y, x, then as given), each moved
 * down below any placed card it overlaps and then up as far as it goes (vertical compaction, as the page's grid
 * does). The cards come back in the order given.
 */
export function normaliseLayout<T extends GridCell>(cards: readonly T[]): T[] {
  const G = DASHBOARD_GRID;
  const sized = cards.map((c, i) => {
    const lw = clamp(Number.isFinite(c.lw) ? c.lw : 1, 1, G.maxLw);
    const h = clamp(Number.isFinite(c.h) ? c.h : G.defaultH, G.minH, G.maxH);
    const x = clamp(Number.isFinite(c.x) ? c.x : 0, 0, G.cols - lw * G.unit);
    const y = clamp(Number.isFinite(c.y) ? c.y : 0, 0, G.maxY);
    return { i, cell: { ...c, x, y, lw, h } };
  });
  const order = [...sized].sort((a, b) => a.cell.y - b.cell.y || a.cell.x - b.cell.x || a.i - b.i);
  const placed: { i: number; cell: T }[] = [];
  for (const item of order) {
    const cell = item.cell;
    for (let hit = placed.find((p) => overlaps(p.cell, cell)); hit; hit = placed.find((p) => overlaps(p.cell, cell)))
      cell.y = hit.cell.y + hit.cell.h;
    while (cell.y > 0 && !placed.some((p) => overlaps(p.cell, { ...cell, y: cell.y - 1 }))) cell.y -= 1;
    placed.push(item);
  }
  return placed.sort((a, b) => a.i - b.i).map((p) => p.cell);
}

/** Whether a layout is on the grid with no overlap (what the server stores). */
export function isNormalLayout(cards: readonly GridCell[]): boolean {
  const G = DASHBOARD_GRID;
  return cards.every(
    (c, i) =>
      Number.isInteger(c.x) &&
      Number.isInteger(c.y) &&
      c.lw >= 1 &&
      c.lw <= G.maxLw &&
      c.h >= G.minH &&
      c.h <= G.maxH &&
      c.x >= 0 &&
      c.y >= 0 &&
      c.x + c.lw * G.unit <= G.cols &&
      cards.every((d, j) => j === i || !overlaps(c, d)),
  );
}
