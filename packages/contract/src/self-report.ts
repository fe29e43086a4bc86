import { z } from 'zod';
import { listOf, PagingQuerySchema } from './envelope';
import { DateTimeSchema, IdSchema, textProblem } from './primitives';

/**
 * 自我诊断报告 (issue 33, menu 质量报告 /report): one report per object task and round, generated from the live rows and
 * quality warnings (header; overview items 1-3 of spec-2 §3; the four tables), explained section by section by the
 * person in charge, submitted with its figures frozen (the snapshot), then reviewed.
 */

export const SELF_REPORT_STATES = ['draft', 'submitted', 'expertReviewed', 'schoolReviewed', 'rejected'] as const;
export type SelfReportState = (typeof SELF_REPORT_STATES)[number];
export const SELF_REPORT_STATE_NAMES: Record<SelfReportState, string> = {
  draft: '草稿',
  submitted: '已提交',
  expertReviewed: '专家已评审',
  schoolReviewed: '学校已审核',
  rejected: '已退回',
};

/** What may be done to a report (self-report.machine.ts decides each). */
export const SELF_REPORT_ACTIONS = {
  explain: '编写说明',
  submit: '提交',
  expertReview: '专家评审',
  schoolReview: '学校审核',
  reject: '退回',
} as const;
export type SelfReportAction = keyof typeof SELF_REPORT_ACTIONS;

/** The self-diagnosis overview entries (spec-2 §2.5): the three numbered subsections. */
export const SELF_REPORT_SECTIONS = [
  { id: 1, name: '质控点分析' },
  { id: 2, name: '任务完成进度分析' },
  { id: 3, name: '预警分析' },
] as const;
export type SelfReportSectionId = 1 | 2 | 3;

/** The longest explanation of one section. */
export const SELF_REPORT_EXPLAIN_MAX = 2000;

export const SELF_REPORT_MSG = {
  notFound: '报告不存在或无权查看',
  objectNotFound: '诊改对象任务不存在或无权查看',
  notCharger: '只有诊改对象任务的负责人可以编写自我诊断报告',
  wrongState: (state: string) => `报告当前为“${state}”，不能进行此操作`,
  explainTooLong: `说明不能超过${SELF_REPORT_EXPLAIN_MAX}个字符`,
  sectionUnknown: '概述条目只能是 1、2、3',
  generated: '自我诊断报告已生成',
  explained: '说明已保存',
  submitted: '报告已提交，数据已按提交时冻结',
  notReviewer: '只有校外专家或学校审核可以评审或退回报告',
  notExpert: '只有校外专家可以进行专家评审',
  notSchoolReviewer: '只有学校审核可以进行学校审核',
  reviewTwice: (kind: string) => `该报告已有${kind}，不能重复评审`,
  resultInvalid: '评审结果只能是 有效、部分有效 或 待改进',
  scoreInvalid: '分数须为 0 到 100 之间的数字，最多两位小数',
  opinionTooLong: '评审意见不能超过2000个字符',
  reviewed: '评审已保存',
  rejectReasonRequired: '请填写退回原因',
  rejectReasonTooLong: '退回原因不能超过500个字符',
  rejected: '报告已退回',
  discussRequired: '请填写讨论内容',
  discussTooLong: '讨论内容不能超过1000个字符',
  discussed: '已发表',
  shareUsersRequired: '请选择要共享的用户',
  shareUserUnknown: (ids: string) => `用户不存在：${ids}`,
  shared: '已共享',
  notWriter: '只有诊改对象任务的负责人可以共享报告',
  templateNotFound: '自我诊断报告模板不存在',
  queueNotAllowed: '只有校外专家或学校审核可以查看评审队列',
  grade: {
    reached: '达标',
    below: '未达标',
    done: '已完成',
    undone: '未完成',
    noResult: '暂无结果',
  },
  /** Names of the figures in the differences between a submitted report and today's data. */
  figures: {
    zkdzsl: '质控点总数',
    wdbzkdsl: '未达标质控点数',
    wdbzkdmcs: '未达标质控点',
    wwczkdsl: '未完成质控点数',
    wcl: '完成率（%）',
    yjcs: '预警次数',
    yjcll: '预警处理率（%）',
    process: '过程预警次数',
    expired: '逾期预警次数',
  },
} as const;

