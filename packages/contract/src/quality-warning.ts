import { z } from 'zod';
import { listOf, PagingQuerySchema } from './envelope';
import { DateTimeSchema, IdSchema, int32, isoDate, text } from './primitives';

/**
 * 质量预警 (issue 32): warnings on diagnosis rows raised by their standard's warning rule, their disposal, the
 * improvement case each opens (the 8-shaped quality spiral's ten steps), the Holt forecast and its early warnings
 * (kept apart: never counted with real ones), and the signed remote call.
 */

export const QUALITY_WARNING_KINDS = ['process', 'expired', 'forecast'] as const;
export type QualityWarningKind = (typeof QUALITY_WARNING_KINDS)[number];
export const QUALITY_WARNING_KIND_NAMES: Record<QualityWarningKind, string> = {
  process: '过程预警',
  expired: '逾期预警',
  forecast: '预测预警',
};
/** The kinds counted as warnings (a forecast is an early warning, shown apart). */
export const REAL_WARNING_KINDS = ['process', 'expired'] as const;

/** The 8-shaped quality spiral's steps, in order. */
export const CASE_STEPS = [
  'target',
  'standard',
  'design',
  'organize',
  'implement',
  'diagnose',
  'motivate',
  'learn',
  'innovate',
  'improve',
] as const;
export type CaseStep = (typeof CASE_STEPS)[number];
export const CASE_STEP_NAMES: Record<CaseStep, string> = {
  target: '目标',
  standard: '标准',
  design: '设计',
  organize: '组织',
  implement: '实施',
  diagnose: '诊断',
  motivate: '激励',
  learn: '学习',
  innovate: '创新',
  improve: '改进',
};

export const QUALITY_WARNING_LIMITS = { textMax: 500, trendDaysMax: 366, remoteSkewSeconds: 300 } as const;

/** Holt's linear method's smoothing parameters (level α, trend β), shown with every forecast. */
export const HOLT_PARAMETERS = { alpha: 0.5, beta: 0.3 } as const;
export const FORECAST_POINTS_MIN = 3;
export const FORECAST_POINTS_MAX = 30;

export const QUALITY_WARNING_MSG = {
  warningNotFound: '预警记录不存在或无权查看',
  rowNotFound: '质控点不存在或无权查看',
  caseNotFound: '改进案例不存在或无权查看',
  notEditor: '只有负责人或共享人可以处理预警',
  causeRequired: '请填写原因分析',
  measuresRequired: '请填写处理措施',
  tooLong: (what: string) => `${what}不能超过 500 个字`,
  forecastNoDispose: '预测预警只是提前提示，无需处理',
  disposed: '处理完成',
  caseClosed: '改进案例已关闭',
  caseStepBack: (now: string) => `改进案例已在“${now}”环节，只能推进到后续环节`,
  caseStepped: (step: string) => `已推进到“${step}”环节`,
  remoteOff: '未配置远程预警密钥（WARNING_REMOTE_SECRET），不接受远程预警',
  remoteNoSignature: '缺少签名或时间戳（X-Zg-Signature、X-Zg-Timestamp）',
  remoteBadSignature: '签名无效',
  remoteOld: '时间戳已过期或超前太多（允许相差 300 秒）',
  remoteReplay: '重复的请求（该签名已使用过）',
  remoteBadBody: '请求体应为 JSON',
  remoteNoRule: '该质控点没有预警规则，不能接受远程预警',
  remoteAccepted: '已接收远程预警',
  exportName: '预警记录.xlsx',
  forecastFewPoints: (n: number) => `采样记录不足 ${n} 个，无法预测`,
  forecastNotNumeric: '按等级预警或非数值的质控点不做预测',
} as const;

const UserRef = z.object({ id: z.string(), name: z.string() });
const longText = (what: string) =>
  text(QUALITY_WARNING_LIMITS.textMax)
    .trim()
    .refine((s) => s.length <= QUALITY_WARNING_LIMITS.textMax, QUALITY_WARNING_MSG.tooLong(what));

