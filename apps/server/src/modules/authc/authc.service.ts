import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { type LoginRecord, MSG } from '@zg/contract';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError, unauthorized } from '../../platform/errors';
import { createSession } from '../../platform/session';
import { presentLoginRecord } from '../user/user.presenter';
import {
  findChargeDepartments,
  findMenusOfRoles,
  findUser,
  findUserRoles,
  touchLastAccess,
} from '../user/user.repository';

// Verifying an unknown user id against a real hash costs the same time as a known one, so timing does not reveal
// which user ids exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
};

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

/** Checks the password and opens a new session. */
export async function login(
  db: Db,
  input: { userId: string; password: string },
  meta: { ip?: string; userAgent?: string; requestId?: string },
) {
  const user = await findUser(db, input.userId);
  const stored = user?.passwordHash ?? (await getDummyHash());
  const valid = await verify(stored, input.password).catch(() => false);
  if (!user?.passwordHash || !valid) {
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
  const { token, csrfSecret } = await createSession(db, user.id, meta);
  const record = await buildLoginRecord(db, user.id, csrfSecret);
  await touchLastAccess(db, user.id, new Date());
  await writeAudit(db, {
    actorId: user.id,
    action: 'login',
    entityType: 'user',
    entityId: user.id,
    detail: { ip: meta.ip },
    requestId: meta.requestId,
  });
  return { token, record };
}
