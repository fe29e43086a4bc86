import { z } from 'zod';
import {
  DepartmentDutySchema,
  DimensionExportQuerySchema,
  DimensionIdSchema,
  DimensionIdsSchema,
  DimensionImportResultSchema,
  DimensionObjectDetailSchema,
  DimensionObjectInputSchema,
  DimensionObjectListSchema,
  DimensionObjectSchema,
  DimensionObjectUpdateSchema,
  DimensionQuerySchema,
  DimensionTypeInputSchema,
  DimensionTypeListSchema,
  DimensionTypeQuerySchema,
  DimensionTypeSchema,
  DimensionTypeUpdateSchema,
  DutyByTypeListSchema,
  DutyDepartmentQuerySchema,
  DutySaveSchema,
  DutyTypeQuerySchema,
} from './dimension';
import { type Endpoint, endpoint, FILE, MULTIPART } from './endpoint';

const D = '/api/herm-sjgl/dimension';
const R = '/api/herm-sjgl/departmentDuty';
const None = z.null();

/**
 * Dimensions and their objects (spec-2 §7.8 "Dimension": queryDimension, queryDiemensionType, queryDetailDimension,
 * insert, update, delete, upload, download, downloadtemplate; the spec's spelling kept), the dimension types kept by
 * administrators, and department responsibilities ("department responsibility queries and save").
 */
export const DIMENSION_API = {
  types: endpointOf({
    method: 'GET',
    path: `${D}/queryDiemensionType`,
    summary: '维度类型列表（选项列表：pageNum 1、pageSize 10000000 为全部） / dimension types',
    query: DimensionTypeQuerySchema,
    response: DimensionTypeListSchema,
  }),
  typeInsert: endpointOf({
    method: 'POST',
    path: `${D}/type/insert`,
    summary: '新增维度类型 / add a dimension type',
    body: DimensionTypeInputSchema,
    response: DimensionTypeSchema,
  }),
  typeUpdate: endpointOf({
    method: 'POST',
    path: `${D}/type/update`,
    summary: '修改维度类型（内置维度只能改名称和排序） / update a dimension type',
    body: DimensionTypeUpdateSchema,
    response: DimensionTypeSchema,
  }),
  typeDelete: endpointOf({
    method: 'POST',
    path: `${D}/type/delete`,
    summary: '删除维度类型（内置、有对象或被数据表字段关联时拒绝） / delete a dimension type',
    body: DimensionIdSchema,
    response: None,
  }),
  objects: endpointOf({
    method: 'GET',
    path: `${D}/queryDimension`,
    summary: '维度对象分页（按类型、上级、编码或名称关键字） / dimension objects, paged',
    query: DimensionQuerySchema,
    response: DimensionObjectListSchema,
  }),
  detail: endpointOf({
    method: 'GET',
    path: `${D}/queryDetailDimension`,
    summary: '维度对象详情（上级链、下级数、负责部门） / one object with its parent chain',
    query: DimensionIdSchema,
    response: DimensionObjectDetailSchema,
  }),
  insert: endpointOf({
    method: 'POST',
    path: `${D}/insert`,
    summary: '新增维度对象 / add an object',
    body: DimensionObjectInputSchema,
    response: DimensionObjectSchema,
  }),
  update: endpointOf({
    method: 'POST',
    path: `${D}/update`,
    summary: '修改维度对象（类型不变；上级不能成环） / update an object',
    body: DimensionObjectUpdateSchema,
    response: DimensionObjectSchema,
  }),
  delete: endpointOf({
    method: 'POST',
    path: `${D}/delete`,
    summary: '删除维度对象（有下级或部门职责时拒绝并说明） / delete objects',
    body: DimensionIdsSchema,
    response: None,
  }),
  upload: endpointOf({
    method: 'POST',
    path: `${D}/upload`,
    summary:
      '导入维度对象（multipart：file；按类型+编码新增或更新；上级可在文件中后出现；有错则全部不导入并逐行列出） / import objects, all or nothing',
    consumes: MULTIPART,
    response: DimensionImportResultSchema,
  }),
  download: endpointOf({
    method: 'GET',
    path: `${D}/download`,
    summary: '导出维度对象（xlsx，流式写出，可再导入） / export objects, streamed',
    query: DimensionExportQuerySchema,
    response: FILE,
  }),
  template: endpointOf({
    method: 'GET',
    path: `${D}/downloadtemplate`,
    summary: '下载维度对象导入模板 / the import template',
    response: FILE,
  }),

  // ---- department responsibilities ----
  dutyOfDepartment: endpointOf({
    method: 'GET',
    path: `${R}/queryByDepartment`,
    summary: '部门负责的维度对象 / the objects a department answers for',
    query: DutyDepartmentQuerySchema,
    response: DepartmentDutySchema,
  }),
  dutyByType: endpointOf({
    method: 'GET',
    path: `${R}/queryByType`,
    summary: '某维度的对象及其负责部门（分页） / objects of a type with their responsible department',
    query: DutyTypeQuerySchema,
    response: DutyByTypeListSchema,
  }),
  dutySave: endpointOf({
    method: 'POST',
    path: `${R}/save`,
    summary: '保存部门职责（替换该部门负责的全部对象，一个事务） / save a department’s objects, replacing its set',
    body: DutySaveSchema,
    response: DepartmentDutySchema,
  }),
} as const;

function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: readonly ['维度管理']; json: true } {
  return endpoint({ ...e, tags: ['维度管理'] as const, json: true });
}