/** 预警流水记录 (spec-2 §3 warning flow record). */
export const WarnFlowSchema = z.object({
  id: z.number().int(),
  zkdid: z.number().int().describe('质控点（行）id / row'),
  yjlx: z.enum(QUALITY_WARNING_KINDS).describe('预警类型 / kind'),
  yjlxmc: z.string().describe('预警类型名称 / kind name'),
  ly: z.string().describe('来源（本平台或远程系统名称） / source'),
  yjsj: DateTimeSchema.describe('预警时间 / raised'),
  yjz: z.string().nullable().describe('预警值 / warning value'),
  jgz: z.string().nullable().describe('监测值 / monitored value'),
  zlx: z.string().describe('值类型 / value type'),
  clsj: DateTimeSchema.nullable().describe('处理时间 / disposed at'),
  clcs: z.string().nullable().describe('处理措施 / measures'),
  yyfx: z.string().nullable().describe('原因分析 / cause analysis'),
  clr: UserRef.nullable().describe('处理人 / handler'),
  gbsj: DateTimeSchema.nullable().describe('关闭时间（计算达到规则） / closed at'),
  zt: z.enum(['open', 'closed']).describe('状态 / open or closed'),
});
export type WarnFlow = z.infer<typeof WarnFlowSchema>;

export const WarnListQuerySchema = z.object({ zkdid: IdSchema.describe('质控点（行）id / row') });
export const WarnListSchema = z.object({
  list: z.array(WarnFlowSchema).describe('预警（过程、逾期），新的在前 / real warnings, newest first'),
  forecasts: z.array(WarnFlowSchema).describe('预测预警（另列，不计入预警数） / early warnings, apart'),
  isedit: z.boolean().describe('可处理（负责人或共享人） / may dispose'),
});

/** 预警记录表 (spec-2 §2.3): one line per row with warnings. */
export const WarnGridRowSchema = z.object({
  id: z.number().int().describe('质控点（行）id / row'),
  zkdmc: z.string(),
  rwid: z.number().int(),
  rwmc: z.string(),
  dxrwid: z.number().int(),
  gzdxmc: z.string(),
  yjz: z.string().nullable().describe('最近的预警值 / latest warning value'),
  zlx: z.string(),
  yjlx: z.enum(QUALITY_WARNING_KINDS).describe('最近的预警类型 / latest kind'),
  yjsj: DateTimeSchema.describe('最近预警时间 / latest raised'),
  yyfx: z.string().nullable().describe('最近的原因分析 / latest cause analysis'),
  clcs: z.string().nullable().describe('最近的处理措施 / latest measures'),
  allNum: z.number().int().describe('预警次数 / warnings'),
  disposeNum: z.number().int().describe('处理次数 / disposed'),
  openNum: z.number().int().describe('未关闭 / open'),
  clrmc: z.string().nullable().describe('处理人 / handler'),
});
export const WarnGridQuerySchema = PagingQuerySchema.extend({
  rwid: IdSchema.optional().describe('诊改任务 / task'),
  dxrwid: IdSchema.optional().describe('诊改对象任务 / object task'),
  gzdxmc: z.string().trim().max(100).optional().describe('诊改对象（包含） / object name contains'),
  yjlx: z.enum(REAL_WARNING_KINDS).optional().describe('预警类型 / kind'),
  sfcl: z.enum(['yes', 'no']).optional().describe('是否已处理 / disposed or not'),
  kssj: isoDate().optional().describe('预警时间起 / from'),
  jssj: isoDate().optional().describe('预警时间止 / to'),
});
export type WarnGridQuery = z.infer<typeof WarnGridQuerySchema>;
export const WarnGridPageSchema = listOf(WarnGridRowSchema);
export const WarnExportQuerySchema = WarnGridQuerySchema.omit({ pageNum: true, pageSize: true });

export const WarnCountQuerySchema = z.object({
  rwid: IdSchema.optional().describe('诊改任务 / task'),
  dxrwid: IdSchema.optional().describe('诊改对象任务 / object task'),
});
/** Warning counts (spec-2 §3): real ones; forecasts and cases apart. */
export const WarnCountSchema = z.object({
  totalWarningCount: z.number().int(),
  processWarningCount: z.number().int(),
  expiredWarningCount: z.number().int(),
  openWarningCount: z.number().int().describe('未关闭 / open'),
  undisposedCount: z.number().int().describe('未处理 / not disposed'),
  forecastWarningCount: z.number().int().describe('预测预警（未关闭，另计） / open early warnings'),
  openCaseCount: z.number().int().describe('进行中的改进案例 / open cases'),
  closedCaseCount: z.number().int().describe('已关闭的改进案例 / closed cases'),
});
export type WarnCount = z.infer<typeof WarnCountSchema>;

