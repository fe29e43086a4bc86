import { z } from 'zod';
import { DIMENSIONS } from './enums';
import { int32, text } from './primitives';

/**
 * Standard systems (目标标准体系, spec-2 §7.8 "Target standards ({mbbz})", §3 the indicator row, §5 value types, §9
 * category renaming): a system per dimension and years in force, its catalogue tree 诊断维度 -> 质控点 -> 指标 (any
 * level), each QCP or indicator with its standard value, value type, calculation rule (a value algorithm's version),
 * grade rule and warning rule; authority rows saying who may read or edit it; a task depot of reusable QCPs and a
 * recycle bin. DOMAIN.md "Quality diagnosis"; docs/ARCHITECTURE.md "Standard systems".
 */

export const STANDARD_LIMITS = {
  nameMax: 60,
  textMax: 2000,
  bzzMax: 100,
  /** Indicator levels below a QCP (一级指标 .. 四级指标): the Excel template has a column for each. */
  indicatorLevelsMax: 4,
  /** Nodes of one system (and rows of one import). */
  nodesMax: 5000,
  levelsMax: 20,
  authorityMax: 200,
} as const;

/** The catalogue's node kinds: a dimension (top level), a quality control point, an indicator (level 1..N). */
export const NODE_KINDS = ['dimension', 'qcp', 'indicator'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export const NODE_KIND_NAMES: Record<NodeKind, string> = { dimension: '诊断维度', qcp: '质控点', indicator: '指标' };

/** Value types (zlx, spec-2 §5). */
export const VALUE_TYPES = ['have', 'whether', 'percent', 'others', 'levels'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export const VALUE_TYPE_NAMES: Record<ValueType, string> = {
  have: '有无',
  whether: '是否',
  percent: '百分比',
  others: '数值',
  levels: '等级',
};

export const DIRECTIONS = ['higher', 'lower'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_NAMES: Record<Direction, string> = { higher: '越高越好', lower: '越低越好' };

export const GRADES = ['A', 'B', 'C', 'D'] as const;
export type Grade = (typeof GRADES)[number];

export const WARNING_MODES = ['value', 'level'] as const;
export type WarningMode = (typeof WARNING_MODES)[number];
export const WARNING_MODE_NAMES: Record<WarningMode, string> = { value: '按值', level: '按等级' };
export const WARNING_OPERATORS = ['<', '<=', '=', '>=', '>'] as const;
export type WarningOperator = (typeof WARNING_OPERATORS)[number];
export const WARNING_CYCLES = ['month', 'week', 'day', 'none'] as const;
export type WarningCycle = (typeof WARNING_CYCLES)[number];
export const WARNING_CYCLE_NAMES: Record<WarningCycle, string> = {
  month: '每月',
  week: '每周',
  day: '每天',
  none: '无',
};

export const STANDARD_STATES = ['draft', 'published'] as const;
export type StandardState = (typeof STANDARD_STATES)[number];
export const STANDARD_STATE_NAMES: Record<StandardState, string> = { draft: '草稿', published: '已发布' };

export const AUTHORITY_SUBJECTS = ['role', 'user'] as const;
export type AuthoritySubject = (typeof AUTHORITY_SUBJECTS)[number];
export const AUTHORITY_ACCESS = ['read', 'write'] as const;
export type AuthorityAccess = (typeof AUTHORITY_ACCESS)[number];
export const AUTHORITY_ACCESS_NAMES: Record<AuthorityAccess, string> = { read: '查看', write: '编辑' };

/** The dimensions a standard system may be for (codes of DIMENSIONS). */
export const STANDARD_DIMENSIONS = DIMENSIONS.map((d) => d.code) as [
  (typeof DIMENSIONS)[number]['code'],
  ...(typeof DIMENSIONS)[number]['code'][],
];

/**
 * Indicator category renaming (spec-2 §9): a dimension node saved or imported under an old name is stored under the
 * new one; the web shows the new names.
 */
export const CATEGORY_RENAMES: Readonly<Record<string, string>> = {
  人才培养: '计分卡',
  教学条件: '资源表',
  国际交流: '国际影响表',
  社会服务: '服务贡献表',
  政策落实: '落实政策表',
};
/** The name a dimension node is stored under (its new name when it is one of the renamed categories). */
export const renamedCategory = (name: string): string => CATEGORY_RENAMES[name.trim()] ?? name.trim();

/** The Excel template's columns in order (its 说明 sheet explains each). */
export const STANDARD_EXCEL_COLUMNS = [
  { key: 'dimension', header: '诊断维度' },
  { key: 'qcp', header: '质控点' },
  { key: 'level1', header: '一级指标' },
  { key: 'level2', header: '二级指标' },
  { key: 'level3', header: '三级指标' },
  { key: 'level4', header: '四级指标' },
  { key: 'nh', header: '内涵' },
  { key: 'zdbz', header: '诊断标准' },
  { key: 'bzz', header: '标准值' },
  { key: 'zlx', header: '值类型' },
  { key: 'fsdl', header: '是否定量' },
  { key: 'calRule', header: '计算规则' },
  { key: 'detailRule', header: '详情算法' },
  { key: 'direction', header: '方向' },
  { key: 'gradeRule', header: '等级规则' },
  { key: 'warningMode', header: '预警模式' },
  { key: 'warningOperator', header: '预警条件' },
  { key: 'warningValue', header: '预警值' },
  { key: 'warningCycle', header: '预警周期' },
] as const;
export type StandardExcelKey = (typeof STANDARD_EXCEL_COLUMNS)[number]['key'];

const levelName = (n: number) => ['一', '二', '三', '四', '五', '六', '七', '八'][n - 1] ?? String(n);

export const STANDARD_MSG = {
  created: '新增成功',
  saved: '保存成功',
  deleted: '删除成功，可在回收站恢复',
  depotDeleted: '删除成功',
  purged: '已彻底删除',
  recovered: '恢复成功',
  published: '发布成功',
  copied: (name: string) => `已复制为“${name}”`,
  imported: (n: number) => `导入成功，共 ${n} 个节点`,
  checked: (n: number) => `检查通过，共 ${n} 个节点`,
  /** A change to a system a diagnosis task uses: applied to a new version. */
  newVersion: (v: number) => `该目标标准已被诊改任务使用，修改已保存为新版本 V${v}`,
  inUseDelete: (users: string[]) => `该目标标准正被${users.slice(0, 3).join('、')}使用，不能删除`,
  // ---- authority ----
  noRead: '没有该目标标准的查看权限',
  noWrite: '没有该目标标准的编辑权限',
  noCreate: '没有新建目标标准的权限',
  noDepot: '没有维护任务库的权限',
  // ---- systems ----
  systemNotFound: '目标标准不存在或已被删除',
  nameRequired: '请输入名称',
  nameTaken: (name: string) => `名为“${name}”的目标标准已存在`,
  yearsOrder: '结束年度不能早于开始年度',
  dimensionRequired: '请选择维度',
  // ---- the catalogue ----
  nodeNotFound: '目录节点不存在或已被删除',
  parentNotFound: '上级节点不存在或不属于该目标标准',
  cycle: '不能把节点移到它自己或它的下级之下',
  tooDeep: `指标最多 ${STANDARD_LIMITS.indicatorLevelsMax} 级（诊断维度 → 质控点 → ${STANDARD_LIMITS.indicatorLevelsMax} 级指标）`,
  tooMany: `一个目标标准最多 ${STANDARD_LIMITS.nodesMax} 个节点`,
  kindTop: '顶层节点只能是诊断维度',
  kindUnderDimension: '诊断维度下只能是质控点',
  kindUnderQcp: '质控点及指标下只能是指标',
  dimensionNoValues: '诊断维度只有名称、排序和内涵，不能填写标准值、值类型、计算规则、等级或预警',
  siblingTaken: (name: string) => `同一级下已有名为“${name}”的节点`,
  // ---- values and rules (field names the form and the Excel sheet show) ----
  bzzMissing: (type: string) => `标准值：值类型为${type}时必须填写`,
  bzzZeroOne: (type: string) => `标准值：值类型为${type}时应为 0 或 1`,
  bzzNumber: '标准值应为数值',
  bzzPercent: '标准值：百分比应为 0 至 100 之间的数值',
  bzzLevel: (levels: string[]) => `标准值应为等级规则中的一个等级（${levels.join('、')}）`,
  noTypeNoValues: '未选择值类型时不能填写标准值、计算规则、等级规则或预警规则',
  gradeLevelsRequired: '值类型为等级时，等级规则应为等级列表（如 优秀=A;良好=B;合格=C;不合格=D）',
  gradeThresholdsForLevels: '值类型为等级时不能使用分数线，请填写等级列表',
  gradeLevelsOnlyForLevels: '等级规则：只有值类型为等级时才使用等级列表，其余请填写分数线（如 A=90;B=80;C=60）',
  gradeNoneForYesNo: (type: string) => `值类型为${type}时不设等级规则（结果为达标或不达标）`,
  gradeOrderHigher: '等级规则：越高越好时应满足 A > B > C',
  gradeOrderLower: '等级规则：越低越好时应满足 A < B < C',
  gradeFormat: '等级规则格式应为 A=90;B=80;C=60，等级列表应为 优秀=A;良好=B',
  levelsDuplicate: (value: string) => `等级列表中“${value}”重复`,
  levelsEmpty: '等级列表至少需要 1 项',
  directionRequired: '设置了等级规则时请选择方向（越高越好 / 越低越好）',
  warningValueRequired: '预警规则：按值预警时请填写预警值（数值）',
  warningGradeRequired: '预警规则：按等级预警时请选择预警等级（A、B、C、D）',
  warningLevelNeedsGrades: '预警规则：按等级预警需要先设置等级规则',
  warningZeroOne: (type: string) => `预警值：值类型为${type}时应为 0 或 1`,
  calRuleNotFound: '计算规则：所选算法版本不存在或已被删除',
  calRuleWrongKind: (kind: string) => `计算规则：只能选择值算法，所选算法是${kind}`,
  calRuleUnknown: (text: string) => `计算规则：找不到算法“${text}”（应为 算法名称 或 算法名称/V版本号）`,
  detailRuleNotFound: '详情算法：所选算法版本不存在或已被删除',
  detailRuleWrongKind: (kind: string) => `详情算法：只能选择详情算法，所选算法是${kind}`,
  detailRuleUnknown: (text: string) => `详情算法：找不到算法“${text}”（应为 算法名称 或 算法名称/V版本号）`,
  // ---- depot and recycle bin ----
  depotNotFound: '任务库条目不存在或已被删除',
  depotOnlyQcp: '只能把质控点（连同其下指标）存入任务库',
  depotUseUnderDimension: '任务库中的质控点只能放在诊断维度下',
  depotDimensionMismatch: (want: string, got: string) => `任务库条目属于“${got}”维度，不能用于“${want}”维度的目标标准`,
  recycleNotFound: '回收站中没有该条目',
  recoverParentGone: '原上级节点已被删除，请先恢复上级节点',
  // ---- Excel ----
  excelLevelGap: '层级不连续：请依次填写诊断维度、质控点、一级指标 …',
  excelNoName: '请至少填写诊断维度',
  excelUnknownParent: (path: string) => `上级“${path}”在前面的行中不存在`,
  excelDuplicate: (path: string) => `“${path}”重复`,
  excelBadChoice: (allowed: string[]) => `应为 ${allowed.join('、')} 之一`,
  excelLevelHeader: levelName,
  uploadFields: '请选择要导入的目标标准，或填写新目标标准的名称、维度和年度',
} as const;

// ---- schemas ----

const Id = int32().positive();
const name = () => text(STANDARD_LIMITS.nameMax).trim().min(1, STANDARD_MSG.nameRequired).describe('名称 / name');
const optionalText = (max: number) =>
  text(max)
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const year = () => int32().min(1900, '年度应在 1900 至 2200 之间').max(2200, '年度应在 1900 至 2200 之间');
/** A yes/no flag sent as JSON or as a form value. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const StandardIdSchema = z.object({ id: Id.describe('id') });
export const StandardIdQuerySchema = z.object({ id: Id.describe('目标标准id / system id') });

/** A target task serving a node (a QCP) of the system, as the node's panel lists it (issue 35). */
export const StandardNodeTaskSchema = z.object({
  id: z.number().int(),
  rwmc: z.string().describe('任务名称 / task'),
  year: z.number().int().describe('年度目标的周期 / year'),
  yearTargetName: z.string().describe('年度目标 / year target'),
  bmmc: z.string().nullable().describe('负责部门 / department'),
  rwzt: z.string().describe('任务状态 / state'),
  rwztmc: z.string().describe('任务状态名称 / state label'),
  rwjd: z.number().describe('任务进度（0-100） / progress'),
});
export type StandardNodeTask = z.infer<typeof StandardNodeTaskSchema>;

/** What the current user may do with a system (the server decides; the web only shows or hides). */
export const StandardAbilitiesSchema = z.object({
  read: z.boolean(),
  write: z.boolean().describe('编辑目录、导入、发布 / edit the tree, import, publish'),
  authority: z.boolean().describe('维护权限 / keep the authority rows'),
  remove: z.boolean().describe('删除（移入回收站） / delete to the recycle bin'),
});

export const StandardSystemSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('目标标准名称 / name'),
  dimension: z.string().describe('维度编码（school、major …） / dimension code'),
  startYear: z.number().int().describe('起始年度 / first year in force'),
  endYear: z.number().int().describe('结束年度 / last year in force'),
  state: z.enum(STANDARD_STATES).describe('draft 草稿 / published 已发布'),
  version: z.number().int().describe('版本号（V1、V2 …） / version number'),
  previousVersionId: z.number().int().nullable().describe('上一版本id / the version it was made from'),
  nodeCount: z.number().int().describe('目录节点数 / nodes'),
  qcpCount: z.number().int().describe('质控点数 / quality control points'),
  creator: z.string().nullable().describe('创建人id / creator'),
  creatorName: z.string().nullable().describe('创建人 / creator name'),
  createdAt: z.string().describe('创建时间 / created at'),
  updatedAt: z.string().describe('修改时间 / updated at'),
  abilities: StandardAbilitiesSchema,
});
export type StandardSystem = z.infer<typeof StandardSystemSchema>;

export const StandardQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(20).describe('每页条数 / page size'),
  name: text(60).trim().optional().describe('名称关键字 / name contains'),
  dimension: z.enum(STANDARD_DIMENSIONS).optional().describe('维度 / dimension'),
  state: z.enum(STANDARD_STATES).optional().describe('状态 / state'),
});

