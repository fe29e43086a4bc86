import { z } from 'zod';
import { listOf } from './envelope';
import { jobSchema } from './jobs';
import { AUTH_MSG } from './messages';
import { DateTimeSchema, int32, PageNumSchema, pageSize } from './primitives';
import { EMAIL, isStrongPassword, PHONE } from './user';

/**
 * 系统管理 (the `system` menu): users, departments, roles and their menu maps, settings, the audit-log viewer and the
 * sessions signed in now. Administrators only. Times are `yyyy-MM-dd HH:mm:ss` in the school's zone.
 */

/** Every user-visible message of 系统管理, once. */
export const SYSTEM_MSG = {
  saved: '保存成功',
  created: '新增成功',
  deleted: '删除成功',
  enabled: '已启用',
  disabled: '已停用',
  passwordReset: '密码已重置，该用户下次登录时须修改密码',
  userIdRule: '工号只能包含字母、数字、下划线和短横线，长度1至32位',
  userIdTaken: (id: string) => `工号 ${id} 已存在`,
  userNotFound: '用户不存在',
  userNameRequired: '请输入姓名',
  departmentUnknown: (id: string) => `部门 ${id} 不存在或已停用`,
  userTypeUnknown: (id: string) => `用户类型 ${id} 不存在`,
  roleUnknown: (id: string) => `角色 ${id} 不存在`,
  lastAdmin: '至少要保留一名在用的系统管理员',
  disableSelf: '不能停用自己的账号',
  dropOwnAdmin: '不能移除自己的系统管理员角色',
  roleNotFound: '角色不存在',
  roleNameRequired: '请输入角色名称',
  roleNameTaken: (name: string) => `角色名称 ${name} 已存在`,
  roleBuiltIn: '内置角色不能删除',
  roleHeld: (n: number) => `该角色仍有 ${n} 名用户，请先移除这些用户的该角色`,
  menuUnknown: (key: string) => `菜单 ${key} 不存在`,
  systemMenuAdminOnly: '系统管理菜单只能授予系统管理员角色',
  adminKeepsSystemMenu: '系统管理员角色必须保留系统管理菜单',
  departmentNotFound: '部门不存在',
  departmentIdRule: '部门编码只能包含字母、数字、下划线和短横线，长度1至32位',
  departmentIdTaken: (id: string) => `部门编码 ${id} 已存在`,
  departmentNameRequired: '请输入部门名称',
  departmentParentUnknown: '上级部门不存在或已停用',
  departmentCycle: '不能把部门移到它自己或它的下级部门之下',
  departmentInUse: (users: number, children: number) =>
    `该部门下仍有 ${users} 名在用人员、${children} 个在用下级部门，请先调整后再停用`,
  chargeUserUnknown: '负责人不存在或已停用',
  sessionNotFound: '会话不存在或已结束',
  sessionEnded: '会话已结束',
  endOwnSession: '不能结束当前会话，请使用退出登录',
  casServerRequired: '启用统一身份认证时必须填写认证服务器地址和本系统地址',
  casReachable: (status: number) => `认证服务器可以访问（HTTP ${status}）`,
  casUnreachable: (reason: string) => `无法访问认证服务器：${reason}`,
  importDone: (n: number) => `导入成功，共 ${n} 名用户`,
  importBusy: '已有一个用户导入正在进行，请等待其完成',
  importJobNotFound: '导入任务不存在或已过期',
  mustChangePassword: '管理员已重置您的密码，请先修改密码',
  historyNotFound: '记录不存在，或您无权查看它的操作记录',
} as const;

/** 工号: letters, digits, underscore, hyphen. */
export const USER_ID = /^[A-Za-z0-9_-]{1,32}$/;
export const DEPARTMENT_ID = /^[A-Za-z0-9_-]{1,32}$/;

const trimmed = (max: number) => z.string().trim().max(max);
const optionalFormatted = (re: RegExp, message: string) =>
  z
    .string()
    .max(100)
    .optional()
    .nullable()
    .transform((v) => v?.trim() ?? '')
    .refine((v) => v === '' || re.test(v), message);

