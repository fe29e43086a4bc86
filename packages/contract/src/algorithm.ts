import { z } from 'zod';
import { int32 } from './primitives';

/**
 * Algorithms (算法, spec-2 §7.8 "Algorithm content, group and version"): groups (a tree) -> algorithms -> versions of
 * read-only SQL over the data warehouse (schema `warehouse`). DOMAIN.md "Data collection and data management".
 */

/** Kinds: a value per dimension object (a QCP's result), rows for drill-down (详情算法), series for a chart. */
export const ALGORITHM_KINDS = ['value', 'detail', 'chart'] as const;
export type AlgorithmKind = (typeof ALGORITHM_KINDS)[number];
export const ALGORITHM_KIND_NAMES: Record<AlgorithmKind, string> = {
  value: '值算法',
  detail: '详情算法',
  chart: '图表算法',
};

/** The named parameters an algorithm's text may use (`:year` ...); each is bound, never spliced into the text. */
export const ALGORITHM_PARAMS = ['year', 'cycle', 'objectId', 'dimension', 'departmentId'] as const;
export type AlgorithmParam = (typeof ALGORITHM_PARAMS)[number];
export const ALGORITHM_PARAM_NAMES: Record<AlgorithmParam, string> = {
  year: '年度',
  cycle: '周期',
  objectId: '维度对象',
  dimension: '维度',
  departmentId: '部门',
};

export const ALGORITHM_LIMITS = {
  nameMax: 60,
  remarkMax: 300,
  sqlMax: 20_000,
  paramMax: 100,
  groupDepthMax: 5,
  /**
   * Dimension objects one batch computes a value algorithm for (testResultBatch, and the runner's computeMany for
   * other modules): more are refused. A batch also stops at its overall deadline (ALGORITHM_BATCH_DEADLINE_MS).
   */
  batchMax: 1000,
} as const;

/** Bytes written for people: 5 MB, 800 KB, 512 字节. */
export const byteSize = (n: number) =>
  n >= 1_000_000 ? `${Math.round(n / 100_000) / 10} MB` : n >= 1000 ? `${Math.round(n / 100) / 10} KB` : `${n} 字节`;

/** Where a message points in the algorithm's text: 1-based line and column (characters). */
export interface SqlPlace {
  line: number;
  column: number;
}
const at = (p: SqlPlace | null | undefined) => (p ? `（第 ${p.line} 行第 ${p.column} 列）` : '');

