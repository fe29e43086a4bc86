import { z } from 'zod';
import { ChargeDepartmentSchema } from './auth';
import { listOf } from './envelope';
import { AUTH_MSG } from './messages';
import { int32 } from './primitives';

export const MenuItemSchema = z.object({
  menuId: z.string().describe('菜单 key / menu key'),
  menuName: z.string().describe('菜单名称 / menu label'),
  path: z.string().describe('路由 / hash route path'),
  icon: z.string().nullable().describe('图标 / icon name'),
  parentId: z.string().nullable().describe('上级菜单 / parent menu key'),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

export const RoleSchema = z.object({
  roleId: z.string().describe('角色id / role id'),
  roleName: z.string().describe('角色名称 / role name'),
});

export const BasicInfoSchema = z.object({
  userId: z.string().describe('工号 / user id'),
  userName: z.string().describe('姓名 / user name'),
  orgId: z.string().nullable().describe('所属部门id / department id'),
  newChargeDeparmentList: z.array(ChargeDepartmentSchema).describe('负责的部门 / departments the user heads'),
});

export const UserListItemSchema = z.object({
  userId: z.string().describe('工号 / user id'),
  userName: z.string().describe('姓名 / user name'),
});

export const UserSearchQuerySchema = z.object({
  pageNum: int32().min(1).default(1),
  pageSize: int32().min(1).max(100).default(100).describe('每页条数，最多100 / at most 100'),
  name: z.string().trim().max(60).optional().describe('工号或姓名关键字 / user id or name contains'),
});

export const DepartmentSchema = z.object({
  departmentId: z.string().describe('部门id / bmid'),
  departmentName: z.string().describe('部门名称 / bmmc'),
  chargeUserId: z.string().nullable().describe('负责人工号 / head user id'),
  chargeUserName: z.string().nullable().describe('负责人姓名 / head name'),
  departmentChargerName: z.string().nullable().describe('负责人姓名（选项数据） / head name in option data'),
  shortNameZh: z.string().describe('中文简称 / short Chinese name'),
  shortNameEn: z.string().describe('英文简称 / short English name'),
});

export const UserTypeSchema = z.object({
  userTypeId: z.string().describe('用户类型id / user type id'),
  userTypeName: z.string().describe('用户类型名称 / user type name'),
});

export const ProfileSchema = z.object({
  userId: z.string().describe('工号 / user id'),
  userName: z.string().describe('姓名 / user name'),
  departmentName: z.string().nullable().describe('部门 / department'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  qq: z.string().nullable(),
  sex: z.number().int().nullable().describe('性别 1男 2女 / sex 1 male 2 female'),
  headPortrait: z.string().nullable().describe('头像地址 / avatar url'),
  isUseDefaultAvatar: z.boolean().describe('使用默认头像 / uses the default avatar'),
  theme: z.string().nullable().describe('主题 / theme'),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
/** Chinese mobile (1[3-9]xxxxxxxxx) or landline (area code 0xx(x)-, 7-8 digits, optional extension). */
export const PHONE = /^(?:1[3-9]\d{9}|(?:0\d{2,3}-?)?[2-9]\d{6,7}(?:-\d{1,6})?)$/;
const QQ = /^[1-9]\d{4,11}$/;

const optionalTrimmed = (re: RegExp, message: string) =>
  z
    .string()
    .max(100)
    .optional()
    .transform((v) => v?.trim() ?? '')
    .refine((v) => v === '' || re.test(v), message);

export const ProfileUpdateSchema = z.object({
  id: z.string().optional().describe('工号（只能是本人） / user id, must be the signed-in user'),
  email: optionalTrimmed(EMAIL, AUTH_MSG.emailInvalid).describe('邮箱 / email'),
  phone: optionalTrimmed(PHONE, AUTH_MSG.phoneInvalid).describe('联系电话 / phone'),
  qq: optionalTrimmed(QQ, AUTH_MSG.qqInvalid).describe('QQ'),
  sex: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, AUTH_MSG.sexInvalid)
    .optional()
    .describe('性别 1男 2女 / sex'),
  isUseDefaultAvatar: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional()
    .describe('恢复默认头像 / restore the default avatar'),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** Password rules of spec-2 section 5, in the order the spec lists them. */
export function passwordProblem(p: { oldPassword?: string; newPassword?: string; newPasswordCopy?: string }) {
  if (!p.oldPassword) return AUTH_MSG.oldPasswordRequired;
  if (!p.newPassword) return AUTH_MSG.newPasswordRequired;
  if (!p.newPasswordCopy) return AUTH_MSG.confirmPasswordRequired;
  if (!p.newPassword.trim() || !p.newPasswordCopy.trim()) return AUTH_MSG.notBlank;
  if (!isStrongPassword(p.newPassword)) return AUTH_MSG.passwordRule;
  if (p.newPassword !== p.newPasswordCopy) return AUTH_MSG.passwordMismatchConfirm;
  return null;
}

/** Letters and digits, at least 8 characters. */
export function isStrongPassword(p: string) {
  return p.length >= 8 && /[A-Za-z]/.test(p) && /\d/.test(p);
}

export const PasswordUpdateSchema = z
  .object({
    oldPassword: z.string().max(128).optional(),
    newPassword: z.string().max(128).optional(),
    newPasswordCopy: z.string().max(128).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });

export const ThemeUpdateSchema = z.object({
  themeType: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$|^rgb\(\d{1,3},\s*\d{1,3},\s*\d{1,3}\)$/)
    .describe('主题色 / theme colour'),
});

export const AVATAR_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;

export const MenuListSchema = z.array(MenuItemSchema);
export const RolesSchema = z.array(RoleSchema);
export const RoleListSchema = listOf(RoleSchema);
export const UserSearchPageSchema = listOf(UserListItemSchema);
export const DepartmentListSchema = listOf(DepartmentSchema);
export const UserTypeListSchema = listOf(UserTypeSchema);

/** The new avatar's url. */
export const PortraitChangedSchema = z.object({ headPortrait: z.string() });
/** The theme colour saved. */
export const ThemeSavedSchema = z.object({ themeType: z.string() });
/** An avatar image's stored file id. */
export const AvatarParamsSchema = z.object({ fileId: z.string().regex(/^[0-9a-f-]{36}$/) });
