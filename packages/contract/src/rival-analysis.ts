import { z } from 'zod';
import { PagingQuerySchema } from './envelope';
import { int32 } from './primitives';

/**
 * 对标分析 and 双高对比 (issue 35 items 2 and 3): the public indicators of the national annual quality reports
 * (高等职业教育质量年度报告) per school and year, the school's benchmark schools as its rivals, and the double-high list
 * (中国特色高水平高职学校和专业建设计划).
 */

/** The indicators a school imports for itself and other schools; `higher`: a larger value ranks first. */
export const RIVAL_INDICATORS = [
  { code: 'jyl', name: '就业率', unit: '%', higher: true, max: 100 },
  { code: 'ysr', name: '月收入', unit: '元', higher: true, max: 1_000_000 },
  { code: 'myd', name: '就业满意度', unit: '%', higher: true, max: 100 },
  { code: 'mxmyd', name: '母校满意度', unit: '%', higher: true, max: 100 },
  { code: 'sbb', name: '生师比', unit: '', higher: false, max: 1000 },
  { code: 'bdl', name: '新生报到率', unit: '%', higher: true, max: 100 },
  { code: 'jsfw', name: '技术服务到款额', unit: '万元', higher: true, max: 100_000_000 },
] as const;
export type RivalIndicatorCode = (typeof RIVAL_INDICATORS)[number]['code'];
export const RIVAL_INDICATOR_CODES = RIVAL_INDICATORS.map((i) => i.code) as [
  RivalIndicatorCode,
  ...RivalIndicatorCode[],
];
export const rivalIndicator = (code: string) => RIVAL_INDICATORS.find((i) => i.code === code);

/** Years of the figures; the trend spans at most this many. */
export const RIVAL_YEARS = { min: 2000, max: 2100, trendMax: 10 } as const;

/** The double-high plan's categories and grades, and the official counts of its first round (教职成函〔2019〕14号). */
export const DOUBLE_HIGH_KINDS = { school: '高水平学校', major: '高水平专业群' } as const;
export type DoubleHighKind = keyof typeof DOUBLE_HIGH_KINDS;
export const DOUBLE_HIGH_GRADES = ['A', 'B', 'C'] as const;
export type DoubleHighGrade = (typeof DOUBLE_HIGH_GRADES)[number];
/**
 * The published totals of the 2019 first round: 197 units, 56 high-level schools (A 10, B 20, C 26) and 141 with
 * high-level major groups (A 26, B 59, C 56). Source: https://yjs.hceb.edu.cn/info/1004/6641.htm (citing
 * 《教育部 财政部关于公布中国特色高水平高职学校和专业建设计划建设单位名单的通知》教职成函〔2019〕14号).
 */
export const DOUBLE_HIGH_OFFICIAL = {
  year: 2019,
  round: '第一轮',
  document: '教职成函〔2019〕14号',
  source: 'https://yjs.hceb.edu.cn/info/1004/6641.htm',
  total: 197,
  counts: {
    school: { A: 10, B: 20, C: 26, total: 56 },
    major: { A: 26, B: 59, C: 56, total: 141 },
  },
} as const;

export const RIVAL_MSG = {
  ownSchoolSaved: '本校已设置',
  unknownSchool: '学校代码不存在，请在学校列表中选择',
  unknownIndicator: '指标不存在',
  yearRange: `年份须在 ${RIVAL_YEARS.min}-${RIVAL_YEARS.max} 之间`,
  trendRange: `起止年份不正确（最多 ${RIVAL_YEARS.trendMax} 年）`,
  tooManySchools: '最多同时对比 11 所学校',
  imported: (n: number) => `导入成功，共 ${n} 行`,
  // import cell rules
  required: '必填',
  notSchool: '学校代码不存在',
  notYear: `须为 ${RIVAL_YEARS.min}-${RIVAL_YEARS.max} 的整数年份`,
  notNumber: '须为数字',
  outOfRange: (max: number) => `须在 0-${max} 之间`,
  duplicateRow: '与前面的行重复（同一学校同一年份）',
  duplicateUnit: '与前面的行重复（同一批次同一学校）',
  yesNo: '须为 是 或 否',
  notKind: `须为 ${Object.values(DOUBLE_HIGH_KINDS).join(' 或 ')}`,
  notGrade: '须为 A、B 或 C',
  tooLong: (n: number) => `最多 ${n} 个字符`,
  noFigures: '至少填写一个指标',
} as const;