export const StandardInputSchema = z
  .object({
    name: name(),
    dimension: z.enum(STANDARD_DIMENSIONS, STANDARD_MSG.dimensionRequired).describe('维度 / dimension'),
    startYear: year().describe('起始年度 / first year'),
    endYear: year().describe('结束年度 / last year'),
  })
  .refine((v) => v.endYear >= v.startYear, { message: STANDARD_MSG.yearsOrder, path: ['endYear'] });
/** Renaming a system or changing its years (its dimension is fixed once created). */
export const StandardUpdateSchema = z
  .object({
    id: Id,
    name: name(),
    startYear: year().describe('起始年度 / first year'),
    endYear: year().describe('结束年度 / last year'),
  })
  .refine((v) => v.endYear >= v.startYear, { message: STANDARD_MSG.yearsOrder, path: ['endYear'] });

/** Who may create systems and keep the task depot. */
export const StandardGlobalAbilitiesSchema = z.object({
  create: z.boolean().describe('新建目标标准 / create systems'),
  depot: z.boolean().describe('维护任务库 / keep the task depot'),
});

// ---- rules of a node ----

export const GradeThresholdsSchema = z.object({
  type: z.literal('thresholds'),
  A: z.number().finite().describe('A 级分数线 / A from'),
  B: z.number().finite().describe('B 级分数线 / B from'),
  C: z.number().finite().describe('C 级分数线（低于为 D） / C from; below: D'),
});
export const GradeLevelSchema = z.object({
  value: text(40).trim().min(1, '等级名称不能为空').describe('等级值（优秀、良好 …） / the level value'),
  dxLevel: z.enum(GRADES, '对应等级应为 A、B、C、D 之一').describe('对应等级 A-D / its grade'),
});
export const GradeLevelsSchema = z.object({
  type: z.literal('levels'),
  levels: z
    .array(GradeLevelSchema)
    .min(1, STANDARD_MSG.levelsEmpty)
    .max(STANDARD_LIMITS.levelsMax)
    .describe('计算规则列表（value、dxLevel） / the calculation rule list'),
});
export const GradeRuleSchema = z.discriminatedUnion('type', [GradeThresholdsSchema, GradeLevelsSchema], {
  error: STANDARD_MSG.gradeFormat,
});
export type GradeRule = z.infer<typeof GradeRuleSchema>;

