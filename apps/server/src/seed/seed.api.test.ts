import { MENU_KEYS, ROLE } from '@zg/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import {
  cycleTypes,
  cycleValues,
  departments,
  dimensions,
  menus,
  roleMenus,
  roles,
  schools,
  systemSettings,
  taskTypes,
  userRoles,
  users,
  userTypes,
  warningTypes,
} from '../db/schema';
import { openTestDatabase } from '../test/harness';
import { seedDatabase } from '.';
import { DEFAULT_ROLE_MENUS } from './reference';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  await seedDatabase(database.db, { demo: true });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const n = async (table: PgTable) => {
  const [row] = await database.db.select({ n: count() }).from(table);
  return Number(row?.n);
};

describe('reference data and demo seed', () => {
  it('has at least 8 departments, each with a head and short names', async () => {
    const rows = await database.db.select().from(departments);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const d of rows) {
      expect(d.chargeUserId, d.name).toBeTruthy();
      expect(d.shortNameZh).toBeTruthy();
      expect(d.shortNameEn).toMatch(/^[A-Z]+$/);
    }
  });

  it('has the spec roles and grants every menu key to some role', async () => {
    const ids = (await database.db.select({ id: roles.id }).from(roles)).map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining([ROLE.publisher, ROLE.diagnosisObject, ROLE.admin, ...Object.values(ROLE)]),
    );
    const keys = (await database.db.select({ key: menus.key }).from(menus)).map((m) => m.key);
    expect(keys.sort()).toEqual([...MENU_KEYS].sort());
    const adminGrants = await database.db.select().from(roleMenus).where(eq(roleMenus.roleId, ROLE.admin));
    expect(adminGrants).toHaveLength(MENU_KEYS.length);
  });

  it('has cycle types with exactly one default value each', async () => {
    const rows = await database.db
      .select({
        code: cycleTypes.code,
        defaults: sql<number>`sum(case when ${cycleValues.isDefault} then 1 else 0 end)`,
      })
      .from(cycleTypes)
      .leftJoin(cycleValues, eq(cycleValues.cycleTypeId, cycleTypes.id))
      .groupBy(cycleTypes.code);
    expect(rows.map((r) => r.code).sort()).toEqual(['academicYear', 'periodOfTime', 'pointOfTime', 'term', 'year']);
    for (const r of rows) expect(Number(r.defaults), r.code).toBe(1);
  });

  it('has task types A-D, warning types, dimensions, user types, 100+ schools and the system setting', async () => {
    expect((await database.db.select().from(taskTypes)).map((t) => t.code).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(await n(warningTypes)).toBeGreaterThanOrEqual(2);
    expect(await n(dimensions)).toBe(11);
    expect(await n(userTypes)).toBeGreaterThanOrEqual(2);
    expect(await n(schools)).toBeGreaterThanOrEqual(100);
    const sample = await database.db.select().from(schools).limit(5);
    for (const sc of sample) expect(sc.code).toMatch(/^\d{10}$/);
    const [setting] = await database.db.select().from(systemSettings);
    expect(setting?.systemName).toBe('教学质量监测与分析平台');
    expect(setting?.logoFileId).toBeNull();
  });

  it('seeds again without duplicating or overwriting anything', async () => {
    await database.db.update(systemSettings).set({ systemName: '某某职业技术学院质量平台' });
    await database.db.delete(roleMenus).where(eq(roleMenus.menuKey, 'performance'));
    const before = { users: await n(users), schools: await n(schools), grants: await n(roleMenus) };
    await seedDatabase(database.db, { demo: true });
    expect({ users: await n(users), schools: await n(schools), grants: await n(roleMenus) }).toEqual(before);
    const [setting] = await database.db.select().from(systemSettings);
    expect(setting?.systemName).toBe('某某职业技术学院质量平台');
  });

  it('has a demo account for the data office', async () => {
    const held = await database.db.select().from(userRoles).where(eq(userRoles.userId, 'sjgl01'));
    expect(held.map((r) => r.roleId)).toEqual([ROLE.dataOffice]);
  });
  it('grants a built-in role that is new to an existing database its default menus, and nothing else changes', async () => {
    // The database as a release without the data office left it: no role, no grants, nobody holding it.
    await database.db.delete(userRoles).where(eq(userRoles.roleId, ROLE.dataOffice));
    await database.db.delete(roleMenus).where(eq(roleMenus.roleId, ROLE.dataOffice));
    await database.db.delete(roles).where(eq(roles.id, ROLE.dataOffice));
    await database.db.delete(roleMenus).where(eq(roleMenus.menuKey, 'dataManagement'));
    const grantsOf = async (roleId: string) =>
      (await database.db.select({ key: roleMenus.menuKey }).from(roleMenus).where(eq(roleMenus.roleId, roleId)))
        .map((g) => g.key)
        .sort();
    const adminBefore = await grantsOf(ROLE.admin);

    await seedDatabase(database.db, { demo: true });

    expect(await grantsOf(ROLE.dataOffice)).toEqual([...(DEFAULT_ROLE_MENUS[ROLE.dataOffice] as string[])].sort());
    // Older roles keep what administrators made of them: the grants removed stay removed.
    expect(await grantsOf(ROLE.admin)).toEqual(adminBefore);
    expect(adminBefore).not.toContain('dataManagement');
  });
});
