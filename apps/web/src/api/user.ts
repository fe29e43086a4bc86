import {
  BasicInfoSchema,
  DepartmentSchema,
  LIMITS,
  listOf,
  RoleSchema,
  UserListItemSchema,
  UserTypeSchema,
} from '@zg/contract';
import { get } from './client';

export type Role = ReturnType<typeof RoleSchema.parse>;
export type BasicInfo = ReturnType<typeof BasicInfoSchema.parse>;
export type Department = ReturnType<typeof DepartmentSchema.parse>;
export type UserType = ReturnType<typeof UserTypeSchema.parse>;
export type UserListItem = ReturnType<typeof UserListItemSchema.parse>;

const RolesSchema = RoleSchema.array();
const RoleListSchema = listOf(RoleSchema);
const DepartmentListSchema = listOf(DepartmentSchema);
const UserTypeListSchema = listOf(UserTypeSchema);
const UserSearchSchema = listOf(UserListItemSchema);

// Page sizes of spec-1 section 7: the spec asks for "all" with huge pages.
const ALL_ROLES = { pageNum: 1, pageSize: 10_000_000 };
const ALL_DEPARTMENTS = { pageNum: 1, pageSize: 100_000 };
const ALL_USER_TYPES = { pageNum: 1, pageSize: 10_000_000 };

/** `GET /api/user/roles`: the signed-in user's roles. */
export function fetchRoles() {
  return get('/api/user/roles', { schema: RolesSchema });
}

/** `GET /api/user/basicInfo`: user id, name, department and the departments the user heads. */
export function fetchBasicInfo() {
  return get('/api/user/basicInfo', { schema: BasicInfoSchema });
}

/** `GET /api/user/departmentList`: every department. */
export async function fetchDepartments() {
  return (await get('/api/user/departmentList', { query: ALL_DEPARTMENTS, schema: DepartmentListSchema })).list;
}

/** `GET /api/user/roleList`: every role of the school. */
export async function fetchRoleList() {
  return (await get('/api/user/roleList', { query: ALL_ROLES, schema: RoleListSchema })).list;
}

/** `GET /api/user/userTypeList`: every user type. */
export async function fetchUserTypes() {
  return (await get('/api/user/userTypeList', { query: ALL_USER_TYPES, schema: UserTypeListSchema })).list;
}

/**
 * `GET /api/user/search`: users whose 工号 or name contains `name` (spec-1 section 7: pageNum 1, pageSize 100).
 * The user picker shows the server's meta.message for failures the request client leaves to it.
 */
export async function searchUsers(name: string, signal?: AbortSignal) {
  const query = { pageNum: 1, pageSize: LIMITS.userPickerPageSize, name: name.trim() || undefined };
  return (await get('/api/user/search', { query, schema: UserSearchSchema, signal })).list;
}
