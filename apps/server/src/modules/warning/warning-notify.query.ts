import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { targetTasks, taskWarnings, warningTypes } from '../../db/schema';

/** Raised warnings with what their notification says: the task (name, owner, department) and the type's name. */
export async function raisedWarningFacts(db: Db, ids: number[]) {
  const out = [];
  for (let i = 0; i < ids.length; i += 1000) {
    out.push(
      ...(await db
        .select({
          id: taskWarnings.id,
          key: taskWarnings.warningKey,
          raisedAt: taskWarnings.raisedAt,
          typeName: warningTypes.name,
          taskId: targetTasks.id,
          taskName: targetTasks.name,
          ownerId: targetTasks.ownerId,
          departmentId: targetTasks.departmentId,
        })
        .from(taskWarnings)
        .innerJoin(warningTypes, eq(warningTypes.id, taskWarnings.warningTypeId))
        .innerJoin(targetTasks, eq(targetTasks.id, taskWarnings.taskId))
        .where(inArray(taskWarnings.id, ids.slice(i, i + 1000)))),
    );
  }
  return out;
}