/** Whether an e-mail or phone (spec-2 §5) is acceptable: empty, or in format. */
export const emailOk = (v: string) => v === '' || EMAIL.test(v);
export const phoneOk = (v: string) => v === '' || PHONE.test(v);

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const AdminUserSchema = z.object({
  userId: z.string().describe('工号 / staff number'),
  userName: z.string().describe('姓名 / name'),
  sex: z.number().int().nullable().describe('性别 1男 2女 / sex'),
  email: z.string().nullable().describe('邮箱 / e-mail'),
  phone: z.string().nullable().describe('联系电话 / phone'),
  departmentId: z.string().nullable().describe('部门id / bmid'),
  departmentName: z.string().nullable().describe('部门名称 / bmmc'),
  userTypeId: z.string().nullable().describe('用户类型id / user type'),
  userTypeName: z.string().nullable().describe('用户类型名称 / user type name'),
  roles: z.array(z.object({ roleId: z.string(), roleName: z.string() })).describe('角色 / roles'),
  enabled: z.boolean().describe('是否启用 / enabled'),
  mustChangePassword: z.boolean().describe('下次登录须修改密码 / must change the password at next sign-in'),
  lastAccessAt: DateTimeSchema.nullable().describe('最近登录时间 / last sign-in'),
  createdAt: DateTimeSchema.describe('创建时间 / created'),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserQuerySchema = z.object({
  pageNum: PageNumSchema,
  pageSize: pageSize(10),
  keyword: trimmed(60).optional().describe('工号或姓名关键字 / staff number or name contains'),
  departmentId: trimmed(32).optional().describe('部门 / department'),
  roleId: trimmed(64).optional().describe('角色 / role'),
  userTypeId: trimmed(32).optional().describe('用户类型 / user type'),
  enabled: z.enum(['true', 'false']).optional().describe('启用状态 / enabled or not'),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;
export const AdminUserPageSchema = listOf(AdminUserSchema);

const passwordField = z
  .string()
  .max(128)
  .refine((p) => p.trim() !== '', AUTH_MSG.notBlank)
  .refine(isStrongPassword, AUTH_MSG.passwordRule);

const userFields = {
  userName: trimmed(60).min(1, SYSTEM_MSG.userNameRequired).describe('姓名 / name'),
  sex: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, AUTH_MSG.sexInvalid)
    .optional()
    .nullable()
    .describe('性别 1男 2女 / sex'),
  email: optionalFormatted(EMAIL, AUTH_MSG.emailInvalid).describe('邮箱 / e-mail'),
  phone: optionalFormatted(PHONE, AUTH_MSG.phoneInvalid).describe('联系电话 / phone'),
  departmentId: trimmed(32).optional().nullable().describe('部门id / department'),
  userTypeId: trimmed(32).optional().nullable().describe('用户类型id / user type'),
  roleIds: z.array(trimmed(64).min(1)).max(50).default([]).describe('角色 / roles'),
};

export const AdminUserCreateSchema = z.object({
  userId: z.string().trim().regex(USER_ID, SYSTEM_MSG.userIdRule).describe('工号 / staff number'),
  ...userFields,
  password: passwordField.describe('初始密码（首次登录须修改） / initial password, changed at first sign-in'),
});
export type AdminUserCreate = z.infer<typeof AdminUserCreateSchema>;
export const AdminUserUpdateSchema = z.object(userFields);
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;
export const UserIdParamsSchema = z.object({ userId: z.string().regex(USER_ID, SYSTEM_MSG.userIdRule) });

export const PasswordResetSchema = z
  .object({
    password: passwordField.describe('新密码 / new password'),
    passwordCopy: z.string().max(128).describe('确认新密码 / again'),
  })
  .refine((v) => v.password === v.passwordCopy, { message: AUTH_MSG.passwordMismatchConfirm, path: ['passwordCopy'] });

/** The columns of the user workbook: the template, the import and the export (which imports back). */
export const USER_EXCEL_COLUMNS = [
  { key: 'userId', header: '工号' },
  { key: 'userName', header: '姓名' },
  { key: 'sex', header: '性别' },
  { key: 'departmentId', header: '部门编码' },
  { key: 'departmentName', header: '部门名称' },
  { key: 'userTypeId', header: '用户类型编码' },
  { key: 'roleIds', header: '角色编码' },
  { key: 'phone', header: '联系电话' },
  { key: 'email', header: '邮箱' },
  { key: 'enabled', header: '状态' },
] as const;
/** Roles in one cell: codes separated by commas. */
export const ROLE_SEPARATOR = /[,，;；、\s]+/;
export const SEX_TEXT: Record<number, string> = { 1: '男', 2: '女' };
export const ENABLED_TEXT = { true: '启用', false: '停用' } as const;

/** The row-by-row refusal of a user import. */
export const UserImportProblemSchema = z.object({
  row: z.number().int().describe('行号 / row'),
  column: z.string().describe('列（整行问题为空） / column'),
  reason: z.string().describe('原因 / rule broken'),
  value: z.string().nullable().describe('单元格的值（截短） / the cell value, cut short'),
});
export const UserImportReportSchema = z.object({
  errorCount: z.number().int().describe('错误总数 / problems found'),
  errors: z.array(UserImportProblemSchema).describe('逐行错误报告 / the row-by-row report'),
});
export type UserImportReport = z.infer<typeof UserImportReportSchema>;
export const UserImportResultSchema = z.object({
  created: z.number().int().describe('新增人数 / users created'),
  updated: z.number().int().describe('更新人数 / users updated'),
});
export const UserImportJobSchema = jobSchema(UserImportResultSchema, UserImportReportSchema);
export type UserImportJob = z.infer<typeof UserImportJobSchema>;
export const USER_IMPORT_STEPS = { reading: '正在读取文件', checking: '正在校验', importing: '正在导入' } as const;

// Roles and menus

export const AdminRoleSchema = z.object({
  roleId: z.string().describe('角色id / role id'),
  roleName: z.string().describe('角色名称 / role name'),
  builtIn: z.boolean().describe('内置角色（不可删除） / built in'),
  userCount: z.number().int().describe('持有人数 / users holding it'),
  menuKeys: z.array(z.string()).describe('可见菜单 / menu keys granted'),
});
export type AdminRole = z.infer<typeof AdminRoleSchema>;
export const AdminRoleListSchema = z.array(AdminRoleSchema);
export const RoleInputSchema = z.object({
  roleName: trimmed(60).min(1, SYSTEM_MSG.roleNameRequired).describe('角色名称 / role name'),
});
export const RoleIdParamsSchema = z.object({ roleId: z.string().min(1).max(64) });
export const RoleMenusSchema = z.object({
  menuKeys: z.array(z.string().trim().min(1).max(64)).max(200).describe('菜单 key / menu keys'),
});
export const RoleUsersQuerySchema = z.object({ pageNum: PageNumSchema, pageSize: pageSize(10) });
export const RoleUserPageSchema = listOf(
  z.object({
    userId: z.string().describe('工号 / staff number'),
    userName: z.string().describe('姓名 / name'),
    departmentName: z.string().nullable().describe('部门 / department'),
    enabled: z.boolean(),
  }),
);

// Departments

export const AdminDepartmentSchema = z.object({
  departmentId: z.string().describe('部门编码 / bmid'),
  departmentName: z.string().describe('部门名称 / bmmc'),
  parentId: z.string().nullable().describe('上级部门 / parent'),
  shortNameZh: z.string().describe('中文简称 / short Chinese name'),
  shortNameEn: z.string().describe('英文简称 / short English name'),
  chargeUserId: z.string().nullable().describe('负责人工号 / head'),
  chargeUserName: z.string().nullable().describe('负责人姓名 / head name'),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  userCount: z.number().int().describe('在用人员数 / enabled users'),
});
export type AdminDepartment = z.infer<typeof AdminDepartmentSchema>;
export const AdminDepartmentListSchema = z.array(AdminDepartmentSchema);
const departmentFields = {
  departmentName: trimmed(100).min(1, SYSTEM_MSG.departmentNameRequired).describe('部门名称 / name'),
  parentId: trimmed(32).optional().nullable().describe('上级部门 / parent'),
  shortNameZh: trimmed(30).optional().describe('中文简称 / short Chinese name'),
  shortNameEn: trimmed(30).optional().describe('英文简称 / short English name'),
  chargeUserId: trimmed(64).optional().nullable().describe('负责人工号 / head'),
  sortOrder: int32().min(0).optional().describe('排序 / order'),
};
export const DepartmentCreateSchema = z.object({
  departmentId: z.string().trim().regex(DEPARTMENT_ID, SYSTEM_MSG.departmentIdRule).describe('部门编码 / code'),
  ...departmentFields,
});
export type DepartmentCreate = z.infer<typeof DepartmentCreateSchema>;
export const DepartmentUpdateSchema = z.object(departmentFields);
export type DepartmentUpdate = z.infer<typeof DepartmentUpdateSchema>;
export const DepartmentIdParamsSchema = z.object({ departmentId: z.string().regex(DEPARTMENT_ID) });

// Audit log

export const AuditEntrySchema = z.object({
  id: z.string().describe('日志id（按此翻页） / entry id, the paging key'),
  at: DateTimeSchema.describe('时间 / when'),
  actorId: z.string().nullable().describe('操作人工号 / who'),
  actorName: z.string().nullable().describe('操作人 / who'),
  action: z.string().describe('操作 / action'),
  entityType: z.string().describe('对象类型（模块） / record type'),
  entityId: z.string().nullable().describe('对象id / record id'),
  detail: z.string().nullable().describe('详情（JSON） / details'),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
const dateTimeParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss');
export const AuditFilterSchema = z.object({
  actorId: trimmed(64).optional().describe('操作人工号 / who'),
  entityType: trimmed(64).optional().describe('对象类型（模块） / record type'),
  entityId: trimmed(64).optional().describe('对象id / record id'),
  action: trimmed(64).optional().describe('操作 / action'),
  from: dateTimeParam.optional().describe('起（含） / from'),
  to: dateTimeParam.optional().describe('止（含当天） / to'),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;
export const AuditLogQuerySchema = AuditFilterSchema.extend({
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .describe('从此id之前翻页（上一页最后一条的id） / page before this id'),
  pageSize: int32().min(1).max(200).default(20),
});
export const AuditPageSchema = z.object({
  list: z.array(AuditEntrySchema),
  next: z.string().nullable().describe('下一页的 before 值；无更多时为空 / the next page key'),
});
/** A record's own history: its type as the audit log names it (targetTask, yearTarget, standard, fillTask) and id. */
export const RecordHistoryQuerySchema = z.object({
  entityType: trimmed(64).describe('对象类型 / record type'),
  entityId: trimmed(64).describe('对象id / record id'),
});
/** At most this many entries of one record's history (newest first). */
export const RECORD_HISTORY_MAX = 200;
export const AuditOptionsSchema = z.object({
  entityTypes: z.array(z.string()).describe('对象类型 / record types'),
  actions: z.array(z.string()).describe('操作 / actions'),
});
/** At most this many rows in one audit-log export. */
export const AUDIT_EXPORT_MAX = 50_000;

// Sessions

export const AdminSessionSchema = z.object({
  sessionId: z.string().describe('会话标识（摘要） / session handle'),
  userId: z.string(),
  userName: z.string(),
  ip: z.string().nullable().describe('地址 / address'),
  userAgent: z.string().nullable().describe('浏览器 / user agent'),
  createdAt: DateTimeSchema.describe('登录时间 / since'),
  lastSeenAt: DateTimeSchema.describe('最近活动 / last seen'),
  current: z.boolean().describe('当前会话 / the caller’s own'),
});
export const AdminSessionPageSchema = listOf(AdminSessionSchema);
export const SessionQuerySchema = z.object({
  pageNum: PageNumSchema,
  pageSize: pageSize(20),
  keyword: trimmed(60).optional().describe('工号或姓名 / staff number or name'),
});
export const SessionIdParamsSchema = z.object({ sessionId: z.string().regex(/^[0-9a-f]{64}$/) });

// Settings

export const AdminSettingSchema = z.object({
  systemName: z.string().describe('系统名称 / system name'),
  logoUrl: z.string().nullable().describe('系统标志 / logo'),
  casEnabled: z.boolean().describe('启用统一身份认证 / CAS on'),
  casServerUrl: z.string().nullable().describe('认证服务器地址 / CAS server'),
  casServiceUrl: z.string().nullable().describe('本系统地址（CAS 服务） / this platform as the service'),
  casUserAttribute: z
    .string()
    .nullable()
    .describe('携带工号的属性（空则为 user） / attribute carrying the staff number'),
  sessionIdleMinutes: z.number().int().describe('会话空闲超时（分钟） / idle timeout'),
});
export type AdminSetting = z.infer<typeof AdminSettingSchema>;
const urlOrEmpty = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), '地址应以 http:// 或 https:// 开头')
  .optional();
export const AdminSettingUpdateSchema = z
  .object({
    systemName: trimmed(200).min(1, '请输入系统名称').describe('系统名称 / system name'),
    casEnabled: flag.default(false),
    casServerUrl: urlOrEmpty,
    casServiceUrl: urlOrEmpty,
    casUserAttribute: z
      .string()
      .trim()
      .max(60)
      .regex(/^[A-Za-z0-9_:.-]*$/, '属性名只能包含字母、数字、下划线、冒号、点和短横线')
      .optional(),
    sessionIdleMinutes: int32()
      .min(5, '会话空闲超时为5至10080分钟')
      .max(10080, '会话空闲超时为5至10080分钟')
      .describe('会话空闲超时（分钟） / idle timeout'),
  })
  .refine((v) => !v.casEnabled || (v.casServerUrl && v.casServiceUrl), {
    message: SYSTEM_MSG.casServerRequired,
    path: ['casServerUrl'],
  });
export type AdminSettingUpdate = z.infer<typeof AdminSettingUpdateSchema>;
export const CasTestSchema = z.object({
  casServerUrl: z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s]+$/, '地址应以 http:// 或 https:// 开头'),
});
export const CasTestResultSchema = z.object({
  reachable: z.boolean(),
  message: z.string(),
});

/** The audit log's record types (modules) in Chinese; a type not named here is shown as written. */
export const AUDIT_ENTITY_NAMES: Record<string, string> = {
  user: '用户',
  role: '角色',
  department: '部门',
  system: '系统设置',
  targetTask: '目标任务',
  yearTarget: '年度目标',
  targetReport: '任务报告',
  reportTemplate: '报告模板',
  reportCover: '报告封面',
  warningType: '预警类型',
  taskWarning: '任务预警',
  taskType: '任务类型',
  urge: '督办',
  tableConfig: '表格配置',
  warehouse: '数据仓库',
  warehouseTable: '仓库表',
  warehouseRow: '仓库表数据',
  standard: '目标标准',
  standardDepot: '质控点任务库',
  file: '文件',
  departmentVersion: '部门版本',
  dataSource: '数据源',
  cycleValue: '周期',
  collectionTask: '采集任务',
  fillTask: '填报任务',
  algorithm: '算法',
  algorithmGroup: '算法组',
};

const AUDIT_VERBS: Record<string, string> = {
  create: '新增',
  insert: '新增',
  update: '修改',
  delete: '删除',
  remove: '删除',
  import: '导入',
  export: '导出',
  enable: '启用',
  disable: '停用',
  login: '登录',
  failed: '登录失败',
  cas: '统一身份认证登录',
  change: '修改',
  publish: '发布',
  audit: '审核',
  copy: '复制',
  recover: '恢复',
  purge: '彻底删除',
  resetPassword: '重置密码',
  grantRole: '授予角色',
  revokeRole: '移除角色',
  menus: '修改菜单',
  endSession: '结束会话',
};

/** An action in words: its verb in Chinese when known, with the action as written after it. */
export function auditActionName(action: string): string {
  const verb = AUDIT_VERBS[action.split('.').pop() ?? ''] ?? AUDIT_VERBS[action];
  return verb ? `${verb}（${action}）` : action;
}
