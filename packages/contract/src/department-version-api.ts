import { z } from 'zod';
import {
  DepartmentVersionIdParamsSchema,
  DepartmentVersionInputSchema,
  DepartmentVersionQuerySchema,
  DepartmentVersionSchema,
  DepartmentVersionUpdateSchema,
  VersionDepartmentSchema,
} from './department-version';
import { type Endpoint, endpoint } from './endpoint';
import { pageOf } from './envelope';

const S = '/api/herm-sjgl';
const tags = ['部门版本'] as const;
const None = z.null();

export const DepartmentVersionPageSchema = pageOf(DepartmentVersionSchema);

/** Department versions (spec-2 §7.8 "Department version CRUD with enable toggle"): exactly one version is enabled. */
export const DEPARTMENT_VERSION_API = {
  versionPage: endpointOf({
    method: 'GET',
    path: `${S}/departmentVersion/selectquery`,
    summary: '部门版本分页（生效日期倒序） / department versions, paged',
    query: DepartmentVersionQuerySchema,
    response: DepartmentVersionPageSchema,
  }),
  versionEnabled: endpointOf({
    method: 'GET',
    path: `${S}/departmentVersion/enabled`,
    summary: '当前启用的部门版本（没有时为 null） / the enabled version',
    response: DepartmentVersionSchema.nullable(),
  }),
  versionDepartments: endpointOf({
    method: 'GET',
    path: `${S}/departmentVersion/:id/departments`,
    summary: '部门版本中的部门 / the departments of a version',
    params: DepartmentVersionIdParamsSchema,
    response: z.array(VersionDepartmentSchema),
  }),
  versionInsert: endpointOf({
    method: 'POST',
    path: `${S}/departmentVersion/insert`,
    summary: '新增部门版本（复制当前部门；第一个版本即启用） / add a version, copying the current departments',
    body: DepartmentVersionInputSchema,
    response: DepartmentVersionSchema,
  }),
  versionUpdate: endpointOf({
    method: 'POST',
    path: `${S}/departmentVersion/update`,
    summary: '修改部门版本的名称、生效日期、说明 / update a version',
    body: DepartmentVersionUpdateSchema,
    response: DepartmentVersionSchema,
  }),
  versionDelete: endpointOf({
    method: 'POST',
    path: `${S}/departmentVersion/:id/delete`,
    summary: '删除部门版本（启用中的版本拒绝） / delete a version, refused for the enabled one',
    params: DepartmentVersionIdParamsSchema,
    response: None,
  }),
  versionEnable: endpointOf({
    method: 'POST',
    path: `${S}/departmentVersion/:id/enable`,
    summary: '启用部门版本（其他版本同时停用） / enable a version, disabling the others',
    params: DepartmentVersionIdParamsSchema,
    response: DepartmentVersionSchema,
  }),
} as const;

function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: typeof tags; json: true } {
  return endpoint({ ...e, tags, json: true });
}
