import {
  type BasicInfoSchema,
  type DepartmentSchema,
  LIMITS,
  type RoleSchema,
  USER_API,
  type UserListItemSchema,
  type UserTypeSchema,
} from '@zg/contract';
import type { z } from 'zod';
import { call } from './endpoint';

export type Role = z.output<typeof RoleSchema>;
export type BasicInfo = z.output<typeof BasicInfoSchema>;
export type Department = z.output<typeof DepartmentSchema>;
export type UserType = z.output<typeof UserTypeSchema>;
export type UserListItem = z.output<typeof UserListItemSchema>;

// Page sizes of spec-1 section 7: the spec asks for "all" with huge pages.
const ALL_ROLES = { pageNum: 1, pageSize: 10_000_000 };
const ALL_DEPARTMENTS = { pageNum: 1, pageSize: 100_000 };
const ALL_USER_TYPES = { pageNum: 1, pageSize: 10_000_000 };

/** `GET /api/user/roles`: the signed-in user's roles. */
export function fetchRoles() {
  return call(USER_API.roles, {});
}

/** `GET /api/user/basicInfo`: user id, name, department and the departments the user heads. */
export function fetchBasicInfo() {
  return call(USER_API.basicInfo, {});
}

/** `GET /api/user/departmentList`: every department. */
export async function fetchDepartments() {
  return (await call(USER_API.departmentList, { query: ALL_DEPARTMENTS })).list;
}

/** `GET /api/user/roleList`: every role of the school. */
export async function fetchRoleList() {
  return (await call(USER_API.roleList, { query: ALL_ROLES })).list;
}

/** `GET /api/user/userTypeList`: every user type. */
export async function fetchUserTypes() {
  return (await call(USER_API.userTypeList, { query: ALL_USER_TYPES })).list;
}

/**
 * `GET /api/user/search`: users whose 工号 or name contains `name` (spec-1 section 7: pageNum 1, pageSize 100).
 * The user picker shows the server's meta.message for failures the request client leaves to it.
 */
export async function searchUsers(name: string, signal?: AbortSignal) {
  const query = { pageNum: 1, pageSize: LIMITS.userPickerPageSize, name: name.trim() || undefined };
  return (await call(USER_API.search, { query }, { signal })).list;
}
