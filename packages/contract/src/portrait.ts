import { z } from 'zod';
import { pageOf } from './envelope';
import { IdSchema, int32, PageNumSchema, pageSize, text } from './primitives';

/**
 * 画像分析 (issue 35 item 1, spec-2 §2.13, §7.1 CurrentPortraits and portrayal; served under /api/herm-xxjk): the
 * portraits of the school, a college, a major, a course, a teacher, a class and a student — cards of key figures, a
 * radar of the object's grades from its diagnosis rows, trends over the years — and the drill-down between them.
 * Warehouse figures come from the portrait algorithms (PORTRAIT_ALGORITHMS, seeded for the demo); the objects are the
 * dimension objects (a student is a warehouse row: named by its 学号). Who sees which portrait: the portrayal
 * authority (everything for the school's leaders, else the objects granted and what is under them).
 */

export const PORTRAIT_KINDS = ['school', 'college', 'major', 'course', 'teacher', 'class', 'student'] as const;
export type PortraitKind = (typeof PORTRAIT_KINDS)[number];
export const PORTRAIT_KIND_NAMES: Record<PortraitKind, string> = {
  school: '学校画像',
  college: '学院画像',
  major: '专业画像',
  course: '课程画像',
  teacher: '教师画像',
  class: '班级画像',
  student: '学生画像',
};

/**
 * The algorithms the portraits read the warehouse through, by name (detail algorithms; the demo seeds them, a school
 * replaces their text in 数据管理 to read its own tables). Parameters: :dimension (a portrait kind), :objectId (the
 * object's code, a student's 学号).
 */
export const PORTRAIT_ALGORITHMS = {
  yearly: '画像·历年指标',
  classStudents: '画像·班级学生',
  student: '画像·学生档案',
  course: '画像·课程开课',
  teacher: '画像·教师授课',
  majorTeachers: '画像·专业教师',
  followStudents: '画像·关注学生',
  classes: '画像·班级名单',
} as const;
export type PortraitAlgorithm = keyof typeof PORTRAIT_ALGORITHMS;

/** The built-in key figures: the columns of 画像·历年指标 (one row per academic year) and how they show. */
export const PORTRAIT_FIGURES = [
  { key: 'students', column: '在校生数', label: '在校生数', unit: '人' },
  { key: 'assessed', column: '考核人次', label: '课程考核人次', unit: '人次' },
  { key: 'avgScore', column: '平均分', label: '课程平均分', unit: '分' },
  { key: 'passRate', column: '及格率', label: '课程及格率', unit: '%' },
  { key: 'excellentRate', column: '优秀率', label: '课程优秀率', unit: '%' },
  { key: 'employmentRate', column: '就业率', label: '毕业去向落实率', unit: '%' },
  { key: 'salary', column: '月收入', label: '毕业生月收入', unit: '元' },
] as const;

export const PORTRAIT_MSG = {
  outOfAuthority: (name: string) => `您没有查看“${name}”画像的权限，请联系管理员开通画像权限`,
  noAuthority: '您还没有画像权限，请联系管理员开通',
  objectNotFound: '画像对象不存在',
  studentNotFound: '学生不存在（请检查学号）',
  codeRequired: '请指定画像对象',
  algorithmMissing: (name: string) => `画像算法“${name}”不存在，请在数据管理中添加`,
  cardNotFound: '画像卡片不存在',
  notCardCreator: '只有卡片的创建人可以修改或删除此卡片',
  cardAlgorithmNotValue: '请选择值算法作为卡片的指标',
  cardAlgorithmNotFound: '所选算法不存在或没有当前版本',
  cardSaved: '卡片已保存',
  cardDeleted: '卡片已删除',
  cardLimit: (n: number) => `同一画像最多 ${n} 张自定义卡片`,
} as const;

export const PORTRAIT_LIMITS = { cardsPerKind: 12, labelMax: 20, unitMax: 10 } as const;

const Code = z.string().trim().min(1, PORTRAIT_MSG.codeRequired).max(64).describe('对象编码（学生为学号） / code');
const Kind = z.enum(PORTRAIT_KINDS).describe('画像类型 / portrait kind');

/** An object as the portraits name it. */
export const PortraitObjectSchema = z.object({
  kind: Kind,
  code: z.string().describe('编码 / code'),
  name: z.string().describe('名称 / name'),
});
export type PortraitObject = z.infer<typeof PortraitObjectSchema>;

export const PortraitCodeQuerySchema = z.object({ code: Code });
export const SchoolPortraitQuerySchema = z.object({ code: Code.optional() });
export const PortraitKindQuerySchema = z.object({ kind: Kind, code: Code });

export const PortraitCardSchema = z.object({
  key: z.string().describe('卡片键（自定义卡片为 card-<id>） / key'),
  label: z.string().describe('名称 / label'),
  value: z.number().nullable().describe('数值（无数据为空） / value'),
  year: z.number().int().nullable().describe('数值所属学年（该指标有数据的最近一年） / the value’s year'),
  unit: z.string().describe('单位 / unit'),
  configured: z.boolean().describe('自定义卡片 / a configured card'),
  error: z.string().nullable().describe('算法失败的原因 / why it has no value'),
});
export type PortraitCard = z.infer<typeof PortraitCardSchema>;

