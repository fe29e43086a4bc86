import { type AnalysisFigure, NOT_ISSUED_STATES } from '@zg/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, targetTasks, taskTypes, taskWarnings, users, yearTargets } from '../../db/schema';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** One page of the tasks matching an analysis predicate (over tasks joined to their year target), newest first. */
export async function analysisTaskPage(db: Db, where: SQL, current: number, size: number) {
  const from = sql`from ${targetTasks} join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}`;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select ${targetTasks.id} as id, ${targetTasks.name} as name, ${targetTasks.taskType} as "taskType",
        ${targetTasks.status} as status, ${targetTasks.yearTargetId} as "yearTargetId", ${yearTargets.name} as "yearTargetName",
        ${yearTargets.cycleYear} as "cycleYear", ${targetTasks.departmentId} as "departmentId",
        (select d.name from ${departments} d where d.id = ${targetTasks.departmentId}) as "departmentName",
        (select u.name from ${users} u where u.id = ${targetTasks.ownerId}) as "ownerName",
        ${targetTasks.startDate}::text as "startDate", ${targetTasks.endDate}::text as "endDate",
        ${targetTasks.progress} as progress
      ${from} where ${where}
      order by ${targetTasks.startDate} desc, ${targetTasks.id} desc
      limit ${size} offset ${(current - 1) * size}`),
    db.execute(sql`select count(*)::int as n ${from} where ${where}`),
  ]);
  return {
    rows: rowsOf<{
      id: number;
      name: string;
      taskType: string;
      status: string;
      yearTargetId: number;
      yearTargetName: string;
      cycleYear: number;
      departmentId: string | null;
      departmentName: string | null;
      ownerName: string | null;
      startDate: string;
      endDate: string;
      progress: string | number;
    }>(page),
    total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
}

/** Every task type with the count of tasks matching the predicate. */
export async function taskTypeCounts(db: Db, where: SQL) {
  const res = await db.execute(sql`
    select tt.id, tt.code, tt.name, (
      select count(*)::int from ${targetTasks} join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
      where ${targetTasks.taskType} = tt.code and ${where}) as n
    from ${taskTypes} tt order by tt.sort_order, tt.id`);
  return rowsOf<{ id: number; code: string; name: string; n: number }>(res);
}

/** The distinct years of the tasks matching the predicate, newest first. */
export async function yearsInScope(db: Db, where: SQL) {
  const res = await db.execute(sql`
    select distinct ${yearTargets.cycleYear} as nf
    from ${targetTasks} join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
    where ${where} order by 1 desc`);
  return rowsOf<{ nf: number }>(res).map((r) => Number(r.nf));
}

/** Departments (all when ids is null) with their head's name, in the configured order. */
export async function chargeDepartmentsOf(db: Db, ids: readonly string[] | null) {
  if (ids && ids.length === 0) return [];
  const filter = ids ? sql`and d.id in ${ids}` : sql``;
  const res = await db.execute(sql`
    select d.id as bmid, d.name as bmmc, u.name as fzrmc
    from ${departments} d left join ${users} u on u.id = d.charge_user_id
    where d.enabled ${filter} order by d.sort_order, d.id`);
  return rowsOf<{ bmid: string; bmmc: string; fzrmc: string | null }>(res);
}

/** A task that is issued (下发): not unpushed (or withdrawn) and not returned (已退回); every figure counts with it. */
const ISSUED = sql`(${targetTasks.status} not in (${sql.raw(NOT_ISSUED_STATES.map((s) => `'${s}'`).join(', '))}))`;
const FINISHED = sql`(${targetTasks.status} in ('hasDone', 'delayDone'))`;

/** The counters every annual analysis row carries, over target_tasks with their open warnings `w`. */
const COUNTERS = sql`
  count(*)::int as "taskCount",
  (count(*) filter (where ${ISSUED}))::int as issued,
  (count(*) filter (where ${targetTasks.status} in ('hasDone', 'delayDone')))::int as finished,
  (count(*) filter (where ${targetTasks.status} = 'hasDone'))::int as "onTime",
  (count(*) filter (where ${targetTasks.status} = 'delayDone'))::int as late,
  (count(*) filter (where ${targetTasks.status} = 'executeing'))::int as executing,
  (count(*) filter (where ${targetTasks.status} = 'delayNotDone'))::int as overdue,
  (count(*) filter (where not ${ISSUED}))::int as "notIssued",
  coalesce(sum(w.process), 0)::int as "processWarningCount",
  coalesce(sum(w.final), 0)::int as "expiredWarningCount"`;

/**
 * Tasks of year targets with their open warning counts `w` (one aggregate per task, through the open-warnings index),
 * joined to their department `d` and its head `u` when asked, filtered by the scope predicate.
 */
const fromScope = (where: SQL, withDepartment = false) => sql`
  from ${targetTasks}
  join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
  ${withDepartment ? sql`join ${departments} d on d.id = ${targetTasks.departmentId} left join ${users} u on u.id = d.charge_user_id` : sql``}
  left join lateral (
    select (count(*) filter (where ${taskWarnings.kind} = 'process'))::int as process,
           (count(*) filter (where ${taskWarnings.kind} = 'final'))::int as final
    from ${taskWarnings} where ${taskWarnings.taskId} = ${targetTasks.id} and ${taskWarnings.open}
  ) w on true
  where ${where}`;

export interface CounterRow {
  taskCount: number;
  issued: number;
  finished: number;
  onTime: number;
  late: number;
  executing: number;
  overdue: number;
  notIssued: number;
  processWarningCount: number;
  expiredWarningCount: number;
}

/** Counters per task type plus the grand total (task type null), and the number of year targets in scope. */
export async function gatherCounters(db: Db, where: SQL) {
  const [byType, targets] = await Promise.all([
    db.execute(sql`select ${targetTasks.taskType} as "taskType", ${COUNTERS} ${fromScope(where)}
      group by grouping sets ((${targetTasks.taskType}), ()) order by 1 nulls first`),
    db.execute(sql`select count(distinct ${targetTasks.yearTargetId})::int as n ${fromScope(where)}`),
  ]);
  return {
    rows: rowsOf<CounterRow & { taskType: string | null }>(byType),
    yearTargetCount: Number(rowsOf<{ n: number }>(targets)[0]?.n ?? 0),
  };
}

/** Counters per year target. */
export async function countersByTarget(db: Db, where: SQL) {
  const res = await db.execute(sql`
    select ${yearTargets.id} as "yearTargetId", ${yearTargets.name} as mbmc, ${yearTargets.cycleYear} as nf,
      (select dd.name from ${departments} dd where dd.id = ${yearTargets.chargeDepartmentId}) as fzbm, ${COUNTERS}
    ${fromScope(where)}
    group by ${yearTargets.id}, ${yearTargets.name}, ${yearTargets.cycleYear}, ${yearTargets.chargeDepartmentId}
    order by ${yearTargets.cycleYear} desc, ${yearTargets.id}`);
  return rowsOf<CounterRow & { yearTargetId: number; mbmc: string; nf: number; fzbm: string | null }>(res);
}

/** Counters per responsible department, with the department's head. */
export async function countersByDepartment(db: Db, where: SQL) {
  const res = await db.execute(sql`
    select d.id as bmid, d.name as bmmc, u.name as fzrmc, ${COUNTERS}
    ${fromScope(where, true)}
    group by d.id, d.name, d.sort_order, u.name
    order by d.sort_order, d.id`);
  return rowsOf<CounterRow & { bmid: string; bmmc: string; fzrmc: string | null }>(res);
}

/** Counters per (department, year target), for the grid. */
export async function countersByDepartmentAndTarget(db: Db, where: SQL) {
  const res = await db.execute(sql`
    select d.id as bmid, d.name as bmmc, ${yearTargets.id} as "yearTargetId", ${yearTargets.name} as mbmc, ${COUNTERS}
    ${fromScope(where, true)}
    group by d.id, d.name, d.sort_order, ${yearTargets.id}, ${yearTargets.name}, ${yearTargets.cycleYear}
    order by d.sort_order, d.id, ${yearTargets.cycleYear} desc, ${yearTargets.id}`);
  return rowsOf<CounterRow & { bmid: string; bmmc: string; yearTargetId: number; mbmc: string }>(res);
}

/** What an analysis counts: last-level tasks, of a year and type, of an owner or department, that `visible` lets through. */
export function analysisScope(s: {
  year?: number;
  rwlx?: string;
  ownerId?: string;
  departmentId?: string;
  visible?: SQL;
}): SQL {
  // Last-level tasks by their flag (target_tasks.is_leaf, kept by insertTask/deleteTask): with a year, the year's
  // targets are computed once (an InitPlan) and its leaves read through target_tasks_leaf_idx, a partial index of the
  // leaves by year target, department and state, instead of an anti-join over every task's children. The scope reads
  // target_tasks alone (visibility too: visibleTaskWhere), so the counts need not join year_targets: at province
  // scale the join was a fifth of PostgreSQL's time on the department finish rates (pgbench 240 -> 305 tx/s).
  const parts: SQL[] = [sql`${targetTasks.isLeaf}`];
  if (s.year) {
    const ids = sql`any(array(select ${yearTargets.id} from ${yearTargets} where ${yearTargets.cycleYear} = ${s.year}))`;
    parts.push(sql`${targetTasks.yearTargetId} = ${ids}`);
  }
  if (s.ownerId) parts.push(sql`${targetTasks.ownerId} = ${s.ownerId}`);
  if (s.departmentId) parts.push(sql`${targetTasks.departmentId} = ${s.departmentId}`);
  if (s.visible) parts.push(s.visible);
  if (s.rwlx) parts.push(sql`${targetTasks.taskType} = ${s.rwlx}`);
  return sql.join(parts, sql` and `);
}

/** Task counts by state over the scope. */
export async function statusCounts(db: Db, scope: SQL) {
  const res = await db.execute(sql`
    select ${targetTasks.status} as status, count(*)::int as n
    from ${targetTasks}
    where ${scope} group by 1`);
  return new Map(rowsOf<{ status: string; n: number }>(res).map((r) => [r.status, Number(r.n)]));
}

/**
 * Issued and finished task counts per department over the scope, with the finish rate (finished over issued, in %,
 * two decimals) and the competition rank (1, 2, 2, 4) by rate, then finished count; in department order, or by rank
 * (`ranked`, ties by department id). The tasks are counted per department first (from target_tasks_leaf_idx alone
 * with a year) and only the counts meet the departments: at province scale a year has ~26 000 leaves in ~1 800
 * departments (EXPLAIN ANALYZE 150 ms with the anti-join over children, 20-24 ms with the flag, 13-20 ms counting
 * before the join). The rate and rank are PostgreSQL's too: ranking ~1 300 rows in the server (a sort whose ties
 * compared ids with localeCompare) was 14 % of the server's time on the route at province scale.
 */
export async function departmentFinishCounts(db: Db, scope: SQL, ranked = false): Promise<DepartmentRate[]> {
  const res = await db.execute(sql`
    select ${departments.id} as bmid, ${departments.name} as bmmc, r.issued, r.finished, r.rate::float8 as rate,
      (rank() over (order by r.rate desc, r.finished desc))::int as rank
    from (
      select c.*, case when c.issued > 0 then round(c.finished * 100.0 / c.issued, 2) else 0 end as rate
      from (
        select ${targetTasks.departmentId} as department_id,
          count(*) filter (where ${ISSUED})::int as issued,
          count(*) filter (where ${FINISHED})::int as finished
        from ${targetTasks}
        where ${scope}
        group by ${targetTasks.departmentId}
      ) c
    ) r
    join ${departments} on ${departments.id} = r.department_id
    order by ${ranked ? sql`rank, ${departments.id}` : sql`${departments.sortOrder}, ${departments.id}`}`);
  // int4 and float8 come back as numbers: the rows are the reply as they are.
  return rowsOf<DepartmentRate>(res);
}

/** A department's finish figures (the rate in %, two decimals; the competition rank by rate, then finished count). */
export interface DepartmentRate {
  bmid: string;
  bmmc: string;
  issued: number;
  finished: number;
  rate: number;
  rank: number;
}

const FIGURE_WHERE: Record<AnalysisFigure, SQL | null> = {
  all: null,
  issued: ISSUED,
  finished: FINISHED,
  unfinished: sql`${ISSUED} and not ${FINISHED}`,
};

/** The scope narrowed to a figure's tasks (a slice, a department's bar, a ranking row). */
export function figureWhere(scope: SQL, f: { figure: AnalysisFigure; rwzt?: string; departmentId?: string }) {
  const parts = [scope];
  const figure = FIGURE_WHERE[f.figure];
  if (figure) parts.push(figure);
  if (f.rwzt) parts.push(sql`${targetTasks.status} = ${f.rwzt}`);
  if (f.departmentId) parts.push(sql`${targetTasks.departmentId} = ${f.departmentId}`);
  return sql.join(parts, sql` and `);
}

/** Last-level tasks of a year, year target and type that `visible` lets through (the annual-wbs analysis). */
export function ndScope(s: { year?: number; yearTargetId?: number; rwlx?: string; visible?: SQL }): SQL {
  const parts: SQL[] = [sql`${targetTasks.isLeaf}`];
  if (s.visible) parts.push(s.visible);
  if (s.year) parts.push(sql`${yearTargets.cycleYear} = ${s.year}`);
  if (s.yearTargetId) parts.push(sql`${targetTasks.yearTargetId} = ${s.yearTargetId}`);
  if (s.rwlx) parts.push(sql`${targetTasks.taskType} = ${s.rwlx}`);
  return sql.join(parts, sql` and `);
}
