import { z } from 'zod';
import { AlgorithmLineageSchema } from './algorithm';
import { RESULT_GRADES } from './diagnosis';
import { listOf, PagingQuerySchema } from './envelope';
import { IdSchema, int32 } from './primitives';
import { QualityDetailSchema } from './quality-view';
import { VALUE_TYPES } from './standard';

/**
 * 指标分析 (智能分析 /analysis/indicators, issue 35 item 5), served under /api/herm-znfx/indicatorAnalysis: what moved
 * in a diagnosis task. A row's "last round" is the domain's 上轮值 (sljsz / sldj: the values a new round, 再次诊断, kept
 * of the previous one); the "latest round" is each object task's current values. Authority: who sees the whole task
 * (the school leader, administrators, its publisher, monitor and auditor) sees every object; the head of a department
 * (a college) the objects that department answers for; a person in charge or sharer their own object.
 */

export const INDICATOR_LIMITS = { codeMax: 100 } as const;

export const INDICATOR_MSG = {
  objectNotSeen: '无权查看该诊改对象的指标分析（只能查看本人负责、本部门或有权查看的对象）',
  taskNotSeen: '诊改任务不存在或无权查看',
  rowNotSeen: '质控点不存在或无权查看',
  sameIndicator: '请选择两个不同的指标',
  indicatorUnknown: '指标不存在或不是数值型指标',
} as const;

/** Pearson's r read in words (|r| ≥ 0.8 强, ≥ 0.5 中等, ≥ 0.3 弱, else 无明显; too few points: 样本不足). */
export const CORRELATION_MIN_POINTS = 3;

const GradeSchema = z.enum(RESULT_GRADES).nullable();

export const IndicatorTaskSchema = z.object({
  rwid: z.number().int().describe('诊改任务id / task'),
  rwmc: z.string().describe('任务名称 / name'),
  nf: z.number().int().describe('年度 / year'),
  wd: z.string().describe('维度 / dimension'),
  dxsl: z.number().int().describe('可查看的诊改对象数 / objects the user sees'),
});
export const IndicatorTaskListSchema = z.array(IndicatorTaskSchema);

export const IndicatorObjectQuerySchema = PagingQuerySchema.extend({
  rwid: IdSchema.describe('诊改任务id / task'),
  keyword: z.string().trim().max(INDICATOR_LIMITS.codeMax).optional().describe('对象名称或编码 / name or code'),
});
export const IndicatorObjectSchema = z.object({
  dxrwid: z.number().int().describe('诊改对象任务id / object task'),
  dxbm: z.string().describe('对象编码 / code'),
  dxmc: z.string().describe('对象名称 / name'),
  bmid: z.string().nullable().describe('责任部门 / department'),
  bmmc: z.string().nullable(),
  lc: z.number().int().describe('诊改轮次 / round'),
});
export const IndicatorObjectPageSchema = listOf(IndicatorObjectSchema);

export const MOVER_SORTS = ['relative', 'absolute'] as const;
export const MoverQuerySchema = PagingQuerySchema.extend({
  dxrwid: IdSchema.describe('诊改对象任务id / object task'),
  sort: z.enum(MOVER_SORTS).default('relative').describe('按相对变化或绝对变化排序 / order by'),
});
export const GRADE_MOVES = ['up', 'down', 'same'] as const;
export const MoverSchema = z.object({
  id: z.number().int().describe('行id / row'),
  zkdmc: z.string().describe('质控点/指标 / row'),
  cj: z.string().describe('层级 / levels'),
  zlx: z.enum(VALUE_TYPES),
  bzz: z.string().nullable().describe('标准值 / standard'),
  sljsz: z.string().describe('上轮值 / last round'),
  jgz: z.string().describe('本轮值 / this round'),
  bh: z.number().nullable().describe('绝对变化（数值型） / absolute change'),
  bhl: z.number().nullable().describe('相对变化 %（上轮值非零时） / relative change, %'),
  sldj: GradeSchema.describe('上轮等级 / last grade'),
  jgdj: GradeSchema.describe('本轮等级 / grade'),
  djbh: z.enum(GRADE_MOVES).nullable().describe('等级变化 / grade move'),
  computed: z.boolean().describe('由算法计算（可追溯数据来源） / computed (has a lineage)'),
});
export const MoverPageSchema = listOf(MoverSchema).extend({
  object: IndicatorObjectSchema.extend({ rwid: z.number().int(), rwmc: z.string() }),
});

