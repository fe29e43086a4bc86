import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskWarningConditions, taskWarnings, users, warningConfigHistory, warningTypes } from '../../db/schema';

// ---- warning types ----

export async function listWarningTypes(db: Db) {
  return db.select().from(warningTypes).orderBy(asc(warningTypes.sortOrder), asc(warningTypes.id));
}

export async function findWarningType(db: Db, id: number) {
  const rows = await db.select().from(warningTypes).where(eq(warningTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertWarningType(db: Db, row: typeof warningTypes.$inferInsert) {
  const [r] = await db.insert(warningTypes).values(row).returning();
  return r!;
}

export async function updateWarningType(db: Db, id: number, set: Partial<typeof warningTypes.$inferInsert>) {
  const rows = await db
    .update(warningTypes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(warningTypes.id, id))
    .returning({ id: warningTypes.id });
  return rows.length === 1;
}

export async function deleteWarningType(db: Db, id: number) {
  await db.delete(warningTypes).where(eq(warningTypes.id, id));
}

export async function warningTypeInUse(db: Db, id: number) {
  const [r] = await db.select({ n: count() }).from(taskWarnings).where(eq(taskWarnings.warningTypeId, id));
  return Number(r?.n ?? 0) > 0;
}

export async function existingWarningTypeIds(db: Db, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.select({ id: warningTypes.id }).from(warningTypes).where(inArray(warningTypes.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- warnings ----

/**
 * Serialises warning evaluations over every instance sharing the database: the second of two runs at once waits,
 * then finds the first one's warnings and raises nothing again. Held until the transaction ends.
 */
export async function lockWarningEvaluation(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('zg.warning.evaluate'))`);
}

/** Open warnings and dismissed ones (a dismissed warning is never raised again), of every task or of some. */
export async function warningStates(db: Db, taskIds?: readonly number[]) {
  const ofTasks = taskIds ? inArray(taskWarnings.taskId, [...taskIds]) : undefined;
  return db
    .select({
      id: taskWarnings.id,
      taskId: taskWarnings.taskId,
      warningTypeId: taskWarnings.warningTypeId,
      warningKey: taskWarnings.warningKey,
      open: taskWarnings.open,
    })
    .from(taskWarnings)
    .where(and(sql`(${taskWarnings.open} or ${taskWarnings.dismissedAt} is not null)`, ofTasks));
}

/**
 * Raises warnings in batches, or reopens closed ones whose cause came back; open and dismissed ones are left alone.
 * Returns the ids of those raised or reopened.
 */
export async function raiseWarnings(
  db: Db,
  list: { taskId: number; warningTypeId: number; kind: string; key: string }[],
  at: Date,
) {
  const raised: number[] = [];
  for (let i = 0; i < list.length; i += 1000) {
    const rows = await db
      .insert(taskWarnings)
      .values(
        list.slice(i, i + 1000).map((w) => ({
          taskId: w.taskId,
          warningTypeId: w.warningTypeId,
          kind: w.kind,
          warningKey: w.key,
          raisedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [taskWarnings.taskId, taskWarnings.warningTypeId, taskWarnings.warningKey],
        set: { open: true, closedAt: null, raisedAt: at },
        setWhere: sql`${taskWarnings.open} = false and ${taskWarnings.dismissedAt} is null`,
      })
      .returning({ id: taskWarnings.id });
    raised.push(...rows.map((r) => r.id));
  }
  return raised;
}

export async function closeWarnings(db: Db, ids: number[], at: Date) {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(taskWarnings)
      .set({ open: false, closedAt: at })
      .where(and(inArray(taskWarnings.id, ids.slice(i, i + 1000)), eq(taskWarnings.open, true)));
  }
}

export async function warningsOfTask(db: Db, taskId: number) {
  return db
    .select({ warning: taskWarnings, typeName: warningTypes.name })
    .from(taskWarnings)
    .innerJoin(warningTypes, eq(warningTypes.id, taskWarnings.warningTypeId))
    .where(eq(taskWarnings.taskId, taskId))
    .orderBy(desc(taskWarnings.open), desc(taskWarnings.raisedAt), desc(taskWarnings.id));
}

export async function findWarning(db: Db, id: number) {
  const rows = await db.select().from(taskWarnings).where(eq(taskWarnings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Dismisses a warning: closed for good, so the job does not raise it again. */
export async function dismissWarning(db: Db, id: number, by: string, at: Date) {
  await db
    .update(taskWarnings)
    .set({ open: false, closedAt: sql`coalesce(${taskWarnings.closedAt}, ${at})`, dismissedAt: at, dismissedBy: by })
    .where(eq(taskWarnings.id, id));
}

// ---- warning conditions and their history ----

export async function conditionsOfTask(db: Db, taskId: number) {
  const rows = await db
    .select({ id: taskWarningConditions.warningTypeId })
    .from(taskWarningConditions)
    .where(eq(taskWarningConditions.taskId, taskId));
  return rows.map((r) => r.id);
}

/** Replaces the warning conditions of the tasks and records the change in the history. */
export async function setConditions(db: Db, taskIds: number[], warningTypeIds: number[], actorId: string) {
  await db.delete(taskWarningConditions).where(inArray(taskWarningConditions.taskId, taskIds));
  const rows = taskIds.flatMap((taskId) => warningTypeIds.map((warningTypeId) => ({ taskId, warningTypeId })));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(taskWarningConditions).values(rows.slice(i, i + 1000));
  await db.insert(warningConfigHistory).values({ actorId, taskIds, warningTypeIds });
}

export async function pageConfigHistory(db: Db, current: number, size: number) {
  const [records, [total]] = await Promise.all([
    db
      .select({ h: warningConfigHistory, actorName: users.name })
      .from(warningConfigHistory)
      .leftJoin(users, eq(users.id, warningConfigHistory.actorId))
      .orderBy(desc(warningConfigHistory.at), desc(warningConfigHistory.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(warningConfigHistory),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}
