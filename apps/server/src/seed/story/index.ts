import { hash } from '@node-rs/argon2';
import { APP } from '@zg/contract';
import { count, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  cycleTypes,
  cycleValues,
  delayRequests,
  departments,
  systemSettings,
  targetReports,
  targetTasks,
  taskCoopDepartments,
  taskReports,
  taskWarnings,
  urges,
  userRoles,
  users,
  warningTypes,
  yearTargets,
} from '../../db/schema';
import { monthlyPeriods } from '../../modules/target-task/periods.rules';
import { Clock } from '../../platform/clock';
import { DEMO_PASSWORD } from '../demo';
import type { WarningTypeRef } from './model';
import { type Plan, planData } from './plan';
import type { Scale } from './scale';
import { type DerivedRows, type SimulationRefs, simulate } from './simulate';

/** What the benchmarks need to know about generated data: who to sign in as and what to read and write. */
export interface Fixtures {
  scale: string;
  year: number;
  counts: Record<string, number>;
  /** Unpushed top-level tasks of this year: the publisher may edit them (TaskInput for targetTask/update). */
  editableTasks: { id: number; version: number; input: Record<string, unknown> }[];
  /** Tasks under way with a month no report was sent for: the owner may report, the auditor may answer. */
  reportSlots: { taskId: number; ownerId: string; auditorId: string; periodKey: string }[];
  /** Task ids to read in detail. */
  detailIds: number[];
}

