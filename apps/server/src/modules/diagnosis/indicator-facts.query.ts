import type { ResultGrade, ValueType } from '@zg/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, diagnosisObjectTasks, diagnosisRows, diagnosisTasks } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { objectSeen } from './diagnosis.query';
import { viewerOf } from './diagnosis-task.service';

/**
 * The named read model 指标分析 (modules/indicator-analysis, issue 35 item 5) reads diagnosis rows through: an object
 * task's rows with this round's and last round's values (sljsz / sldj), the rows that met the standard last round and
 * do not now, the numeric indicators of a task and their values across its objects. Authority in SQL: diagnosis's
 * visibility (the whole task, or an object task of one's own) or the head of the object's department (a college
 * head). One statement per call; nothing is read row by row.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A number as the rows keep it (checkValue's form: optional minus, digits, optional decimals). */
const NUM = sql.raw(`'^-?[0-9]+(\\.[0-9]+)?$'`);
const CURRENT = sql`coalesce(r.xzjgz, r.jgz)`;

/** SQL over `o` (object task) and `t` (task): the actor may analyse the object. */
export function analysisSeen(actor: Actor): SQL {
  const v = viewerOf(actor);
  if (v.seesAll) return sql`true`;
  const heads = actor.chargeDepartmentIds;
  return heads.length ? sql`(${objectSeen(v)} or o.department_id in ${[...heads]})` : sql`${objectSeen(v)}`;
}

export interface AnalysisObject {
  id: number;
  code: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  round: number;
  taskId: number;
  taskName: string;
  seen: boolean;
}

const OBJECT_COLUMNS = sql`o.id, o.object_code as code, o.object_name as name, o.department_id as "departmentId",
  d.name as "departmentName", o.round, t.id as "taskId", t.name as "taskName"`;

/** An object task with whether the actor may analyse it (null: no such object task). */
export async function analysisObject(db: Db, actor: Actor, id: number): Promise<AnalysisObject | null> {
  const r = await db.execute(sql`
    select ${OBJECT_COLUMNS}, ${analysisSeen(actor)} as seen
      from ${diagnosisObjectTasks} o join ${diagnosisTasks} t on t.id = o.task_id
      left join ${departments} d on d.id = o.department_id
     where o.id = ${id}`);
  return rowsOf<AnalysisObject>(r)[0] ?? null;
}

/** Whether the task exists and how many of its objects the actor may analyse. */
export async function analysisTaskSeen(db: Db, actor: Actor, taskId: number) {
  const r = await db.execute(sql`
    select t.id, t.dimension, (select count(*)::int from ${diagnosisObjectTasks} o
                    where o.task_id = t.id and ${analysisSeen(actor)}) as seen
      from ${diagnosisTasks} t where t.id = ${taskId}`);
  return rowsOf<{ id: number; dimension: string; seen: number }>(r)[0] ?? null;
}

/** The tasks with at least one object the actor may analyse, the latest first. */
export async function analysisTasks(db: Db, actor: Actor) {
  const r = await db.execute(sql`
    select t.id, t.name, t.year, t.dimension, count(*)::int as objects
      from ${diagnosisTasks} t join ${diagnosisObjectTasks} o on o.task_id = t.id
     where ${analysisSeen(actor)}
     group by t.id order by t.year desc, t.start_date desc, t.id desc limit 200`);
  return rowsOf<{ id: number; name: string; year: number; dimension: string; objects: number }>(r);
}

/** A page of the task's objects the actor may analyse (by code), optionally matching a name or code. */
export async function analysisObjects(
  db: Db,
  actor: Actor,
  q: { taskId: number; keyword?: string; offset: number; limit: number },
) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const r = await db.execute(sql`
    select ${OBJECT_COLUMNS}, count(*) over()::int as total
      from ${diagnosisObjectTasks} o join ${diagnosisTasks} t on t.id = o.task_id
      left join ${departments} d on d.id = o.department_id
     where o.task_id = ${q.taskId} and ${analysisSeen(actor)}
       ${like ? sql`and (o.object_name ilike ${like} or o.object_code ilike ${like})` : sql``}
     order by o.object_code, o.id limit ${q.limit} offset ${q.offset}`);
  const rows = rowsOf<Omit<AnalysisObject, 'seen'> & { total: number }>(r);
  return { rows, total: rows[0]?.total ?? 0 };
}

