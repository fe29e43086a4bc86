import { APP, formatDateTime, type LoginRecord, pathOf, type SystemSetting, USER_API } from '@zg/contract';
import type { systemSettings } from '../../db/schema';
import type { UserRow } from './user.repository';

/** Strips markup tags from the configured system name (spec-1 section 1). */
export function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

export function presentSystemSetting(
  row: (Pick<typeof systemSettings.$inferSelect, 'id' | 'systemName' | 'logoFileId'> & { updatedAt?: Date }) | null,
): SystemSetting {
  const name = row ? stripTags(row.systemName) : '';
  return {
    id: row?.id ?? 0,
    systemName: name || APP.defaultSystemName,
    logoAttachment: row?.logoFileId
      ? { id: row.logoFileId, url: `${USER_API.logo.path}?v=${encodeURIComponent(row.logoFileId)}` }
      : null,
  };
}

export function avatarUrl(user: UserRow): string | null {
  if (user.isUseDefaultAvatar || !user.headPortrait) return null;
  return pathOf(USER_API.avatar, { fileId: user.headPortrait });
}

export function presentLoginRecord(input: {
  user: UserRow;
  roles: { roleId: string; roleName: string }[];
  menus: { key: string; name: string }[];
  chargeDepartments: { bmid: string; bmmc: string; fzrmc: string | null }[];
  csrfSecret: string;
  lastAccessAt: Date | null;
}): LoginRecord {
  const { user, roles, menus, chargeDepartments } = input;
  return {
    userId: user.id,
    userName: user.name,
    orgId: user.departmentId,
    menus: Object.fromEntries(menus.map((m) => [m.key, m.name])),
    roles,
    roleIdList: roles.map((r) => r.roleId),
    roleNameList: roles.map((r) => r.roleName),
    qq: user.qq,
    phone: user.phone,
    displayPhoto: avatarUrl(user),
    lastAccessTime: input.lastAccessAt ? formatDateTime(input.lastAccessAt) : null,
    chargeDeparmentList: chargeDepartments.map((d) => d.bmmc),
    chargeDeparmentIdList: chargeDepartments.map((d) => d.bmid),
    newChargeDeparmentList: chargeDepartments,
    newChargeDeparmentIdList: chargeDepartments.map((d) => d.bmid),
    csrfSecret: input.csrfSecret,
    mustChangePassword: user.mustChangePassword,
  };
}
