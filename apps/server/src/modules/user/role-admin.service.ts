import { randomBytes } from 'node:crypto';
import { SYSTEM_MSG as M, ROLE } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import {
  deleteRole,
  holdersCount,
  insertRole,
  knownMenuKeys,
  listRolesWithMenus,
  lockRole,
  maxRoleOrder,
  menuKeysOf,
  renameRole,
  replaceRoleMenus,
  roleNamed,
} from './role-admin.repository';

/**
 * Roles and their menu maps. Built-in roles keep their ids (the spec's 2020003, 2020005, zyadmin ...) and cannot be
 * deleted; a change of a role's menus takes effect on each holder's next request (the session read carries the
 * grants). The 系统管理 menu stays with the administrator role alone: the routes are administrator-only, so the
 * menu anywhere else would open pages that refuse.
 */

const SYSTEM_MENU = 'system';

const audit = (db: Db, actor: Actor, action: string, roleId: string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'role', entityId: roleId, detail });

export const adminRoles = (db: Db) =>
  listRolesWithMenus(db).then((rows) =>
    rows.map((r) => ({
      roleId: r.id,
      roleName: r.name,
      builtIn: r.builtIn,
      userCount: r.userCount,
      menuKeys: r.menuKeys,
    })),
  );

async function mustLock(db: Db, roleId: string) {
  const role = await lockRole(db, roleId);
  if (!role) throw notFound(M.roleNotFound);
  return role;
}

async function nameFree(db: Db, name: string, self?: string) {
  const holder = await roleNamed(db, name);
  if (holder && holder !== self) throw conflict(M.roleNameTaken(name));
}

export async function createRole(db: Db, actor: Actor, name: string) {
  await db.transaction(async (tx) => {
    await nameFree(tx, name);
    const id = `R${randomBytes(4).toString('hex')}`;
    await insertRole(tx, { id, name, builtIn: false, sortOrder: (await maxRoleOrder(tx)) + 10 });
    await audit(tx, actor, 'role.create', id, { name });
  });
  return adminRoles(db);
}

export async function updateRole(db: Db, actor: Actor, roleId: string, name: string) {
  await db.transaction(async (tx) => {
    const role = await mustLock(tx, roleId);
    await nameFree(tx, name, roleId);
    await renameRole(tx, roleId, name);
    await audit(tx, actor, 'role.update', roleId, { from: role.name, to: name });
  });
  return adminRoles(db);
}

export async function removeRole(db: Db, actor: Actor, roleId: string) {
  await db.transaction(async (tx) => {
    const role = await mustLock(tx, roleId);
    if (role.builtIn) throw conflict(M.roleBuiltIn);
    const held = await holdersCount(tx, roleId);
    if (held > 0) throw conflict(M.roleHeld(held));
    await deleteRole(tx, roleId);
    await audit(tx, actor, 'role.delete', roleId, { name: role.name });
  });
  return adminRoles(db);
}

/** Replaces the role's menu map; every key must be the catalogue's. */
export async function setRoleMenus(db: Db, actor: Actor, roleId: string, keys: readonly string[]) {
  const wanted = [...new Set(keys)];
  await db.transaction(async (tx) => {
    await mustLock(tx, roleId);
    const known = await knownMenuKeys(tx);
    const unknown = wanted.find((k) => !known.has(k));
    if (unknown) throw badRequest(M.menuUnknown(unknown));
    if (roleId !== ROLE.admin && wanted.includes(SYSTEM_MENU)) throw badRequest(M.systemMenuAdminOnly);
    if (roleId === ROLE.admin && !wanted.includes(SYSTEM_MENU)) throw badRequest(M.adminKeepsSystemMenu);
    const before = await menuKeysOf(tx, roleId);
    await replaceRoleMenus(tx, roleId, wanted);
    await audit(tx, actor, 'role.menus', roleId, {
      added: wanted.filter((k) => !before.includes(k)),
      removed: before.filter((k) => !wanted.includes(k)),
    });
  });
  return adminRoles(db);
}