export interface MoverFacts {
  id: number;
  name: string;
  levels: { name: string }[];
  zlx: ValueType;
  bzz: string | null;
  sljsz: string;
  jgz: string;
  sldj: ResultGrade | null;
  jgdj: ResultGrade | null;
  bh: string | null;
  bhl: string | null;
  computed: boolean;
  total: number;
}

/**
 * The rows of an object task whose value (or grade) changed against last round, most moved first: by the relative
 * change (|Δ| / |last|, numbers only) or the absolute one, then rows whose grade alone changed. One statement.
 */
export async function moverRows(
  db: Db,
  q: { objectTaskId: number; sort: 'relative' | 'absolute'; offset: number; limit: number },
) {
  const order =
    q.sort === 'absolute'
      ? sql`abs(d.bh) desc nulls last, abs(e.bhl) desc nulls last`
      : sql`abs(e.bhl) desc nulls last, abs(d.bh) desc nulls last`;
  const r = await db.execute(sql`
    select r.id, r.name, r.levels, r.zlx, r.bzz, r.sljsz, ${CURRENT} as jgz, r.sldj, r.jgdj,
           d.bh::text as bh, e.bhl::text as bhl, r.last_run_id is not null as computed, count(*) over()::int as total
      from ${diagnosisRows} r
      cross join lateral (select case when r.sljsz ~ ${NUM} and ${CURRENT} ~ ${NUM}
                                      then ${CURRENT}::numeric - r.sljsz::numeric end as bh) d
      cross join lateral (select case when d.bh is null then null
                                      when r.sljsz::numeric = 0 then null
                                      else round(d.bh * 100 / abs(r.sljsz::numeric), 2) end as bhl) e
     where r.object_task_id = ${q.objectTaskId} and r.sljsz is not null and ${CURRENT} is not null
       and (case when d.bh is not null then d.bh <> 0 else ${CURRENT} <> r.sljsz end
            or r.jgdj is distinct from r.sldj)
     order by ${order}, r.sort, r.id limit ${q.limit} offset ${q.offset}`);
  const rows = rowsOf<MoverFacts>(r);
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * Whether last round's value met the standard value, as diagnosis.rules.ts `reaches` judges (numbers by direction,
 * have / whether by equality, levels by the grade of the level: last round's grade against the standard level's).
 */
const METLAST = sql`(case
  when r.bzz is null or btrim(r.bzz) = '' then false
  when r.zlx in ('have', 'whether') then r.sljsz = r.bzz
  when r.zlx = 'levels' then r.sldj is not null and r.sldj <= (select l->>'dxLevel'
      from jsonb_array_elements(case when jsonb_typeof(r.grade_rule->'levels') = 'array'
                                     then r.grade_rule->'levels' else '[]'::jsonb end) l
     where l->>'value' = r.bzz limit 1)
  when r.sljsz ~ ${NUM} and btrim(r.bzz) ~ ${NUM} then
    case when r.direction = 'lower' then r.sljsz::numeric <= btrim(r.bzz)::numeric
         else r.sljsz::numeric >= btrim(r.bzz)::numeric end
  else false end)`;

export interface BelowFacts {
  id: number;
  name: string;
  levels: { name: string }[];
  objectTaskId: number;
  code: string;
  objectName: string;
  departmentId: string | null;
  departmentName: string | null;
  zlx: ValueType;
  bzz: string | null;
  sljsz: string;
  jgz: string;
  sldj: ResultGrade | null;
  jgdj: ResultGrade | null;
}