export const DisposeInputSchema = z.object({
  id: IdSchema.describe('预警记录id / warning'),
  yyfx: longText('原因分析').min(1, QUALITY_WARNING_MSG.causeRequired).describe('原因分析 / cause analysis'),
  clcs: longText('处理措施').min(1, QUALITY_WARNING_MSG.measuresRequired).describe('处理措施 / measures'),
});

// ---- improvement cases ----
export const CaseStepRecordSchema = z.object({
  step: z.enum(CASE_STEPS),
  name: z.string(),
  czr: UserRef.nullable().describe('操作人（空为系统） / who, null: the system'),
  sj: DateTimeSchema,
  note: z.string().nullable(),
});
export const ImprovementCaseSchema = z.object({
  id: z.number().int(),
  zkdid: z.number().int(),
  zkdmc: z.string(),
  rwid: z.number().int(),
  rwmc: z.string(),
  dxrwid: z.number().int(),
  gzdxmc: z.string(),
  step: z.enum(CASE_STEPS).describe('当前环节 / where the row stands'),
  stepName: z.string(),
  zt: z.enum(['open', 'closed']),
  kssj: DateTimeSchema.describe('开启时间 / opened'),
  gbsj: DateTimeSchema.nullable().describe('关闭时间 / closed'),
  days: z.number().int().describe('持续天数 / age in days'),
  steps: z.array(CaseStepRecordSchema).describe('环节记录 / the steps taken'),
  canAct: z.boolean().describe('可推进（负责人或共享人，案例未关闭） / may move it'),
});
export type ImprovementCase = z.infer<typeof ImprovementCaseSchema>;
export const CaseOfRowSchema = ImprovementCaseSchema.nullable();
export const CaseStepInputSchema = z.object({
  id: IdSchema.describe('改进案例id / case'),
  step: z.enum(CASE_STEPS, '请选择环节').describe('推进到的环节 / the step'),
  note: longText('说明').optional().describe('说明 / note'),
});
export const CaseQuerySchema = PagingQuerySchema.extend({
  zt: z.enum(['open', 'closed']).optional().describe('状态 / state'),
  rwid: IdSchema.optional(),
});
export const CasePageSchema = listOf(ImprovementCaseSchema.omit({ steps: true })).extend({
  openNum: z.number().int(),
  closedNum: z.number().int(),
  avgOpenDays: z.number().describe('进行中案例的平均持续天数 / mean age of the open cases'),
});

// ---- trend and forecast ----
export const TrendQuerySchema = z.object({
  zkdid: IdSchema,
  days: int32().min(1).max(QUALITY_WARNING_LIMITS.trendDaysMax).default(7).describe('天数（默认 7） / days'),
});
export const TrendSchema = z.object({
  mode: z.enum(['value', 'level']).nullable().describe('预警模式 / mode'),
  yjz: z.string().nullable().describe('预警值或等级 / warning value or grade'),
  degrees: z.array(z.string()).describe('等级列表（按等级模式的 y 轴） / the degrees (level mode)'),
  points: z.array(z.object({ sj: DateTimeSchema, value: z.string().nullable(), degree: z.string().nullable() })),
  warnings: z.array(z.object({ sj: DateTimeSchema, yjlx: z.enum(QUALITY_WARNING_KINDS) })),
  days: z.number().int(),
});
export const ForecastSchema = z.object({
  method: z.string().describe('预测方法 / method'),
  alpha: z.number(),
  beta: z.number(),
  points: z.array(z.object({ sj: DateTimeSchema, value: z.number() })).describe('所用采样点 / points used'),
  projected: z.number().nullable().describe('周期末预测值 / projection'),
  cycleEnd: z.string().nullable().describe('周期结束日 / cycle end'),
  breach: z.boolean().describe('预测将触发预警 / projected breach'),
  message: z.string().nullable().describe('无法预测的原因 / why none'),
});
export type Forecast = z.infer<typeof ForecastSchema>;

// ---- remote ----
export const RemoteWarningSchema = z.object({
  zkdid: IdSchema.describe('质控点（行）id / row'),
  jgz: text(40).trim().min(1).describe('监测值 / monitored value'),
  yjz: text(60).trim().optional().describe('预警值（默认取规则） / warning value'),
  ly: text(60).trim().min(1).describe('来源系统名称 / the calling system'),
});
export const RemoteAcceptedSchema = z.object({
  id: z.number().int().describe('预警记录id / warning'),
  created: z.boolean().describe('新开（否：已有未关闭的预警） / newly raised'),
});
