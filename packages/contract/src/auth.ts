import { z } from 'zod';
import { AUTH_MSG, MSG } from './messages';
import { DateTimeSchema, PageNumSchema, pageSize } from './primitives';

export const LoginInputSchema = z.object({
  userId: z.string().trim().min(1, MSG.loginUserIdRequired).max(64).describe('工号 / user id'),
  password: z.string().min(1, MSG.loginPasswordRequired).max(128).describe('密码 / password'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const ChargeDepartmentSchema = z.object({
  bmid: z.string().describe('部门id / department id'),
  bmmc: z.string().describe('部门名称 / department name'),
  fzrmc: z.string().nullable().describe('负责人名称 / head name'),
});

/** The login record of spec-1 section 3, kept by the client in session storage. */
export const LoginRecordSchema = z.object({
  userId: z.string().describe('工号 / user id'),
  userName: z.string().describe('姓名 / user name'),
  orgId: z.string().nullable().describe('所属部门id / department id'),
  menus: z.record(z.string(), z.string()).describe('菜单 key -> 菜单名称 / menu map'),
  roles: z.array(z.object({ roleId: z.string(), roleName: z.string() })).describe('角色 / roles'),
  roleIdList: z.array(z.string()),
  roleNameList: z.array(z.string()),
  qq: z.string().nullable(),
  phone: z.string().nullable(),
  displayPhoto: z.string().nullable().describe('头像地址 / avatar url'),
  lastAccessTime: z.string().nullable().describe('上次访问时间 / last access time'),
  chargeDeparmentList: z.array(z.string()).describe('负责部门名称 / charge department names'),
  chargeDeparmentIdList: z.array(z.string()).describe('负责部门id / charge department ids'),
  newChargeDeparmentList: z.array(ChargeDepartmentSchema),
  newChargeDeparmentIdList: z.array(z.string()),
  csrfSecret: z.string().describe('CSRF 密钥 / per-session CSRF secret'),
  mustChangePassword: z
    .boolean()
    .optional()
    .describe('管理员重置了密码：须先修改密码 / must change the password before anything else'),
});
export type LoginRecord = z.infer<typeof LoginRecordSchema>;

export const CasConfigSchema = z.object({
  enabled: z.boolean().describe('是否启用统一身份认证 / CAS on'),
  loginUrl: z.string().nullable().describe('CAS 登录入口 / CAS login entry'),
});

/** A CAS service ticket, validated by the server against CAS with the service it was issued for. */
export const CasLoginInputSchema = z.object({
  ticket: z.string().trim().min(1).max(512).describe('CAS 票据 / service ticket'),
  service: z.string().url().max(2000).describe('登录时使用的服务地址 / service URL used at CAS login'),
});

/** 登录限制: the accounts and addresses whose sign-in attempts are being slowed (administrators only). */
export const LoginThrottleQuerySchema = z.object({
  pageNum: PageNumSchema,
  pageSize: pageSize(10),
  keyword: z.string().trim().max(64).optional().describe('工号或地址关键字 / account or address contains'),
});

export const LoginThrottleSchema = z.object({
  kind: z.enum(['account', 'address']).describe('account 账号 / address 地址'),
  subject: z.string().describe('工号或地址（IPv6 按 /64） / the account id or the address'),
  userName: z.string().nullable().describe('账号的姓名（地址为空） / the account holder, null for an address'),
  failures: z.number().int().describe('窗口内的失败次数 / failures in the window'),
  firstFailureAt: DateTimeSchema.describe('窗口内首次失败时间 / first failure of the window'),
  waitUntil: DateTimeSchema.nullable().describe('须等待至（无需等待为空） / next attempt allowed at, null when now'),
});
export type LoginThrottle = z.infer<typeof LoginThrottleSchema>;

/** Clears the failures (and so the delays) of an account, of an address, or of both; at least one is named. */
export const LoginThrottleClearSchema = z
  .object({
    userId: z.string().trim().min(1).max(64).optional().describe('工号 / account id'),
    ip: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[0-9A-Fa-f:.]+(\/64)?$/, AUTH_MSG.throttleAddressFormat)
      .optional()
      .describe('地址（IPv4，或 IPv6 及其 /64） / the address'),
  })
  .refine((v) => v.userId !== undefined || v.ip !== undefined, { message: AUTH_MSG.throttleClearNeedsTarget });
