import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  departmentChargers,
  departments,
  menus,
  roleMenus,
  roles,
  systemSettings,
  userRoles,
  users,
  userTypes,
} from '../../db/schema';

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

/** Departments the user heads or is a registered charger of, with the head's name. */
export async function findChargeDepartments(db: Db, userId: string) {
  const charged = db
    .select({ id: departmentChargers.departmentId })
    .from(departmentChargers)
    .where(eq(departmentChargers.userId, userId));
  return db
    .select({ bmid: departments.id, bmmc: departments.name, fzrmc: users.name })
    .from(departments)
    .leftJoin(users, eq(users.id, departments.chargeUserId))
    .where(or(eq(departments.chargeUserId, userId), inArray(departments.id, charged)))
    .orderBy(asc(departments.sortOrder));
}

export async function findSystemSetting(db: Db) {
  const rows = await db.select().from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
  return rows[0] ?? null;
}

/** A page of roles, in their order. */
export async function pageRoles(db: Db, pageNum: number, pageSize: number) {
  const [list, [total]] = await Promise.all([
    db
      .select({ roleId: roles.id, roleName: roles.name })
      .from(roles)
      .orderBy(asc(roles.sortOrder), asc(roles.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(roles),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Enabled users whose staff number or name contains the keyword. */
export async function searchUsers(db: Db, name: string | undefined, pageNum: number, pageSize: number) {
  const where = name
    ? and(
        eq(users.enabled, true),
        or(ilike(users.id, `%${escapeLike(name)}%`), ilike(users.name, `%${escapeLike(name)}%`)),
      )
    : eq(users.enabled, true);
  const [list, [total]] = await Promise.all([
    db
      .select({ userId: users.id, userName: users.name })
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export async function pageDepartments(db: Db, pageNum: number, pageSize: number) {
  const where = eq(departments.enabled, true);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        departmentId: departments.id,
        departmentName: departments.name,
        chargeUserId: departments.chargeUserId,
        chargeUserName: users.name,
        shortNameZh: departments.shortNameZh,
        shortNameEn: departments.shortNameEn,
      })
      .from(departments)
      .leftJoin(users, eq(users.id, departments.chargeUserId))
      .where(where)
      .orderBy(asc(departments.sortOrder), asc(departments.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(departments).where(where),
  ]);
  return { list: rows.map((r) => ({ ...r, departmentChargerName: r.chargeUserName })), total: Number(total?.n ?? 0) };
}

export async function pageUserTypes(db: Db, pageNum: number, pageSize: number) {
  const [list, [total]] = await Promise.all([
    db
      .select({ userTypeId: userTypes.id, userTypeName: userTypes.name })
      .from(userTypes)
      .orderBy(asc(userTypes.sortOrder))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(userTypes),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export async function findMenuItemsOfRoles(db: Db, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  return db
    .selectDistinct({
      menuId: menus.key,
      menuName: menus.name,
      path: menus.path,
      icon: menus.icon,
      parentId: menus.parentKey,
      sortOrder: menus.sortOrder,
    })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.key, roleMenus.menuKey))
    .where(inArray(roleMenus.roleId, roleIds))
    .orderBy(asc(menus.sortOrder));
}

export async function findDepartmentName(db: Db, id: string | null) {
  if (!id) return null;
  const rows = await db.select({ name: departments.name }).from(departments).where(eq(departments.id, id)).limit(1);
  return rows[0]?.name ?? null;
}

export async function updateUser(db: Db, userId: string, set: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Updates the one system setting row (created by the seed). */
export async function updateSettingRow(db: Db, set: Partial<typeof systemSettings.$inferInsert>) {
  const row = await findSystemSetting(db);
  if (!row) await db.insert(systemSettings).values({ systemName: set.systemName ?? '', ...set });
  else
    await db
      .update(systemSettings)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(systemSettings.id, row.id));
}
