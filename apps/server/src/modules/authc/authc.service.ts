import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MSG, type LoginRecord, MSG } from '@zg/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError, tooManyRequests, unauthorized } from '../../platform/errors';
import { createSession } from '../../platform/session';
import { presentLoginRecord } from '../user/user.presenter';
import {
  findChargeDepartments,
  findMenusOfRoles,
  findUser,
  findUserRoles,
  touchLastAccess,
} from '../user/user.repository';
import { clearFailures, failuresOf, findUserIdForCas, recordFailure } from './authc.repository';
import { validateCasTicket } from './cas';

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

/** Checks the password and opens a new session; failures are limited per user id and per address. */
export async function login(db: Db, config: Config, input: { userId: string; password: string }, meta: RequestMeta) {
  const now = new Date();
  const userKey = `user:${input.userId.slice(0, 64)}`;
  const ipKey = `ip:${meta.ip}`;
  const [userFailures, ipFailures] = await Promise.all([failuresOf(db, userKey, now), failuresOf(db, ipKey, now)]);
  if (userFailures >= config.LOGIN_MAX_FAILURES_PER_USER || ipFailures >= config.LOGIN_MAX_FAILURES_PER_IP) {
    throw tooManyRequests(AUTH_MSG.loginLocked);
  }
  const user = await findUser(db, input.userId);
  const stored = user?.passwordHash ?? (await getDummyHash());
  const valid = await verify(stored, input.password).catch(() => false);
  if (!user?.passwordHash || !valid) {
    await recordFailure(db, userKey, now);
    await recordFailure(db, ipKey, now);
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
  if (!user.enabled) throw new AppError(401, MSG.loginDisabled);
  await clearFailures(db, userKey);
  return openSession(db, user.id, meta, 'login');
}

/** Validates a CAS ticket for our own service URL and opens a session for the mapped local user. */
export async function casLogin(db: Db, config: Config, input: { ticket: string; service: string }, meta: RequestMeta) {
  if (!config.CAS_ENABLED || !config.CAS_SERVER_URL || !config.CAS_SERVICE_URL) {
    throw new AppError(400, AUTH_MSG.casDisabled);
  }
  // A ticket issued for another application must not sign anyone in here.
  if (!input.service.startsWith(config.CAS_SERVICE_URL)) throw new AppError(401, AUTH_MSG.casTicketInvalid);
  let result: { user: string } | null;
  try {
    result = await validateCasTicket({
      serverUrl: config.CAS_SERVER_URL,
      validatePath: config.CAS_VALIDATE_PATH,
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
