import { type AdminUser, formatDateTime } from '@zg/contract';
import type { AdminUserRow } from './user-admin.repository';

const pairs = (v: AdminUserRow['roles']): [string, string][] => (typeof v === 'string' ? JSON.parse(v) : (v ?? []));

export function presentAdminUser(r: AdminUserRow): AdminUser {
  return {
    userId: r.id,
    userName: r.name,
    sex: r.sex,
    email: r.email,
    phone: r.phone,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    userTypeId: r.userTypeId,
    userTypeName: r.userTypeName,
    roles: pairs(r.roles).map(([roleId, roleName]) => ({ roleId, roleName })),
    enabled: r.enabled,
    mustChangePassword: r.mustChangePassword,
    lastAccessAt: r.lastAccessAt ? formatDateTime(r.lastAccessAt) : null,
    createdAt: formatDateTime(r.createdAt),
  };
}