const NameValue = z.object({
  name: z.string().describe('名称 / name'),
  value: z.number().describe('数量 / count'),
  zb: z.number().describe('占比（%，两位小数） / share in percent'),
});
export type SelfReportNameValue = z.infer<typeof NameValue>;

/** Overview item 1: QCP analysis (attainment and grade). */
export const OverviewItem1Schema = z.object({
  zkdzsl: z.number().int().describe('质控点总数 / rows'),
  zkddbqkList: z.array(NameValue).describe('达标情况（达标 / 未达标 / 暂无结果） / attainment counts'),
  zkdhglList: z.array(NameValue).describe('达标率与未达标率 / attainment rates'),
  zgQualitiesRankList: z.array(NameValue).describe('结果等级 A-D / grades'),
  wdbzkdsl: z.number().int().describe('未达标质控点数 / rows below standard'),
  wdbzkdmcs: z.array(z.string()).describe('未达标质控点名称 / their names'),
  wdbzkdejzbs: z.array(z.string()).describe('未达标质控点所属二级指标 / their second-level indicators'),
});
/** Overview item 2: completion. */
export const OverviewItem2Schema = z.object({
  wcl: z.number().describe('完成率（%） / finish rate'),
  zkdwcqkList: z.array(NameValue).describe('完成情况 / completion counts'),
  wwczkdsl: z.number().int().describe('未完成质控点数 / unfinished rows'),
  wwczkdmcs: z.array(z.string()).describe('未完成质控点名称 / their names'),
  wwczkdejzbs: z.array(z.string()).describe('未完成质控点所属二级指标 / their second-level indicators'),
});
/** Overview item 3: warnings. */
export const OverviewItem3Schema = z.object({
  yjcs: z.number().int().describe('预警次数 / warnings'),
  yjcll: z.number().describe('预警处理率（%） / share disposed'),
  yjqkList: z.array(NameValue).describe('过程预警 / 逾期预警 次数与占比 / by kind'),
  zkdmcs: z.array(z.string()).describe('有预警的质控点 / rows warned'),
  zkdyjcs: z.array(NameValue).describe('各质控点预警次数 / warnings per row'),
});
export const SelfReportOverviewSchema = z.object({
  item1: OverviewItem1Schema,
  item2: OverviewItem2Schema,
  item3: OverviewItem3Schema,
});
export type SelfReportOverview = z.infer<typeof SelfReportOverviewSchema>;

export const SelfReportHeaderSchema = z.object({
  reportName: z.string().describe('报告名称 / name'),
  reportHeaderVos: z
    .array(
      z.object({
        cjmc: z.string().describe('采集项名称 / item name'),
        cjname: z.string().describe('显示为 名称(编号) / shown as name(id)'),
        cjdmid: z.string().describe('编号 / id'),
      }),
    )
    .describe('采集项 / collection items'),
  principal: z.string().describe('负责人 / person in charge'),
  createTimeFmt: DateTimeSchema.describe('报告时间 / time of the figures'),
});

export const SelfReportRowSchema = z.object({
  id: z.number().int(),
  levels: z.array(z.string()).describe('层级名称（维度、质控点…） / level names'),
  zkdmc: z.string().describe('名称 / name'),
  bzz: z.string().nullable().describe('标准值'),
  mbz: z.string().nullable().describe('目标值（修正目标值优先）'),
  jgz: z.string().nullable().describe('结果值（修正结果值优先）'),
  jgdj: z.string().nullable().describe('结果等级'),
  sljsz: z.string().nullable().describe('上轮结果值'),
  sldj: z.string().nullable().describe('上轮等级'),
  unfin: z.boolean(),
  dis: z.boolean(),
  yyfx: z.string().nullable().describe('原因分析'),
  gjcs: z.string().nullable().describe('改进措施'),
});
export type SelfReportRow = z.infer<typeof SelfReportRowSchema>;
export const SelfReportWarningSchema = z.object({
  zkdmc: z.string().describe('质控点名称'),
  yjz: z.string().nullable().describe('预警值（最近一次）'),
  yyfx: z.string().nullable().describe('原因分析（最近一次处理）'),
  clcs: z.string().nullable().describe('处理措施（最近一次处理）'),
  allNum: z.number().int().describe('预警次数'),
  disposeNum: z.number().int().describe('处理次数'),
  clrmc: z.string().nullable().describe('处理人'),
});
export type SelfReportWarning = z.infer<typeof SelfReportWarningSchema>;

