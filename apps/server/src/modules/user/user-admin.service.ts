import { hash } from '@node-rs/argon2';
import { type AdminUserCreate, type AdminUserUpdate, SYSTEM_MSG as M, ROLE } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { destroyUserSessions } from '../../platform/session';
import { presentAdminUser } from './user-admin.presenter';
import {
  findAdminUser,
  insertUsers,
  lockUser,
  otherEnabledHolders,
  referenceIds,
  replaceRoles,
  roleIdsOf,
  setUserFields,
} from './user-admin.repository';

/** 系统管理's users: create, edit, enable / disable, reset a password. Every write audited, in one transaction. */

const audit = (db: Db, actor: Actor, action: string, userId: string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'user', entityId: userId, detail });

export async function adminUser(db: Db, userId: string) {
  const row = await findAdminUser(db, userId);
  if (!row) throw notFound(M.userNotFound);
  return presentAdminUser(row);
}

/** The department, user type and roles must exist (an enabled department). */
async function checkReferences(db: Db, input: Pick<AdminUserUpdate, 'departmentId' | 'userTypeId' | 'roleIds'>) {
  const known = await referenceIds(db);
  if (input.departmentId && !known.departments.has(input.departmentId)) {
    throw badRequest(M.departmentUnknown(input.departmentId));
  }
  if (input.userTypeId && !known.userTypes.has(input.userTypeId)) throw badRequest(M.userTypeUnknown(input.userTypeId));
  const unknown = input.roleIds.find((r) => !known.roles.has(r));
  if (unknown) throw badRequest(M.roleUnknown(unknown));
}

/**
 * Refuses a change that would leave no enabled administrator, or that takes the actor's own administrator role or
 * account away (the one who acts must still be able to undo it).
 */
async function keepAnAdministrator(db: Db, actor: Actor, userId: string, after: { admin: boolean; enabled: boolean }) {
  const before = await roleIdsOf(db, userId);
  if (!before.includes(ROLE.admin)) return;
  if (after.admin && after.enabled) return;
  if (userId === actor.userId) throw conflict(after.enabled ? M.dropOwnAdmin : M.disableSelf);
  if ((await otherEnabledHolders(db, ROLE.admin, userId)) === 0) throw conflict(M.lastAdmin);
}

export async function createUser(db: Db, actor: Actor, input: AdminUserCreate) {
  await checkReferences(db, input);
  const passwordHash = await hash(input.password);
  try {
    await db.transaction(async (tx) => {
      await insertUsers(tx, [
        {
          id: input.userId,
          name: input.userName,
          sex: input.sex ?? null,
          email: input.email || null,
          phone: input.phone || null,
          departmentId: input.departmentId || null,
          userTypeId: input.userTypeId || null,
          passwordHash,
          mustChangePassword: true,
        },
      ]);
      await replaceRoles(tx, [{ userId: input.userId, roleIds: [...new Set(input.roleIds)] }]);
      await audit(tx, actor, 'user.create', input.userId, { name: input.userName, roles: input.roleIds });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.userIdTaken(input.userId));
    throw err;
  }
  return adminUser(db, input.userId);
}

export async function editUser(db: Db, actor: Actor, userId: string, input: AdminUserUpdate) {
  await checkReferences(db, input);
  const roleIds = [...new Set(input.roleIds)];
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound(M.userNotFound);
    await keepAnAdministrator(tx, actor, userId, { admin: roleIds.includes(ROLE.admin), enabled: user.enabled });
    const before = await roleIdsOf(tx, userId);
    await setUserFields(tx, userId, {
      name: input.userName,
      sex: input.sex ?? null,
      email: input.email || null,
      phone: input.phone || null,
      departmentId: input.departmentId || null,
      userTypeId: input.userTypeId || null,
    });
    await replaceRoles(tx, [{ userId, roleIds }]);
    const granted = roleIds.filter((r) => !before.includes(r));
    const revoked = before.filter((r) => !roleIds.includes(r));
    await audit(tx, actor, 'user.update', userId, {
      name: input.userName,
      departmentId: input.departmentId || null,
      ...(granted.length ? { granted } : {}),
      ...(revoked.length ? { revoked } : {}),
    });
    if (granted.length) await audit(tx, actor, 'user.grantRole', userId, { roles: granted });
    if (revoked.length) await audit(tx, actor, 'user.revokeRole', userId, { roles: revoked });
  });
  return adminUser(db, userId);
}

/** Enables or disables an account; a disabled user's sessions end at once (and the session read refuses them). */
export async function setUserEnabled(db: Db, actor: Actor, userId: string, enabled: boolean) {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound(M.userNotFound);
    if (!enabled && userId === actor.userId) throw conflict(M.disableSelf);
    if (!enabled) {
      const roles = await roleIdsOf(tx, userId);
      await keepAnAdministrator(tx, actor, userId, { admin: roles.includes(ROLE.admin), enabled: false });
    }
    await setUserFields(tx, userId, { enabled });
    if (!enabled) await destroyUserSessions(tx, userId);
    await audit(tx, actor, enabled ? 'user.enable' : 'user.disable', userId);
  });
  return adminUser(db, userId);
}

/** Sets a new password the user must change at next sign-in; their sessions end. */
export async function resetPassword(db: Db, actor: Actor, userId: string, password: string) {
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw notFound(M.userNotFound);
    await setUserFields(tx, userId, { passwordHash, mustChangePassword: true, passwordChangedAt: new Date() });
    await destroyUserSessions(tx, userId);
    await audit(tx, actor, 'user.resetPassword', userId);
  });
}