export const WarningRuleSchema = z.object({
  mode: z.enum(WARNING_MODES, '请选择预警模式').describe('value 按值 / level 按等级'),
  operator: z.enum(WARNING_OPERATORS, '请选择预警条件').describe('预警条件 / operator'),
  value: z.number().finite().nullable().optional().describe('预警值（按值） / the value (mode value)'),
  grade: z.enum(GRADES).nullable().optional().describe('预警等级（按等级） / the grade (mode level)'),
  cycle: z.enum(WARNING_CYCLES, '请选择预警周期').describe('预警周期 / cycle'),
});
export type WarningRule = z.infer<typeof WarningRuleSchema>;

/** The fields of a QCP or an indicator (a dimension node carries name, sort and nh only). */
export const NodeFieldsSchema = z.object({
  name: name(),
  sort: int32().min(0).default(0).describe('排序 / order among siblings'),
  nh: optionalText(STANDARD_LIMITS.textMax).describe('内涵 / description'),
  zdbz: optionalText(STANDARD_LIMITS.textMax).describe('诊断标准 / diagnosis standard'),
  bzz: optionalText(STANDARD_LIMITS.bzzMax).describe('标准值（文本） / standard value, as text'),
  zlx: z.enum(VALUE_TYPES).nullable().optional().describe('值类型 / value type (空为分组节点)'),
  fsdl: flag.optional().default(false).describe('是否定量 / quantitative'),
  calRule: Id.nullable()
    .optional()
    .describe('计算规则：值算法的版本id，空为手工填报 / a value algorithm version id; null: manual'),
  detailRule: Id.nullable()
    .optional()
    .describe('详情算法：详情算法的版本id（明细数据），空为无 / a detail algorithm version id; null: none'),
  direction: z.enum(DIRECTIONS).nullable().optional().describe('方向 / higher or lower is better'),
  gradeRule: GradeRuleSchema.nullable().optional().describe('等级规则 / the grade rule'),
  warningRule: WarningRuleSchema.nullable().optional().describe('预警规则 / the warning rule'),
});
export type NodeFields = z.infer<typeof NodeFieldsSchema>;

