import { z } from 'zod';
import { int32 } from './primitives';

/**
 * Data sources (数据源, spec-2 §7.8 "Data management": datasource): external PostgreSQL databases that algorithms read
 * from. Their passwords are kept encrypted by the server and never sent back: an answer says `hasPassword` instead.
 */

/** The kinds of database a data source may be: PostgreSQL only; any other kind is refused, never half-supported. */
export const DATASOURCE_KINDS = ['postgresql'] as const;
export type DataSourceKind = (typeof DATASOURCE_KINDS)[number];
export const DATASOURCE_KIND_NAMES: Record<DataSourceKind, string> = { postgresql: 'PostgreSQL' };

export const DATASOURCE_LIMITS = {
  nameMax: 60,
  hostMax: 253,
  /** PostgreSQL's identifier limit: database, user and schema names. */
  identMax: 63,
  passwordMax: 200,
  noteMax: 300,
  defaultPort: 5432,
  /** A connection test answers within this many milliseconds, whatever the other side does. */
  testTimeoutMs: 5000,
  /** Schemas a data source may declare (what algorithms run on it may read). */
  schemasMax: 10,
} as const;

export const DATASOURCE_MSG = {
  notFound: '数据源不存在或已被删除',
  nameTaken: (name: string) => `数据源名称“${name}”已存在`,
  /** Deleting a source an algorithm's current version runs on (the reason from the algorithms, 正被算法“…”…使用). */
  inUse: (name: string, reason: string) => `数据源“${name}”${reason}，不能删除`,
  nameRequired: '请输入数据源名称',
  kindUnsupported: '不支持的数据源类型',
  hostRequired: '请输入主机地址',
  hostFormat: '主机地址只能包含字母、数字、点、连字符和冒号（IPv6）',
  portRange: '端口应为 1 到 65535 之间的整数',
  databaseRequired: '请输入数据库名',
  userRequired: '请输入用户名',
  identFormat: '不能包含空白以外的控制字符',
  tooLong: (max: number) => `不能超过 ${max} 个字符`,
  testNeedsTarget: '请选择要测试的数据源，或填写主机、数据库和用户名',
  created: '新增成功',
  saved: '保存成功',
  deleted: '删除成功',
  deletedCount: (n: number) => `已删除 ${n} 个数据源`,
  passwordKept: '留空则不修改',
  /** The stored password goes only with the host, port, database and user it was saved for. */
  passwordForNewTarget: '修改了主机、端口、数据库或用户名，请重新输入密码（已保存的密码只用于原来的连接）',
  schemaSystem: (schema: string) => `不能声明系统模式“${schema}”`,
  schemasMax: `最多声明 ${DATASOURCE_LIMITS.schemasMax} 个模式`,
  schemaRequired: '模式名不能为空',
  /** Where a data source may not point (checked when it is saved, and at every connection). */
  destination: {
    ownDatabase: '不能指向本系统自己的数据库（或其副本）',
    ownServer:
      '不能指向本系统数据库所在的服务器（如确需使用其上的其他数据库，请由运维在 DATASOURCE_ALLOWED_HOSTS 中列出该主机）',
    linkLocal: '不能指向链路本地地址或云服务器元数据地址（169.254.0.0/16、fe80::/10 等）',
    notAllowed: (host: string) => `主机“${host}”不在允许的数据源地址范围内（由运维在 DATASOURCE_ALLOWED_HOSTS 中设置）`,
  },
  /** The connection test's answers. */
  testOk: (version: string) => `连接成功（PostgreSQL ${version}）`,
  testFailed: (reason: string) => `连接失败：${reason}`,
  reason: {
    refused: '主机无法连接（连接被拒绝，请检查主机地址与端口，以及对方是否允许远程连接）',
    unresolved: '主机无法连接（主机名无法解析）',
    unreachable: '主机无法连接（网络不可达）',
    timeout: '连接超时（5 秒内对方没有应答）',
    badPassword: '用户名或密码错误',
    noPassword: '用户名或密码错误（对方要求密码，但没有提供密码）',
    rejected: '对方拒绝了该用户的连接（请检查 pg_hba.conf 或是否需要 SSL）',
    noDatabase: '数据库不存在',
    noPrivilege: '该用户没有连接此数据库的权限',
    noSchema: (schema: string) => `模式不存在（${schema}）`,
    tooManyConnections: '对方的连接数已满',
    starting: '对方数据库正在启动或关闭',
    closed: '连接被对方中断（对方可能不是 PostgreSQL 服务器）',
    protocol: '对方的应答无法识别（对方可能不是 PostgreSQL 服务器）',
    keyMismatch: '已保存的密码无法解密（加密密钥已更换），请重新输入密码',
    other: (detail: string) => `未知错误（${detail}）`,
  },
} as const;

