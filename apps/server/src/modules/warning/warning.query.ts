import { and, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import {
  departments,
  targetTasks,
  taskReports,
  taskWarningConditions,
  taskWarnings,
  yearTargets,
} from '../../db/schema';
import { taskCycleColumns } from '../target-task';

/** Rows of a raw `db.execute`, on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Leaf tasks under way or finished (the ones warnings are about), with their cycle and the period keys already
 * reported: every such task, or those of `taskIds`.
 */
export async function tasksToEvaluate(db: Db, taskIds?: readonly number[]) {
  if (taskIds?.length === 0) return [];
  const rows = await db.execute(sql`
    select t.id, t.start_date as start, t.end_date as "end", t.status, ${taskCycleColumns(sql.raw('t'))},
      coalesce((select array_agg(distinct r.period_key) from ${taskReports} r
                where r.task_id = t.id and r.status in ('reviewing', 'pass', 'childPass')), '{}') as reported,
      coalesce((select array_agg(c.warning_type_id) from ${taskWarningConditions} c where c.task_id = t.id), '{}') as conditions
    from ${targetTasks} t
    where t.status in ('executeing', 'delayNotDone', 'hasDone', 'delayDone')
      and t.is_leaf
      ${taskIds ? sql`and t.id in ${[...taskIds]}` : sql``}`);
  return rowsOf<{
    id: number;
    start: string;
    end: string;
    status: string;
    cycle_type: string | null;
    cycle_values: string[];
    reported: string[];
    conditions: number[];
  }>(rows);
}

/**
 * Open warning counts by kind, per task, over the tasks matching `where` (which may name target_tasks and
 * year_targets), optionally of one warning type only.
 */
export async function warningCounts(db: Db, where: SQL | undefined, warningTypeId?: number) {
  // One row of JSON rather than a row per task: the drivers parse one value natively instead of hundreds of rows.
  // Prepared by its text (db/prepared.ts): the scopes' shapes are few, each planned once per pooled connection.
  const [row] = await queryPrepared(
    db,
    sql`
    select coalesce(json_agg(json_build_array(c.task_id, c.process, c.final)), '[]') as counts from (
      select w.task_id,
        sum(case when w.kind = 'process' then 1 else 0 end)::int as process,
        sum(case when w.kind = 'final' then 1 else 0 end)::int as final
      from ${taskWarnings} w
      ${
        // Every warning has its task and year target (foreign keys): with nothing to filter on, the open-warnings
        // index alone answers, without joining (and hashing) every task.
        where
          ? sql`join ${targetTasks} on ${targetTasks.id} = w.task_id
      join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
      left join ${departments} on ${departments.id} = ${targetTasks.departmentId}`
          : sql``
      }
      where w.open ${warningTypeId ? sql`and w.warning_type_id = ${warningTypeId}` : sql``}
        ${where ? sql`and ${where}` : sql``}
      group by w.task_id) c`,
  );
  const value = (row?.[0] ?? []) as [number, number, number][] | string;
  const counts = typeof value === 'string' ? (JSON.parse(value) as [number, number, number][]) : value;
  return counts.map(([taskId, process, final]) => ({
    taskId: Number(taskId),
    process: Number(process),
    final: Number(final),
  }));
}

/** The tasks a user owns, as a condition for `warningCounts`. */
export const tasksOwnedBy = (userId: string) => sql`${targetTasks.ownerId} = ${userId}`;

/** The tasks of some departments, as a condition for `warningCounts`. */
export const tasksOfDepartments = (ids: readonly string[]) =>
  ids.length ? sql`${targetTasks.departmentId} in ${ids}` : sql`false`;

/** The warning page's task filter over `visible` tasks, as a condition for `warningCounts`. */
export function taskFilterWhere(
  visible: SQL | undefined,
  q: { year?: number; yearTargetId?: number; rwlx?: string; departmentId?: string; rwmc?: string },
) {
  const conds: SQL[] = [];
  if (visible) conds.push(visible);
  if (q.year) conds.push(eq(yearTargets.cycleYear, q.year));
  if (q.yearTargetId) conds.push(eq(targetTasks.yearTargetId, q.yearTargetId));
  if (q.rwlx) conds.push(eq(targetTasks.taskType, q.rwlx));
  if (q.departmentId) conds.push(eq(targetTasks.departmentId, q.departmentId));
  if (q.rwmc) conds.push(ilike(targetTasks.name, `%${q.rwmc.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return conds.length ? and(...conds) : undefined;
}
