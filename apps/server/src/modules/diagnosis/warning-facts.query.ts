import type { GradeRule, ValueType, WarningRule } from '@zg/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  diagnosisObjectTasks,
  diagnosisObjectUsers,
  diagnosisRows,
  diagnosisSamples,
  diagnosisTasks,
} from '../../db/schema';
import type { Actor } from '../../platform/access';
import { objectSeen } from './diagnosis.query';
import { viewerOf } from './diagnosis-task.service';

/**
 * The named read model the quality warnings (issue 32) read diagnosis rows through: a row's warning rule, current
 * value and grade, and the people and names of its object task and task; visibility as SQL for their lists; the
 * sampling records for trends and forecasts. Nothing outside the diagnosis module reads its tables.
 */
export interface WarningRowFacts {
  id: number;
  name: string;
  zlx: ValueType;
  fsdl: boolean;
  calRule: number | null;
  direction: 'higher' | 'lower' | null;
  bzz: string | null;
  gradeRule: GradeRule | null;
  warningRule: WarningRule | null;
  /** The result the row is judged on (the revised one where there is one). */
  value: string | null;
  grade: string | null;
  unfin: boolean;
  computedAt: Date | null;
  objectTaskId: number;
  objectName: string;
  chargerId: string | null;
  sharerIds: string[];
  taskId: number;
  taskName: string;
  taskState: string;
  taskStart: string;
  taskEnd: string;
}

interface FactsRow {
  id: number;
  name: string;
  zlx: string;
  fsdl: boolean;
  cal_rule: number | null;
  direction: string | null;
  bzz: string | null;
  grade_rule: GradeRule | null;
  warning_rule: WarningRule | null;
  value: string | null;
  jgdj: string | null;
  unfin: boolean;
  computed_at: Date | string | null;
  object_task_id: number;
  object_name: string;
  charger_id: string | null;
  sharer_ids: string[] | null;
  task_id: number;
  task_name: string;
  task_state: string;
  task_start: string;
  task_end: string;
}

const present = (r: FactsRow): WarningRowFacts => ({
  id: r.id,
  name: r.name,
  zlx: r.zlx as ValueType,
  fsdl: r.fsdl,
  calRule: r.cal_rule,
  direction: r.direction as WarningRowFacts['direction'],
  bzz: r.bzz,
  gradeRule: r.grade_rule,
  warningRule: r.warning_rule,
  value: r.value,
  grade: r.jgdj,
  unfin: r.unfin,
  computedAt: r.computed_at === null ? null : new Date(r.computed_at),
  objectTaskId: r.object_task_id,
  objectName: r.object_name,
  chargerId: r.charger_id,
  sharerIds: r.sharer_ids ?? [],
  taskId: r.task_id,
  taskName: r.task_name,
  taskState: r.task_state,
  taskStart: String(r.task_start).slice(0, 10),
  taskEnd: String(r.task_end).slice(0, 10),
});

/**
 * The rows to evaluate: those named (`rowIds`), or every row with a warning rule of the tasks in `taskStates`
 * (the hourly job: tasks under way). One statement.
 */
export async function warningRowFacts(
  db: Db,
  opts: { rowIds?: readonly number[]; taskStates?: readonly string[]; withRule?: boolean },
): Promise<WarningRowFacts[]> {
  const where: SQL[] = [];
  if (opts.rowIds) {
    if (!opts.rowIds.length) return [];
    // One array bound as one parameter, joined as a set (a long literal or list of binds is compared row by row).
    where.push(sql`r.id in (select unnest(${`{${opts.rowIds.map(Number).join(',')}}`}::int[]))`);
  }
  if (opts.taskStates) where.push(opts.taskStates.length ? sql`t.state in ${opts.taskStates as string[]}` : sql`false`);
  if (opts.withRule) where.push(sql`r.warning_rule is not null`);
  const result = await db.execute(sql`
    select r.id, r.name, r.zlx, r.fsdl, r.cal_rule, r.direction, r.bzz, r.grade_rule, r.warning_rule,
           coalesce(r.xzjgz, r.jgz) as value, r.jgdj, r.unfin, r.computed_at,
           o.id as object_task_id, o.object_name, o.charger_id,
           (select array_agg(ou.user_id) from ${diagnosisObjectUsers} ou
             where ou.object_task_id = o.id and ou.kind = 'sharer') as sharer_ids,
           t.id as task_id, t.name as task_name, t.state as task_state,
           t.start_date::text as task_start, t.end_date::text as task_end
      from ${diagnosisRows} r
      join ${diagnosisObjectTasks} o on o.id = r.object_task_id
      join ${diagnosisTasks} t on t.id = o.task_id
     where ${where.length ? sql.join(where, sql` and `) : sql`true`}
     order by r.id`);
  return (result as unknown as { rows: FactsRow[] }).rows.map(present);
}

/** SQL: the object task whose id is `objectTaskId` is one the actor sees (for lists kept by other modules). */
export function objectTaskSeenSql(actor: Actor, objectTaskId: SQL): SQL {
  const v = viewerOf(actor);
  if (v.seesAll) return sql`true`;
  return sql`exists (select 1 from ${diagnosisObjectTasks} o join ${diagnosisTasks} t on t.id = o.task_id
    where o.id = ${objectTaskId} and ${objectSeen(v)})`;
}

/** The `last` most recent sampling records of each row, time ascending (the forecasts of many rows, one statement). */
export async function recentSampleValues(
  db: Db,
  rowIds: readonly number[],
  last: number,
): Promise<Map<number, { at: Date; value: string | null }[]>> {
  const out = new Map<number, { at: Date; value: string | null }[]>();
  if (!rowIds.length) return out;
  const result = await db.execute(sql`
    select row_id, at, value from (
      select row_id, sampled_at as at, value, id,
             row_number() over (partition by row_id order by sampled_at desc, id desc) as n
        from ${diagnosisSamples}
       where row_id = any(${sql.raw(`'{${rowIds.map(Number).join(',')}}'::int[]`)})) s
     where n <= ${last}
     order by row_id, at, id`);
  for (const r of (result as unknown as { rows: { row_id: number; at: Date | string; value: string | null }[] }).rows) {
    const list = out.get(r.row_id) ?? [];
    list.push({ at: new Date(r.at), value: r.value });
    out.set(r.row_id, list);
  }
  return out;
}

/** The sampling records of a row, time ascending: from a moment, or the `last` most recent. */
export async function rowSampleValues(
  db: Db,
  rowId: number,
  opts: { from?: Date; last?: number },
): Promise<{ at: Date; value: string | null }[]> {
  const result = await db.execute(sql`
    select * from (
      select sampled_at as at, value, id from ${diagnosisSamples}
       where row_id = ${rowId} ${opts.from ? sql`and sampled_at >= ${opts.from.toISOString()}` : sql``}
       order by sampled_at desc, id desc limit ${opts.last ?? 5000}) s
     order by at, id`);
  return (result as unknown as { rows: { at: Date | string; value: string | null }[] }).rows.map((r) => ({
    at: new Date(r.at),
    value: r.value,
  }));
}
