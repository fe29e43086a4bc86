import { hash } from '@node-rs/argon2';
import { APP, FILE_TYPES, MENUS } from '@zg/contract';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  cycleTypes,
  cycleValues,
  departments,
  dimensions,
  fileTypes,
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
import { Hooks } from '../platform/hooks';
import { seedDemoCollection } from './collection';
import { seedDemoDashboard } from './dashboard';
import { ADMIN_PASSWORD, ADMIN_USER, DEMO_DEPARTMENTS, DEMO_PASSWORD, DEMO_USERS } from './demo';
import { seedDemoDevelop } from './develop';
import { seedDemoDiagnosis } from './diagnosis';
import { seedDemoIndicatorAnalysis } from './indicator-analysis';
import { seedDemoNotifications } from './notifications';
import { seedDemoPortrait } from './portrait';
import { seedDemoQualityWarnings } from './quality-warnings';
import {
  CYCLE_TYPE_ROWS,
  CYCLE_VALUES,
  DEFAULT_ROLE_MENUS,
  DIMENSION_ROWS,
  MENU_ROWS,
  ROLE_ROWS,
  TASK_TYPE_ROWS,
  USER_TYPE_ROWS,
  WARNING_TYPE_ROWS,
} from './reference';
import { seedDemoRival } from './rival';
import { SAMPLE_SCHOOLS } from './schools';
import { seedDemoScreen } from './screen';
import { seedDemoSelfReports } from './self-reports';
import { seedDemoStandards } from './standards';
import { generate } from './story';
import { SCALES } from './story/scale';
import { seedDemoWarehouse } from './warehouse';

const SEED_LOCK = 727_274_002;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedOptions {
  /** The demo departments and accounts (README), into an empty database only. */
  demo: boolean;
  /**
   * With `demo`: the demo school's story as well (story/, its `demo` scale): two years of targets with tasks in every
   * state, reports, delays and task reports waiting for audit, warnings and urges, dated relative to `now`. The
   * product's start loads it; the test templates keep the accounts alone (tests count tasks from zero).
   */
  story?: boolean;
  /**
   * With `demo`: the demo school's teaching data in the data warehouse as well (教学数据仓库: five academic years of
   * students, teachers, majors, courses, results, employment, equipment, enrolment and internships; ./warehouse.ts).
   */
  warehouse?: boolean;
  /** The server clock's instant the story is dated against (default: now). */
  now?: Date;
  /**
   * The hooks the modules' services call while the demo is played through them (default: an empty registry). The
   * seed runs before any app is built (main's primary, the test templates), so no module has registered one yet.
   */
  hooks?: Hooks;
}

/**
 * Reference data is inserted where missing (never overwriting what administrators changed), so a new release's menus
 * appear on an existing database. The administrator and the demo data go into an empty database only, all in one
 * transaction: a start that fails half-way leaves nothing behind and the next start seeds again.
 */
export async function seedDatabase(db: Db, opts: SeedOptions) {
  await db.transaction(async (tx) => {
    // Several instances may start at once on one PostgreSQL: one seeds, the others wait and find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await syncReferenceData(tx);
    const [row] = await tx.select({ n: count() }).from(users);
    if (Number(row?.n ?? 0) > 0) return;
    // argon2 is slow on purpose: hash only when the rows are actually inserted, not at every start.
    const [demoHashes, adminHash] = await Promise.all([opts.demo ? hashDemoPasswords() : null, hash(ADMIN_PASSWORD)]);
    if (demoHashes) await seedDemo(tx, demoHashes);
    await insertUser(tx, { ...ADMIN_USER, departmentId: demoHashes ? ADMIN_USER.departmentId : null }, adminHash);
    const now = opts.now ?? new Date();
    if (opts.demo && opts.story) await generate(tx, SCALES.demo, { now, today: localDay(now) });
    if (opts.demo && opts.warehouse) await seedDemoWarehouse(tx, localDay(now));
    // 数据采集: forms writing into the warehouse, with fill tasks in every state for the demo accounts.
    if (opts.demo && opts.story && opts.warehouse)
      await seedDemoCollection(tx, localDay(now), opts.hooks ?? new Hooks());
    // After the algorithms: the demo standard systems bind their points to the indicators' current versions.
    if (opts.demo && opts.story) await seedDemoStandards(tx);
    // 诊断改进: the major standard published to the 40 majors (its results: the daily computation at first start).
    const diagnosisTask = opts.demo && opts.story && opts.warehouse ? await seedDemoDiagnosis(tx, localDay(now)) : null;
    // 消息通知: unread items for the demo accounts, about the story's records.
    if (opts.demo && opts.story) await seedDemoNotifications(tx, now);
    // 质量预警: warnings in every state on the diagnosis task, cases along the spiral, a forecast (issue 32 item 8).
    if (diagnosisTask) await seedDemoQualityWarnings(tx, diagnosisTask.id, diagnosisTask.start, now);
    // 发展中心: some of the story's tasks serve QCPs of the demo standards (issue 35).
    if (opts.demo && opts.story) await seedDemoDevelop(tx, now);
    // 仪表盘: chart algorithms over the warehouse, published in 图表库, and xld01's dashboard (issue 34).
    if (opts.demo && opts.warehouse) await seedDemoDashboard(tx);
    // 数据大屏: the school's running state on one screen, of the demo charts and the monitoring figures (issue 34).
    if (opts.demo && opts.warehouse) await seedDemoScreen(tx);
    // 自我诊断报告: reports in every state on the diagnosis task, after its warnings (issue 33 item 5).
    if (diagnosisTask) await seedDemoSelfReports(tx, diagnosisTask.id, diagnosisTask.start, now);
    // 对标分析 / 双高对比: the sourced double-high units, 本校, benchmark schools and 示例数据 figures (issue 35).
    if (opts.demo && opts.story) await seedDemoRival(tx);
    // 指标分析 (issue 35 item 5): the demo task's last round, to compare this year's results with.
    if (diagnosisTask) await seedDemoIndicatorAnalysis(tx, diagnosisTask.id);
    // 画像分析: the portrait algorithms over the warehouse, the portrayal grants and xld01's cards (issue 35).
    if (opts.demo && opts.warehouse) await seedDemoPortrait(tx);
  });
}