const text = (max: number) => z.string().trim().max(max, DATASOURCE_MSG.tooLong(max));
const required = (max: number, message: string) => text(max).min(1, message);
/** No control characters (a database, user or schema name cannot hold them usefully). */
const ident = (message: string) =>
  required(DATASOURCE_LIMITS.identMax, message).regex(/^[^\p{Cc}]+$/u, DATASOURCE_MSG.identFormat);
/** A host name, an IPv4 address or an IPv6 address (with or without brackets). */
const host = required(DATASOURCE_LIMITS.hostMax, DATASOURCE_MSG.hostRequired).regex(
  /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-:]+)$/,
  DATASOURCE_MSG.hostFormat,
);
const port = int32().min(1, DATASOURCE_MSG.portRange).max(65535, DATASOURCE_MSG.portRange);
/** Any text as the kind, so that a kind other than PostgreSQL is answered with 不支持的数据源类型. */
const kind = z
  .string(DATASOURCE_MSG.kindUnsupported)
  .trim()
  .default('postgresql')
  .transform((s) => s.toLowerCase())
  .refine((s): s is DataSourceKind => (DATASOURCE_KINDS as readonly string[]).includes(s), {
    message: DATASOURCE_MSG.kindUnsupported,
  })
  .transform((s) => s as DataSourceKind);
/** An optional text: empty means none. */
const optional = (max: number) =>
  text(max)
    .nullish()
    .transform((s) => s || null);
const password = z
  .string()
  .max(DATASOURCE_LIMITS.passwordMax, DATASOURCE_MSG.tooLong(DATASOURCE_LIMITS.passwordMax))
  .nullish()
  .transform((s) => s || null);
const Id = int32().positive();

/** A schema a data source declares: an identifier, never a system schema (pg_*, information_schema). */
const declaredSchema = required(DATASOURCE_LIMITS.identMax, DATASOURCE_MSG.schemaRequired)
  .regex(/^[^\p{Cc}]+$/u, DATASOURCE_MSG.identFormat)
  .refine((s) => !/^pg_/i.test(s) && s.toLowerCase() !== 'information_schema', {
    error: (issue) => DATASOURCE_MSG.schemaSystem(String(issue.input)),
  });
/** The declared schemas: one or more, duplicates dropped; none sent means the legacy `schema` (or public). */
const schemasField = z
  .array(declaredSchema)
  .max(DATASOURCE_LIMITS.schemasMax, DATASOURCE_MSG.schemasMax)
  .optional()
  .describe('声明的模式（一个或多个；未传则用 schema，都没有为 public） / declared schemas');

/** The declared schemas of a form: `schemas` when sent and not empty, else the one `schema`, else public. */
export function declaredSchemas(v: { schemas?: string[] | undefined; schema?: string | null | undefined }): string[] {
  const list = v.schemas?.length ? v.schemas : v.schema ? [v.schema] : ['public'];
  return [...new Set(list)];
}

export const DataSourceSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('名称 / name'),
  kind: z.enum(DATASOURCE_KINDS).describe('类型：postgresql / kind'),
  host: z.string().describe('主机 / host'),
  port: z.number().int().describe('端口 / port'),
  database: z.string().describe('数据库 / database'),
  user: z.string().describe('用户名 / user'),
  schema: z.string().nullable().describe('第一个声明的模式（兼容旧客户端） / the first declared schema'),
  // Always sent; optional in the type only so that clients written before it still type-check.
  schemas: z
    .array(z.string())
    .optional()
    .describe('声明的模式（总会返回）：在此数据源上运行的算法只能读取这些模式 / the schemas algorithms on it may read'),
  note: z.string().nullable().describe('说明 / note'),
  hasPassword: z.boolean().describe('已保存密码（密码本身从不返回） / a password is stored'),
  createdAt: z.string().describe('创建时间 / created at'),
  updatedAt: z.string().describe('修改时间 / updated at'),
});
export type DataSource = z.infer<typeof DataSourceSchema>;

const FormShape = {
  name: required(DATASOURCE_LIMITS.nameMax, DATASOURCE_MSG.nameRequired).describe('名称 / name'),
  kind: kind.describe('类型（仅支持 postgresql） / kind'),
  host: host.describe('主机 / host'),
  port: port.default(DATASOURCE_LIMITS.defaultPort).describe('端口（默认 5432） / port'),
  database: ident(DATASOURCE_MSG.databaseRequired).describe('数据库 / database'),
  user: ident(DATASOURCE_MSG.userRequired).describe('用户名 / user'),
  password: password.describe('密码（加密保存；修改时留空则不修改） / password'),
  schema: optional(DATASOURCE_LIMITS.identMax)
    .refine((s) => s === null || (!/^pg_/i.test(s) && s.toLowerCase() !== 'information_schema'), {
      error: (issue) => DATASOURCE_MSG.schemaSystem(String(issue.input)),
    })
    .describe('模式（只声明一个时；空为 public） / one schema'),
  schemas: schemasField,
  note: optional(DATASOURCE_LIMITS.noteMax).describe('说明 / note'),
};