/** A school as the comparisons name it; `own`: 本校; `sample`: its figures are 示例数据. */
export const RivalSchoolSchema = z.object({
  schoolCode: z.string().describe('学校代码 / school code'),
  schoolName: z.string().describe('学校名称 / school name'),
  own: z.boolean().describe('是否本校 / the school itself'),
});
export type RivalSchool = z.infer<typeof RivalSchoolSchema>;

const Value = z.number().nullable();
export const RivalValuesSchema = z.record(z.string(), Value).describe('指标代码 -> 数值 / indicator code -> value');

export const RivalQuerySchema = z.object({
  year: int32().min(RIVAL_YEARS.min, RIVAL_MSG.yearRange).max(RIVAL_YEARS.max, RIVAL_MSG.yearRange).optional(),
  schoolCodes: z
    .array(z.string().trim().min(1).max(20))
    .max(11, RIVAL_MSG.tooManySchools)
    .optional()
    .describe('只对比这些学校（如两校并列）；空为本校与全部对标院校 / compare only these'),
});
export const RivalSchoolRowSchema = RivalSchoolSchema.extend({
  values: RivalValuesSchema,
  sample: z.boolean().describe('示例数据 / sample figures'),
});
export const RivalOverviewSchema = z.object({
  ownSchool: RivalSchoolSchema.nullable().describe('本校 / the school itself'),
  rivals: z.array(RivalSchoolSchema).describe('对标院校（首页所选） / benchmark schools'),
  years: z.array(z.number().int()).describe('有数据的年份 / years with figures'),
  year: z.number().int().nullable().describe('所示年份 / the year shown'),
  rows: z.array(RivalSchoolRowSchema),
  canKeep: z.boolean().describe('可导入数据、设置本校（策略决定） / may keep the figures'),
});
export type RivalOverview = z.infer<typeof RivalOverviewSchema>;

const indicatorParam = z.enum(RIVAL_INDICATOR_CODES, { error: RIVAL_MSG.unknownIndicator });
const yearParam = int32().min(RIVAL_YEARS.min, RIVAL_MSG.yearRange).max(RIVAL_YEARS.max, RIVAL_MSG.yearRange);

export const RivalTrendQuerySchema = z.object({
  indicator: indicatorParam.describe('指标代码 / indicator'),
  startYear: yearParam.optional(),
  endYear: yearParam.optional(),
});
export const RivalTrendSchema = z.object({
  indicator: z.string(),
  years: z.array(z.number().int()),
  series: z.array(RivalSchoolSchema.extend({ values: z.array(Value) })),
});
export type RivalTrend = z.infer<typeof RivalTrendSchema>;

export const RivalRankQuerySchema = z.object({ indicator: indicatorParam, year: yearParam.optional() });
export const RivalRankSchema = z.object({
  indicator: z.string(),
  year: z.number().int().nullable(),
  list: z.array(
    RivalSchoolSchema.extend({
      rank: z.number().int().nullable().describe('名次（无数据为空） / rank'),
      value: Value,
    }),
  ),
});
export type RivalRank = z.infer<typeof RivalRankSchema>;

export const RivalYearQuerySchema = z.object({ year: yearParam.optional() });
export const RivalAvgSchema = z.object({
  year: z.number().int().nullable(),
  count: z.number().int().describe('有数据的对标院校数 / rivals with figures'),
  list: z.array(
    z.object({
      indicator: z.string(),
      own: Value.describe('本校 / the school'),
      avg: Value.describe('对标院校平均 / the rivals’ average'),
      max: Value,
      min: Value,
      count: z.number().int().describe('参与平均的学校数 / schools averaged'),
    }),
  ),
});
export type RivalAvg = z.infer<typeof RivalAvgSchema>;

