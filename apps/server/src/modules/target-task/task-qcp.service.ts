import { TASK_MSG, type TaskQcp } from '@zg/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { qcpNodesByIds } from '../standard';
import { insertQcpLinks, linkedNodeIds } from './task-qcp.repository';

/**
 * 服务的质控点 (issue 35): the ids a task form names are checked through the standard module's public surface; the
 * links are this module's (task-qcp.repository.ts).
 */

/** The QCPs the ids name, or a 400 naming every id that is no live QCP of a live system. */
export async function checkQcps(db: Db, ids: readonly number[]): Promise<TaskQcp[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await qcpNodesByIds(db, unique);
  const known = new Set(found.map((q) => q.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(TASK_MSG.qcpUnknown(missing));
  return found;
}

/** The live QCPs a task serves (a link to a node since deleted is not shown). */
export async function qcpsOfTask(db: Db, taskId: number): Promise<TaskQcp[]> {
  const links = await linkedNodeIds(db, [taskId]);
  return qcpNodesByIds(
    db,
    links.map((l) => l.nodeId),
  );
}

/** Links tasks to QCPs (the demo seed, as the task form saves them): every id checked, then each task's links set. */
export async function linkTaskQcps(db: Db, links: readonly { taskId: number; nodeIds: readonly number[] }[]) {
  await checkQcps(
    db,
    links.flatMap((l) => l.nodeIds),
  );
  await insertQcpLinks(
    db,
    links.flatMap((l) => [...new Set(l.nodeIds)].map((nodeId) => ({ taskId: l.taskId, nodeId }))),
  );
}
