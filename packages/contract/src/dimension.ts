import { z } from 'zod';
import { DIMENSIONS } from './enums';
import { listOf, OptionPagingQuerySchema, PagingQuerySchema } from './envelope';
import { int32 } from './primitives';

/**
 * Dimensions (维度, spec-2 §7.8 "dimension") and their objects (维度对象: each college, major, course, teacher ...), what
 * a quality control point is measured for; and department responsibilities (部门职责: which department answers for
 * which object). Served under /api/herm-sjgl/dimension and /api/herm-sjgl/departmentDuty.
 */

export const DIMENSION_LIMITS = {
  typeCodeMax: 32,
  typeNameMax: 30,
  codeMax: 64,
  nameMax: 100,
  /** Ids deleted at once, and objects one department is saved with. */
  idsMax: 200,
  dutyMax: 20000,
  /** Depth of a parent chain (school > college > major > course is 4). */
  depthMax: 20,
} as const;

/**
 * The types an object's parent may be of, per built-in type (course -> major -> college, class -> major ...). A type
 * added by an administrator takes a parent of any type.
 */
export const DIMENSION_PARENT_TYPES: Record<string, readonly string[]> = {
  school: [],
  college: ['school'],
  major: ['college'],
  course: ['major'],
  class: ['major'],
  teacher: ['college', 'department'],
  student: ['class'],
  department: ['college', 'department', 'school'],
  teachingTeam: ['college', 'major'],
  special: ['special', 'school'],
  professional: ['college'],
};

/** Whether the type is one of the built-in dimensions (DOMAIN.md), which cannot be deleted nor have their code changed. */
export const isBuiltinDimension = (code: string) => DIMENSIONS.some((d) => d.code === code);

/** The types a parent of an object of `typeCode` may be of; null when any type may be. */
export const parentTypesOf = (typeCode: string): readonly string[] | null => DIMENSION_PARENT_TYPES[typeCode] ?? null;

export const DIMENSION_MSG = {
  typeNotFound: '维度类型不存在或已被删除',
  objectNotFound: '维度对象不存在或已被删除',
  departmentNotFound: '部门不存在或已被删除',
  parentNotFound: '上级对象不存在或已被删除',
  typeRequired: '请选择维度类型',
  codeRequired: '请输入编码',
  nameRequired: '请输入名称',
  codeTooLong: `编码不能超过 ${DIMENSION_LIMITS.codeMax} 个字符`,
  nameTooLong: `名称不能超过 ${DIMENSION_LIMITS.nameMax} 个字符`,
  typeCodeFormat: '类型编码只能包含字母、数字和下划线，且以字母开头',
  typeCodeTaken: (code: string) => `维度类型编码“${code}”已存在`,
  typeNameTaken: (name: string) => `维度类型名称“${name}”已存在`,
  codeTaken: (type: string, code: string) => `${type}编码“${code}”已存在`,
  parentType: (type: string, allowed: string) => `${type}的上级只能是${allowed}`,
  noParentAllowed: (type: string) => `${type}不能有上级`,
  parentCycle: (name: string) => `上级不能是“${name}”自己或其下级`,
  tooDeep: `上级层级不能超过 ${DIMENSION_LIMITS.depthMax} 级`,
  builtinType: (name: string) => `“${name}”是系统内置维度，不能删除`,
  builtinTypeCode: (name: string) => `“${name}”是系统内置维度，不能修改编码`,
  typeHasObjects: (name: string, n: number) => `维度“${name}”下还有 ${n} 个对象，请先删除对象`,
  typeLinked: (name: string, fields: string) => `维度“${name}”被数据表字段关联（${fields}），请先取消关联`,
  objectHasChildren: (name: string, n: number, first: string) =>
    `“${name}”下还有 ${n} 个下级对象（如“${first}”），请先删除或移走下级`,
  objectHasDuty: (name: string, departments: string) => `“${name}”由${departments}负责，请先在部门职责中移除`,
  dutyTaken: (name: string, department: string) => `“${name}”已由“${department}”负责，请先在该部门的职责中移除`,
  created: '新增成功',
  saved: '保存成功',
  deleted: '删除成功',
  imported: (n: number) => `导入成功，共${n}条`,
  /** The rules a cell of an import can break (EXCEL_MSG.cell names row and column). */
  rule: {
    required: '不能为空',
    tooLong: (max: number) => `不能超过${max}个字符`,
    unknownType: '维度类型不存在（填写类型名称或编码）',
    duplicateInFile: (row: number) => `与第${row}行重复（同一类型的编码必须唯一）`,
    unknownParent: '上级对象不存在（既不在系统中，也不在本文件中）',
    parentType: (allowed: string) => `上级只能是${allowed}`,
    noParent: '该类型不能有上级',
    parentTypeWithoutCode: '填写了上级类型但没有上级编码',
    cycle: '上级形成循环（对象成了自己的上级）',
    tooDeep: (max: number) => `上级层级超过${max}级`,
    sort: '应为 0 到 2147483647 的整数',
    yesNo: '应为“是”或“否”',
  },
} as const;