/** The form of a data source; its declared schemas are `declaredSchemas(form)` (`schemas`, else `schema`, else public). */
export const DataSourceInputSchema = z.object(FormShape);
export type DataSourceInput = z.infer<typeof DataSourceInputSchema>;
export const DataSourceUpdateSchema = z.object({ id: Id.describe('id'), ...FormShape });
export type DataSourceUpdate = z.infer<typeof DataSourceUpdateSchema>;

/**
 * What 测试连接 tests: a saved data source (`id` alone, with its saved settings only), or the dialog's form (`host`,
 * `database`, `user` ...). A form with the `id` of a saved source and no password uses the saved password only when
 * its host, port, database and user are the saved ones; otherwise the password must be typed again.
 */
export const DataSourceTestSchema = z
  .object({
    id: Id.optional().describe('已保存的数据源id / a saved data source'),
    name: z.string().max(200).optional().describe('名称（测试时不使用） / name, unused'),
    note: z.string().max(2000).nullish().describe('说明（测试时不使用） / note, unused'),
    kind: kind.describe('类型 / kind'),
    host: host.optional().describe('主机 / host'),
    port: port.optional().describe('端口 / port'),
    database: ident(DATASOURCE_MSG.databaseRequired).optional().describe('数据库 / database'),
    user: ident(DATASOURCE_MSG.userRequired).optional().describe('用户名 / user'),
    password: password.describe('密码 / password'),
    schema: optional(DATASOURCE_LIMITS.identMax).describe('模式 / schema'),
    schemas: schemasField,
  })
  .superRefine((v, ctx) => {
    const form = v.host !== undefined || v.database !== undefined || v.user !== undefined;
    if (!form && v.id === undefined) {
      ctx.addIssue({ code: 'custom', message: DATASOURCE_MSG.testNeedsTarget });
      return;
    }
    if (form) {
      if (v.host === undefined) ctx.addIssue({ code: 'custom', path: ['host'], message: DATASOURCE_MSG.hostRequired });
      if (v.database === undefined)
        ctx.addIssue({ code: 'custom', path: ['database'], message: DATASOURCE_MSG.databaseRequired });
      if (v.user === undefined) ctx.addIssue({ code: 'custom', path: ['user'], message: DATASOURCE_MSG.userRequired });
    }
  });
export type DataSourceTest = z.infer<typeof DataSourceTestSchema>;

/** The answer of 测试连接: whether it connected, the Chinese message, the server's version and the time taken. */
export const DataSourceTestResultSchema = z.object({
  success: z.boolean().describe('是否连接成功 / connected'),
  message: z.string().describe('连接成功（版本）或 连接失败：原因 / the outcome in Chinese'),
  version: z.string().nullable().describe('对方的 PostgreSQL 版本 / server version'),
  elapsedMs: z.number().int().describe('耗时（毫秒） / time taken'),
  // Optional in the type only, as DataSourceSchema.schemas.
  schemas: z
    .array(z.string())
    .nullable()
    .optional()
    .describe('连接成功时：该用户可用的模式，供选择声明（失败为 null） / on success, the schemas the user may use'),
});
export type DataSourceTestResult = z.infer<typeof DataSourceTestResultSchema>;

export const DataSourceQuerySchema = z.object({
  current: int32().min(1).default(1).describe('当前页 / current page'),
  size: int32().min(1).max(200).default(10).describe('每页条数 / page size'),
  name: z.string().trim().max(60).optional().describe('名称关键字 / name contains'),
});

export const DataSourceIdsSchema = z.object({
  ids: z
    .union([z.array(Id), Id.transform((n) => [n])])
    .pipe(z.array(z.number().int()).min(1).max(200))
    .describe('id列表 / ids'),
});
export const DataSourceIdParamSchema = z.object({ id: Id.describe('id') });

/** The 数据源 tab's words (apps/web features/data-manage/DataSourcePanel.tsx). */
export const DATASOURCE_TEXT = {
  tab: '数据源',
  add: '新增数据源',
  edit: '修改数据源',
  search: '按名称搜索',
  name: '名称',
  kind: '类型',
  host: '主机',
  port: '端口',
  hostPort: '主机:端口',
  database: '数据库',
  user: '用户名',
  password: '密码',
  schema: '模式',
  schemaPlaceholder: '留空为 public',
  note: '说明',
  passwordState: '密码',
  passwordSaved: '已保存',
  passwordNone: '未设置',
  passwordKeep: '留空则不修改',
  updatedAt: '修改时间',
  actions: '操作',
  test: '测试连接',
  testing: '正在测试…',
  modify: '修改',
  delete: '删除',
  batchDelete: '批量删除',
  confirmDelete: (name: string) => `确定删除数据源“${name}”吗？`,
  confirmBatchDelete: (n: number) => `确定删除选中的 ${n} 个数据源吗？`,
  empty: '暂无数据源',
  elapsed: (ms: number) => `耗时 ${(ms / 1000).toFixed(1)} 秒`,
} as const;
