import type { AdminUserQuery } from '@zg/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, roles, userRoles, users, userTypes } from '../../db/schema';

/** 系统管理's users: the admin list, the writes and the checks they need (users and user_roles are this module's). */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type UserFilter = Omit<AdminUserQuery, 'pageNum' | 'pageSize'>;

function conditions(f: UserFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    parts.push(or(ilike(users.id, like), ilike(users.name, like)));
  }
  if (f.departmentId) parts.push(eq(users.departmentId, f.departmentId));
  if (f.userTypeId) parts.push(eq(users.userTypeId, f.userTypeId));
  if (f.enabled) parts.push(eq(users.enabled, f.enabled === 'true'));
  if (f.roleId) {
    parts.push(
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${f.roleId})`,
    );
  }
  return and(...parts);
}

/** The roles of each listed user as [id, name] pairs, in role order (one sub-select, no query per row). */
const rolesOf = sql<[string, string][] | string | null>`(
  select json_agg(json_build_array(r.id, r.name) order by r.sort_order, r.id)
  from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id})`;

const columns = {
  id: users.id,
  name: users.name,
  sex: users.sex,
  email: users.email,
  phone: users.phone,
  departmentId: users.departmentId,
  departmentName: departments.name,
  userTypeId: users.userTypeId,
  userTypeName: userTypes.name,
  enabled: users.enabled,
  mustChangePassword: users.mustChangePassword,
  lastAccessAt: users.lastAccessAt,
  createdAt: users.createdAt,
  roles: rolesOf,
};
export interface AdminUserRow {
  id: string;
  name: string;
  sex: number | null;
  email: string | null;
  phone: string | null;
  departmentId: string | null;
  departmentName: string | null;
  userTypeId: string | null;
  userTypeName: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
  lastAccessAt: Date | null;
  createdAt: Date;
  roles: [string, string][] | string | null;
}

const base = (db: Db) =>
  db
    .select(columns)
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId));

/** A page of users under the filter, by 工号. */
export async function pageAdminUsers(db: Db, f: UserFilter, pageNum: number, pageSize: number) {
  const where = conditions(f);
  const [list, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(asc(users.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { list: list as AdminUserRow[], total: Number(total?.n ?? 0) };
}

/** Every user under the filter (the export), by 工号, in pages of `batch`. */
export async function* allAdminUsers(db: Db, f: UserFilter, batch = 2000) {
  let after = '';
  for (;;) {
    const rows = (await base(db)
      .where(and(conditions(f), sql`${users.id} > ${after}`))
      .orderBy(asc(users.id))
      .limit(batch)) as AdminUserRow[];
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

export async function findAdminUser(db: Db, userId: string) {
  const rows = (await base(db).where(eq(users.id, userId)).limit(1)) as AdminUserRow[];
  return rows[0] ?? null;
}

/** Locks the user row (null when there is none). */
export async function lockUser(db: Db, userId: string) {
  const rows = await db
    .select({ id: users.id, enabled: users.enabled })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows[0] ?? null;
}

export async function existingUserIds(db: Db, ids: readonly string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function insertUsers(db: Db, rows: (typeof users.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(users).values(rows.slice(i, i + 1000));
}

export async function setUserFields(db: Db, userId: string, set: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Replaces the roles of each of the users. */
export async function replaceRoles(db: Db, grants: readonly { userId: string; roleIds: readonly string[] }[]) {
  if (!grants.length) return;
  const ids = grants.map((g) => g.userId);
  for (let i = 0; i < ids.length; i += 1000) {
    await db.delete(userRoles).where(inArray(userRoles.userId, ids.slice(i, i + 1000)));
  }
  const rows = grants.flatMap((g) => g.roleIds.map((roleId) => ({ userId: g.userId, roleId })));
  for (let i = 0; i < rows.length; i += 2000) await db.insert(userRoles).values(rows.slice(i, i + 2000));
}

/**
 * Enabled holders of the role other than `except` (the last-administrator check), after locking the role's holders
 * so two concurrent removals cannot each see the other's administrator.
 */
export async function otherEnabledHolders(db: Db, roleId: string, except: string) {
  await db.execute(sql`select 1 from ${userRoles} where ${userRoles.roleId} = ${roleId} for update`);
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roleId), eq(users.enabled, true), ne(users.id, except)));
  return Number(row?.n ?? 0);
}

export async function roleIdsOf(db: Db, userId: string) {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId);
}

/** The known ids among the given ones: enabled departments, user types and roles. */
export async function referenceIds(db: Db) {
  const [deps, types, rs] = await Promise.all([
    db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.enabled, true)),
    db.select({ id: userTypes.id }).from(userTypes),
    db.select({ id: roles.id }).from(roles),
  ]);
  return {
    departments: new Map(deps.map((d) => [d.id, d.name])),
    userTypes: new Set(types.map((t) => t.id)),
    roles: new Set(rs.map((r) => r.id)),
  };
}
