import { and, asc, between, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, targetTasks, yearTargets } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { FINISHED_STATES } from './target-task.machine';
import { tasksSeenBy, yearTargetsSeenBy } from './target-task.policy';

/**
 * 发展中心's read of the target tasks (issue 35): for a range of years, the year targets the actor sees, their issued
 * last-level tasks counted per target and department, their issued top-level tasks, and the QCPs each top-level task
 * serves itself or through its subtasks. Four statements whatever the number of rows.
 */

/** At most this many top-level tasks in one answer (the newest years' first). */
export const DEVELOPMENT_TASKS_MAX = 1000;

export interface DevelopmentRead {
  targets: { id: number; name: string; year: number; bmmc: string | null }[];
  /** Issued last-level tasks per year target and department: how many, finished, and the sum of their progress. */
  leaves: {
    yearTargetId: number;
    bmid: string;
    bmmc: string;
    total: number;
    completed: number;
    progressSum: number;
  }[];
  tasks: {
    id: number;
    yearTargetId: number;
    rwmc: string;
    bmid: string | null;
    bmmc: string | null;
    rwzt: string;
    rwjd: number;
  }[];
  /** The QCP node ids each top-level task serves (its own links and its subtasks'). */
  links: { taskId: number; nodeId: number }[];
}

export async function developmentRead(
  db: Db,
  actor: Actor,
  range: { startYear: number; endYear: number },
): Promise<DevelopmentRead> {
  const years = between(yearTargets.cycleYear, range.startYear, range.endYear);
  const issued = ne(targetTasks.status, 'notPushed');
  const finished = [...FINISHED_STATES];
  // One after the other: the demo seed reads in its transaction (one client, which must not queue queries).
  const targets = await db
    .select({ id: yearTargets.id, name: yearTargets.name, year: yearTargets.cycleYear, bmmc: departments.name })
    .from(yearTargets)
    .leftJoin(departments, eq(departments.id, yearTargets.chargeDepartmentId))
    .where(and(years, yearTargetsSeenBy(actor)))
    .orderBy(asc(yearTargets.cycleYear), asc(yearTargets.sortOrder), asc(yearTargets.id));
  const leaves = await db
    .select({
      yearTargetId: targetTasks.yearTargetId,
      bmid: sql<string>`coalesce(${targetTasks.departmentId}, '')`,
      bmmc: sql<string>`coalesce(${departments.name}, '未分配部门')`,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${inArray(targetTasks.status, finished)}))::int`,
      progressSum: sql<number>`coalesce(sum(${targetTasks.progress}), 0)::float8`,
    })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
    .where(and(years, eq(targetTasks.isLeaf, true), issued, tasksSeenBy(actor)))
    .groupBy(targetTasks.yearTargetId, targetTasks.departmentId, departments.name);
  const tasks = await db
    .select({
      id: targetTasks.id,
      yearTargetId: targetTasks.yearTargetId,
      rwmc: targetTasks.name,
      bmid: targetTasks.departmentId,
      bmmc: departments.name,
      rwzt: targetTasks.status,
      rwjd: targetTasks.progress,
    })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
    .where(and(years, eq(targetTasks.depth, 1), issued, tasksSeenBy(actor)))
    .orderBy(asc(yearTargets.cycleYear), asc(targetTasks.yearTargetId), asc(targetTasks.id))
    .limit(DEVELOPMENT_TASKS_MAX);
  const result = await db.execute(sql`
    with recursive up as (
      select l.node_id, t.id, t.parent_id
      from target_task_standard_nodes l
      join target_tasks t on t.id = l.task_id
      join year_targets y on y.id = t.year_target_id
      where y.cycle_year between ${range.startYear} and ${range.endYear}
      union all
      select up.node_id, p.id, p.parent_id from up join target_tasks p on p.id = up.parent_id
    )
    select distinct id as "taskId", node_id as "nodeId" from up where parent_id is null order by 1, 2`);
  const shown = new Set(tasks.map((t) => t.id));
  const links = (result as unknown as { rows: { taskId: number; nodeId: number }[] }).rows.filter((l) =>
    shown.has(l.taskId),
  );
  return { targets, leaves, tasks: tasks.map((t) => ({ ...t, rwjd: Number(t.rwjd) })), links };
}
