import { z } from 'zod';
import { pageOf } from './envelope';
import { jobSchema } from './jobs';
import { int32 } from './primitives';

/**
 * The data warehouse (数据仓库, spec-2 §7.8 "Data management"): warehouses (仓库, ck) hold tables (数据表, ckb) whose
 * fields (字段, ckbzd) are defined here; 创建物理表 makes each table a real PostgreSQL table in the schema
 * `warehouse`, whose rows are then browsed, edited, imported and exported.
 */

/** Field types (boxtype) and their Chinese names. */
export const FIELD_TYPES = ['text', 'integer', 'decimal', 'date', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_NAMES: Record<FieldType, string> = {
  text: '文本',
  integer: '整数',
  decimal: '小数',
  date: '日期',
  boolean: '是否',
};

export const WAREHOUSE_LIMITS = {
  /** PostgreSQL's identifier limit (NAMEDATALEN - 1 bytes; identifiers are ASCII here). */
  identifierMax: 63,
  nameMax: 60,
  remarkMax: 300,
  /** Longest text field (varchar); a text field without a length has none. */
  textLengthMax: 4000,
  /** Digits of a decimal field (numeric precision) and of its fraction. */
  decimalPrecisionMax: 38,
  decimalPrecisionDefault: 18,
  decimalScaleMax: 10,
  decimalScaleDefault: 2,
  fieldsMax: 200,
  /** Rows per page when browsing a table. */
  pageSizeMax: 500,
  filtersMax: 10,
} as const;

/**
 * PostgreSQL's keywords that are not plainly unreserved (pg_get_keywords() catcode R, T and C, PostgreSQL 17): refused
 * as table and field names even though names are always quoted, so a name works unquoted in an algorithm's SQL too.
 * The API test compares this list with the server's own.
 */
export const SQL_KEYWORDS: ReadonlySet<string> = new Set(
  (
    'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create ' +
    'current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc ' +
    'distinct do else end except false fetch for foreign from grant group having in initially intersect into lateral ' +
    'leading limit localtime localtimestamp not null offset on only or order placing primary references returning ' +
    'select session_user some symmetric system_user table then to trailing true union unique user using variadic when ' +
    'where window with ' +
    'authorization binary collation concurrently cross current_schema freeze full ilike inner is isnull join left ' +
    'like natural notnull outer overlaps right similar tablesample verbose ' +
    'between bigint bit boolean char character coalesce dec decimal exists extract float greatest grouping inout int ' +
    'integer interval json json_array json_arrayagg json_exists json_object json_objectagg json_query json_scalar ' +
    'json_serialize json_table json_value least merge_action national nchar none normalize nullif numeric out overlay ' +
    'position precision real row setof smallint substring time timestamp treat trim values varchar xmlattributes ' +
    'xmlconcat xmlelement xmlexists xmlforest xmlnamespaces xmlparse xmlpi xmlroot xmlserialize xmltable'
  ).split(' '),
);

/** Column names a field cannot take: the row id every warehouse table has, and PostgreSQL's system columns. */
export const RESERVED_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'oid',
  'tableoid',
  'xmin',
  'xmax',
  'cmin',
  'cmax',
  'ctid',
]);