export const ALGORITHM_MSG = {
  /** Why a warehouse table may not be dropped (data-manage's 删除物理表). */
  tableReadBy: (names: string[]) =>
    `正被算法${names
      .slice(0, 3)
      .map((n) => `“${n}”`)
      .join('、')}${names.length > 3 ? `等 ${names.length} 个算法` : ''}读取`,
  // ---- the checker (the text, before it runs) ----
  sqlEmpty: 'SQL 不能为空',
  sqlTooLong: `SQL 不能超过 ${ALGORITHM_LIMITS.sqlMax} 个字符`,
  syntax: (detail: string, p: SqlPlace | null) => `SQL 语法错误${at(p)}：${detail}`,
  oneStatement: (p: SqlPlace | null) => `只能写一条 SELECT 查询，发现了第二条语句${at(p)}`,
  onlySelect: (kind: string, p: SqlPlace | null) => `只允许 SELECT 查询，不能执行 ${kind} 语句${at(p)}`,
  selectInto: (p: SqlPlace | null) => `不允许 SELECT INTO（查询不能建表）${at(p)}`,
  locking: (p: SqlPlace | null) => `不允许 FOR UPDATE / FOR SHARE 等加锁子句${at(p)}`,
  dataModifyingCte: (p: SqlPlace | null) => `WITH 子句中只能写 SELECT 查询${at(p)}`,
  tableOutside: (name: string, p: SqlPlace | null) => `只能查询数据仓库（warehouse）中的表，不能读取“${name}”${at(p)}`,
  /** On a data source: only its configured schema. */
  tableOutsideSource: (schema: string, name: string, p: SqlPlace | null) =>
    `只能查询数据源模式（${schema}）中的表，不能读取“${name}”${at(p)}`,
  catalogName: (name: string, p: SqlPlace | null) => `不能跨数据库引用“${name}”${at(p)}`,
  functionForbidden: (name: string, p: SqlPlace | null) => `不允许调用函数 ${name}()${at(p)}`,
  typeForbidden: (name: string, p: SqlPlace | null) => `不允许转换为类型 ${name}${at(p)}`,
  syntaxForbidden: (what: string, p: SqlPlace | null) => `不支持的写法：${what}${at(p)}`,
  positionalParam: (p: SqlPlace | null) =>
    `请使用命名参数（:year、:cycle、:objectId、:dimension、:departmentId），不能写 $1 这样的位置参数${at(p)}`,
  unknownParam: (name: string, p: SqlPlace | null) =>
    `未知的参数 :${name}${at(p)}；可用的参数：:year、:cycle、:objectId、:dimension、:departmentId`,
  /** Memory at will (issue 28 item 3): a width in format(), an accumulator over generated rows. */
  formatWidth: (p: SqlPlace | null) =>
    `format() 的格式串不能指定宽度（如 %10s、%*s：会按宽度分配内存），请去掉宽度${at(p)}`,
  formatNotConstant: (p: SqlPlace | null) => `format() 的第一个参数（格式串）必须是字符串常量${at(p)}`,
  accumulatesGenerated: (accumulator: string, generator: string, p: SqlPlace | null) =>
    `不能用 ${accumulator} 汇总 ${generator} 生成的行（生成多少行就占用多少内存）${at(p)}`,
  // ---- running ----
  paramMissing: (name: string) => `参数 :${name} 未提供`,
  timeout: (seconds: number) => `查询执行超过 ${seconds} 秒，已被停止`,
  readOnly: '算法只能读取数据，不能修改数据',
  noPermission: '算法只能读取数据仓库中的表，没有读取该对象的权限',
  tableMissing: (detail: string, p: SqlPlace | null) => `表或字段不存在${at(p)}：${detail}`,
  runFailed: (detail: string, p: SqlPlace | null) => `SQL 执行出错${at(p)}：${detail}`,
  busy: '正在执行的算法过多，请稍后再试',
  /** The result was cut (the `truncated` flag's note): at the row cap, or at the byte cap with the rows kept. */
  truncatedRows: (cap: number) => `结果超过 ${cap} 行的上限，只返回了前 ${cap} 行`,
  truncatedBytes: (cap: number, rows: number) => `结果超过 ${byteSize(cap)} 的上限，只返回了前 ${rows} 行`,
  /** A value algorithm whose one row alone is over the byte cap. */
  tooLarge: (cap: number) => `结果超过 ${byteSize(cap)} 的上限，无法作为值返回`,
  /** A batch stopped at its overall deadline: the objects it did not reach. */
  batchDeadline: (seconds: number, left: number) =>
    `批量计算超过总时限 ${seconds} 秒，已停止；还有 ${left} 个维度对象未计算`,
  notReached: (seconds: number) => `批量计算已到总时限 ${seconds} 秒，该维度对象未计算`,
  /** The version's data source is gone (deleted after an earlier version named it). */
  dataSourceNotFound: '算法使用的数据源不存在或已被删除',
  /** The data source could not be reached or answered (its reason in Chinese, from data-manage). */
  dataSourceFailed: (name: string, reason: string) => `算法的数据源“${name}”${reason}`,
  /** Why a data source may not be deleted (data-manage's 删除数据源). */
  dataSourceUsedBy: (names: string[]) =>
    `正被算法${names
      .slice(0, 3)
      .map((n) => `“${n}”`)
      .join('、')}${names.length > 3 ? `等 ${names.length} 个算法` : ''}的当前版本使用`,
  roleMissing:
    '数据库中没有算法的只读角色 zg_warehouse_reader，算法暂不能执行：请数据库管理员按部署文档创建并授权该角色',
  shapeValue: (rows: number, columns: number) => `值算法应返回 1 行且第一列为数值，实际返回 ${rows} 行 ${columns} 列`,
  shapeValueNotNumber: (column: string) => `值算法的第一列“${column}”不是数值`,
  batchValueOnly: '批量计算只适用于值算法',
  batchNoObject: '该算法未使用参数 :objectId，不能按维度对象批量计算',
  batchObjects: `请选择 1 至 ${ALGORITHM_LIMITS.batchMax} 个维度对象`,
  batchShape: (objectId: string, message: string) => `维度对象 ${objectId}：${message}`,
  /** A calRule (a version id) that names no version: another module asked the runner. */
  calRuleNotFound: (versionId: number) => `计算规则引用的算法版本（id ${versionId}）不存在或已被删除`,
  shapeChart: '图表算法应返回至少 2 列：第一列为类别，其余各列为数值系列',
  shapeChartNotNumber: (column: string) => `图表算法的系列列“${column}”不是数值`,
  // ---- records ----
  groupNotFound: '算法组不存在或已被删除',
  groupParentNotFound: '上级算法组不存在',
  groupCycle: '不能把算法组移到它自己或它的下级之下',
  groupTooDeep: `算法组最多 ${ALGORITHM_LIMITS.groupDepthMax} 级`,
  groupNotEmpty: (name: string) => `算法组“${name}”下还有下级组或算法，请先删除或移走`,
  groupNameTaken: (name: string) => `同一级下已有名为“${name}”的算法组`,
  algorithmNotFound: '算法不存在或已被删除',
  algorithmNameTaken: (name: string) => `名为“${name}”的算法已存在`,
  algorithmUsed: (name: string) => `算法“${name}”已有版本被结果使用，不能删除`,
  versionNotFound: '算法版本不存在或已被删除',
  versionUsed: (n: number) => `版本 V${n} 已被结果使用，不能删除`,
  versionCurrent: (n: number) => `版本 V${n} 是当前版本，不能删除`,
  runNotFound: '执行记录不存在',
  nameRequired: '请输入名称',
  created: '新增成功',
  saved: '保存成功',
  savedNewVersion: (n: number) => `保存成功，已生成新版本 V${n}`,
  deleted: '删除成功',
  currentSet: (n: number) => `已将 V${n} 设为当前版本`,
} as const;

