import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, menus, roleMenus, roles, systemSettings, userRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

export async function touchLastAccess(db: Db, userId: string, at: Date) {
  await db.update(users).set({ lastAccessAt: at }).where(eq(users.id, userId));
}

export async function findUserRoles(db: Db, userId: string) {
  return db
    .select({ roleId: roles.id, roleName: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.sortOrder), asc(roles.id));
}

/** The menus granted to any of the roles, in catalogue order. */
export async function findMenusOfRoles(db: Db, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  return db
    .selectDistinct({ key: menus.key, name: menus.name, sortOrder: menus.sortOrder })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.key, roleMenus.menuKey))
    .where(inArray(roleMenus.roleId, roleIds))
    .orderBy(asc(menus.sortOrder));
}

/** Departments whose head is the user, with the head's name. */
export async function findChargeDepartments(db: Db, userId: string) {
  return db
    .select({ bmid: departments.id, bmmc: departments.name, fzrmc: users.name })
    .from(departments)
    .leftJoin(users, eq(users.id, departments.chargeUserId))
    .where(eq(departments.chargeUserId, userId))
    .orderBy(asc(departments.sortOrder));
}

export async function findSystemSetting(db: Db) {
  const rows = await db.select().from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
  return rows[0] ?? null;
}