export const MoverSourceQuerySchema = z.object({
  id: IdSchema.describe('行id / row'),
  current: int32().min(1).default(1).describe('明细页码 / page'),
  size: int32().min(1).max(100).default(10).describe('每页条数 / size'),
});
export const MoverSourceSchema = z.object({
  id: z.number().int(),
  zkdmc: z.string(),
  gzdxmc: z.string(),
  value: z.string().nullable(),
  sj: z.string().nullable().describe('计算时间 / when'),
  run: AlgorithmLineageSchema.nullable().describe('算法执行记录（算法、版本、SQL、读取的表） / the run'),
  detail: QualityDetailSchema.describe('贡献该值的仓库数据行（详情算法，分页） / the contributing warehouse rows'),
});

export const BelowQuerySchema = PagingQuerySchema.extend({
  rwid: IdSchema.describe('诊改任务id / task'),
  bmid: z.string().trim().max(32).optional().describe('学院/部门 / department'),
  dxrwid: IdSchema.optional().describe('诊改对象任务 / one object'),
});
export const BelowRowSchema = z.object({
  id: z.number().int().describe('行id / row'),
  zkdmc: z.string(),
  cj: z.string(),
  dxrwid: z.number().int(),
  dxbm: z.string(),
  dxmc: z.string(),
  bmid: z.string().nullable(),
  bmmc: z.string().nullable(),
  zlx: z.enum(VALUE_TYPES),
  bzz: z.string().nullable(),
  sljsz: z.string(),
  jgz: z.string(),
  sldj: GradeSchema,
  jgdj: GradeSchema,
});
export const BelowSummarySchema = z.object({
  bmid: z.string().nullable(),
  bmmc: z.string().describe('学院/部门 / department'),
  dxsl: z.number().int().describe('新增未达标的对象数 / objects'),
  hs: z.number().int().describe('新增未达标的质控点数 / rows'),
});
export const BelowPageSchema = listOf(BelowRowSchema).extend({ summary: z.array(BelowSummarySchema) });

export const IndicatorListQuerySchema = z.object({ rwid: IdSchema.describe('诊改任务id / task') });
export const IndicatorSchema = z.object({
  key: z.number().int().describe('指标标识（节点来源） / the indicator across objects'),
  zkdmc: z.string(),
  cj: z.string(),
  zlx: z.enum(VALUE_TYPES),
});
export const IndicatorListSchema = z.array(IndicatorSchema);

export const CorrelationQuerySchema = z.object({
  rwid: IdSchema.describe('诊改任务id / task'),
  x: IdSchema.describe('横轴指标 / the first indicator'),
  y: IdSchema.describe('纵轴指标 / the second indicator'),
});
export const CORRELATION_KINDS = [
  'strongPositive',
  'positive',
  'weakPositive',
  'none',
  'weakNegative',
  'negative',
  'strongNegative',
  'insufficient',
] as const;
export type CorrelationKind = (typeof CORRELATION_KINDS)[number];
export const CORRELATION_NAMES: Record<CorrelationKind, string> = {
  strongPositive: '强正相关',
  positive: '中等正相关',
  weakPositive: '弱正相关',
  none: '无明显相关',
  weakNegative: '弱负相关',
  negative: '中等负相关',
  strongNegative: '强负相关',
  insufficient: '样本不足，无法判断',
};
export const CorrelationSchema = z.object({
  x: IndicatorSchema,
  y: IndicatorSchema,
  points: z.array(
    z.object({
      dxrwid: z.number().int(),
      dxbm: z.string(),
      dxmc: z.string().describe('专业（对象）名称 / the major'),
      x: z.number(),
      y: z.number(),
    }),
  ),
  n: z.number().int().describe('样本数 / points'),
  r: z.number().nullable().describe('皮尔逊相关系数（保留三位小数） / Pearson’s r'),
  kind: z.enum(CORRELATION_KINDS),
  reading: z.string().describe('相关性解读 / in words'),
});

export type Mover = z.infer<typeof MoverSchema>;
export type BelowRow = z.infer<typeof BelowRowSchema>;
export type Correlation = z.infer<typeof CorrelationSchema>;
export type IndicatorTask = z.infer<typeof IndicatorTaskSchema>;
export type IndicatorObject = z.infer<typeof IndicatorObjectSchema>;
export type Indicator = z.infer<typeof IndicatorSchema>;
export type MoverSource = z.infer<typeof MoverSourceSchema>;
