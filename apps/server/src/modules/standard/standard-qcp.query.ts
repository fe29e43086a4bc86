import type { StandardNodeTask, TaskQcp } from '@zg/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { defineHook, type Hooks } from '../../platform/hooks';
import { nodeFor } from './standard-access';

/**
 * The quality control points (质控点) other modules link to (issue 35: the target tasks serving them), read with no
 * user: the name, its dimension and its system (named with its version beyond the first). Only live points of live
 * systems: a deleted node, a point of a system in the recycle bin, an indicator or a dimension is no QCP here.
 */
const qcpSelect = sql`
  select n.id, n.name, d.name as "dimensionName", s.id as "systemId",
    case when s.version > 1 then s.name || ' V' || s.version else s.name end as "systemName"
  from standard_nodes n
  join standard_systems s on s.id = n.system_id and s.deleted_at is null
  left join standard_nodes d on d.id = n.parent_id
  where n.kind = 'qcp' and n.deleted_at is null`;

/** Which of these ids are live QCPs of a live system, with their names and system (one query). */
export async function qcpNodesByIds(db: Db, ids: readonly number[]): Promise<TaskQcp[]> {
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (!unique.length) return [];
  const result = await db.execute(
    sql`${qcpSelect} and n.id = any(${sql.param(unique)}::int[]) order by s.id, n.sort_order, n.id`,
  );
  return (result as unknown as { rows: TaskQcp[] }).rows;
}

/** The QCPs of the published live systems, by system and tree order (the task form's choices). */
export async function publishedQcps(db: Db): Promise<TaskQcp[]> {
  const result = await db.execute(
    sql`${qcpSelect} and s.state = 'published' order by s.name, s.version desc, d.sort_order, d.id, n.sort_order, n.id`,
  );
  return (result as unknown as { rows: TaskQcp[] }).rows;
}

/**
 * The target tasks serving a node, as the node's panel lists them: the target-task module registers the one function
 * (`app.hooks.add(NODE_TASKS, 'target-task', fn)`), answering the tasks the actor sees; the standard module sits below
 * it and never reads its tables.
 */
export type NodeTasks = (db: Db, actor: Actor, nodeId: number) => Promise<StandardNodeTask[]>;
export const NODE_TASKS = defineHook<NodeTasks>('standard.nodeTasks');

/** The tasks serving a node the actor may read (404 / 403 as the node's own read). */
export async function tasksOfNode(db: Db, hooks: Hooks, actor: Actor, nodeId: number) {
  await nodeFor(db, actor, nodeId, 'read');
  const out: StandardNodeTask[] = [];
  for (const fn of hooks.all(NODE_TASKS)) out.push(...(await fn(db, actor, nodeId)));
  return out;
}