export const DATA_MANAGE_MSG = {
  warehouseNotFound: '仓库不存在或已被删除',
  tableNotFound: '数据表不存在或已被删除',
  fieldNotFound: '字段不存在或已被删除',
  rowNotFound: '数据行不存在或已被删除',
  dimensionNotFound: '所选维度不存在',
  warehouseNameTaken: (name: string) => `仓库名称“${name}”已存在`,
  tableNameTaken: (name: string) => `表名“${name}”已被使用`,
  fieldNameTaken: (name: string) => `字段名“${name}”在本表中已存在`,
  warehouseHasTables: (name: string) => `仓库“${name}”下还有数据表，请先删除数据表`,
  tableIsPhysical: (name: string) => `数据表“${name}”已创建物理表，请先删除物理表`,
  notPhysical: (name: string) => `数据表“${name}”尚未创建物理表`,
  tableInUse: (name: string, reason: string) => `数据表“${name}”${reason}，不能删除物理表`,
  alreadyPhysical: (name: string) => `数据表“${name}”的物理表已创建`,
  noFields: '数据表至少需要 1 个字段才能创建物理表',
  tooManyFields: `一张数据表最多 ${WAREHOUSE_LIMITS.fieldsMax} 个字段`,
  nameRequired: '请输入名称',
  identifierRequired: '请输入名称（字母、数字、下划线）',
  identifierFormat: '只能包含字母、数字和下划线，且以字母开头',
  identifierTooLong: `不能超过 ${WAREHOUSE_LIMITS.identifierMax} 个字符`,
  identifierKeyword: (word: string) => `“${word}”是数据库保留字，请换一个名称`,
  identifierSystem: (word: string) => `“${word}”是系统保留的列名，请换一个名称`,
  identifierPgPrefix: '不能以 pg_ 开头',
  labelRequired: '请输入中文名称',
  typeRequired: '请选择字段类型',
  lengthOnlyText: '只有文本字段可以设置长度',
  lengthRange: `文本长度应为 1 到 ${WAREHOUSE_LIMITS.textLengthMax}`,
  precisionRange: `小数的总位数应为 1 到 ${WAREHOUSE_LIMITS.decimalPrecisionMax}`,
  scaleRange: `小数位数应为 0 到 ${WAREHOUSE_LIMITS.decimalScaleMax}，且小于总位数`,
  scaleOnlyDecimal: '只有小数字段可以设置小数位数',
  created: '新增成功',
  saved: '保存成功',
  deleted: '删除成功',
  physicalCreated: (name: string) => `物理表“${name}”已创建`,
  physicalDropped: (name: string) => `物理表“${name}”已删除`,
  /** A structure change the rows already in the table cannot take: nothing was changed. */
  typeChangeRefused: (field: string, type: string) => `字段“${field}”已有数据无法转换为“${type}”类型，未做任何修改`,
  lengthChangeRefused: (field: string, length: number) => `字段“${field}”已有数据超过 ${length} 个字符，未做任何修改`,
  /**
   * A type or length change that would change stored values (rounding, cutting, a value the new type cannot hold):
   * refused naming the field, how many rows would change and one of their values; nothing was changed.
   */
  typeChangeLoses: (field: string, rows: number, type: string, example: string) =>
    `字段“${field}”有 ${rows} 行数据无法原样转换为“${type}”（例如“${example}”），未做任何修改`,
  lengthChangeLoses: (field: string, rows: number, length: number, example: string) =>
    `字段“${field}”有 ${rows} 行数据超过 ${length} 个字符（例如“${example}”），未做任何修改`,
  requiredRefused: (field: string) => `字段“${field}”已有空值，不能设为必填，未做任何修改`,
  requiredNewRefused: (field: string) => `数据表中已有数据，新增的字段“${field}”不能设为必填，未做任何修改`,
  uniqueRefused: (field: string) => `字段“${field}”已有重复的值，不能设为唯一，未做任何修改`,
  structureImportPhysical: (name: string) => `数据表“${name}”已创建物理表，结构导入只能用于尚未创建物理表的数据表`,
  rowDeleted: (n: number) => `已删除 ${n} 行`,
  filterFieldUnknown: (name: string) => `没有名为“${name}”的字段`,
  filterBad: '筛选条件格式不正确',
  filterOpNotFor: (op: string, type: string) => `“${type}”类型的字段不能按“${op}”筛选`,
  unknownColumn: (name: string) => `没有名为“${name}”的字段`,
  duplicateValue: (field: string, value: string) => `字段“${field}”的值“${value}”已存在`,
  /** An edited value or a filter breaks its field's rule (WAREHOUSE_RULE). */
  valueRefused: (field: string, rule: string) => `字段“${field}”${rule}`,
  filterRefused: (field: string, rule: string) => `筛选条件“${field}”${rule}`,
  filterValueRequired: '请输入筛选值',
  noValues: '请填写要保存的字段',
  rowSaved: '保存成功',
  tableIdRequired: '请选择数据表',
  imported: (n: number) => `导入成功，共${n}条`,
  structureImported: (n: number) => `导入成功，共${n}个字段`,
  importJobNotFound: '导入任务不存在或已过期',
  importJobBusy: '您已有一个数据导入正在进行，请等它完成后再导入',
  importJobStarted: '已开始导入',
} as const;