export interface GenerateOptions {
  seed?: number;
  /** Defaults: the server clock. */
  today?: string;
  now?: Date;
  log?: (line: string) => void;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database, or a transaction on it (the demo seed generates inside the seed's transaction). */
export type Conn = Db | Tx;

/**
 * Inserts rows in batches, each one statement with the batch as one JSON parameter (json_populate_recordset), so a
 * batch costs the same on either PostgreSQL whatever its size. Keys are the schema's property names; columns no
 * row sets keep their database defaults.
 */
export async function insertAll<T extends PgTable>(db: Conn, table: T, rows: T['$inferInsert'][]) {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
  const unknown = keys.filter((k) => !columns[k]);
  if (unknown.length) throw new Error(`unknown columns ${unknown.join(', ')} for ${getTableName(table)}`);
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += 5000) {
    const batch = rows.slice(i, i + 5000).map((r) => {
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        const v = (r as Record<string, unknown>)[k];
        out[columns[k]!.name] = v instanceof Date ? v.toISOString() : (v ?? null);
      }
      return out;
    });
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

const SERIAL_TABLES = [
  'year_targets',
  'target_tasks',
  'task_reports',
  'delay_requests',
  'urges',
  'target_reports',
] as const;

async function firstFreeId(db: Conn, table: (typeof SERIAL_TABLES)[number]) {
  const res = await db.execute(sql.raw(`select coalesce(max(id), 0) + 1 as id from ${table}`));
  return Number((res as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
}

/**
 * Fills a migrated database that holds the demo data (and no target tasks) with a scale's data, through bulk
 * inserts of the rows the services would have written (see simulate.ts; generate.api.test.ts proves the services
 * read them as their own).
 */
export async function generate(db: Conn, scale: Scale, opts: GenerateOptions = {}): Promise<Fixtures> {
  const log = opts.log ?? (() => {});
  const clock = new Clock();
  const now = opts.now ?? clock.now();
  const today = opts.today ?? clock.today();
  const [demo] = await db.select({ n: count() }).from(users).where(eq(users.id, 'fbr01'));
  if (Number(demo?.n ?? 0) === 0) {
    throw new Error('the database has no demo accounts: generate into a database seeded with SEED_DEMO=true');
  }
  const [tasks] = await db.select({ n: count() }).from(targetTasks);
  if (Number(tasks?.n ?? 0) > 0) throw new Error('the database already holds target tasks: generate into a fresh one');

  const plan = planData(scale, {
    seed: opts.seed ?? 20_260_101,
    today,
    now,
    firstIds: {
      yearTarget: await firstFreeId(db, 'year_targets'),
      task: await firstFreeId(db, 'target_tasks'),
      report: await firstFreeId(db, 'task_reports'),
      delay: await firstFreeId(db, 'delay_requests'),
      urge: await firstFreeId(db, 'urges'),
      taskReport: await firstFreeId(db, 'target_reports'),
    },
  });
  log(
    `planned ${plan.departments.length} departments, ${plan.users.length} users, ${plan.taskCount} tasks, ${plan.reportCount} reports`,
  );
  await writeOrganisation(db, plan);
  log('wrote departments and users');
  const refs = await loadRefs(db, today, now);
  const counts = {
    yearTargets: 0,
    tasks: 0,
    reports: 0,
    warnings: 0,
    openWarnings: 0,
    audits: 0,
    delays: 0,
    urges: 0,
    taskReports: 0,
  };
  const fixtures: Fixtures = {
    scale: scale.name,
    year: Number(today.slice(0, 4)),
    counts,
    editableTasks: [],
    reportSlots: [],
    detailIds: [],
  };
  const detailEvery = Math.max(1, Math.floor(plan.taskCount / 400));
  for (const { target, roots } of plan.yearTargets) {
    const rows = simulate(target, roots, refs);
    await writeYearTarget(db, rows);
    counts.yearTargets += 1;
    counts.tasks += rows.tasks.length;
    counts.reports += rows.reports.length;
    counts.warnings += rows.warnings.length;
    counts.openWarnings += rows.warnings.filter((w) => w.open).length;
    counts.audits += rows.audits.length;
    counts.delays += rows.delays.length;
    counts.urges += rows.urges.length;
    counts.taskReports += rows.targetReports.length;
    collectFixtures(fixtures, rows, detailEvery);
  }
  await resetSequences(db);
  await db.execute(sql`analyze`);
  log(
    `wrote ${counts.tasks} tasks, ${counts.reports} reports, ${counts.warnings} warnings, ${counts.audits} audit rows`,
  );
  return fixtures;
}

/** Warning types, cycles and names as stored, and the clock the simulation runs at. */
export async function loadRefs(db: Conn, today: string, now: Date): Promise<SimulationRefs> {
  const types = await db.select().from(warningTypes);
  const cTypes = await db.select().from(cycleTypes);
  const cValues = await db.select().from(cycleValues);
  const userNames = new Map(
    (await db.select({ id: users.id, name: users.name }).from(users)).map((u) => [u.id, u.name] as const),
  );
  const departmentNames = new Map(
    (await db.select({ id: departments.id, name: departments.name }).from(departments)).map(
      (d) => [d.id, d.name] as const,
    ),
  );
  const [setting] = await db.select({ name: systemSettings.systemName }).from(systemSettings).limit(1);
  return {
    today,
    now,
    userName: (id) => (id ? (userNames.get(id) ?? null) : null),
    departmentName: (id) => (id ? (departmentNames.get(id) ?? null) : null),
    systemName: setting?.name || APP.defaultSystemName,
    warningTypes: types.map(
      (t): WarningTypeRef => ({
        id: t.id,
        name: t.name,
        kind: t.kind as 'process' | 'final',
        days: t.days,
        period: t.period,
        weekday: t.periodWeekday,
        day: t.periodDay,
        months: t.periodMonths,
        hour: t.periodHour,
      }),
    ),
    cycle: (c) => {
      const type = cTypes.find((t) => t.code === c.typeCode);
      if (!type) return { cycleTypeId: null, cycleValues: '' };
      const ids = c.values
        .map((v) => cValues.find((x) => x.cycleTypeId === type.id && x.value === v)?.id)
        .filter((id): id is number => id !== undefined);
      return { cycleTypeId: type.id, cycleValues: ids.join(',') };
    },
  };
}

/** Moves the serial sequences past the explicit ids the generator wrote. */
export async function resetSequences(db: Conn) {
  for (const table of SERIAL_TABLES) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`),
    );
  }
}

async function writeOrganisation(db: Conn, plan: Plan) {
  // The demo scale adds nobody: no password to hash (argon2 is slow on purpose).
  if (!plan.departments.length && !plan.users.length) return;
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await insertAll(
      tx,
      departments,
      plan.departments.map((d) => ({
        id: d.id,
        name: d.name,
        shortNameZh: d.shortNameZh,
        shortNameEn: d.shortNameEn,
        chargeUserId: d.headId,
        sortOrder: d.sortOrder,
      })),
    );
    await insertAll(
      tx,
      users,
      plan.users.map((u) => ({
        id: u.id,
        name: u.name,
        sex: u.sex,
        departmentId: u.departmentId,
        userTypeId: u.userTypeId,
        passwordHash,
        email: `${u.id.toLowerCase()}@school.edu.cn`,
      })),
    );
    await insertAll(
      tx,
      userRoles,
      plan.users.flatMap((u) => u.roles.map((roleId) => ({ userId: u.id, roleId }))),
    );
  });
}

/** Writes one year target's derived rows in one transaction, parents before children. */
export async function writeYearTarget(db: Conn, rows: DerivedRows) {
  await db.transaction(async (tx) => {
    await insertAll(tx, yearTargets, [rows.yearTarget]);
    await insertAll(tx, targetTasks, rows.tasks);
    await insertAll(tx, taskCoopDepartments, rows.coop);
    await insertAll(tx, taskReports, rows.reports);
    await insertAll(tx, taskWarnings, rows.warnings);
    await insertAll(tx, auditLog, rows.audits);
    await insertAll(tx, delayRequests, rows.delays);
    await insertAll(tx, urges, rows.urges);
    await insertAll(tx, targetReports, rows.targetReports);
  });
}

function collectFixtures(f: Fixtures, rows: DerivedRows, detailEvery: number) {
  for (const t of rows.tasks) {
    if (t.id! % detailEvery === 0) f.detailIds.push(t.id!);
    if (rows.yearTarget.cycleYear !== f.year) continue;
    if (t.parentId === null && t.status === 'notPushed') {
      f.editableTasks.push({
        id: t.id!,
        version: t.version!,
        input: {
          yearTargetId: t.yearTargetId,
          rwmc: t.name,
          rwlx: t.taskType,
          departmentId: t.departmentId,
          auditorId: t.auditorId ?? undefined,
          coopDepartmentIds: rows.coop.filter((c) => c.taskId === t.id).map((c) => c.departmentId),
          kssj: t.startDate,
          jssj: t.endDate,
          weight: t.weight,
          cycleValueIds: [],
        },
      });
    }
    const underWay = t.status === 'executeing' || t.status === 'delayNotDone';
    // Slots from monthly tasks only (a task with a cycle has few periods, most of them used).
    if (underWay && t.ownerId && t.auditorId && t.cycleTypeId == null) {
      const used = new Set(rows.reports.filter((r) => r.taskId === t.id).map((r) => r.periodKey));
      const free = monthlyPeriods(t.startDate, t.endDate)
        .map((p) => p.key)
        .reverse()
        .find((k) => !used.has(k));
      if (free) f.reportSlots.push({ taskId: t.id!, ownerId: t.ownerId, auditorId: t.auditorId, periodKey: free });
    }
  }
}