/** The columns of the import template and of the export (which the import reads back). */
export const DIMENSION_COLUMNS = [
  { key: 'type', header: '类型', width: 12 },
  { key: 'code', header: '编码', width: 20 },
  { key: 'name', header: '名称', width: 30 },
  { key: 'parentType', header: '上级类型', width: 12 },
  { key: 'parentCode', header: '上级编码', width: 20 },
  { key: 'sort', header: '排序', width: 8 },
  { key: 'enabled', header: '启用', width: 8 },
] as const;

const Id = int32().positive();
const text = (max: number, required: string, tooLong: string) => z.string().trim().min(1, required).max(max, tooLong);
/** A yes/no flag sent as JSON or as a form value. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

// ---- dimension types ----

export const DimensionTypeSchema = z.object({
  id: z.number().int(),
  wdbm: z.string().describe('维度编码 / dimension code (school, college, major ...)'),
  wdmc: z.string().describe('维度名称 / dimension name'),
  px: z.number().int().describe('排序 / order'),
  dxs: z.number().int().describe('对象数 / objects'),
  nz: z.boolean().describe('系统内置（不能删除） / built in'),
  sjlx: z
    .array(z.string())
    .nullable()
    .describe('上级可选的维度编码（空数组：不能有上级；null：任意） / parent types allowed'),
});
export type DimensionType = z.infer<typeof DimensionTypeSchema>;
export const DimensionTypeListSchema = listOf(DimensionTypeSchema);

export const DimensionTypeInputSchema = z.object({
  wdbm: z
    .string()
    .trim()
    .min(1, DIMENSION_MSG.codeRequired)
    .max(DIMENSION_LIMITS.typeCodeMax, DIMENSION_MSG.codeTooLong)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, DIMENSION_MSG.typeCodeFormat)
    .describe('维度编码 / dimension code'),
  wdmc: text(DIMENSION_LIMITS.typeNameMax, DIMENSION_MSG.nameRequired, DIMENSION_MSG.nameTooLong).describe(
    '维度名称 / dimension name',
  ),
  px: int32().min(0).default(0).describe('排序 / order'),
});
export type DimensionTypeInput = z.infer<typeof DimensionTypeInputSchema>;
export const DimensionTypeUpdateSchema = DimensionTypeInputSchema.extend({ id: Id });

// ---- dimension objects ----

export const DimensionObjectSchema = z.object({
  id: z.number().int(),
  wdid: z.number().int().describe('维度类型id / dimension id'),
  wdbm: z.string().describe('维度编码 / dimension code'),
  wdmc: z.string().describe('维度名称 / dimension name'),
  dxbm: z.string().describe('对象编码（同一维度内唯一） / object code'),
  dxmc: z.string().describe('对象名称 / object name'),
  sjid: z.number().int().nullable().describe('上级对象id / parent id'),
  sjbm: z.string().nullable().describe('上级对象编码 / parent code'),
  sjmc: z.string().nullable().describe('上级对象名称 / parent name'),
  sjwdmc: z.string().nullable().describe('上级对象的维度名称 / parent dimension name'),
  px: z.number().int().describe('排序 / order'),
  sfqy: z.boolean().describe('启用 / enabled'),
  xjs: z.number().int().describe('下级对象数 / children'),
});
export type DimensionObject = z.infer<typeof DimensionObjectSchema>;
export const DimensionObjectListSchema = listOf(DimensionObjectSchema);

/** An object with the chain of its parents (the root first) and the departments answering for it. */
export const DimensionObjectDetailSchema = DimensionObjectSchema.extend({
  sjlj: z
    .array(z.object({ id: z.number().int(), wdmc: z.string(), dxbm: z.string(), dxmc: z.string() }))
    .describe('上级链（从最上级到直接上级） / parent chain, root first'),
  zrbm: z.array(z.object({ id: z.string(), mc: z.string() })).describe('负责部门 / responsible departments'),
});
export type DimensionObjectDetail = z.infer<typeof DimensionObjectDetailSchema>;

export const DimensionQuerySchema = PagingQuerySchema.extend({
  wdid: Id.optional().describe('维度类型id / dimension id'),
  keyword: z.string().trim().max(60).optional().describe('编码或名称关键字 / code or name contains'),
  sjid: Id.optional().describe('上级对象id（只列其直接下级） / parent id'),
});
export type DimensionQuery = z.infer<typeof DimensionQuerySchema>;