export const NodeInputSchema = NodeFieldsSchema.extend({
  systemId: Id.describe('目标标准id / system'),
  parentId: Id.nullable().optional().describe('上级节点，空为顶层（诊断维度） / parent; null: top level'),
  kind: z.enum(NODE_KINDS, '请选择节点类型').describe('dimension 诊断维度 / qcp 质控点 / indicator 指标'),
});
export const NodeUpdateSchema = NodeFieldsSchema.extend({ id: Id });
/** Drag to reorder or move: the new parent and the place among its children (0 first). */
export const NodeMoveSchema = z.object({
  id: Id,
  parentId: Id.nullable().describe('新的上级节点，空为顶层 / the new parent'),
  sort: int32().min(0).describe('在兄弟节点中的位置 / position among the siblings'),
});

export interface StandardNode {
  id: number;
  parentId: number | null;
  kind: NodeKind;
  name: string;
  sort: number;
  /** 1 dimension, 2 QCP, 3 一级指标 … */
  depth: number;
  nh: string | null;
  zdbz: string | null;
  bzz: string | null;
  zlx: ValueType | null;
  fsdl: boolean;
  calRule: number | null;
  calRuleName: string | null;
  /** 详情算法: a detail algorithm's version id (the QCP panel's 明细数据), or null. */
  detailRule: number | null;
  detailRuleName: string | null;
  direction: Direction | null;
  gradeRule: GradeRule | null;
  warningRule: WarningRule | null;
  children: StandardNode[];
}
export const StandardNodeSchema: z.ZodType<StandardNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    kind: z.enum(NODE_KINDS),
    name: z.string(),
    sort: z.number().int(),
    depth: z.number().int().describe('层级：1 诊断维度，2 质控点，3 一级指标 … / depth'),
    nh: z.string().nullable(),
    zdbz: z.string().nullable(),
    bzz: z.string().nullable(),
    zlx: z.enum(VALUE_TYPES).nullable(),
    fsdl: z.boolean(),
    calRule: z.number().int().nullable().describe('值算法版本id / the algorithm version'),
    calRuleName: z.string().nullable().describe('算法名称/V版本号，空为手工填报 / "name/Vn", null: manual'),
    detailRule: z.number().int().nullable().describe('详情算法版本id / the detail algorithm version'),
    detailRuleName: z.string().nullable().describe('详情算法 算法名称/V版本号，空为无 / "name/Vn", null: none'),
    direction: z.enum(DIRECTIONS).nullable(),
    gradeRule: GradeRuleSchema.nullable(),
    warningRule: WarningRuleSchema.nullable(),
    children: z.array(StandardNodeSchema),
  }),
);

