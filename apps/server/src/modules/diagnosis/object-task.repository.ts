import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { diagnosisObjectTasks, diagnosisObjectUsers, diagnosisRows, diagnosisTasks, users } from '../../db/schema';

/** 诊改对象任务: diagnosis_object_tasks with their sharers and collectors (diagnosis_object_users). */

export type ObjectRow = typeof diagnosisObjectTasks.$inferSelect;
export type ObjectUserKind = 'sharer' | 'collector';

/** An object task with its task and its people: what every check of it needs. */
export interface ObjectWithTask {
  object: ObjectRow;
  task: typeof diagnosisTasks.$inferSelect;
  sharerIds: string[];
  collectorIds: string[];
}

export async function findObjectTask(db: Db, id: number, lock = false): Promise<ObjectWithTask | null> {
  const q = db
    .select({ object: diagnosisObjectTasks, task: diagnosisTasks })
    .from(diagnosisObjectTasks)
    .innerJoin(diagnosisTasks, eq(diagnosisTasks.id, diagnosisObjectTasks.taskId))
    .where(eq(diagnosisObjectTasks.id, id));
  const [row] = lock ? await q.for('update', { of: diagnosisObjectTasks }) : await q;
  if (!row) return null;
  const people = await db
    .select({ userId: diagnosisObjectUsers.userId, kind: diagnosisObjectUsers.kind })
    .from(diagnosisObjectUsers)
    .where(eq(diagnosisObjectUsers.objectTaskId, id));
  return {
    ...row,
    sharerIds: people.filter((p) => p.kind === 'sharer').map((p) => p.userId),
    collectorIds: people.filter((p) => p.kind === 'collector').map((p) => p.userId),
  };
}

export async function objectTasksOf(db: Db, taskId: number) {
  return db
    .select()
    .from(diagnosisObjectTasks)
    .where(eq(diagnosisObjectTasks.taskId, taskId))
    .orderBy(asc(diagnosisObjectTasks.id));
}

export async function objectCodesOf(db: Db, taskId: number): Promise<Set<string>> {
  const rows = await db
    .select({ code: diagnosisObjectTasks.objectCode })
    .from(diagnosisObjectTasks)
    .where(eq(diagnosisObjectTasks.taskId, taskId));
  return new Set(rows.map((r) => r.code));
}

export async function insertObjectTasks(db: Db, rows: (typeof diagnosisObjectTasks.$inferInsert)[]) {
  const out: { id: number; objectCode: string }[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await db
        .insert(diagnosisObjectTasks)
        .values(rows.slice(i, i + 1000))
        .returning({ id: diagnosisObjectTasks.id, objectCode: diagnosisObjectTasks.objectCode })),
    );
  }
  return out;
}

export async function updateObjectTasks(db: Db, ids: number[], set: Partial<typeof diagnosisObjectTasks.$inferInsert>) {
  if (ids.length) await db.update(diagnosisObjectTasks).set(set).where(inArray(diagnosisObjectTasks.id, ids));
}

export async function deleteObjectTasks(db: Db, ids: number[]) {
  if (ids.length) await db.delete(diagnosisObjectTasks).where(inArray(diagnosisObjectTasks.id, ids));
}

/** Object tasks by id with their task (locked), for bulk actions. */
export async function lockObjectTasks(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ object: diagnosisObjectTasks, task: diagnosisTasks })
    .from(diagnosisObjectTasks)
    .innerJoin(diagnosisTasks, eq(diagnosisTasks.id, diagnosisObjectTasks.taskId))
    .where(inArray(diagnosisObjectTasks.id, ids))
    .orderBy(asc(diagnosisObjectTasks.id))
    .for('update', { of: diagnosisObjectTasks });
}

export async function replaceObjectUsers(db: Db, id: number, kind: ObjectUserKind, userIds: string[]) {
  await db
    .delete(diagnosisObjectUsers)
    .where(and(eq(diagnosisObjectUsers.objectTaskId, id), eq(diagnosisObjectUsers.kind, kind)));
  if (userIds.length)
    await db
      .insert(diagnosisObjectUsers)
      .values([...new Set(userIds)].map((userId) => ({ objectTaskId: id, userId, kind })));
}

export async function removeObjectUser(db: Db, id: number, kind: ObjectUserKind, userId: string) {
  const gone = await db
    .delete(diagnosisObjectUsers)
    .where(
      and(
        eq(diagnosisObjectUsers.objectTaskId, id),
        eq(diagnosisObjectUsers.kind, kind),
        eq(diagnosisObjectUsers.userId, userId),
      ),
    )
    .returning({ userId: diagnosisObjectUsers.userId });
  return gone.length > 0;
}

export async function objectUsers(db: Db, id: number, kind: ObjectUserKind) {
  return db
    .select({ id: users.id, name: users.name })
    .from(diagnosisObjectUsers)
    .innerJoin(users, eq(users.id, diagnosisObjectUsers.userId))
    .where(and(eq(diagnosisObjectUsers.objectTaskId, id), eq(diagnosisObjectUsers.kind, kind)))
    .orderBy(asc(users.id));
}

/** Row counts of an object task (for the task's progress and the score). */
export async function rowGrades(db: Db, objectTaskId: number) {
  return db
    .select({ jgdj: diagnosisRows.jgdj })
    .from(diagnosisRows)
    .where(eq(diagnosisRows.objectTaskId, objectTaskId));
}

export const countRows = async (db: Db, objectTaskIds: number[]) => {
  if (!objectTaskIds.length) return 0;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(diagnosisRows)
    .where(inArray(diagnosisRows.objectTaskId, objectTaskIds));
  return r?.n ?? 0;
};

/** The object tasks of a task with their objects' codes. */
export async function objectCodesOfTask(db: Db, taskId: number) {
  return db
    .select({ id: diagnosisObjectTasks.id, code: diagnosisObjectTasks.objectCode })
    .from(diagnosisObjectTasks)
    .where(eq(diagnosisObjectTasks.taskId, taskId));
}