/** The dimension TYPES: the small option list the spec asks with pageSize 10000000 (served at most MAX_PAGE_SIZE). */
export const DimensionTypeQuerySchema = OptionPagingQuerySchema;

export const DimensionObjectInputSchema = z.object({
  wdid: Id.describe('维度类型id / dimension id'),
  dxbm: text(DIMENSION_LIMITS.codeMax, DIMENSION_MSG.codeRequired, DIMENSION_MSG.codeTooLong).describe(
    '对象编码 / object code',
  ),
  dxmc: text(DIMENSION_LIMITS.nameMax, DIMENSION_MSG.nameRequired, DIMENSION_MSG.nameTooLong).describe(
    '对象名称 / object name',
  ),
  sjid: Id.optional().nullable().describe('上级对象id / parent id'),
  px: int32().min(0).default(0).describe('排序 / order'),
  sfqy: flag.default(true).describe('启用 / enabled'),
});
export type DimensionObjectInput = z.infer<typeof DimensionObjectInputSchema>;
/** An update keeps the object's type. */
export const DimensionObjectUpdateSchema = DimensionObjectInputSchema.omit({ wdid: true }).extend({ id: Id });
export type DimensionObjectUpdate = z.infer<typeof DimensionObjectUpdateSchema>;

export const DimensionIdsSchema = z.object({
  ids: z
    .union([z.array(Id), Id.transform((n) => [n])])
    .pipe(z.array(z.number().int()).min(1).max(DIMENSION_LIMITS.idsMax))
    .describe('id列表 / ids'),
});
export const DimensionIdSchema = z.object({ id: Id.describe('id') });
export const DimensionExportQuerySchema = z.object({
  wdid: Id.optional().describe('维度类型id（不传为全部） / dimension id, all when absent'),
  keyword: z.string().trim().max(60).optional().describe('编码或名称关键字 / code or name contains'),
});
export const DimensionImportResultSchema = z.object({
  count: z.number().int().describe('导入条数 / rows imported'),
  created: z.number().int().describe('新增 / created'),
  updated: z.number().int().describe('更新 / updated'),
});

/** One object of a bulk upsert (the demo seed and the import): its type's code, its code and name, its parent's code. */
export interface DimensionObjectSeed {
  typeCode: string;
  code: string;
  name: string;
  /** The parent's code; its type is `parentTypeCode`, else the first type DIMENSION_PARENT_TYPES allows. */
  parentCode?: string | null;
  parentTypeCode?: string | null;
  sort?: number;
  enabled?: boolean;
}

// ---- department responsibilities ----

export const DutyObjectSchema = z.object({
  id: z.number().int().describe('维度对象id / object id'),
  wdid: z.number().int().describe('维度类型id / dimension id'),
  wdmc: z.string().describe('维度名称 / dimension name'),
  dxbm: z.string().describe('对象编码 / object code'),
  dxmc: z.string().describe('对象名称 / object name'),
});
export const DepartmentDutySchema = z.object({
  bmid: z.string().describe('部门id / department id'),
  bmmc: z.string().describe('部门名称 / department name'),
  dxs: z.array(DutyObjectSchema).describe('负责的维度对象 / objects it answers for'),
});
export type DepartmentDuty = z.infer<typeof DepartmentDutySchema>;

export const DutyByTypeRowSchema = DutyObjectSchema.extend({
  bmid: z.string().nullable().describe('负责部门id / responsible department'),
  bmmc: z.string().nullable().describe('负责部门名称 / responsible department name'),
});
export const DutyByTypeListSchema = listOf(DutyByTypeRowSchema);

const DepartmentId = z
  .string()
  .trim()
  .min(1, DIMENSION_MSG.departmentNotFound)
  .max(32, DIMENSION_MSG.departmentNotFound);
export const DutyDepartmentQuerySchema = z.object({ bmid: DepartmentId.describe('部门id / department id') });
export const DutyTypeQuerySchema = PagingQuerySchema.extend({
  wdid: Id.describe('维度类型id / dimension id'),
  keyword: z.string().trim().max(60).optional().describe('编码或名称关键字 / code or name contains'),
  bmid: z.string().trim().max(32).optional().describe('只列该部门负责的和无人负责的 / this department and nobody'),
});
export const DutySaveSchema = z.object({
  bmid: DepartmentId.describe('部门id / department id'),
  dxids: z
    .array(Id)
    .max(DIMENSION_LIMITS.dutyMax)
    .default([])
    .describe('该部门负责的全部维度对象id（替换原有） / every object it answers for, replacing the set'),
});
export type DutySave = z.infer<typeof DutySaveSchema>;