/** The rules a cell of a warehouse import (or an edited value) can break; EXCEL_MSG.cell names row and column. */
export const WAREHOUSE_RULE = {
  required: '不能为空',
  tooLong: (max: number) => `不能超过${max}个字符`,
  integer: '应为整数',
  integerRange: '整数超出范围（-9223372036854775808 到 9223372036854775807）',
  decimal: '应为数字',
  decimalDigits: (precision: number, scale: number) => `整数部分最多${precision - scale}位，小数部分最多${scale}位`,
  date: '日期格式不正确，应为 YYYY-MM-DD',
  boolean: '应为“是”或“否”',
  duplicateInFile: (row: number) => `与第${row}行重复（该字段要求唯一）`,
  duplicateInTable: '表中已有相同的值（该字段要求唯一）',
  header: (expected: string) => `表头应为“${expected}”`,
  fieldType: `应为 ${FIELD_TYPES.map((t) => FIELD_TYPE_NAMES[t]).join('、')} 之一`,
  yesNo: '应为“是”或“否”',
  number: '应为整数',
  unknownDimension: '维度不存在',
  duplicateField: (row: number) => `字段名与第${row}行重复`,
} as const;

/** The columns of a structure sheet (dcbjg exports it, drbjg imports it, the structure template has its header). */
export const STRUCTURE_COLUMNS = [
  { key: 'zdm', header: '字段名', width: 20 },
  { key: 'zdzwm', header: '中文名称', width: 20 },
  { key: 'zdlx', header: '类型', width: 10 },
  { key: 'cd', header: '长度', width: 8 },
  { key: 'xsws', header: '小数位数', width: 10 },
  { key: 'sfbt', header: '必填', width: 8 },
  { key: 'sfwy', header: '唯一', width: 8 },
  { key: 'wd', header: '关联维度', width: 16 },
] as const;

