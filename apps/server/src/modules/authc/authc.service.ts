import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MSG, formatDateTime, type LoginRecord, type LoginThrottle, MSG } from '@zg/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, unauthorized } from '../../platform/errors';
import { createSession } from '../../platform/session';
import {
  casSettings,
  findChargeDepartments,
  findMenusOfRoles,
  findUser,
  findUserRoles,
  presentLoginRecord,
  touchLastAccess,
} from '../user';
import {
  clearFailures,
  clearThrottles,
  failuresIn,
  findUserIdForCas,
  pageThrottles,
  postponeNextAttempt,
  readAttempts,
  recordFailure,
  takeNextAttempt,
  uncountFailure,
} from './authc.repository';
import { validateCasTicket } from './cas';
import { addressOf, delayAfterFailures, secondsUntil, type ThrottleSettings, throttleKeys } from './login-throttle';

// Verifying an unknown user id against a real hash costs the same time as a known one, so timing does not reveal
// which user ids exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
};

interface RequestMeta {
  ip: string;
  userAgent?: string;
  requestId?: string;
}

/** Builds the login record of spec-1 section 3 for a user and session. */
export async function buildLoginRecord(db: Db, userId: string, csrfSecret: string): Promise<LoginRecord> {
  const user = await findUser(db, userId);
  if (!user) throw unauthorized();
  const roles = await findUserRoles(db, userId);
  const [menus, chargeDepartments] = await Promise.all([
    findMenusOfRoles(
      db,
      roles.map((r) => r.roleId),
    ),
    findChargeDepartments(db, userId),
  ]);
  return presentLoginRecord({ user, roles, menus, chargeDepartments, csrfSecret, lastAccessAt: user.lastAccessAt });
}

async function openSession(db: Db, userId: string, meta: RequestMeta, how: string) {
  const { token, csrfSecret } = await createSession(db, userId, meta);
  const record = await buildLoginRecord(db, userId, csrfSecret);
  await touchLastAccess(db, userId, new Date());
  await writeAudit(db, { actorId: userId, action: how, entityType: 'user', entityId: userId, detail: { ip: meta.ip } });
  return { token, record };
}

/** A refused sign-in attempt: 429 with a message naming the wait, and the wait for a Retry-After header. */
export class LoginThrottled extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export function throttleSettings(config: Config): ThrottleSettings {
  return {
    windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    userDelayAfter: config.LOGIN_DELAY_AFTER_FAILURES_PER_USER,
    ipDelayAfter: config.LOGIN_DELAY_AFTER_FAILURES_PER_IP,
    maxDelayMs: config.LOGIN_MAX_DELAY_SECONDS * 1000,
  };
}

/**
 * Checks the password and opens a new session. Limits (docs/ARCHITECTURE.md, "Security model"): past a few failures
 * of an account from anywhere, and past many failures from one address, attempts wait a growing delay capped at
 * LOGIN_MAX_DELAY_SECONDS (a minute at most), which is not asked of an address that has no recent failure on the
 * account, so an attacker elsewhere cannot keep the owner out. Nothing is ever locked for longer than that delay: the
 * right password, waiting as told, always gets in.
 */
export async function login(
  db: Db,
  config: Config,
  input: { userId: string; password: string },
  meta: RequestMeta,
  now: Date,
) {
  const limits = throttleSettings(config);
  const keys = throttleKeys(input.userId, meta.ip);
  // Counting the attempt first gives concurrent attempts from one address distinct numbers: only the first is "clean".
  const pair = await recordFailure(db, keys.pair, now, limits.windowMs);
  if (pair.failures > 1) {
    // This address has failed on this account lately: it waits out the account's and the address's delays, before
    // its password is looked at, so a slowed attacker learns nothing about the password while waiting.
    const waitUntil = await takeTurn(db, keys, limits, now);
    if (waitUntil) {
      await uncountFailure(db, keys.pair);
      throw new LoginThrottled(AUTH_MSG.loginWait(secondsUntil(waitUntil, now)), secondsUntil(waitUntil, now));
    }
  }
  const user = await findUser(db, input.userId);
  const stored = user?.passwordHash ?? (await getDummyHash());
  const valid = await verify(stored, input.password).catch(() => false);
  if (!user?.passwordHash || !valid) {
    // The pair's failure is already counted; the account and the address count it now, and may start a delay.
    const [perUser, perIp] = await Promise.all([
      recordFailure(db, keys.user, now, limits.windowMs),
      recordFailure(db, keys.ip, now, limits.windowMs),
    ]);
    const userDelay = delayAfterFailures(perUser.failures, limits.userDelayAfter, limits.maxDelayMs);
    const ipDelay = delayAfterFailures(perIp.failures, limits.ipDelayAfter, limits.maxDelayMs);
    if (userDelay > 0) await postponeNextAttempt(db, keys.userWait, new Date(now.getTime() + userDelay));
    if (ipDelay > 0) await postponeNextAttempt(db, keys.ipWait, new Date(now.getTime() + ipDelay));
    await writeAudit(db, {
      actorId: null,
      action: 'login.failed',
      entityType: 'user',
      entityId: input.userId.slice(0, 64),
      detail: { ip: meta.ip },
      requestId: meta.requestId,
    });
    throw new AppError(401, MSG.loginBadCredentials);
  }
  await clearFailures(db, keys.pair);
  if (!user.enabled) throw new AppError(401, MSG.loginDisabled);
  return openSession(db, user.id, meta, 'login');
}

