import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Departments (部门); the head is a user. */
export const departments = pgTable(
  'departments',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    shortNameZh: varchar('short_name_zh', { length: 30 }).notNull(),
    shortNameEn: varchar('short_name_en', { length: 30 }).notNull(),
    chargeUserId: varchar('charge_user_id', { length: 64 }),
    /** The department above it in the tree (系统管理 moves it); a new department version snapshots the tree. */
    parentId: varchar('parent_id', { length: 32 }),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Every signed-in request looks up the departments its user heads (platform/session.ts).
  (t) => [index('departments_charge_user_idx').on(t.chargeUserId), index('departments_parent_idx').on(t.parentId)],
);

export const userTypes = pgTable('user_types', {
  id: varchar('id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Users (用户); the id is the staff number (工号). */
export const users = pgTable(
  'users',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    passwordHash: text('password_hash'),
    sex: smallint('sex'),
    email: varchar('email', { length: 100 }),
    phone: varchar('phone', { length: 30 }),
    qq: varchar('qq', { length: 20 }),
    headPortrait: varchar('head_portrait', { length: 64 }),
    isUseDefaultAvatar: boolean('is_use_default_avatar').notNull().default(true),
    theme: varchar('theme', { length: 40 }),
    casId: varchar('cas_id', { length: 100 }).unique(),
    departmentId: varchar('department_id', { length: 32 }).references(() => departments.id),
    userTypeId: varchar('user_type_id', { length: 32 }).references(() => userTypes.id),
    enabled: boolean('enabled').notNull().default(true),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set by an administrator's reset or a new account: every route but the self-service ones waits for a change. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_department_idx').on(t.departmentId),
    index('users_name_idx').on(t.name),
    index('users_user_type_idx').on(t.userTypeId),
  ],
);

export const roles = pgTable('roles', {
  id: varchar('id', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  builtIn: boolean('built_in').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: varchar('role_id', { length: 64 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Menu entries (菜单), keyed by the menu keys of the contract's catalogue. */
export const menus = pgTable('menus', {
  key: varchar('key', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  path: varchar('path', { length: 200 }).notNull(),
  icon: varchar('icon', { length: 40 }),
  parentKey: varchar('parent_key', { length: 64 }),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: varchar('role_id', { length: 64 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuKey: varchar('menu_key', { length: 64 })
      .notNull()
      .references(() => menus.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuKey] })],
);

/** The single system setting row (系统配置). */
export const systemSettings = pgTable('system_settings', {
  id: serial('id').primaryKey(),
  systemName: varchar('system_name', { length: 200 }).notNull(),
  logoFileId: varchar('logo_file_id', { length: 64 }),
  /** The session idle timeout; null: the SESSION_IDLE_MINUTES of the config. */
  sessionIdleMinutes: integer('session_idle_minutes'),
  /** CAS single sign-on as the administrator set it; null casEnabled: the CAS_* settings of the config. */
  casEnabled: boolean('cas_enabled'),
  casServerUrl: varchar('cas_server_url', { length: 300 }),
  casServiceUrl: varchar('cas_service_url', { length: 300 }),
  /** The attribute of the CAS answer carrying the 工号; null: the CAS user itself. */
  casUserAttribute: varchar('cas_user_attribute', { length: 60 }),
  updatedAt: updatedAt(),
});

/** Server-side sessions; only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfSecret: varchar('csrf_secret', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One row per state change or security-relevant action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: varchar('actor_id', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 64 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    detail: jsonb('detail'),
    requestId: varchar('request_id', { length: 64 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The viewer pages by id (newest first) under each filter: one index per filter, its key then the id.
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_type_idx').on(t.entityType, t.id),
  ],
);

/** Failed sign-in counters per user id and per address, in fixed windows (shared by every server instance). */
export const loginAttempts = pgTable('login_attempts', {
  key: varchar('key', { length: 160 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull().default(0),
});

/** Stored files: bytes live in the file store by generated id; the name is only metadata. */
export const files = pgTable(
  'files',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    ext: varchar('ext', { length: 16 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    ownerType: varchar('owner_type', { length: 32 }).notNull(),
    ownerId: varchar('owner_id', { length: 64 }),
    stage: varchar('stage', { length: 32 }),
    fileTypeId: integer('file_type_id'),
    remark: varchar('remark', { length: 200 }),
    validUntil: varchar('valid_until', { length: 30 }),
    uploaderId: varchar('uploader_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerType, t.ownerId), index('files_uploader_idx').on(t.uploaderId)],
);

/**
 * A library file shared with a named user (文件库 shareById, issue 28 item 6): the user reads it whatever the library's
 * rules, and finds it among the files shared with them. Replaced as a whole by each share of the file.
 */
export const fileShares = pgTable(
  'file_shares',
  {
    fileId: varchar('file_id', { length: 64 })
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 64 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: varchar('shared_by', { length: 64 }).references(() => users.id, { onDelete: 'set null' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.userId] }), index('file_shares_user_idx').on(t.userId, t.sharedAt)],
);

/** File types (文件类型). */
export const fileTypes = pgTable('file_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A chunked upload in progress: chunks arrive in any order, then a merge job joins them. The client's guid names the
 * session only within its uploader (unique per uploader, never a file id); the server's id keys the chunks and their
 * directory. The merge stores the bytes under a new id of the file store, recorded in pending_file_id before writing.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    guid: varchar('guid', { length: 36 }).notNull(),
    uploaderId: varchar('uploader_id', { length: 64 }).notNull(),
    totalChunks: integer('total_chunks').notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('uploading'),
    message: varchar('message', { length: 300 }),
    pendingFileId: varchar('pending_file_id', { length: 64 }),
    fileId: varchar('file_id', { length: 64 }),
    mergeInput: jsonb('merge_input'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('upload_sessions_uploader_guid_idx').on(t.uploaderId, t.guid),
    index('upload_sessions_updated_idx').on(t.status, t.updatedAt),
  ],
);

export const uploadChunks = pgTable(
  'upload_chunks',
  {
    sessionId: varchar('session_id', { length: 36 })
      .notNull()
      .references(() => uploadSessions.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.idx] })],
);

/** Bytes in a bytea column (a job's input file), as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Jobs (platform/jobs.ts): background work claimed with FOR UPDATE SKIP LOCKED so several workers or instances never
 * run one twice at once, and long work a user started (a tracked job: `ref` set) with its progress, result and report,
 * which any worker answers when polled. A running job's `locked_until` is its worker's lease, renewed while it runs:
 * a lease that runs out means the worker died, and the job is run again or marked interrupted (by its kind).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * Makes a scheduled job exactly-once per slot across instances (e.g. 'file.cleanup:2026-11-22T02'); for a tracked
     * job, one unfinished job per key (cleared when it ends).
     */
    uniqueKey: varchar('unique_key', { length: 160 }).unique(),
    /** queued, running, done, failed, interrupted. */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** A tracked job's public id (what its owner polls); null for background jobs. */
    ref: uuid('ref').unique(),
    /** Who started it: only they, or an administrator, may read it. */
    ownerId: varchar('owner_id', { length: 64 }).references(() => users.id, { onDelete: 'cascade' }),
    /** Progress: what it is doing now, and how far (done of total; total null while unknown). */
    step: varchar('step', { length: 200 }),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    /** The outcome for its owner: a Chinese message, the result and the report (e.g. per-row problems). */
    message: varchar('message', { length: 500 }),
    result: jsonb('result'),
    report: jsonb('report'),
    /** The bytes handed in at the start (an uploaded file), dropped when the job ends. */
    input: bytea('input'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_owner_idx').on(t.ownerId),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