const Id = int32().positive();
const name = (max: number) =>
  z.string(ALGORITHM_MSG.nameRequired).trim().min(1, ALGORITHM_MSG.nameRequired).max(max, `不能超过 ${max} 个字符`);
const remark = z
  .string()
  .trim()
  .max(ALGORITHM_LIMITS.remarkMax, `不能超过 ${ALGORITHM_LIMITS.remarkMax} 个字符`)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));
const sqlText = z
  .string(ALGORITHM_MSG.sqlEmpty)
  .max(ALGORITHM_LIMITS.sqlMax, ALGORITHM_MSG.sqlTooLong)
  .refine((s) => s.trim().length > 0, ALGORITHM_MSG.sqlEmpty);
/** A yes/no flag sent as JSON or as a form value. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

// ---- groups (算法组) ----

export interface AlgorithmGroupNode {
  id: number;
  zmc: string;
  fid: number | null;
  px: number;
  sfs: number;
  children: AlgorithmGroupNode[];
  algorithms?: { id: number; sfmc: string; sflx: AlgorithmKind; sfbb: number }[];
}
export const AlgorithmGroupNodeSchema: z.ZodType<AlgorithmGroupNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    zmc: z.string().describe('算法组名称 / group name'),
    fid: z.number().int().nullable().describe('上级组id / parent group'),
    px: z.number().int().describe('排序 / order'),
    sfs: z.number().int().describe('组内算法数（不含下级） / algorithms in the group'),
    children: z.array(AlgorithmGroupNodeSchema).describe('下级组 / child groups'),
    algorithms: z
      .array(
        z.object({
          id: z.number().int(),
          sfmc: z.string().describe('算法名称 / name'),
          sflx: z.enum(ALGORITHM_KINDS).describe('类型 / kind'),
          sfbb: z.number().int().describe('当前版本号 / current version'),
        }),
      )
      .optional()
      .describe("组内算法（算法树） / the group's algorithms (the algorithm tree)"),
  }),
);

export const AlgorithmGroupInputSchema = z.object({
  zmc: name(ALGORITHM_LIMITS.nameMax).describe('算法组名称 / group name'),
  fid: Id.optional().nullable().describe('上级组id，空为顶级 / parent group'),
  px: int32().min(0).default(0).describe('排序 / order'),
});
export const AlgorithmGroupUpdateSchema = AlgorithmGroupInputSchema.extend({ id: Id });

// ---- algorithms (算法内容) and versions (算法版本) ----

export const AlgorithmVersionSchema = z.object({
  id: z.number().int(),
  sfid: z.number().int().describe('算法id / algorithm id'),
  bbh: z.number().int().describe('版本号（V1、V2 ...） / version number'),
  sql: z.string().describe('SQL 文本 / the text'),
  hash: z.string().describe('SQL 文本的 SHA-256 / hash of the text'),
  bz: z.string().nullable().describe('版本说明 / note'),
  sfdq: z.boolean().describe('是否当前版本 / current'),
  sfsy: z.boolean().describe('是否已被结果使用（已使用的版本不可修改） / used by a result: immutable'),
  sjyid: z
    .number()
    .int()
    .nullable()
    .describe('数据源id，空为数据仓库 / the data source it runs on, null: the warehouse'),
  cjr: z.string().nullable().describe('创建人 / author'),
  cjsj: z.string().describe('创建时间 / created at'),
});
export type AlgorithmVersion = z.infer<typeof AlgorithmVersionSchema>;

export const AlgorithmSchema = z.object({
  id: z.number().int(),
  sfzid: z.number().int().describe('算法组id / group id'),
  sfzmc: z.string().describe('算法组名称 / group name'),
  sfmc: z.string().describe('算法名称 / algorithm name'),
  sflx: z.enum(ALGORITHM_KINDS).describe('类型：value 值算法 / detail 详情算法 / chart 图表算法'),
  bz: z.string().nullable().describe('说明 / remark'),
  sfbb: z.number().int().describe('当前版本号 / current version number'),
  bbid: z.number().int().describe('当前版本id / current version id'),
  sql: z.string().describe('当前版本的 SQL / the current version text'),
  sjyid: z
    .number()
    .int()
    .nullable()
    .describe('当前版本的数据源id，空为数据仓库 / where the current version runs, null: the warehouse'),
  bbs: z.number().int().describe('版本数 / versions'),
  cjsj: z.string().describe('创建时间 / created at'),
  xgsj: z.string().describe('修改时间 / updated at'),
});
export type Algorithm = z.infer<typeof AlgorithmSchema>;

export const AlgorithmInputSchema = z.object({
  sfzid: Id.describe('算法组id / group id'),
  sfmc: name(ALGORITHM_LIMITS.nameMax).describe('算法名称 / algorithm name'),
  sflx: z.enum(ALGORITHM_KINDS, '请选择算法类型').describe('类型 / kind'),
  bz: remark.describe('说明 / remark'),
  sql: sqlText.describe('SQL：一条 SELECT，可用命名参数 :year :cycle :objectId :dimension :departmentId'),
  sjyid: Id.optional()
    .nullable()
    .describe(
      '数据源id（在该外部数据库的配置模式上执行），null 为数据仓库；属于版本。新增时不传为数据仓库，修改时不传则不变 / the data source (null: the warehouse; absent on update: unchanged)',
    ),
  bbsm: remark.describe('版本说明 / version note'),
});
/**
 * Saving an algorithm: its name, group, kind and remark, and its text. A changed text edits the current version in
 * place while no result used it; a used version is immutable, so the text becomes a new version (as `xbb` asks too).
 */
