import { z } from 'zod';
import { int32, isoDate } from './primitives';

/**
 * Department versions (部门版本, spec-2 §7.8): the organisation as dated versions, exactly one enabled. A version holds
 * its department list, a snapshot of the departments (name, parent, head) taken when it is created.
 */

export const DEPARTMENT_VERSION_LIMITS = { nameMax: 60, noteMax: 300 } as const;

export const DEPARTMENT_VERSION_MSG = {
  notFound: '部门版本不存在或已被删除',
  nameRequired: '请输入版本名称',
  nameTooLong: `版本名称不能超过 ${DEPARTMENT_VERSION_LIMITS.nameMax} 个字符`,
  noteTooLong: `说明不能超过 ${DEPARTMENT_VERSION_LIMITS.noteMax} 个字符`,
  dateRequired: '请选择生效日期',
  nameTaken: (name: string) => `版本名称“${name}”已存在`,
  deleteEnabled: (name: string) => `部门版本“${name}”正在启用，不能删除；请先启用其他版本`,
  created: (n: number) => `新增成功，已复制当前 ${n} 个部门`,
  saved: '保存成功',
  deleted: '删除成功',
  enabled: (name: string) => `已启用部门版本“${name}”`,
  alreadyEnabled: (name: string) => `部门版本“${name}”已是启用状态`,
} as const;

export const DEPARTMENT_VERSION_TEXT = {
  tab: '部门版本',
  name: '版本名称',
  effectiveDate: '生效日期',
  note: '说明',
  state: '状态',
  enabled: '启用',
  disabled: '未启用',
  departments: '部门数',
  createdAt: '创建时间',
  actions: '操作',
  add: '新增版本',
  edit: '修改版本',
  view: '查看部门',
  enable: '启用',
  editAction: '修改',
  deleteAction: '删除',
  close: '关闭',
  confirmEnable: (name: string) => `启用“${name}”后，其他版本将停用。确定启用吗？`,
  confirmDelete: '确定删除该部门版本吗？',
  addHint: '新增版本将复制当前的部门（名称、上级部门、负责人）',
  departmentsOf: (name: string) => `“${name}”的部门`,
  deptName: '部门名称',
  deptParent: '上级部门',
  deptHead: '负责人',
  empty: '暂无部门版本',
  search: '搜索版本名称',
} as const;

const Id = int32().positive();

export const DepartmentVersionSchema = z.object({
  id: z.number().int(),
  bbmc: z.string().describe('版本名称 / name'),
  sxrq: z.string().describe('生效日期 YYYY-MM-DD / effective date'),
  bz: z.string().nullable().describe('说明 / note'),
  sfqy: z.boolean().describe('是否启用 / enabled'),
  bms: z.number().int().describe('部门数 / departments'),
  cjrmc: z.string().nullable().describe('创建人 / created by'),
  cjsj: z.string().describe('创建时间 / created at'),
});
export type DepartmentVersion = z.infer<typeof DepartmentVersionSchema>;

/** A department of a version, as it was when the version was made. */
export const VersionDepartmentSchema = z.object({
  bmid: z.string().describe('部门id / department id'),
  bmmc: z.string().describe('部门名称 / name'),
  sjbmid: z.string().nullable().describe('上级部门id / parent'),
  sjbmmc: z.string().nullable().describe('上级部门名称 / parent name'),
  fzrid: z.string().nullable().describe('负责人工号 / head'),
  fzrmc: z.string().nullable().describe('负责人 / head name'),
  px: z.number().int().describe('排序 / order'),
});
export type VersionDepartment = z.infer<typeof VersionDepartmentSchema>;

export const DepartmentVersionInputSchema = z.object({
  bbmc: z
    .string(DEPARTMENT_VERSION_MSG.nameRequired)
    .trim()
    .min(1, DEPARTMENT_VERSION_MSG.nameRequired)
    .max(DEPARTMENT_VERSION_LIMITS.nameMax, DEPARTMENT_VERSION_MSG.nameTooLong)
    .describe('版本名称 / name'),
  sxrq: isoDate().describe('生效日期 YYYY-MM-DD / effective date'),
  bz: z
    .string()
    .trim()
    .max(DEPARTMENT_VERSION_LIMITS.noteMax, DEPARTMENT_VERSION_MSG.noteTooLong)
    .optional()
    .nullable()
    .describe('说明 / note'),
});
export type DepartmentVersionInput = z.infer<typeof DepartmentVersionInputSchema>;
export const DepartmentVersionUpdateSchema = DepartmentVersionInputSchema.extend({ id: Id.describe('id') });

export const DepartmentVersionQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  keyword: z.string().trim().max(60).optional().describe('版本名称关键字 / name contains'),
});

export const DepartmentVersionIdParamsSchema = z.object({ id: Id.describe('部门版本id / version id') });
