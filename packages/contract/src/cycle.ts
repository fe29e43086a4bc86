import { z } from 'zod';
import { PERIODS } from './enums';
import { int32 } from './primitives';

/**
 * Cycles (周期, spec-1 §3, spec-2 §7.2 and §7.8): the cycle types (年, 学年, 学期, 时间段, 时间点) and their values, each
 * with a default flag (one default per type) and a hidden flag (a hidden value is kept but offered by no picker).
 * Every cycle picker of the product reads the option lists declared here.
 */

export const CYCLE_LIMITS = {
  valueMax: 60,
  sortMax: 1_000_000,
} as const;

export const CYCLE_MSG = {
  typeNotFound: '周期类型不存在',
  valueNotFound: '周期值不存在或已被删除',
  typeRequired: '请选择周期类型',
  valueRequired: '请输入周期值',
  valueTooLong: `周期值不能超过 ${CYCLE_LIMITS.valueMax} 个字符`,
  valueTaken: (type: string, value: string) => `周期类型“${type}”下已有周期值“${value}”`,
  /** A value named by target tasks: it cannot be deleted, renamed or moved to another type. */
  inUse: (value: string, n: number, example: string) =>
    `周期值“${value}”正被 ${n} 个目标任务使用（如“${example}”），不能删除`,
  inUseChange: (value: string, n: number, example: string) =>
    `周期值“${value}”正被 ${n} 个目标任务使用（如“${example}”），不能修改名称或所属类型`,
  hiddenDefault: (value: string) => `周期值“${value}”已隐藏，不能设为默认；请先取消隐藏`,
  defaultHidden: (value: string) => `周期值“${value}”是默认值，不能隐藏；请先将其他值设为默认`,
  created: '新增成功',
  saved: '保存成功',
  deleted: '删除成功',
  defaultSet: (value: string) => `已将“${value}”设为默认`,
  defaultCleared: (value: string) => `已取消“${value}”的默认`,
  hidden: (value: string) => `已隐藏“${value}”`,
  shown: (value: string) => `已显示“${value}”`,
} as const;

/** Screen text of the 周期管理 tab. */
export const CYCLE_TEXT = {
  tab: '周期管理',
  types: '周期类型',
  all: '全部',
  value: '周期值',
  type: '周期类型',
  sort: '排序',
  sortHint: '不填时按时间顺序排入同类型的周期值中',
  isDefault: '默认',
  hide: '隐藏',
  usedBy: '使用任务数',
  actions: '操作',
  editAction: '修改',
  deleteAction: '删除',
  add: '新增周期值',
  edit: '修改周期值',
  batchDelete: '批量删除',
  confirmDelete: '确定删除该周期值吗？',
  confirmBatchDelete: (n: number) => `确定删除选中的 ${n} 个周期值吗？`,
  selectFirst: '请先选择要删除的周期值',
  search: '搜索周期值',
  lockedHint: (n: number) => `该周期值正被 ${n} 个目标任务使用，只能修改排序`,
  empty: '暂无周期值',
  valuePlaceholder: (type: string) =>
    ({
      年: '如 2026',
      学年: '如 2025-2026',
      学期: '如 2025-2026学年第一学期',
      时间段: '如 2026年上半年',
      时间点: '如 2026-06-30',
    })[type] ?? '请输入周期值',
} as const;

const Id = int32().positive();

/** A cycle type (周期类型): id, lxmc as spec-1 §3 names it, and its code (year, academicYear, term ...). */
export const CycleTypeItemSchema = z.object({
  id: z.number().int(),
  lxmc: z.string().describe('周期类型名称 / cycle type name'),
  code: z.string().describe(`类型代码：${PERIODS.map((p) => `${p.code} ${p.name}`).join(' / ')}`),
  px: z.number().int().describe('排序 / order'),
  zqzs: z.number().int().describe('周期值数 / values'),
});
export type CycleTypeItem = z.infer<typeof CycleTypeItemSchema>;

/** A cycle value as the 周期管理 list shows it. */
export const CycleValueSchema = z.object({
  id: z.number().int(),
  cycleTypeId: z.number().int().describe('周期类型id / cycle type'),
  lxmc: z.string().describe('周期类型名称 / cycle type name'),
  cycleNumber: z.string().describe('周期值 / value'),
  defaultsStatus: z.number().int().describe('1 默认 / 1 default'),
  hideStatus: z.number().int().describe('1 隐藏 / 1 hidden'),
  px: z.number().int().describe('排序 / order'),
  usedBy: z.number().int().describe('使用它的目标任务数 / target tasks naming it'),
});
export type CycleValue = z.infer<typeof CycleValueSchema>;

/** A cycle value as the pickers get it (spec-1 §3: cycleId, cycleNumber, defaultsStatus). */
export const CycleOptionSchema = z.object({
  cycleId: z.number().int(),
  cycleNumber: z.string().describe('周期值 / value'),
  defaultsStatus: z.number().int().describe('1 默认 / 1 default'),
});
export type CycleOption = z.infer<typeof CycleOptionSchema>;

export const CycleQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  cycleTypeId: z
    .union([z.literal(''), Id])
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .describe('周期类型id，空为全部 / cycle type, empty for 全部'),
  keyword: z.string().trim().max(60).optional().describe('周期值关键字 / value contains'),
});

export const CycleByTypeNameQuerySchema = z.object({
  typeName: z
    .string()
    .trim()
    .min(1, CYCLE_MSG.typeRequired)
    .max(30)
    .describe('周期类型名称（年、学年、学期、时间段、时间点）或代码 / type name or code'),
});

export const CycleInputSchema = z.object({
  cycleTypeId: Id.describe('周期类型id / cycle type'),
  cycleNumber: z
    .string(CYCLE_MSG.valueRequired)
    .trim()
    .min(1, CYCLE_MSG.valueRequired)
    .max(CYCLE_LIMITS.valueMax, CYCLE_MSG.valueTooLong)
    .describe('周期值 / value'),
  px: int32().min(0).max(CYCLE_LIMITS.sortMax).optional().describe('排序，不填排在最后 / order, last when absent'),
});
export type CycleInput = z.infer<typeof CycleInputSchema>;
export const CycleUpdateSchema = CycleInputSchema.extend({ id: Id.describe('id') });
export type CycleUpdate = z.infer<typeof CycleUpdateSchema>;

export const CycleIdParamsSchema = z.object({ id: Id.describe('周期值id / cycle value id') });
export const CycleIdsSchema = z.object({
  ids: z
    .union([z.array(Id), Id.transform((n) => [n])])
    .pipe(z.array(z.number().int()).min(1, '请先选择要删除的周期值').max(200))
    .describe('周期值id列表 / ids'),
});