export const AlgorithmUpdateSchema = AlgorithmInputSchema.extend({
  id: Id,
  xbb: flag.optional().default(false).describe('保存为新版本 / save as a new version'),
});

export const AlgorithmQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  sfzid: Id.optional().describe('算法组id（含下级组） / group, with its subgroups'),
  sflx: z.enum(ALGORITHM_KINDS).optional().describe('类型 / kind'),
  name: z.string().trim().max(60).optional().describe('算法名称关键字 / name contains'),
});

export const IdParamSchema = z.object({ id: Id });
export const AlgorithmIdQuerySchema = z.object({ sfid: Id.describe('算法id / algorithm id') });
export const VersionIdSchema = z.object({ id: Id.describe('版本id / version id') });

/** The detail query of §7.5: an algorithm by id and version (the current one when absent), of a kind. */
export const AlgorithmDetailQuerySchema = z.object({
  Id: Id.describe('算法id / algorithm id'),
  Version: int32().positive().optional().describe('版本号，空为当前版本 / version number'),
  Type: z.string().trim().max(20).optional().describe('类型（详情算法 ...） / kind, by its Chinese name or key'),
});
export const AlgorithmDetailSchema = z.object({
  algoRithmDetails: AlgorithmSchema.extend({ version: AlgorithmVersionSchema }),
});

// ---- running ----

