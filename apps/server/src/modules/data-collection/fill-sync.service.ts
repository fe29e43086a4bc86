import { COLLECTION_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { conflict, notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { writeWarehouseRows } from '../data-manage';
import { audit } from './data-collection.audit';
import { mustManage } from './data-collection.policy';
import * as fillRepo from './fill.repository';

/** The audited rows into the warehouse: written by the final audit, and again for a whole task (synDataByTaskId). */

/**
 * Writes the rows of finished fill tasks of one collection task into its warehouse table, in the caller's
 * transaction: replacing what any fill task of the same table, cycle and allocation wrote before (collecting the same
 * cycle and object again replaces, never duplicates), and remembering which fill task each warehouse row came from.
 * writeWarehouseRows tells the modules above the warehouse (the algorithms' cache) in the same transaction.
 */
export async function writeFills(
  tx: Db,
  hooks: Hooks,
  actor: Actor,
  at: { taskId: number; tableId: number; cycle: string },
  fills: { id: number; assigneeId: string | null; departmentId: string | null }[],
) {
  const old = await fillRepo.rowsToReplace(tx, { tableId: at.tableId, cycle: at.cycle, fills });
  const rows = await fillRepo.finishedRowsOf(
    tx,
    fills.map((f) => f.id),
  );
  const ids = await writeWarehouseRows(
    tx,
    hooks,
    at.tableId,
    rows.map((r) => r.values),
    {
      replace: old.map((o) => o.rowId),
      rowLabel: (i) => `填报任务 ${rows[i]!.fillTaskId} 第 ${rows[i]!.rowNo} 行：`,
    },
  );
  await fillRepo.forgetSynced(
    tx,
    old.map((o) => o.id),
  );
  await fillRepo.recordSynced(
    tx,
    ids.map((rowId, i) => ({ fillTaskId: rows[i]!.fillTaskId, tableId: at.tableId, rowId })),
  );
  await fillRepo.markSynced(
    tx,
    fills.map((f) => f.id),
  );
  await audit(tx, actor, 'collectionTask.sync', 'collectionTask', at.taskId, {
    fillTasks: fills.map((f) => f.id),
    rows: ids.length,
    replaced: old.length,
  });
  return ids.length;
}

/**
 * synDataByTaskId: writes the rows of all the task's finished fill tasks into the warehouse table again, in one
 * transaction (the final audit already wrote each; this rewrites them all, e.g. after the table was edited by hand).
 */
export async function syncTask(db: Db, hooks: Hooks, actor: Actor, taskId: number) {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const task = await fillRepo.findTask(tx, taskId);
    if (!task) throw notFound(M.taskNotFound);
    const fills = (await fillRepo.listFillTasks(tx, { taskId })).filter((f) => f.fill.state === 'finished');
    if (fills.length === 0) throw conflict(M.notFinished);
    return writeFills(
      tx,
      hooks,
      actor,
      { taskId, tableId: task.version.tableId, cycle: task.task.cycle },
      fills.map((f) => f.fill),
    );
  });
}