/** How a field may be filtered when browsing rows. */
export const FILTER_OPS = ['contains', 'eq', 'gte', 'lte', 'empty', 'notEmpty'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export const FILTER_OP_NAMES: Record<FilterOp, string> = {
  contains: '包含',
  eq: '等于',
  gte: '大于等于',
  lte: '小于等于',
  empty: '为空',
  notEmpty: '不为空',
};

/** Why a name cannot be a table or column name of the warehouse, or null when it can (after lower-casing). */
export function identifierProblem(name: string, kind: 'table' | 'field'): string | null {
  if (!name) return DATA_MANAGE_MSG.identifierRequired;
  if (name.length > WAREHOUSE_LIMITS.identifierMax) return DATA_MANAGE_MSG.identifierTooLong;
  if (!/^[a-z][a-z0-9_]*$/.test(name)) return DATA_MANAGE_MSG.identifierFormat;
  if (SQL_KEYWORDS.has(name)) return DATA_MANAGE_MSG.identifierKeyword(name);
  if (name.startsWith('pg_')) return DATA_MANAGE_MSG.identifierPgPrefix;
  if (kind === 'field' && RESERVED_COLUMNS.has(name)) return DATA_MANAGE_MSG.identifierSystem(name);
  return null;
}

/**
 * A table or field name: letters, digits and underscores starting with a letter, at most 63, not a keyword. Stored
 * lower-case (the database folds unquoted names the same way, so `XH` and `xh` are one name).
 */
export const identifier = (kind: 'table' | 'field') =>
  z
    .string()
    .trim()
    .transform((s) => s.toLowerCase())
    .superRefine((s, ctx) => {
      const problem = identifierProblem(s, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const name = (max: number, required: string = DATA_MANAGE_MSG.nameRequired) =>
  z.string().trim().min(1, required).max(max);
const remark = z.string().trim().max(WAREHOUSE_LIMITS.remarkMax).optional();
const Id = int32().positive();
/** A yes/no flag sent as JSON or as a form value ('true' / 'false' / '1' / '0'). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

// ---- warehouses (ck) ----

export const WarehouseSchema = z.object({
  id: z.number().int(),
  ckmc: z.string().describe('仓库名称 / warehouse name'),
  bz: z.string().nullable().describe('说明 / remark'),
  px: z.number().int().describe('排序 / order'),
  bs: z.number().int().describe('数据表数 / tables'),
  cjsj: z.string().describe('创建时间 / created at'),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;

export const WarehouseInputSchema = z.object({
  ckmc: name(WAREHOUSE_LIMITS.nameMax).describe('仓库名称 / warehouse name'),
  bz: remark.describe('说明 / remark'),
  px: int32().min(0).default(0).describe('排序 / order'),
});
export type WarehouseInput = z.infer<typeof WarehouseInputSchema>;
export const WarehouseUpdateSchema = WarehouseInputSchema.extend({ id: Id });

// ---- tables (ckb) ----

/** What the signed-in user may do with a table, from the policy and the table's state. */
/** What the user may keep in 数据管理 besides a record (which of its tabs and buttons to show). */
export const DataManageAbilitiesSchema = z.object({
  cycles: z.boolean().describe('可维护周期 / may keep cycle values'),
  departmentVersions: z.boolean().describe('可维护部门版本 / may keep department versions'),
  dataSources: z.boolean().describe('可维护数据源 / may keep data sources'),
  algorithms: z.boolean().describe('可维护算法 / may keep algorithms'),
});
export type DataManageAbilities = z.infer<typeof DataManageAbilitiesSchema>;

export const WarehouseTableAbilitiesSchema = z.object({
  edit: z.boolean().describe('可修改结构 / may change its structure'),
  createPhysical: z.boolean().describe('可创建物理表 / may create the physical table'),
  dropPhysical: z.boolean().describe('可删除物理表 / may drop the physical table'),
  editData: z.boolean().describe('可导入、修改、删除数据 / may import, edit and delete rows'),
});

export const WarehouseTableSchema = z.object({
  id: z.number().int(),
  ckid: z.number().int().describe('仓库id / warehouse id'),
  ckmc: z.string().describe('仓库名称 / warehouse name'),
  bm: z.string().describe('表名（物理表名） / table name'),
  bzwm: z.string().describe('中文名称 / Chinese name'),
  bz: z.string().nullable().describe('说明 / remark'),
  sfcj: z.boolean().describe('是否已创建物理表 / physical table created'),
  zds: z.number().int().describe('字段数 / fields'),
  cjsj: z.string().describe('创建时间 / created at'),
  abilities: WarehouseTableAbilitiesSchema,
});
export type WarehouseTable = z.infer<typeof WarehouseTableSchema>;

export const WarehouseTableInputSchema = z.object({
  ckid: Id.describe('仓库id / warehouse id'),
  bm: identifier('table').describe('表名：字母、数字、下划线，以字母开头，最多63位 / table name'),
  bzwm: name(WAREHOUSE_LIMITS.nameMax, DATA_MANAGE_MSG.labelRequired).describe('中文名称 / Chinese name'),
  bz: remark.describe('说明 / remark'),
});
export type WarehouseTableInput = z.infer<typeof WarehouseTableInputSchema>;
export const WarehouseTableUpdateSchema = WarehouseTableInputSchema.extend({ id: Id });

export const WarehouseQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  keyword: z.string().trim().max(60).optional().describe('仓库名称关键字 / name contains'),
});

export const TableQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  ckid: Id.optional().describe('仓库id / warehouse id'),
  keyword: z.string().trim().max(60).optional().describe('表名或中文名称关键字 / name contains'),
});

// ---- fields (ckbzd) ----

export const WarehouseFieldSchema = z.object({
  id: z.number().int(),
  ckbid: z.number().int().describe('数据表id / table id'),
  zdm: z.string().describe('字段名（列名） / column name'),
  zdzwm: z.string().describe('中文名称 / Chinese label'),
  zdlx: z.enum(FIELD_TYPES).describe('类型：text 文本 / integer 整数 / decimal 小数 / date 日期 / boolean 是否'),
  cd: z.number().int().nullable().describe('长度：文本的最大字符数；小数的总位数 / length or precision'),
  xsws: z.number().int().nullable().describe('小数位数（仅小数） / decimal places'),
  sfbt: z.boolean().describe('必填 / required'),
  sfwy: z.boolean().describe('唯一 / unique'),
  wdid: z.number().int().nullable().describe('关联维度id / linked dimension'),
  wdmc: z.string().nullable().describe('关联维度名称 / dimension name'),
  px: z.number().int().describe('排序 / order'),
});
export type WarehouseField = z.infer<typeof WarehouseFieldSchema>;

