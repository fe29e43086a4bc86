import type { AdminUser } from '@zg/contract';
import type { AdminUserRow } from './user-admin.repository';

const pad = (n: number) => String(n).padStart(2, '0');
/** `yyyy-MM-dd HH:mm:ss` in the school's zone (the process runs in it: config TZ). */
export function dateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

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
    lastAccessAt: r.lastAccessAt ? dateTime(r.lastAccessAt) : null,
    createdAt: dateTime(r.createdAt),
  };
}