/**
 * The rows of a task's objects (those the actor may analyse; of a department or one object) that are below standard
 * this round (dis) and met it last round: a page, the total, and the count of objects and rows per department. One
 * statement.
 */
export async function belowRows(
  db: Db,
  actor: Actor,
  q: { taskId: number; departmentId?: string; objectTaskId?: number; offset: number; limit: number },
) {
  const r = await db.execute(sql`
    with c as (
      select r.id, r.name, r.levels, r.sort, o.id as "objectTaskId", o.object_code as code,
             o.object_name as "objectName", o.department_id as "departmentId", d.name as "departmentName",
             r.zlx, r.bzz, r.sljsz, ${CURRENT} as jgz, r.sldj, r.jgdj
        from ${diagnosisRows} r
        join ${diagnosisObjectTasks} o on o.id = r.object_task_id
        join ${diagnosisTasks} t on t.id = o.task_id
        left join ${departments} d on d.id = o.department_id
       where o.task_id = ${q.taskId} and ${analysisSeen(actor)} and r.dis and r.sljsz is not null
         and ${METLAST}
         ${q.departmentId ? sql`and o.department_id = ${q.departmentId}` : sql``}
         ${q.objectTaskId ? sql`and o.id = ${q.objectTaskId}` : sql``})
    select (select count(*)::int from c) as total,
           (select coalesce(json_agg(p), '[]') from (
              select * from c order by "departmentName" nulls last, code, sort, id
              limit ${q.limit} offset ${q.offset}) p) as page,
           (select coalesce(json_agg(s), '[]') from (
              select "departmentId", "departmentName", count(distinct "objectTaskId")::int as objects,
                     count(*)::int as rows
                from c group by "departmentId", "departmentName"
               order by count(*) desc, "departmentName" nulls last) s) as summary`);
  const [row] = rowsOf<{
    total: number;
    page: BelowFacts[];
    summary: { departmentId: string | null; departmentName: string | null; objects: number; rows: number }[];
  }>(r);
  return row!;
}

/** The numeric indicators (percent, others) of a task's rows (or those of `keys`), by their node's origin (the same across objects). */
export async function taskIndicators(db: Db, taskId: number, keys?: readonly number[]) {
  const r = await db.execute(sql`
    select distinct on (r.node_source_key) r.node_source_key as key, r.name, r.levels, r.zlx, r.sort
      from ${diagnosisRows} r join ${diagnosisObjectTasks} o on o.id = r.object_task_id
     where o.task_id = ${taskId} and r.zlx in ('percent', 'others')
       ${keys ? sql`and r.node_source_key in ${keys.length ? [...keys] : [0]}` : sql``}
     order by r.node_source_key, o.id`);
  return rowsOf<{ key: number; name: string; levels: { name: string }[]; zlx: ValueType; sort: number }>(r).sort(
    (a, b) => a.sort - b.sort || a.key - b.key,
  );
}

/** Each analysable object's current numeric values of two indicators (objects with both). One statement. */
export async function indicatorPairs(db: Db, actor: Actor, q: { taskId: number; x: number; y: number }) {
  const r = await db.execute(sql`
    select o.id, o.object_code as code, o.object_name as name,
           max(case when r.node_source_key = ${q.x} then coalesce(r.xzjgz, r.jgz) end) as x,
           max(case when r.node_source_key = ${q.y} then coalesce(r.xzjgz, r.jgz) end) as y
      from ${diagnosisObjectTasks} o join ${diagnosisTasks} t on t.id = o.task_id
      join ${diagnosisRows} r on r.object_task_id = o.id and r.node_source_key in (${q.x}, ${q.y})
     where o.task_id = ${q.taskId} and ${analysisSeen(actor)}
     group by o.id
     order by o.object_code`);
  return rowsOf<{ id: number; code: string; name: string; x: string | null; y: string | null }>(r);
}