const FieldShape = z.object({
  zdm: identifier('field').describe('字段名：字母、数字、下划线，以字母开头，最多63位 / column name'),
  zdzwm: name(WAREHOUSE_LIMITS.nameMax, DATA_MANAGE_MSG.labelRequired).describe('中文名称 / Chinese label'),
  zdlx: z.enum(FIELD_TYPES, DATA_MANAGE_MSG.typeRequired).describe('类型 / type'),
  cd: int32().optional().nullable().describe('长度（文本）或总位数（小数） / length or precision'),
  xsws: int32().optional().nullable().describe('小数位数（小数） / decimal places'),
  sfbt: flag.default(false).describe('必填 / required'),
  sfwy: flag.default(false).describe('唯一 / unique'),
  wdid: Id.optional().nullable().describe('关联维度id / linked dimension'),
  px: int32().min(0).optional().describe('排序 / order'),
});

/** Why a field's length and decimal places do not fit its type, or null. */
export function fieldShapeProblem(f: {
  zdlx: FieldType;
  cd?: number | null;
  xsws?: number | null;
}): { path: 'cd' | 'xsws'; message: string } | null {
  const cd = f.cd ?? null;
  const xsws = f.xsws ?? null;
  if (f.zdlx === 'text') {
    if (cd !== null && (cd < 1 || cd > WAREHOUSE_LIMITS.textLengthMax))
      return { path: 'cd', message: DATA_MANAGE_MSG.lengthRange };
  } else if (f.zdlx === 'decimal') {
    if (cd !== null && (cd < 1 || cd > WAREHOUSE_LIMITS.decimalPrecisionMax))
      return { path: 'cd', message: DATA_MANAGE_MSG.precisionRange };
    const precision = cd ?? WAREHOUSE_LIMITS.decimalPrecisionDefault;
    if (xsws !== null && (xsws < 0 || xsws > WAREHOUSE_LIMITS.decimalScaleMax || xsws >= precision))
      return { path: 'xsws', message: DATA_MANAGE_MSG.scaleRange };
  } else if (cd !== null) return { path: 'cd', message: DATA_MANAGE_MSG.lengthOnlyText };
  if (f.zdlx !== 'decimal' && xsws !== null) return { path: 'xsws', message: DATA_MANAGE_MSG.scaleOnlyDecimal };
  return null;
}

const checkShape = (v: { zdlx: FieldType; cd?: number | null; xsws?: number | null }, ctx: z.RefinementCtx) => {
  const problem = fieldShapeProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

export const WarehouseFieldInputSchema = FieldShape.extend({ ckbid: Id.describe('数据表id / table id') }).superRefine(
  checkShape,
);
export type WarehouseFieldInput = z.infer<typeof WarehouseFieldInputSchema>;
export const WarehouseFieldUpdateSchema = FieldShape.extend({ id: Id }).superRefine(checkShape);
export type WarehouseFieldUpdate = z.infer<typeof WarehouseFieldUpdateSchema>;

export const FieldQuerySchema = z.object({
  ckbid: Id.describe('数据表id / table id'),
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  keyword: z.string().trim().max(60).optional().describe('字段名或中文名称关键字 / name contains'),
});

/** A dimension a field may link to (the option list of the field editor). */
export const FieldDimensionOptionSchema = z.object({
  id: z.number().int().describe('维度id / dimension id'),
  name: z.string().describe('维度名称 / name'),
  code: z.string().describe('维度编码 / code'),
});

export const FieldTypeOptionSchema = z.object({
  value: z.enum(FIELD_TYPES).describe('类型 / type'),
  label: z.string().describe('中文名称 / name'),
});

// ---- requests shared by the three ----

const idField = int32().positive();
export const WarehouseIdsSchema = z.object({
  ids: z
    .union([z.array(idField), idField.transform((n) => [n])])
    .pipe(z.array(z.number().int()).min(1).max(200))
    .describe('id列表 / ids'),
});
export const WarehouseIdSchema = z.object({ id: Id.describe('id') });
export const TableIdQuerySchema = z.object({ ckbid: Id.describe('数据表id / table id') });
export const WarehouseIdQuerySchema = z.object({ ckid: Id.optional().describe('仓库id / warehouse id') });

// ---- rows of a created table ----

/** A value of a row: text, integer, decimal and date as text (exact), yes/no as a boolean, empty as null. */
export const CellValueSchema = z.union([z.string(), z.boolean(), z.null()]);
/** A row: its id and a value per field name. */
export const WarehouseRowSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .describe('一行数据：id 为行号，其余键为字段名 / a row: id and a value per field name');
export const WarehouseRowPageSchema = pageOf(WarehouseRowSchema);

export const RowFilterSchema = z.object({
  field: z.string().max(WAREHOUSE_LIMITS.identifierMax).describe('字段名 / field name'),
  op: z
    .enum(FILTER_OPS)
    .describe('contains 包含 / eq 等于 / gte 大于等于 / lte 小于等于 / empty 为空 / notEmpty 不为空'),
  value: z
    .union([z.string().max(200), z.number(), z.boolean(), z.null()])
    .optional()
    .describe('筛选值 / value'),
});
export type RowFilterInput = z.infer<typeof RowFilterSchema>;

/** Filters as a JSON array in the query (`filters=[{"field":"xh","op":"eq","value":"2024001"}]`). */
const FiltersParam = z
  .string()
  .max(4000)
  .optional()
  .transform((s, ctx) => {
    if (!s) return [];
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: DATA_MANAGE_MSG.filterBad });
      return z.NEVER;
    }
  })
  .pipe(z.array(RowFilterSchema, DATA_MANAGE_MSG.filterBad).max(WAREHOUSE_LIMITS.filtersMax))
  .describe('筛选条件（JSON 数组：field、op、value） / filters as a JSON array');

