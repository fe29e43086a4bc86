import { type StandardNodeTask, TASK_STATUS, type TaskStatus } from '@zg/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, targetTaskStandardNodes, targetTasks, yearTargets } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { tasksSeenBy } from './target-task.policy';

/**
 * 服务的质控点 (issue 35): the standard nodes a task serves, a link table of this module (target_task_standard_nodes)
 * with no foreign key into the standard module; the ids are checked through its public surface when a task is saved.
 */

/** Replaces the task's links with these (already checked) ids: one delete, one insert. */
export async function replaceQcps(db: Db, taskId: number, ids: readonly number[]) {
  await db.delete(targetTaskStandardNodes).where(eq(targetTaskStandardNodes.taskId, taskId));
  const unique = [...new Set(ids)];
  if (unique.length) await db.insert(targetTaskStandardNodes).values(unique.map((nodeId) => ({ taskId, nodeId })));
}

/** The linked node ids of some tasks (one query). */
export async function linkedNodeIds(db: Db, taskIds: readonly number[]) {
  if (!taskIds.length) return [];
  const result = await db.execute(sql`
    select task_id as "taskId", node_id as "nodeId" from ${targetTaskStandardNodes}
    where task_id = any(${sql.param([...taskIds])}::int[]) order by task_id, node_id`);
  return (result as unknown as { rows: { taskId: number; nodeId: number }[] }).rows;
}

/** NODE_TASKS of the standard module: the tasks serving a node that the actor sees, newest year first. */
export async function tasksServingNode(db: Db, actor: Actor, nodeId: number): Promise<StandardNodeTask[]> {
  const rows = await db
    .select({
      id: targetTasks.id,
      rwmc: targetTasks.name,
      year: yearTargets.cycleYear,
      yearTargetName: yearTargets.name,
      bmmc: departments.name,
      rwzt: targetTasks.status,
      rwjd: targetTasks.progress,
    })
    .from(targetTaskStandardNodes)
    .innerJoin(targetTasks, eq(targetTasks.id, targetTaskStandardNodes.taskId))
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
    .where(and(eq(targetTaskStandardNodes.nodeId, nodeId), tasksSeenBy(actor)))
    .orderBy(sql`${yearTargets.cycleYear} desc`, targetTasks.id)
    .limit(200);
  return rows.map((r) => ({ ...r, rwjd: Number(r.rwjd), rwztmc: TASK_STATUS[r.rwzt as TaskStatus] ?? r.rwzt }));
}

/** Adds links (one insert for the set; a link already there is kept). */
export async function insertQcpLinks(db: Db, rows: readonly { taskId: number; nodeId: number }[]) {
  if (rows.length)
    await db
      .insert(targetTaskStandardNodes)
      .values([...rows])
      .onConflictDoNothing();
}
