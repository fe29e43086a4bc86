import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { targetTasks, taskReports, yearTargets } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { registerOwnerPolicy } from '../files/files.policy';
import { visibleTaskWhere } from '../target-task/target-task.repository';
import { viewOf } from '../target-task/target-task.service';

const toInts = (ids: string[]) => ids.map(Number).filter(Number.isInteger);

/**
 * Attachments of progress reports: read by whoever sees the report's task (its auditor, department head, publishers
 * ...), so the file archives and the report's attachment list can be downloaded. They are attached by the progress
 * module when the owner submits a report, never through the generic attachment list, so nobody writes them here.
 */
registerOwnerPolicy('TaskProgress', {
  readable: async (db: Db, actor: Actor, ids: string[]) => {
    const visible = visibleTaskWhere(viewOf(actor));
    const rows = await db
      .select({ id: taskReports.id })
      .from(taskReports)
      .innerJoin(targetTasks, sql`${targetTasks.id} = ${taskReports.taskId}`)
      .innerJoin(yearTargets, sql`${yearTargets.id} = ${targetTasks.yearTargetId}`)
      .where(
        visible ? sql`${inArray(taskReports.id, toInts(ids))} and ${visible}` : inArray(taskReports.id, toInts(ids)),
      );
    return new Set(rows.map((r) => String(r.id)));
  },
  writable: async () => false,
});
