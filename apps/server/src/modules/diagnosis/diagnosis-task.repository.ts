import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, diagnosisObjectTasks, diagnosisTasks, users } from '../../db/schema';

/** 诊改任务: the diagnosis_tasks rows (and the reference tables' users and departments it names). */

export type TaskRow = typeof diagnosisTasks.$inferSelect;

export async function findTask(db: Db, id: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(diagnosisTasks).where(eq(diagnosisTasks.id, id));
  return row ?? null;
}

export async function lockTask(db: Db, id: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(diagnosisTasks).where(eq(diagnosisTasks.id, id)).for('update');
  return row ?? null;
}

export async function lockTasks(db: Db, ids: number[]): Promise<TaskRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(diagnosisTasks)
    .where(inArray(diagnosisTasks.id, ids))
    .orderBy(diagnosisTasks.id)
    .for('update');
}

export async function insertTask(db: Db, values: typeof diagnosisTasks.$inferInsert): Promise<TaskRow> {
  const [row] = await db.insert(diagnosisTasks).values(values).returning();
  return row!;
}

export async function updateTask(db: Db, id: number, set: Partial<typeof diagnosisTasks.$inferInsert>) {
  await db
    .update(diagnosisTasks)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(diagnosisTasks.id, id));
}

export async function deleteTasks(db: Db, ids: number[]) {
  if (ids.length) await db.delete(diagnosisTasks).where(inArray(diagnosisTasks.id, ids));
}

export async function nameTaken(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: diagnosisTasks.id })
    .from(diagnosisTasks)
    .where(and(eq(diagnosisTasks.name, name), exceptId ? ne(diagnosisTasks.id, exceptId) : undefined));
  return Boolean(row);
}

/** The enabled users among `ids`, with their names. */
export async function enabledUsers(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.enabled, true)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function departmentExists(db: Db, id: string) {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
  return Boolean(row);
}

/** The first task that names the system (as the task's version or an object task's), for STANDARD_USERS. */
export async function taskUsingSystem(db: Db, systemId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: diagnosisTasks.name })
    .from(diagnosisTasks)
    .where(
      or(
        eq(diagnosisTasks.standardSystemId, systemId),
        sql`exists (select 1 from ${diagnosisObjectTasks} o where o.task_id = ${diagnosisTasks.id} and o.system_id = ${systemId})`,
      ),
    )
    .limit(1);
  return row?.name ?? null;
}

/** Per cycle value named by tasks: how many, and the name of one (for CYCLE_VALUE_USERS). */
export async function cycleValueUse(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: diagnosisTasks.cycleValueId,
      n: sql<number>`count(*)::int`,
      example: sql<string>`min(${diagnosisTasks.name})`,
    })
    .from(diagnosisTasks)
    .where(inArray(diagnosisTasks.cycleValueId, ids))
    .groupBy(diagnosisTasks.cycleValueId);
}

/** Normal tasks whose dates hold `today` (the daily computation's candidates). */
export async function tasksUnderWay(db: Db, today: string) {
  return db
    .select()
    .from(diagnosisTasks)
    .where(
      and(
        eq(diagnosisTasks.state, 'normal'),
        sql`${diagnosisTasks.startDate} <= ${today}`,
        sql`${diagnosisTasks.endDate} >= ${today}`,
      ),
    );
}
