import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { diagnosisObjectUsers } from '../../db/schema';
import { lockObjectTasks, type ObjectWithTask } from './object-task.repository';

/** Object tasks by id, locked, each with its task and people: what a bulk action checks, in two statements. */
export async function lockObjectsWithPeople(db: Db, ids: number[]): Promise<ObjectWithTask[]> {
  const found = await lockObjectTasks(db, ids);
  if (!found.length) return [];
  const people = await db
    .select()
    .from(diagnosisObjectUsers)
    .where(
      inArray(
        diagnosisObjectUsers.objectTaskId,
        found.map((f) => f.object.id),
      ),
    )
    .orderBy(asc(diagnosisObjectUsers.userId));
  return found.map((f) => {
    const mine = people.filter((p) => p.objectTaskId === f.object.id);
    return {
      ...f,
      sharerIds: mine.filter((p) => p.kind === 'sharer').map((p) => p.userId),
      collectorIds: mine.filter((p) => p.kind === 'collector').map((p) => p.userId),
    };
  });
}