export const PortraitRadarSchema = z.object({
  taskName: z.string().describe('诊改任务 / diagnosis task'),
  year: z.number().int().describe('年度 / year'),
  axes: z
    .array(
      z.object({
        name: z.string().describe('一级指标 / first-level item'),
        score: z.number().describe('等级得分（A=100，B=80，C=60，D=40 的平均） / grade score'),
        grades: z.record(z.string(), z.number().int()).describe('各等级的质控点数 / QCPs per grade'),
      }),
    )
    .describe('雷达各轴 / axes'),
});
export type PortraitRadar = z.infer<typeof PortraitRadarSchema>;

export const PortraitTrendSchema = z.object({
  years: z.array(z.number().int()).describe('学年（起始年份） / academic years'),
  series: z.array(
    z.object({
      key: z.string(),
      name: z.string().describe('指标 / figure'),
      unit: z.string(),
      data: z.array(z.number().nullable()).describe('各年数值 / values by year'),
    }),
  ),
});
export type PortraitTrend = z.infer<typeof PortraitTrendSchema>;

export const PortraitSchema = z.object({
  object: PortraitObjectSchema,
  path: z.array(PortraitObjectSchema).describe('上级对象（面包屑，自学校起） / the ancestors, school first'),
  year: z.number().int().nullable().describe('卡片所示学年 / the year of the cards'),
  cards: z.array(PortraitCardSchema),
  radar: PortraitRadarSchema.nullable().describe('诊改等级雷达（无诊改数据为空） / the grade radar'),
  trend: PortraitTrendSchema,
  info: z.record(z.string(), z.unknown()).describe('对象的基本信息（学生档案、课程、教师） / the object’s facts'),
});
export type Portrait = z.infer<typeof PortraitSchema>;

export const NextLinkSchema = z.object({
  object: PortraitObjectSchema,
  groups: z.array(
    z.object({
      kind: Kind,
      label: z.string(),
      items: z.array(PortraitObjectSchema),
    }),
  ),
});
export type NextLink = z.infer<typeof NextLinkSchema>;

/** A warehouse listing (a detail page's table): the algorithm's columns and rows. */
export const PortraitTableSchema = z.object({
  object: PortraitObjectSchema,
  columns: z.array(z.string()).describe('列 / columns'),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean().describe('结果超过上限已截断 / cut at the cap'),
});
export type PortraitTable = z.infer<typeof PortraitTableSchema>;

export const PortraitPageQuerySchema = z.object({
  code: Code,
  current: PageNumSchema,
  size: pageSize(50),
  keyword: z.string().trim().max(20).optional().describe('学号或姓名 / a 学号 or name'),
});
export const PortraitScopePageQuerySchema = PortraitPageQuerySchema.extend({ kind: Kind });
export const PortraitRowPageSchema = pageOf(z.record(z.string(), z.unknown())).extend({
  columns: z.array(z.string()),
  object: PortraitObjectSchema,
});
export type PortraitRowPage = z.infer<typeof PortraitRowPageSchema>;

// ---- portrayal: the configuration and the authority ----

export const PortrayalAuthSchema = z.object({
  all: z.boolean().describe('可查看全部画像 / every portrait'),
  roots: z.array(PortraitObjectSchema).describe('被授权的画像对象（及其下级） / the objects granted'),
  kinds: z.array(Kind).describe('可查看的画像类型 / the kinds the user may open'),
});
export type PortrayalAuth = z.infer<typeof PortrayalAuthSchema>;

export const PortrayalMenuSchema = z.array(z.object({ kind: Kind, name: z.string() }));

export const PortrayalCardSchema = z.object({
  id: z.number().int(),
  kind: Kind,
  label: z.string().describe('卡片名称 / label'),
  unit: z.string(),
  algorithmId: z.number().int().describe('值算法id / value algorithm'),
  algorithmName: z.string().nullable(),
  sort: z.number().int(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }).describe('创建人可改、删 / the creator only'),
});
export type PortrayalCard = z.infer<typeof PortrayalCardSchema>;

export const PortrayalCardQuerySchema = z.object({ kind: Kind.optional() });

export const PortrayalScreenSchema = z.array(
  z.object({
    kind: Kind,
    name: z.string(),
    builtIn: z.array(z.string()).describe('内置卡片 / the built-in cards'),
    cards: z.number().int().describe('自定义卡片数 / configured cards'),
  }),
);

export const PortrayalAddSchema = z.object({
  kind: Kind,
  label: text(PORTRAIT_LIMITS.labelMax)
    .trim()
    .min(1, '请填写卡片名称')
    .max(PORTRAIT_LIMITS.labelMax, `卡片名称最多 ${PORTRAIT_LIMITS.labelMax} 个字符`),
  unit: text(PORTRAIT_LIMITS.unitMax)
    .trim()
    .max(PORTRAIT_LIMITS.unitMax, `单位最多 ${PORTRAIT_LIMITS.unitMax} 个字符`)
    .default(''),
  algorithmId: IdSchema.describe('值算法id / value algorithm'),
  sort: int32().min(0).max(999).default(0),
});
export const PortrayalUpdateSchema = PortrayalAddSchema.extend({ id: IdSchema });
export const PortrayalDeleteSchema = z.object({ id: IdSchema });

/** The value algorithms a card may show (current versions), for the card form's picker. */
export const PortrayalAlgorithmSchema = z.array(
  z.object({ id: z.number().int().describe('算法id / algorithm'), name: z.string() }),
);
