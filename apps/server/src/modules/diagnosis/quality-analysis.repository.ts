import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  departments,
  diagnosisObjectTasks,
  diagnosisQualityCache,
  diagnosisRows,
  diagnosisTasks,
  users,
} from '../../db/schema';
import { objectSeen, taskSeen, type Viewer } from './diagnosis.query';

/**
 * 智能分析's summaries (diagnosis_quality_cache): one row per object task of its QCPs' attainment, built from the
 * module's own rows in one statement for any set of object tasks, and the reads of the analysis pages over it.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A row's attainment: dis before unfin; none without a result (revised values first). */
const STATE = sql`case when coalesce(r.xzjgz, r.jgz) is null then 'none' when r.dis then 'dis'
  when r.unfin then 'unfin' else 'ok' end`;

/** Builds (or rebuilds) the summaries of the object tasks `where` picks (`o` is the object task). */
async function summarize(db: Db, where: SQL) {
  const result = await db.execute(sql`
    insert into ${diagnosisQualityCache} as c (object_task_id, task_id, total, with_result, attained, dis, unfin, rate,
      cells, refreshed_at)
    select o.id, o.task_id, s.total, s.with_result, s.with_result - s.dis, s.dis, s.unfin,
      case when s.with_result > 0 then round((s.with_result - s.dis) * 100.0 / s.with_result, 2) else 0 end,
      s.cells, now()
    from ${diagnosisObjectTasks} o
    cross join lateral (
      select count(r.id)::int as total,
        count(r.id) filter (where coalesce(r.xzjgz, r.jgz) is not null)::int as with_result,
        count(r.id) filter (where coalesce(r.xzjgz, r.jgz) is not null and r.dis)::int as dis,
        count(r.id) filter (where coalesce(r.xzjgz, r.jgz) is not null and not r.dis and r.unfin)::int as unfin,
        coalesce(jsonb_object_agg(r.node_source_key::text, ${STATE}) filter (where r.id is not null), '{}'::jsonb)
          as cells
      from ${diagnosisRows} r where r.object_task_id = o.id) s
    where ${where}
    on conflict (object_task_id) do update set task_id = excluded.task_id, total = excluded.total,
      with_result = excluded.with_result, attained = excluded.attained, dis = excluded.dis, unfin = excluded.unfin,
      rate = excluded.rate, cells = excluded.cells, refreshed_at = excluded.refreshed_at
    returning c.object_task_id`);
  return rowsOf<unknown>(result).length;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Rebuilds the summaries of these object tasks (after a bulk change of their targets). */
export async function refreshSummaries(db: Db, objectTaskIds: readonly number[]) {
  if (!objectTaskIds.length) return 0;
  return summarize(db, sql`o.id in (${idList(objectTaskIds)})`);
}

/** Rebuilds the summaries of the object tasks owning these rows (the ROW_COMPUTED hook). */
export async function refreshSummariesOfRows(db: Db, rowIds: readonly number[]) {
  if (!rowIds.length) return 0;
  return summarize(
    db,
    sql`o.id in (select distinct object_task_id from ${diagnosisRows} where id in (${idList(rowIds)}))`,
  );
}

/** Rebuilds a whole task's summaries (cacheQualityByTaskId). */
export const refreshTaskSummaries = (db: Db, taskId: number) => summarize(db, sql`o.task_id = ${taskId}`);

/** Builds the summaries the tasks' object tasks lack (a task never summarized, an object added since). */
export async function summarizeMissing(db: Db, taskIds: readonly number[]) {
  if (!taskIds.length) return 0;
  return summarize(
    db,
    sql`o.task_id in (${idList(taskIds)}) and not exists
      (select 1 from ${diagnosisQualityCache} x where x.object_task_id = o.id)`,
  );
}

export interface TaskSummaryRow {
  id: number;
  name: string;
  dimension: string;
  year: number;
  state: string;
  objects: number;
  objectsBelow: number;
  total: number;
  withResult: number;
  attained: number;
  dis: number;
  unfin: number;
  refreshedAt: Date | string | null;
}

/** The tasks the viewer sees (of a dimension, a year), newest first, with their summaries added up. */
export async function taskSummaries(db: Db, v: Viewer, f: { dimension?: string; year?: number }) {
  return rowsOf<TaskSummaryRow>(
    await db.execute(sql`
    select t.id, t.name, t.dimension, t.year, t.state,
      (select count(*) from ${diagnosisObjectTasks} o where o.task_id = t.id)::int as objects,
      count(c.object_task_id) filter (where c.dis > 0)::int as "objectsBelow",
      coalesce(sum(c.total), 0)::int as total, coalesce(sum(c.with_result), 0)::int as "withResult",
      coalesce(sum(c.attained), 0)::int as attained, coalesce(sum(c.dis), 0)::int as dis,
      coalesce(sum(c.unfin), 0)::int as unfin, max(c.refreshed_at) as "refreshedAt"
    from ${diagnosisTasks} t
    left join ${diagnosisQualityCache} c on c.task_id = t.id
    where ${taskSeen(v)}
      ${f.dimension ? sql`and t.dimension = ${f.dimension}` : sql``}
      ${f.year ? sql`and t.year = ${f.year}` : sql``}
    group by t.id
    order by t.year desc, t.created_at desc, t.id desc
    limit 200`),
  );
}

export interface ObjectSummaryRow {
  id: number;
  code: string;
  name: string;
  departmentName: string | null;
  chargerName: string | null;
  total: number;
  withResult: number;
  attained: number;
  dis: number;
  unfin: number;
  rate: number;
  cells: Record<string, string>;
}

const ORDER = {
  bdb: sql`coalesce(c.dis, 0) desc, coalesce(c.rate, 0) asc, o.object_code`,
  dbl: sql`coalesce(c.rate, 0) asc, coalesce(c.dis, 0) desc, o.object_code`,
  name: sql`o.object_code`,
} as const;

/** The object tasks of a task the viewer sees, with their summaries (a page, or all for the school view). */
export async function objectSummaries(
  db: Db,
  v: Viewer,
  f: { taskId: number; name?: string; sort: keyof typeof ORDER },
  page?: { offset: number; limit: number },
) {
  const rows = rowsOf<ObjectSummaryRow & { n: number }>(
    await db.execute(sql`
    select o.id, o.object_code as code, o.object_name as name, d.name as "departmentName", u.name as "chargerName",
      coalesce(c.total, 0) as total, coalesce(c.with_result, 0) as "withResult", coalesce(c.attained, 0) as attained,
      coalesce(c.dis, 0) as dis, coalesce(c.unfin, 0) as unfin, coalesce(c.rate, 0) as rate,
      coalesce(c.cells, '{}'::jsonb) as cells, count(*) over ()::int as n
    from ${diagnosisObjectTasks} o
    join ${diagnosisTasks} t on t.id = o.task_id
    left join ${diagnosisQualityCache} c on c.object_task_id = o.id
    left join ${departments} d on d.id = o.department_id
    left join ${users} u on u.id = o.charger_id
    where o.task_id = ${f.taskId} and ${objectSeen(v)}
      ${f.name ? sql`and o.object_name ilike ${`%${f.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}` : sql``}
    order by ${ORDER[f.sort]}
    ${page ? sql`offset ${page.offset} limit ${page.limit}` : sql``}`),
  );
  return { rows, total: rows[0]?.n ?? 0 };
}

export interface QcpColumnRow {
  key: number;
  name: string;
  levels: { id: number; name: string }[];
}

/** The QCPs of a task's rows (by node source key, in the standard's order). */
export async function taskQcps(db: Db, taskId: number) {
  return rowsOf<QcpColumnRow>(
    await db.execute(sql`
    select key, name, levels from (
      select distinct on (r.node_source_key) r.node_source_key as key, r.name, r.levels, r.sort
      from ${diagnosisObjectTasks} o join ${diagnosisRows} r on r.object_task_id = o.id
      where o.task_id = ${taskId}
      order by r.node_source_key, r.sort) q
    order by sort, key`),
  );
}

export async function latestRefresh(db: Db, taskId: number): Promise<Date | string | null> {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await db.execute(sql`select max(refreshed_at) as at from ${diagnosisQualityCache} where task_id = ${taskId}`),
  );
  return row?.at ?? null;
}