/**
 * For an address with recent failures on the account: null when it may try now (and then it holds the account's
 * and the address's next turn, so of attempts arriving together one goes on), else the time it must wait for.
 */
async function takeTurn(db: Db, keys: ReturnType<typeof throttleKeys>, limits: ThrottleSettings, now: Date) {
  const rows = await readAttempts(db, [keys.user, keys.userWait, keys.ip, keys.ipWait]);
  const userDelay = delayAfterFailures(
    failuresIn(rows.get(keys.user), now, limits.windowMs),
    limits.userDelayAfter,
    limits.maxDelayMs,
  );
  const ipDelay = delayAfterFailures(
    failuresIn(rows.get(keys.ip), now, limits.windowMs),
    limits.ipDelayAfter,
    limits.maxDelayMs,
  );
  const waits = (
    [
      [keys.userWait, userDelay],
      [keys.ipWait, ipDelay],
    ] as const
  ).filter(([, delay]) => delay > 0);
  const pending = waits
    .map(([key]) => rows.get(key)?.windowStart)
    .filter((at): at is Date => at !== undefined && at > now);
  if (pending.length > 0) return new Date(Math.max(...pending.map((at) => at.getTime())));
  for (const [key, delay] of waits) {
    const holdUntil = new Date(now.getTime() + delay);
    // Refused when another attempt took this turn a moment ago.
    if (!(await takeNextAttempt(db, key, now, holdUntil))) return holdUntil;
  }
  return null;
}

/** Validates a CAS ticket for our own service URL and opens a session for the mapped local user. */
export async function casLogin(db: Db, config: Config, input: { ticket: string; service: string }, meta: RequestMeta) {
  const cas = await casSettings(db, config);
  if (!cas.enabled || !cas.serverUrl || !cas.serviceUrl) throw new AppError(400, AUTH_MSG.casDisabled);
  // A ticket issued for another application must not sign anyone in here.
  if (!input.service.startsWith(cas.serviceUrl)) throw new AppError(401, AUTH_MSG.casTicketInvalid);
  let result: { user: string } | null;
  try {
    result = await validateCasTicket({
      serverUrl: cas.serverUrl,
      validatePath: cas.validatePath,
      attribute: cas.userAttribute,
      service: input.service,
      ticket: input.ticket,
    });
  } catch {
    result = null;
  }
  if (!result) throw new AppError(401, AUTH_MSG.casTicketInvalid);
  const userId = await findUserIdForCas(db, result.user);
  if (!userId) throw new AppError(401, AUTH_MSG.casUserUnknown);
  const user = await findUser(db, userId);
  if (!user?.enabled) throw new AppError(401, MSG.loginDisabled);
  return openSession(db, userId, meta, 'login.cas');
}

/** 登录限制: the accounts and addresses with failures in the window, and the wait each is under (administrators). */
export async function loginThrottles(
  db: Db,
  config: Config,
  now: Date,
  q: { pageNum: number; pageSize: number; keyword?: string },
) {
  const { rows, total } = await pageThrottles(db, { ...q, now, windowMs: throttleSettings(config).windowMs });
  const list: LoginThrottle[] = rows.map((r) => {
    const account = r.key.startsWith('user:');
    return {
      kind: account ? 'account' : 'address',
      subject: r.key.slice(account ? 'user:'.length : 'ip:'.length),
      userName: r.userName,
      failures: r.failures,
      firstFailureAt: formatDateTime(r.windowStart),
      waitUntil: r.waitUntil && r.waitUntil > now ? formatDateTime(r.waitUntil) : null,
    };
  });
  return { list, total };
}

/**
 * Clears the sign-in limits of an account and/or an address (an administrator lets a colleague in at once, say one
 * behind the same proxy as an attacker): their failure counts, their waits and the pairs they are part of. Audited.
 */
export async function clearLoginThrottle(db: Db, actor: Actor, input: { userId?: string; ip?: string }) {
  const user = input.userId?.slice(0, 64);
  // An address is kept as the limits key it (IPv6 by its /64); the /64 form the list shows is taken as it is.
  const address =
    input.ip === undefined ? undefined : input.ip.endsWith('/64') ? input.ip.toLowerCase() : addressOf(input.ip);
  return db.transaction(async (tx) => {
    const cleared = await clearThrottles(tx, { user, address });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'login.throttleCleared',
      entityType: user !== undefined ? 'user' : 'address',
      entityId: (user ?? address ?? '').slice(0, 64),
      detail: { userId: user ?? null, address: address ?? null, cleared },
    });
    return cleared;
  });
}