/** The day of an instant in the server's time zone (as Clock.today()). */
function localDay(d: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function syncReferenceData(tx: Tx) {
  const newRoles = await tx.insert(roles).values(ROLE_ROWS).onConflictDoNothing().returning({ id: roles.id });
  const newMenus = await tx.insert(menus).values(MENU_ROWS).onConflictDoNothing().returning({ key: menus.key });
  const grants = defaultGrants(new Set(newRoles.map((r) => r.id)), new Set(newMenus.map((m) => m.key)));
  if (grants.length) await tx.insert(roleMenus).values(grants).onConflictDoNothing();

  await tx.insert(userTypes).values(USER_TYPE_ROWS).onConflictDoNothing();
  const newTypes = await tx
    .insert(cycleTypes)
    .values(CYCLE_TYPE_ROWS)
    .onConflictDoNothing()
    .returning({ id: cycleTypes.id, code: cycleTypes.code });
  const values = newTypes.flatMap((t) =>
    (CYCLE_VALUES[t.code as keyof typeof CYCLE_VALUES] ?? []).map((v, i) => ({
      cycleTypeId: t.id,
      value: v.value,
      isDefault: v.isDefault ?? false,
      sortOrder: i + 1,
    })),
  );
  if (values.length) await tx.insert(cycleValues).values(values).onConflictDoNothing();
  await tx.insert(taskTypes).values(TASK_TYPE_ROWS).onConflictDoNothing();
  await tx.insert(dimensions).values(DIMENSION_ROWS).onConflictDoNothing();
  await tx.insert(warningTypes).values(WARNING_TYPE_ROWS).onConflictDoNothing();
  await tx
    .insert(schools)
    .values([...SAMPLE_SCHOOLS])
    .onConflictDoNothing();
  await tx
    .insert(fileTypes)
    .values(FILE_TYPES.map((name, i) => ({ name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  const [setting] = await tx.select({ n: count() }).from(systemSettings);
  if (Number(setting?.n ?? 0) === 0) await tx.insert(systemSettings).values({ systemName: APP.defaultSystemName });
}

/**
 * The default grants to add: a built-in role created now gets all its default menus (a new release's role on an
 * existing database), an older role only the menus that appear now (grants administrators removed stay removed).
 */
export function defaultGrants(freshRoles: ReadonlySet<string>, freshMenus: ReadonlySet<string>) {
  return Object.entries(DEFAULT_ROLE_MENUS).flatMap(([roleId, keys]) =>
    (keys === 'all' ? MENUS.map((m) => m.key) : keys)
      .filter((k) => freshRoles.has(roleId) || freshMenus.has(k))
      .map((menuKey) => ({ roleId, menuKey })),
  );
}

async function hashDemoPasswords() {
  const entries = await Promise.all(DEMO_USERS.map(async (u) => [u.id, await hash(DEMO_PASSWORD)] as const));
  return new Map(entries);
}

async function seedDemo(tx: Tx, hashes: Map<string, string>) {
  await tx.insert(departments).values(DEMO_DEPARTMENTS.map((d, i) => ({ ...d, chargeUserId: null, sortOrder: i + 1 })));
  for (const u of DEMO_USERS) await insertUser(tx, u, hashes.get(u.id)!);
  for (const d of DEMO_DEPARTMENTS) {
    await tx.update(departments).set({ chargeUserId: d.head }).where(sql`${departments.id} = ${d.id}`);
  }
}

async function insertUser(
  tx: Tx,
  u: { id: string; name: string; sex: number; departmentId: string | null; userTypeId: string; roles: string[] },
  passwordHash: string,
) {
  await tx.insert(users).values({
    id: u.id,
    name: u.name,
    sex: u.sex,
    departmentId: u.departmentId,
    userTypeId: u.userTypeId,
    passwordHash,
    email: `${u.id}@school.edu.cn`,
  });
  if (u.roles.length) await tx.insert(userRoles).values(u.roles.map((roleId) => ({ userId: u.id, roleId })));
}