const param = z.string().trim().max(ALGORITHM_LIMITS.paramMax, `参数不能超过 ${ALGORITHM_LIMITS.paramMax} 个字符`);
export const AlgorithmParamsSchema = z
  .object({
    year: int32().min(1900).max(2200).optional().describe('年度 / :year'),
    cycle: param.optional().describe('周期 / :cycle'),
    objectId: param.optional().describe('维度对象id / :objectId'),
    dimension: param.optional().describe('维度 / :dimension'),
    departmentId: param.optional().describe('部门id / :departmentId'),
  })
  .default({});
export type AlgorithmParams = z.infer<typeof AlgorithmParamsSchema>;

/** 测试: a text (a draft, or a saved version's) run for one dimension object; nothing is stored. */
export const AlgorithmTestSchema = z.object({
  sql: sqlText.optional().describe('要测试的 SQL（空则测试 bbid 版本） / the draft text'),
  bbid: Id.optional().describe('版本id / version id'),
  sjyid: Id.optional()
    .nullable()
    .describe('草稿在此数据源上测试（空为数据仓库；测试版本时用版本的） / run the draft on this data source'),
  sflx: z.enum(ALGORITHM_KINDS).optional().describe('按此类型检查结果形状 / check the result shape of this kind'),
  params: AlgorithmParamsSchema.describe('命名参数 / the named parameters'),
  plan: flag.optional().default(false).describe('同时给出执行计划（EXPLAIN） / with the plan'),
});

/** A result: columns in order, rows (at most the row cap), and what the run cost. */
export const AlgorithmColumnSchema = z.object({
  name: z.string().describe('列名 / column'),
  type: z.string().describe('类型：number / text / date / boolean / other'),
});
export const AlgorithmResultSchema = z.object({
  columns: z.array(AlgorithmColumnSchema),
  rows: z.array(z.record(z.string(), z.unknown())).describe('结果行 / rows'),
  rowCount: z.number().int().describe('返回行数（不超过上限） / rows returned'),
  truncated: z
    .boolean()
    .describe(
      '结果超过行数或字节上限，已截断 / more rows or bytes than the caps (ALGORITHM_ROW_CAP, ALGORITHM_BYTE_CAP)',
    ),
  note: z.string().nullable().optional().describe('截断说明（中文），未截断为空 / why the result was cut, in Chinese'),
  ms: z.number().int().describe('耗时（毫秒） / milliseconds'),
  value: z.number().nullable().optional().describe('值算法的结果 / the value (value algorithms)'),
  runId: z.number().int().nullable().optional().describe('执行记录id（血缘） / the lineage run'),
  cached: z.boolean().optional().describe('来自缓存 / from the cache'),
  plan: z.array(z.string()).optional().describe('执行计划（EXPLAIN 各行） / the plan, line by line'),
});
export type AlgorithmResult = z.infer<typeof AlgorithmResultSchema>;

/** 测试结果 / a stored result: a saved version (the current one when absent) for parameters, kept and cached. */
export const AlgorithmResultQuerySchema = z.object({
  sfid: Id.describe('算法id / algorithm id'),
  bbid: Id.optional().describe('版本id（空为当前版本） / version'),
  params: AlgorithmParamsSchema.describe('命名参数 / the named parameters'),
});

/**
 * 批量计算: a saved value algorithm's version (the current one when absent) for several dimension objects, each bound
 * to `:objectId` with the other parameters shared; run in one restricted transaction (one snapshot), each value
 * recorded and cached as `testResult` does, cached ones answered from the cache. Each object has its own outcome (a
 * failing or timed-out object does not fail the others); the batch stops at its overall deadline and names the objects
 * it did not reach.
 */
export const AlgorithmBatchQuerySchema = z.object({
  sfid: Id.describe('算法id / algorithm id'),
  bbid: Id.optional().describe('版本id（空为当前版本） / version'),
  objectIds: z
    .array(param.min(1, ALGORITHM_MSG.batchObjects), ALGORITHM_MSG.batchObjects)
    .min(1, ALGORITHM_MSG.batchObjects)
    .max(ALGORITHM_LIMITS.batchMax, ALGORITHM_MSG.batchObjects)
    .describe('维度对象编码（依次绑定到 :objectId） / the objects, each bound to :objectId'),
  params: AlgorithmParamsSchema.describe('其余命名参数（:objectId 以外） / the other parameters'),
});
/** What became of one object of a batch: computed, failed (its own timeout or an error), or not reached. */
export const ALGORITHM_OBJECT_STATUSES = ['ok', 'timeout', 'error', 'notReached'] as const;
export type AlgorithmObjectStatus = (typeof ALGORITHM_OBJECT_STATUSES)[number];

