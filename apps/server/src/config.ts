import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseHostRules } from './platform/net-rules';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** A 32-byte key written as 64 hex digits or as base64, or null when it is neither. */
export function parseKey(s: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(s)) return Buffer.from(s, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(s)) {
    const key = Buffer.from(s, 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The embedded PostgreSQL's loopback port (no DATABASE_URL); a free port is chosen when unset. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: bool.default(false),
  TRUST_PROXY: bool.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(10080).default(120),
  /**
   * The school's time zone: "today" (filling windows, deadlines, the warning job's days and hours) is the school's day,
   * whatever zone the machine runs in. main.ts sets the process's TZ from it.
   */
  TZ: z
    .string()
    .default('Asia/Shanghai')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'unknown time zone (an IANA name such as Asia/Shanghai)'),
  SEED_DEMO: bool.default(true),
  /** With SEED_DEMO: the demo school's story too (tasks, reports, warnings...); false gives the accounts alone. */
  SEED_DEMO_STORY: bool.default(true),
  FEATURE_FLAGS: z
    .string()
    .default('newTaskManagement')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  CAS_ENABLED: bool.default(false),
  CAS_SERVER_URL: z.string().url().optional().describe('CAS server base, e.g. https://cas.example.edu.cn/cas'),
  CAS_SERVICE_URL: z
    .string()
    .url()
    .optional()
    .describe(
      'this platform as the CAS service, e.g. https://zg.example.edu.cn/; tickets for other services are refused',
    ),
  CAS_VALIDATE_PATH: z.enum(['/serviceValidate', '/p3/serviceValidate']).default('/serviceValidate'),
  /** Sign-in limits (README "Settings"; docs/ARCHITECTURE.md "Security model"). */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_DELAY_AFTER_FAILURES_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_DELAY_AFTER_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100000).default(100),
  /** The longest wait a failing sign-in is asked for: at most a minute, so no failures keep the right password out long. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(10240).default(500),
  CHUNK_TTL_HOURS: z.coerce.number().positive().default(24),
  JOB_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** A running job's lease, renewed by its worker every third of it; a dead worker's job is noticed when it runs out. */
  JOB_LOCK_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Jobs one worker runs at once (a long import does not hold up a file merge). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Worker processes serving requests (node:cluster; main.ts). Unset: one per core (os.availableParallelism()), or one
   * with TEST_HOOKS (the moved clock lives in a process). 1 runs the server in a single process, as before.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Browser tests only: lets an administrator move the server clock (POST /api/test/clock). Never in production. */
  TEST_HOOKS: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  /** Excel imports (platform/excel.ts): data rows of one sheet, and bytes inflated from one workbook. */
  XLSX_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  XLSX_MAX_INFLATED_MB: z.coerce.number().int().min(1).max(1024).default(64),
  /**
   * The key that seals secrets kept in the database (data-source passwords; platform/secret-box.ts): 32 bytes as 64 hex
   * digits or as base64. Unset: a key file generated on first use, DATA_DIR/encryption.key (0600).
   */
  ENCRYPTION_KEY: z
    .string()
    .refine((s) => parseKey(s) !== null, '应为 32 字节的密钥：64 位十六进制数字，或其 base64 编码')
    .optional(),
  /**
   * Where data sources may point (README "Data sources"): host names, `*.suffix` wildcards, addresses and CIDR
   * ranges. Unset: any host but this application's own database server and link-local / metadata addresses, which
   * are refused in every case (the application's own database too).
   */
  DATASOURCE_ALLOWED_HOSTS: z
    .string()
    .superRefine((s, ctx) => {
      const parsed = parseHostRules(s);
      if ('bad' in parsed)
        ctx.addIssue({
          code: 'custom',
          message: `无法识别“${parsed.bad}”：应为主机名、*.域名、IP 地址或 CIDR 网段，以逗号或空格分隔`,
        });
    })
    .optional(),
  /**
   * Algorithms (modules/algorithm): one run's statement timeout, its row and byte caps (the rows' text), a batch's
   * overall deadline, and runs at once per instance.
   */
  ALGORITHM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  ALGORITHM_ROW_CAP: z.coerce.number().int().min(1).max(100_000).default(5000),
  ALGORITHM_BYTE_CAP: z.coerce.number().int().min(1000).max(100_000_000).default(5_000_000),
  ALGORITHM_BATCH_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  ALGORITHM_MAX_CONCURRENT: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Quality warnings (modules/quality-warning): the shared secret of handleWarningRemote's HMAC-SHA256 signature
   * (at least 32 characters; unset: remote warnings are refused), and how far a call's timestamp may be from now.
   */
  WARNING_REMOTE_SECRET: z.string().min(32, 'WARNING_REMOTE_SECRET 至少 32 个字符').optional(),
  WARNING_REMOTE_MAX_SKEW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /**
   * The daily e-mail digest of unread notifications (modules/notification; README "Settings"): off unless
   * NOTIFY_DIGEST_ENABLED, then one mail per user per day at NOTIFY_DIGEST_HOUR (the school's time) over SMTP_*.
   */
  NOTIFY_DIGEST_ENABLED: bool.default(false),
  NOTIFY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  SMTP_HOST: z.string().max(255).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().max(255).optional(),
  SMTP_PASSWORD: z.string().max(1000).optional(),
  SMTP_FROM: z.string().max(255).optional(),
  /** Connecting, the greeting and each answer of the SMTP server: a server that never answers fails the try after it. */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The platform's address for the digest's link (https://zg.example.edu.cn/); unset: the mail names no link. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * HTTPS on PORT, speaking HTTP/2 (HTTP/1.1 to clients without it): the certificate (PEM, with its chain) and its
   * private key. Unset: plain HTTP, for a reverse proxy in front (README, "Behind a reverse proxy").
   */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
});