/** What a report shows from the data: frozen at submission. */
export const SelfReportContentSchema = z.object({
  header: SelfReportHeaderSchema,
  overview: SelfReportOverviewSchema,
  rows: z.array(SelfReportRowSchema).describe('目标监测统计表 / every row (the other tables filter it)'),
  warnings: z.array(SelfReportWarningSchema).describe('预警信息记录表 / warning records'),
});
export type SelfReportContent = z.infer<typeof SelfReportContentSchema>;

export const SelfReportEntrySchema = z.object({
  id: z.number().int().describe('条目 1-3'),
  num: z.string().describe('编号（如 1.） / heading number'),
  name: z.string().describe('条目名称'),
  nr: z.string().describe('说明 / explanation'),
  isChecked: z.boolean().describe('是否纳入报告 / ticked in'),
});
export type SelfReportEntry = z.infer<typeof SelfReportEntrySchema>;

export const SelfReportChangeSchema = z.object({
  field: z.string(),
  label: z.string().describe('数据项'),
  submitted: z.string().describe('提交时'),
  today: z.string().describe('当前'),
});
export type SelfReportChange = z.infer<typeof SelfReportChangeSchema>;

export const SelfReportAbilitiesSchema = z.object({
  explain: z.boolean(),
  submit: z.boolean(),
  expertReview: z.boolean(),
  schoolReview: z.boolean(),
  reject: z.boolean(),
  share: z.boolean(),
});

export const SelfReportDetailSchema = z.object({
  id: z.number().int().describe('报告 id（bgid）'),
  dxrwid: z.number().int().describe('诊改对象任务'),
  rwid: z.number().int().describe('诊改任务'),
  lc: z.number().int().describe('轮次 / round'),
  zt: z.enum(SELF_REPORT_STATES),
  ztmc: z.string(),
  content: SelfReportContentSchema.describe('报告数据（已提交的为提交时的冻结数据）'),
  entries: z.array(SelfReportEntrySchema),
  submittedAt: DateTimeSchema.nullable(),
  /** A submitted report: today's figures where they differ from the frozen ones (empty when none differ). */
  changes: z.array(SelfReportChangeSchema).describe('当前数据与提交时不同之处'),
  today: SelfReportOverviewSchema.nullable().describe('当前数据的概述（仅已提交且有变化时）'),
  expertReviewVo: z
    .lazy(() => SelfReportReviewVoSchema)
    .nullable()
    .describe('专家评审'),
  schoolReviewVo: z
    .lazy(() => SelfReportReviewVoSchema)
    .nullable()
    .describe('学校审核'),
  rejectReason: z.string().nullable().describe('退回原因（最近一次）'),
  sharers: z.array(z.string()).describe('共享给（姓名）'),
  abilities: SelfReportAbilitiesSchema,
});
export type SelfReportDetail = z.infer<typeof SelfReportDetailSchema>;

export const SelfReportListItemSchema = z.object({
  id: z.number().int(),
  dxrwid: z.number().int(),
  cjsj: z.string().describe('创建日期 yyyy-MM-dd'),
  rwmc: z.string().describe('诊改任务名称'),
  dxrwmc: z.string().describe('诊改对象名称'),
  fzrmc: z.string().nullable().describe('负责人'),
  lc: z.number().int(),
  zt: z.enum(SELF_REPORT_STATES),
  ztmc: z.string(),
});
export type SelfReportListItem = z.infer<typeof SelfReportListItemSchema>;
export const SelfReportPageSchema = listOf(SelfReportListItemSchema);

export const SelfReportPageQuerySchema = PagingQuerySchema.extend({
  rwmc: z.string().trim().max(100).optional().describe('诊改任务名称（包含）'),
  dxrwmc: z.string().trim().max(100).optional().describe('诊改对象（包含）'),
  fzrmc: z.string().trim().max(100).optional().describe('负责人（包含）'),
  zt: z.enum(SELF_REPORT_STATES).optional(),
});
export type SelfReportPageQuery = z.infer<typeof SelfReportPageQuerySchema>;