export const StandardFullSchema = z.object({
  system: StandardSystemSchema,
  tree: z.array(StandardNodeSchema).describe('目录树（诊断维度在顶层） / the catalogue, dimensions on top'),
});
export type StandardFull = z.infer<typeof StandardFullSchema>;

/**
 * The answer to every change of a system's tree: where it was applied. When a diagnosis task uses the system the
 * change goes to a new version (a copy, `versioned`), whose id is `systemId` and where `nodeId` is the node's copy.
 */
export const StandardChangeSchema = z.object({
  systemId: z.number().int().describe('修改所在的目标标准id（生成新版本时为新版本的id） / where the change went'),
  version: z.number().int().describe('其版本号 / its version'),
  versioned: z.boolean().describe('是否因被诊改任务使用而生成了新版本 / a new version was made'),
  message: z.string().describe('结果说明 / what happened'),
  nodeId: z.number().int().nullable().describe('涉及的节点（在新版本中的id） / the node, in the version changed'),
});
export type StandardChange = z.infer<typeof StandardChangeSchema>;

export const StandardUsageSchema = z.object({
  inUse: z.boolean(),
  users: z.array(z.string()).describe('使用它的诊改任务等 / what uses it'),
});

// ---- authority ----

export const AuthoritySchema = z.object({
  id: z.number().int(),
  systemId: z.number().int(),
  subjectKind: z.enum(AUTHORITY_SUBJECTS).describe('role 角色 / user 用户'),
  subjectId: z.string().describe('角色id或用户id / role or user id'),
  subjectName: z.string().describe('角色或用户名称 / its name'),
  access: z.enum(AUTHORITY_ACCESS).describe('read 查看 / write 编辑（含查看）'),
});
export type Authority = z.infer<typeof AuthoritySchema>;
export const AuthorityQuerySchema = z.object({ systemId: Id.describe('目标标准id / system') });
export const AuthorityInputSchema = z.object({
  systemId: Id.describe('目标标准id / system'),
  subjectKind: z.enum(AUTHORITY_SUBJECTS, '请选择授权对象类型').describe('role / user'),
  subjectId: text(64).trim().min(1, '请选择角色或用户').describe('角色id或用户id / role or user id'),
  access: z.enum(AUTHORITY_ACCESS, '请选择权限').describe('read / write'),
});
export const AuthorityUpdateSchema = z.object({
  id: Id,
  access: z.enum(AUTHORITY_ACCESS, '请选择权限').describe('read / write'),
});