export type Config = z.infer<typeof EnvSchema>;

/** Settings that were replaced; naming one stops the start rather than leaving it silently ignored. */
const RETIRED: [string, string][] = [
  ['LOGIN_MAX_FAILURES_PER_USER', 'LOGIN_DELAY_AFTER_FAILURES_PER_USER'],
  // An account is no longer refused from an address for the rest of a window: failures only ever add a delay.
  ['LOGIN_MAX_FAILURES_PER_PAIR', 'LOGIN_DELAY_AFTER_FAILURES_PER_USER（登录失败不再锁定，只延迟，最长 1 分钟）'],
  ['LOGIN_MAX_FAILURES_PER_IP', 'LOGIN_DELAY_AFTER_FAILURES_PER_IP'],
];

/** A start-up configuration problem; its message names the variable. */
export class ConfigError extends Error {}

/** Reads and validates the configuration from the environment; empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') input[key] = v.trim();
  }
  const parsed = EnvSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '');
      return `环境变量 ${name} 的值无效（${JSON.stringify(input[name] ?? '')}）：${i.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const c = parsed.data;
  for (const [gone, instead] of RETIRED) {
    if (env[gone]?.trim()) throw new ConfigError(`环境变量 ${gone} 已不再使用，请改用 ${instead}`);
  }
  if (c.CAS_ENABLED && (!c.CAS_SERVER_URL || !c.CAS_SERVICE_URL)) {
    throw new ConfigError('环境变量 CAS_SERVER_URL 和 CAS_SERVICE_URL 在 CAS_ENABLED=true 时必须设置');
  }
  if (c.NOTIFY_DIGEST_ENABLED && (!c.SMTP_HOST || !c.SMTP_FROM)) {
    throw new ConfigError('环境变量 SMTP_HOST 和 SMTP_FROM 在 NOTIFY_DIGEST_ENABLED=true 时必须设置');
  }
  if (!c.TLS_CERT_FILE !== !c.TLS_KEY_FILE) {
    throw new ConfigError('环境变量 TLS_CERT_FILE 和 TLS_KEY_FILE 须同时设置（证书和它的私钥，PEM 文件）');
  }
  for (const name of ['TLS_CERT_FILE', 'TLS_KEY_FILE'] as const) {
    const file = c[name];
    if (!file) continue;
    try {
      fs.accessSync(file, fs.constants.R_OK);
    } catch {
      throw new ConfigError(`环境变量 ${name} 指向的文件无法读取（${JSON.stringify(file)}）`);
    }
  }
  // Served over HTTPS, the session cookie is sent only over HTTPS unless COOKIE_SECURE says otherwise.
  if (c.TLS_CERT_FILE && input.COOKIE_SECURE === undefined) c.COOKIE_SECURE = true;
  if (c.TEST_HOOKS && c.WORKERS !== undefined && c.WORKERS > 1) {
    throw new ConfigError('环境变量 WORKERS 在 TEST_HOOKS=true 时只能为 1：测试时钟只在一个进程里生效');
  }
  return { ...c, DATA_DIR: path.resolve(c.DATA_DIR) };
}

/** The worker processes to start: WORKERS, or one per core (one with TEST_HOOKS). */
export function workerCount(c: Pick<Config, 'WORKERS' | 'TEST_HOOKS'>, cores = os.availableParallelism()): number {
  return c.WORKERS ?? (c.TEST_HOOKS ? 1 : Math.max(1, cores));
}