export const DoubleSchoolQuerySchema = z.object({
  year: yearParam.optional().describe('指标年份 / the figures’ year'),
  batch: yearParam.optional().describe('双高批次年份（默认 2019） / the plan’s round'),
});
export const DoubleGroupSchema = z.object({
  key: z.string().describe('school-A ... major-C, all / group key'),
  kind: z.enum(['school', 'major', 'all']),
  grade: z.enum(DOUBLE_HIGH_GRADES).nullable(),
  units: z.number().int().describe('名单中的单位数 / units listed'),
  withFigures: z.number().int().describe('有该年数据的单位数 / units with figures that year'),
});
export const DoubleSchoolSchema = z.object({
  year: z.number().int().nullable(),
  batch: z.number().int(),
  ownSchool: RivalSchoolSchema.nullable(),
  sample: z.boolean().describe('所用数值含示例数据 / some figures compared are sample ones'),
  groups: z.array(DoubleGroupSchema),
  list: z.array(
    z.object({
      indicator: z.string(),
      own: Value,
      averages: z.record(z.string(), Value).describe('分组 -> 平均 / group key -> average'),
    }),
  ),
});
export type DoubleSchool = z.infer<typeof DoubleSchoolSchema>;

export const DoubleHighYearSchema = z.object({
  year: z.number().int().describe('批次年份 / round year'),
  label: z.string(),
  recorded: z.number().int().describe('已收录单位 / units recorded'),
  expected: z.number().int().nullable().describe('官方公布总数 / official total'),
});
export const DoubleHighYearsSchema = z.array(DoubleHighYearSchema);

export const DoubleHighQuerySchema = PagingQuerySchema.extend({
  year: yearParam.optional(),
  kind: z.enum(['school', 'major']).optional(),
  grade: z.enum(DOUBLE_HIGH_GRADES).optional(),
  name: z.string().trim().max(50).optional(),
});
export const DoubleHighUnitSchema = z.object({
  id: z.number().int(),
  year: z.number().int().describe('批次年份 / round'),
  schoolName: z.string().describe('学校名称 / school'),
  schoolCode: z.string().nullable().describe('学校代码（关联指标数据） / school code'),
  kind: z.enum(['school', 'major']).describe('类别 / category'),
  grade: z.enum(DOUBLE_HIGH_GRADES).describe('档次 / grade'),
  majors: z.string().describe('专业群 / major groups'),
  source: z.string().describe('来源 / source'),
  sample: z.boolean().describe('示例（非官方名单） / sample entry'),
});
export type DoubleHighUnit = z.infer<typeof DoubleHighUnitSchema>;
export const DoubleHighPageSchema = z.object({
  list: z.array(DoubleHighUnitSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  recorded: z.number().int().describe('该批次已收录 / recorded in the round'),
  expected: z.number().int().nullable().describe('官方公布总数 / official total'),
  counts: z
    .array(
      z.object({
        kind: z.enum(['school', 'major']),
        grade: z.enum(DOUBLE_HIGH_GRADES),
        recorded: z.number().int(),
        expected: z.number().int().nullable(),
      }),
    )
    .describe('各类别档次已收录/官方数 / per category and grade'),
  canKeep: z.boolean().describe('可导入名单（策略决定） / may keep the list'),
});

export const OwnSchoolSchema = z.object({ schoolCode: z.string().trim().min(1).max(20) });
export const RivalImportResultSchema = z.object({ count: z.number().int() });

/** Columns of the figures' sheet: code, name, year, one per indicator, sample flag. */
export const RIVAL_COLUMNS = [
  { key: 'schoolCode', header: '学校代码', width: 14 },
  { key: 'schoolName', header: '学校名称', width: 28 },
  { key: 'year', header: '年份', width: 8 },
  ...RIVAL_INDICATORS.map((i) => ({ key: i.code, header: i.unit ? `${i.name}(${i.unit})` : i.name, width: 14 })),
  { key: 'sample', header: '示例数据', width: 10 },
] as const;

export const DOUBLE_HIGH_COLUMNS = [
  { key: 'year', header: '批次年份', width: 10 },
  { key: 'schoolName', header: '学校名称', width: 28 },
  { key: 'schoolCode', header: '学校代码', width: 14 },
  { key: 'kind', header: '类别', width: 14 },
  { key: 'grade', header: '档次', width: 8 },
  { key: 'majors', header: '专业群', width: 36 },
  { key: 'source', header: '来源', width: 50 },
  { key: 'sample', header: '示例', width: 8 },
] as const;