// ---- task depot and recycle bin ----

export interface DepotNode {
  kind: NodeKind;
  name: string;
  sort: number;
  nh: string | null;
  zdbz: string | null;
  bzz: string | null;
  zlx: ValueType | null;
  fsdl: boolean;
  calRule: number | null;
  /** Absent in items saved before 详情算法 existed. */
  detailRule?: number | null;
  direction: Direction | null;
  gradeRule: GradeRule | null;
  warningRule: WarningRule | null;
  children: DepotNode[];
}
export const DepotNodeSchema: z.ZodType<DepotNode> = z.lazy(() =>
  z.object({
    kind: z.enum(NODE_KINDS),
    name: z.string(),
    sort: z.number().int(),
    nh: z.string().nullable(),
    zdbz: z.string().nullable(),
    bzz: z.string().nullable(),
    zlx: z.enum(VALUE_TYPES).nullable(),
    fsdl: z.boolean(),
    calRule: z.number().int().nullable(),
    detailRule: z.number().int().nullable().optional(),
    direction: z.enum(DIRECTIONS).nullable(),
    gradeRule: GradeRuleSchema.nullable(),
    warningRule: WarningRuleSchema.nullable(),
    children: z.array(DepotNodeSchema),
  }),
);
export const DepotItemSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('质控点名称 / the QCP name'),
  dimension: z.string().describe('维度编码 / dimension'),
  nodeCount: z.number().int().describe('节点数（质控点及指标） / nodes'),
  creator: z.string().nullable().describe('存入人姓名 / who saved it, by name'),
  createdAt: z.string().describe('存入时间（学校时区，yyyy-MM-dd HH:mm:ss） / saved at'),
  snapshot: DepotNodeSchema.optional().describe('质控点及其指标（详情） / the saved subtree (one item only)'),
});
export const DepotQuerySchema = z.object({
  dimension: z.enum(STANDARD_DIMENSIONS).optional().describe('维度 / dimension'),
  name: text(60).trim().optional().describe('名称关键字 / name contains'),
});
export const DepotSaveSchema = z.object({ nodeId: Id.describe('要存入任务库的质控点 / the QCP to save') });
export const DepotUseSchema = z.object({
  depotId: Id.describe('任务库条目 / the depot item'),
  parentId: Id.describe('放入的诊断维度节点 / the dimension node to put it under'),
});

