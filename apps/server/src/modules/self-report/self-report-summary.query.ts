import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { diagnosisObjectTasks, diagnosisRows, diagnosisTasks, users } from '../../db/schema';

/**
 * 全校汇总报告's read model: a diagnosis task, its object tasks (with their persons in charge), and the rows of a set
 * of object tasks — the diagnosis module's tables, read only, one statement each (never one per object).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The diagnosis tasks, newest first (at most 200: a school runs a few a year). */
export async function summaryTasks(db: Db) {
  const r = await db.execute(sql`select id, name as rwmc from ${diagnosisTasks}
    order by start_date desc, id desc limit 200`);
  return rowsOf<{ id: number; rwmc: string }>(r);
}

export async function summaryTask(db: Db, taskId: number) {
  const r = await db.execute(sql`select id, name from ${diagnosisTasks} where id = ${taskId}`);
  return rowsOf<{ id: number; name: string }>(r)[0] ?? null;
}

export interface SummaryObjectTask {
  id: number;
  name: string;
  chargerName: string | null;
}

export async function summaryObjectTasks(db: Db, taskId: number): Promise<SummaryObjectTask[]> {
  const r = await db.execute(sql`select o.id, o.object_name as name, u.name as "chargerName"
    from ${diagnosisObjectTasks} o left join ${users} u on u.id = o.charger_id
    where o.task_id = ${taskId} order by o.id`);
  return rowsOf<SummaryObjectTask>(r);
}

export interface SummaryRowOf {
  objectTaskId: number;
  name: string;
  jgdj: string | null;
  dis: boolean;
  measured: boolean;
}

/** The rows of these object tasks: the revised result first, as the reports judge them. */
export async function summaryRowsOf(db: Db, objectTaskIds: readonly number[]): Promise<SummaryRowOf[]> {
  if (!objectTaskIds.length) return [];
  const r = await db.execute(sql`select object_task_id as "objectTaskId", name, jgdj, dis,
      coalesce(xzjgz, jgz) is not null as measured
    from ${diagnosisRows}
    where object_task_id = any(${sql.param([...objectTaskIds])}::int[]) order by object_task_id, sort, id`);
  return rowsOf<SummaryRowOf>(r);
}