export const SelfReportByIdQuerySchema = z.object({ bgid: IdSchema.describe('报告 id') });
/** downloadword: the report, and the self-diagnosis template whose title and preface make the cover (optional). */
export const SelfReportWordQuerySchema = SelfReportByIdQuerySchema.extend({
  mbid: IdSchema.optional().describe('自我诊断报告模板 id（rest/report/template/selectlist；不传则用默认封面）'),
});
/** A self-diagnosis template as rest/report/template/selectlist lists it. */
export const SelfReportTemplateSchema = z.object({
  id: z.number().int(),
  mbmc: z.string().describe('模板名称'),
  bgbt: z.string().describe('封面标题（{rwmc} 为诊改对象名称）'),
  bgsm: z.string().nullable().describe('封面说明'),
});
export const SelfReportTemplateListSchema = z.array(SelfReportTemplateSchema);
export type SelfReportTemplate = z.infer<typeof SelfReportTemplateSchema>;
export const SelfReportGenerateInputSchema = z.object({ dxrwid: IdSchema.describe('诊改对象任务') });
export const SelfReportSubmitInputSchema = z.object({ bgid: IdSchema.describe('报告 id') });
export const SelfReportExplainInputSchema = z.object({
  bgid: IdSchema.describe('报告 id'),
  id: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= 3, SELF_REPORT_MSG.sectionUnknown)
    .describe('条目 1-3'),
  nr: z
    .string()
    .max(SELF_REPORT_EXPLAIN_MAX, SELF_REPORT_MSG.explainTooLong)
    .superRefine((s, ctx) => {
      const problem = textProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe(`说明（最多 ${SELF_REPORT_EXPLAIN_MAX} 字）`),
  isChecked: z.boolean().optional().describe('是否纳入报告'),
});
export type SelfReportExplainInput = z.infer<typeof SelfReportExplainInputSchema>;

// ---- review (校外专家 / 学校审核), reject, discussion, sharing ----

export const REVIEW_KINDS = ['expert', 'school'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const REVIEW_KIND_NAMES: Record<ReviewKind, string> = { expert: '专家评审', school: '学校审核' };
/** fhjg: the review result, which chooses the stamp. */
export const REVIEW_RESULTS = ['effective', 'local', 'improve'] as const;
export type ReviewResult = (typeof REVIEW_RESULTS)[number];
export const REVIEW_RESULT_NAMES: Record<ReviewResult, string> = {
  effective: '有效',
  local: '部分有效',
  improve: '待改进',
};

/** A score 0-100 with at most two decimals. */
export const isReviewScore = (n: number) =>
  Number.isFinite(n) && n >= 0 && n <= 100 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const SelfReportReviewInputSchema = z.object({
  bgid: IdSchema.describe('报告 id'),
  fhjg: z.enum(REVIEW_RESULTS, { error: SELF_REPORT_MSG.resultInvalid }).describe('评审结果 effective/local/improve'),
  score: z
    .number({ error: SELF_REPORT_MSG.scoreInvalid })
    .refine(isReviewScore, SELF_REPORT_MSG.scoreInvalid)
    .describe('分数 0-100，最多两位小数'),
  isChecked: z.boolean().optional().describe('是否在报告上显示分数章'),
  opinion: z
    .string()
    .max(2000, SELF_REPORT_MSG.opinionTooLong)
    .superRefine((s, ctx) => {
      const problem = textProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe('评审意见'),
});
export type SelfReportReviewInput = z.infer<typeof SelfReportReviewInputSchema>;

export const SelfReportReviewVoSchema = z.object({
  fhjg: z.enum(REVIEW_RESULTS),
  fhjgmc: z.string(),
  score: z.string().describe('分数（两位小数）'),
  isChecked: z.boolean(),
  opinion: z.string().nullable(),
  reviewer: z.string().nullable().describe('评审人'),
  time: DateTimeSchema,
});
export type SelfReportReviewVo = z.infer<typeof SelfReportReviewVoSchema>;

const storable = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .superRefine((s, ctx) => {
      const problem = textProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const SelfReportRejectInputSchema = z.object({
  bgid: IdSchema.describe('报告 id'),
  reason: storable(500, SELF_REPORT_MSG.rejectReasonRequired, SELF_REPORT_MSG.rejectReasonTooLong).describe('退回原因'),
});
export const SelfReportDiscussInputSchema = z.object({
  bgid: IdSchema.describe('报告 id'),
  content: storable(1000, SELF_REPORT_MSG.discussRequired, SELF_REPORT_MSG.discussTooLong).describe('讨论内容'),
});
export const SelfReportDiscussSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  authorName: z.string().nullable(),
  cjsj: DateTimeSchema,
});
export const SelfReportDiscussListSchema = z.array(SelfReportDiscussSchema);
export const SelfReportShareInputSchema = z.object({
  bgid: IdSchema.describe('报告 id'),
  userIds: z
    .array(z.string().trim().min(1).max(64), { error: SELF_REPORT_MSG.shareUsersRequired })
    .min(1, SELF_REPORT_MSG.shareUsersRequired)
    .max(50)
    .describe('共享给的用户工号'),
});
export const SelfReportQueueQuerySchema = PagingQuerySchema.extend({
  kind: z.enum(REVIEW_KINDS).describe('expert 专家评审 / school 学校审核'),
  done: z.boolean().optional().describe('true：我已评审的；否则待评审的'),
});
export type SelfReportQueueQuery = z.infer<typeof SelfReportQueueQuerySchema>;

// ---- the overview's paragraphs (the page and the Word document say the same) ----

const names = (xs: readonly string[]) => xs.join('、');
const share = (list: readonly SelfReportNameValue[], name: string) => list.find((x) => x.name === name);

/** The paragraph of each overview item, its counts and percentages as the page and the Word document show them. */
export function overviewSentences(o: SelfReportOverview): Record<SelfReportSectionId, string> {
  const G = SELF_REPORT_MSG.grade;
  const reached = share(o.item1.zkddbqkList, G.reached);
  const below = share(o.item1.zkddbqkList, G.below);
  const none = share(o.item1.zkddbqkList, G.noResult);
  const done = share(o.item2.zkdwcqkList, G.done);
  const undone = share(o.item2.zkdwcqkList, G.undone);
  const [process, expired] = o.item3.yjqkList;
  const grades = o.item1.zgQualitiesRankList.map((g) => `${g.name} 级${g.value}个（${g.zb}%）`).join('，');
  const s1 =
    `共有质控点${o.item1.zkdzsl}个，其中达标${reached?.value ?? 0}个（${reached?.zb ?? 0}%），未达标${o.item1.wdbzkdsl}个` +
    `（${below?.zb ?? 0}%），暂无结果${none?.value ?? 0}个；结果等级：${grades}。` +
    (o.item1.wdbzkdsl
      ? `未达标质控点：${names(o.item1.wdbzkdmcs)}` +
        (o.item1.wdbzkdejzbs.length ? `（所属二级指标：${names(o.item1.wdbzkdejzbs)}）。` : '。')
      : '');
  const s2 =
    `完成率${o.item2.wcl}%：已完成${done?.value ?? 0}个，未完成${o.item2.wwczkdsl}个（${undone?.zb ?? 0}%）。` +
    (o.item2.wwczkdsl
      ? `未完成质控点：${names(o.item2.wwczkdmcs)}` +
        (o.item2.wwczkdejzbs.length ? `（所属二级指标：${names(o.item2.wwczkdejzbs)}）。` : '。')
      : '');
  const s3 =
    `共预警${o.item3.yjcs}次，其中${process?.name ?? ''}${process?.value ?? 0}次（${process?.zb ?? 0}%），` +
    `${expired?.name ?? ''}${expired?.value ?? 0}次（${expired?.zb ?? 0}%），预警处理率${o.item3.yjcll}%。` +
    (o.item3.zkdmcs.length ? `有预警的质控点：${names(o.item3.zkdmcs)}。` : '');
  return { 1: s1, 2: s2, 3: s3 };
}

/** The four tables of a report (anchors on the page, sections of the Word document). */
export const SELF_REPORT_TABLES = {
  monitor: '目标监测统计表',
  below: '未达标指标统计表',
  unfinished: '未完成目标统计表',
  warnings: '预警信息记录表',
} as const;