/** A 计算规则 choice: a value algorithm at its current version (what a node's calRule holds is the version id). */
export const CalRuleOptionSchema = z.object({
  id: z.number().int().describe('算法版本id（节点的 calRule） / the version id a node keeps'),
  label: z.string().describe('算法名称/V版本号 / "name/Vn"'),
  algorithmName: z.string(),
  version: z.number().int(),
  group: z.string().describe('算法分组 / the algorithm group'),
});
export type CalRuleOption = z.infer<typeof CalRuleOptionSchema>;
export const CalRuleQuerySchema = z.object({
  name: text(60).trim().optional().describe('算法名称关键字 / name contains'),
});

export const RECYCLE_KINDS = ['system', 'nodes'] as const;
export const RecycleEntrySchema = z.object({
  batchId: z.string().describe('删除批次 / the deletion batch'),
  kind: z.enum(RECYCLE_KINDS).describe('system 整个目标标准 / nodes 目录节点'),
  systemId: z.number().int(),
  systemName: z.string(),
  name: z.string().describe('被删除的目标标准或节点名称 / what was deleted'),
  nodeCount: z.number().int(),
  deletedAt: z.string().describe('删除时间（学校时区，yyyy-MM-dd HH:mm:ss） / deleted at'),
  deletedBy: z.string().nullable().describe('删除人姓名 / who deleted it, by name'),
  deletedById: z.string().nullable().optional().describe('删除人工号 / who deleted it, the staff number'),
});
export const RecycleQuerySchema = z.object({ systemId: Id.optional().describe('目标标准id / system') });
export const RecycleBatchSchema = z.object({
  batchId: z.string().trim().uuid('删除批次无效').describe('删除批次 / the deletion batch'),
});

// ---- Excel ----

/** The fields of persistQuality / quality/import besides the file: an existing system, or a new one. */
export const QualityUploadFieldsSchema = z.object({
  systemId: Id.optional().describe('导入到此目标标准（替换其目录） / replace the tree of this system'),
  name: text(STANDARD_LIMITS.nameMax).trim().optional().describe('新目标标准名称 / a new system name'),
  dimension: z.enum(STANDARD_DIMENSIONS).optional(),
  startYear: year().optional(),
  endYear: year().optional(),
});
export const QualityCheckSchema = z.object({
  count: z.number().int().describe('节点数 / nodes'),
  qcpCount: z.number().int().describe('质控点数 / QCPs'),
  message: z.string(),
});
export const QualityExportQuerySchema = z.object({ systemId: Id.describe('目标标准id / system') });
