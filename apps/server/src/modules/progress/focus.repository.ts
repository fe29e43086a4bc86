import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskFocus } from '../../db/schema';

// ---- focus ----

export async function setFocus(db: Db, userId: string, taskId: number, on: boolean) {
  if (on) await db.insert(taskFocus).values({ userId, taskId }).onConflictDoNothing();
  else await db.delete(taskFocus).where(and(eq(taskFocus.userId, userId), eq(taskFocus.taskId, taskId)));
}

export async function focusedTaskIds(db: Db, userId: string) {
  return (
    await db
      .select({ id: taskFocus.taskId })
      .from(taskFocus)
      .where(eq(taskFocus.userId, userId))
      .orderBy(desc(taskFocus.at))
  ).map((r) => r.id);
}
