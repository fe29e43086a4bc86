import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, menus, roleMenus, roles, userRoles, users } from '../../db/schema';

/** Roles and their menu maps (roles, role_menus and menus are this module's). */

export async function listRolesWithMenus(db: Db) {
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      builtIn: roles.builtIn,
      userCount: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`,
      menuKeys: sql<string[] | string | null>`(select json_agg(${roleMenus.menuKey} order by ${roleMenus.menuKey})
        from ${roleMenus} where ${roleMenus.roleId} = ${roles.id})`,
    })
    .from(roles)
    .orderBy(asc(roles.sortOrder), asc(roles.id));
  return rows.map((r) => ({
    ...r,
    userCount: Number(r.userCount),
    menuKeys: (typeof r.menuKeys === 'string' ? JSON.parse(r.menuKeys) : (r.menuKeys ?? [])) as string[],
  }));
}

export async function lockRole(db: Db, id: string) {
  const rows = await db.select().from(roles).where(eq(roles.id, id)).for('update');
  return rows[0] ?? null;
}

export async function roleNamed(db: Db, name: string) {
  const rows = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return rows[0]?.id ?? null;
}

export async function insertRole(db: Db, row: typeof roles.$inferInsert) {
  await db.insert(roles).values(row);
}

export async function maxRoleOrder(db: Db) {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${roles.sortOrder}), 0)` }).from(roles);
  return Number(row?.n ?? 0);
}

export async function renameRole(db: Db, id: string, name: string) {
  await db.update(roles).set({ name }).where(eq(roles.id, id));
}

export async function deleteRole(db: Db, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function holdersCount(db: Db, roleId: string) {
  const [row] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return Number(row?.n ?? 0);
}

export async function menuKeysOf(db: Db, roleId: string) {
  const rows = await db.select({ key: roleMenus.menuKey }).from(roleMenus).where(eq(roleMenus.roleId, roleId));
  return rows.map((r) => r.key);
}

export async function knownMenuKeys(db: Db) {
  const rows = await db.select({ key: menus.key }).from(menus);
  return new Set(rows.map((r) => r.key));
}

export async function replaceRoleMenus(db: Db, roleId: string, keys: readonly string[]) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (keys.length) await db.insert(roleMenus).values(keys.map((menuKey) => ({ roleId, menuKey })));
}

export async function pageRoleHolders(db: Db, roleId: string, pageNum: number, pageSize: number) {
  const held = and(eq(userRoles.roleId, roleId));
  const [list, [total]] = await Promise.all([
    db
      .select({ userId: users.id, userName: users.name, departmentName: departments.name, enabled: users.enabled })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(held)
      .orderBy(asc(users.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(userRoles).where(held),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export async function rolesExist(db: Db, ids: readonly string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
