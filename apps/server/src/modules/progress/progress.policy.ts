import { ROLE } from '@zg/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { targetTasks, taskReports, yearTargets } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { registerOwnerPolicy } from '../files/files.policy';
import { visibleTaskWhere } from '../target-task/target-task.repository';
import { viewOf } from '../target-task/target-task.service';
import { reportTasks } from './progress.repository';

const toInts = (ids: string[]) => ids.map(Number).filter(Number.isInteger);

/**
 * Attachments of progress reports: read by whoever sees the report's task (its auditor among them); changed only by
 * the submitter while the report is under review.
 */
registerOwnerPolicy('TaskProgress', {
  readable: async (db: Db, actor: Actor, ids: string[]) => {
    const rows = await db
      .select({ id: taskReports.id })
      .from(taskReports)
      .innerJoin(targetTasks, eq(targetTasks.id, taskReports.taskId))
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .where(and(inArray(taskReports.id, toInts(ids)), visibleTaskWhere(viewOf(actor))));
    return new Set(rows.map((r) => String(r.id)));
  },
  writable: async (db: Db, actor: Actor, id: string) => {
    if (actor.roles.has(ROLE.admin)) return true;
    const [r] = await reportTasks(db, toInts([id]));
    return r !== undefined && r.status === 'reviewing' && r.submitterId === actor.userId;
  },
});