export const RowQuerySchema = z.object({
  id: Id.describe('数据表id / table id'),
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(WAREHOUSE_LIMITS.pageSizeMax).default(20).describe('每页条数 / page size'),
  filters: FiltersParam,
});
export type RowQuery = z.infer<typeof RowQuerySchema>;
export const RowExportQuerySchema = z.object({ id: Id.describe('数据表id / table id'), filters: FiltersParam });

export const RowUpdateSchema = z.object({
  id: Id.describe('数据表id / table id'),
  rowId: Id.optional().describe('行id；不传则新增一行 / row id, none to add a row'),
  values: z
    .record(
      z.string().max(WAREHOUSE_LIMITS.identifierMax),
      z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]),
    )
    .describe('字段名 -> 值（未列出的字段不变） / values by field name'),
});
export type RowUpdate = z.infer<typeof RowUpdateSchema>;

export const RowDeleteSchema = z.object({
  id: Id.describe('数据表id / table id'),
  rowIds: z.array(Id).min(1).max(WAREHOUSE_LIMITS.pageSizeMax).describe('要删除的行id / row ids'),
});

export const WarehouseTemplateQuerySchema = z.object({
  id: Id.optional().describe('数据表id（数据模板必填） / table id, for the data template'),
  type: z.enum(['data', 'structure']).default('data').describe('data 数据导入模板 / structure 结构导入模板'),
});

export const ImportResultSchema = z.object({ count: z.number().int().describe('导入条数 / rows or fields imported') });

// ---- a data import run in the background (drsj/task, getFutureTaskResult): a tracked job (jobs.ts) ----

/** One problem of an import: its row, column (the field's Chinese name, or 第n列 for the header) and rule. */
export const ImportProblemSchema = z.object({
  row: z.number().int().describe('行号（Excel 行号） / row'),
  column: z.string().describe('列（字段中文名称；表头问题为“第n列”；整行问题为空） / column'),
  reason: z.string().describe('原因 / rule broken'),
  value: z.string().nullable().describe('单元格的值（截短） / the cell value, cut short'),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** What a failed import reports: every problem found (the first 500 listed, by row, column and rule). */
export const ImportReportSchema = z.object({
  errorCount: z.number().int().describe('错误总数（报告最多列出 500 条） / problems found'),
  errors: z.array(ImportProblemSchema).describe('逐行错误报告 / the row-by-row report'),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** The import's steps (the job's `step`): reading the file to count its rows, then importing them. */
export const IMPORT_STEPS = { counting: '正在读取文件', importing: '正在导入' } as const;

/** A background import as its starter polls it: done / total are data rows; the result is the count imported. */
export const ImportJobSchema = jobSchema(ImportResultSchema, ImportReportSchema);
export type ImportJob = z.infer<typeof ImportJobSchema>;