export const AlgorithmBatchResultSchema = z.object({
  results: z
    .array(
      z.object({
        objectId: z.string().describe('维度对象编码 / the object'),
        status: z
          .enum(ALGORITHM_OBJECT_STATUSES)
          .describe('ok 已计算 / timeout 超时 / error 出错 / notReached 到总时限未计算 / the outcome'),
        value: z.number().nullable().describe('值（未计算为空） / the value'),
        runId: z.number().int().nullable().describe('执行记录id（血缘；未计算为空） / the lineage run'),
        cached: z.boolean().describe('来自缓存 / from the cache'),
        ms: z.number().int().describe('该对象的查询耗时（毫秒） / the query time'),
        message: z.string().nullable().describe('未计算的原因（中文） / why not computed'),
      }),
    )
    .describe('各维度对象的结果，按请求顺序 / outcomes in the order asked'),
  notReached: z.array(z.string()).describe('到总时限仍未计算的维度对象 / objects the deadline left'),
  message: z.string().nullable().describe('批量计算被总时限停止时的说明 / why the batch stopped early'),
  ms: z.number().int().describe('总耗时（毫秒） / milliseconds in all'),
});

export const AlgorithmRunSchema = z.object({
  id: z.number().int(),
  bbid: z.number().int().describe('版本id / version id'),
  sfid: z.number().int().describe('算法id / algorithm id'),
  bbh: z.number().int().describe('版本号 / version number'),
  hash: z.string().describe('执行时 SQL 文本的 SHA-256 / hash of the text run'),
  params: z.record(z.string(), z.unknown()).describe('参数 / parameters'),
  rows: z.number().int().describe('返回行数 / rows returned'),
  ms: z.number().int().describe('耗时（毫秒） / milliseconds'),
  value: z.number().nullable().describe('值（值算法） / the value'),
  tables: z.array(z.string()).describe('读取的数据仓库表（或数据源模式中的表） / tables read'),
  sjyid: z
    .number()
    .int()
    .nullable()
    .describe('读取的数据源id，空为数据仓库 / the data source read, null: the warehouse'),
  zxr: z.string().nullable().describe('执行人 / run by'),
  zxsj: z.string().describe('执行时间 / run at'),
});
/**
 * 数据来源 of a computed value: the lineage run with its algorithm's name and version, the version's SQL text, the
 * parameters, who ran it and when, and the tables it read — what another module (a diagnosis row) shows for a value,
 * to whoever may read that value (the module checks; the algorithm module's `runLineage` does not).
 */
export const AlgorithmLineageSchema = AlgorithmRunSchema.omit({ id: true }).extend({
  runId: z.number().int().describe('执行记录id / the run'),
  sfmc: z.string().describe('算法名称 / algorithm name'),
  sflx: z.enum(ALGORITHM_KINDS).describe('算法类型 / kind'),
  sql: z.string().describe('该版本的 SQL 文本 / the text of the version'),
  sjymc: z
    .string()
    .nullable()
    .describe('数据源名称（数据仓库或已删除的数据源为空） / its name, null: the warehouse or a deleted source'),
  zxrid: z.string().nullable().describe('执行人账号（后台计算为空） / run by (null: a background computation)'),
});
export type AlgorithmLineage = z.infer<typeof AlgorithmLineageSchema>;

export const RunQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  sfid: Id.optional().describe('算法id / algorithm id'),
  bbid: Id.optional().describe('版本id / version id'),
});

/** 检查: the checker's answer without running, with the place for the editor to mark. */
export const AlgorithmCheckSchema = z.object({
  sql: sqlText.describe('要检查的 SQL / the text'),
  sjyid: Id.optional().nullable().describe('按此数据源的模式检查（空为数据仓库） / check for this data source'),
});
export const AlgorithmCheckResultSchema = z.object({
  ok: z.boolean().describe('通过检查 / passed'),
  message: z.string().nullable().describe('不通过的原因（中文，含行列） / why not'),
  line: z.number().int().nullable().describe('出错的行（从 1 起） / line'),
  column: z.number().int().nullable().describe('出错的列（从 1 起，按字符） / column'),
  params: z.array(z.enum(ALGORITHM_PARAMS)).describe('用到的命名参数 / the named parameters used'),
  tables: z.array(z.string()).describe('读取的数据仓库表 / warehouse tables read'),
});
