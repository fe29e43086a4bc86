import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cycleValues,
  departments,
  diagnosisObjectTasks,
  diagnosisObjectUsers,
  diagnosisRows,
  diagnosisTasks,
  standardSystems,
  users,
} from '../../db/schema';

/**
 * The read model of 诊断改进's lists: tasks and object tasks with the names they show (cycle value, standard system
 * and its version, departments, people) and their row counts, in one statement per page. It joins the cycle values
 * and standard systems (data-manage's and standard's tables, read only) for their names; visibility is
 * diagnosis.policy.ts's, written in SQL here once (`taskSeen`, `objectSeen`).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Who asks: the user, and whether they see every task (an administrator or a school leader). */
export interface Viewer {
  userId: string;
  seesAll: boolean;
}

/** The task's whole is seen by its publisher, monitor and auditor (and by `seesAll`). */
const wholeTask = (v: Viewer, t = sql`t`) =>
  v.seesAll
    ? sql`true`
    : sql`(${t}.created_by = ${v.userId} or ${t}.monitor_id = ${v.userId} or ${t}.auditor_id = ${v.userId})`;

/** An object task of theirs: in charge, sharer or collector. */
const ownObject = (v: Viewer, o = sql`o`) =>
  sql`(${o}.charger_id = ${v.userId} or exists (select 1 from ${diagnosisObjectUsers} ou
        where ou.object_task_id = ${o}.id and ou.user_id = ${v.userId}))`;

/** A task the viewer sees (the whole, or through an object task of theirs). */
export const taskSeen = (v: Viewer, t = sql`t`) =>
  sql`(${wholeTask(v, t)} or exists (select 1 from ${diagnosisObjectTasks} o where o.task_id = ${t}.id and ${ownObject(v)}))`;

/** An object task the viewer sees. */
export const objectSeen = (v: Viewer) => sql`(${wholeTask(v)} or ${ownObject(v)})`;

export interface TaskListRow {
  id: number;
  name: string;
  state: string;
  cycleValueId: number;
  cycleValue: string;
  year: number;
  startDate: string;
  endDate: string;
  systemId: number;
  systemName: string;
  systemVersion: number;
  dimension: string;
  departmentId: string | null;
  departmentName: string | null;
  monitorId: string | null;
  monitorName: string | null;
  auditorId: string | null;
  auditorName: string | null;
  createdBy: string;
  creatorName: string;
  createdAt: Date | string;
  objects: number;
  rows: number;
  withResult: number;
  audited: number;
  dis: number;
  unfin: number;
  /** The viewer's parts through object tasks: fzr, cjr, gxr. */
  mine: string[];
}

export interface TaskFilter {
  ids?: number[];
  name?: string;
  state?: string;
  year?: number;
  /** fzr / jkr / cjr / shr / fbr / gxr: the viewer's part in the task. */
  userType?: string;
}

function userTypeCondition(v: Viewer, type: string | undefined): SQL {
  switch (type) {
    case 'fbr':
      return sql`and t.created_by = ${v.userId}`;
    case 'jkr':
      return sql`and t.monitor_id = ${v.userId}`;
    case 'shr':
      return sql`and t.auditor_id = ${v.userId}`;
    case 'fzr':
      return sql`and exists (select 1 from ${diagnosisObjectTasks} o where o.task_id = t.id and o.charger_id = ${v.userId})`;
    case 'gxr':
    case 'cjr':
      return sql`and exists (select 1 from ${diagnosisObjectTasks} o join ${diagnosisObjectUsers} ou on ou.object_task_id = o.id
        where o.task_id = t.id and ou.user_id = ${v.userId} and ou.kind = ${type === 'gxr' ? 'sharer' : 'collector'})`;
    default:
      return sql``;
  }
}

function taskWhere(v: Viewer, f: TaskFilter, withState = true): SQL {
  return sql`where ${taskSeen(v)}
    ${f.ids ? (f.ids.length ? sql`and t.id in ${f.ids}` : sql`and false`) : sql``}
    ${f.name ? sql`and t.name ilike ${`%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
    ${withState && f.state ? sql`and t.state = ${f.state}` : sql``}
    ${f.year ? sql`and t.year = ${f.year}` : sql``}
    ${userTypeCondition(v, f.userType)}`;
}

/** A page of tasks the viewer sees, newest first, with names and the counts of the object tasks they see. */
export async function taskPage(db: Db, v: Viewer, f: TaskFilter, page: { offset: number; limit: number }) {
  const where = taskWhere(v, f);
  const [total] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${diagnosisTasks} t ${where}`),
  );
  const rows = rowsOf<TaskListRow>(
    await db.execute(sql`
    select t.id, t.name, t.state, t.cycle_value_id as "cycleValueId", cv.value as "cycleValue", t.year,
      t.start_date::text as "startDate", t.end_date::text as "endDate", t.standard_system_id as "systemId",
      s.name as "systemName", s.version as "systemVersion", t.dimension, t.publish_department_id as "departmentId",
      d.name as "departmentName", t.monitor_id as "monitorId", um.name as "monitorName",
      t.auditor_id as "auditorId", ua.name as "auditorName", t.created_by as "createdBy", uc.name as "creatorName",
      t.created_at as "createdAt", coalesce(c.objects, 0)::int as objects, coalesce(c.audited, 0)::int as audited,
      coalesce(r.n, 0)::int as rows, coalesce(r.with_result, 0)::int as "withResult",
      coalesce(r.dis, 0)::int as dis, coalesce(r.unfin, 0)::int as unfin,
      array_remove(array[
        case when exists (select 1 from ${diagnosisObjectTasks} o where o.task_id = t.id and o.charger_id = ${v.userId})
          then 'fzr' end,
        case when exists (select 1 from ${diagnosisObjectTasks} o join ${diagnosisObjectUsers} ou on ou.object_task_id = o.id
          where o.task_id = t.id and ou.user_id = ${v.userId} and ou.kind = 'collector') then 'cjr' end,
        case when exists (select 1 from ${diagnosisObjectTasks} o join ${diagnosisObjectUsers} ou on ou.object_task_id = o.id
          where o.task_id = t.id and ou.user_id = ${v.userId} and ou.kind = 'sharer') then 'gxr' end
      ], null) as mine
    from ${diagnosisTasks} t
    join ${cycleValues} cv on cv.id = t.cycle_value_id
    join ${standardSystems} s on s.id = t.standard_system_id
    left join ${departments} d on d.id = t.publish_department_id
    left join ${users} um on um.id = t.monitor_id
    left join ${users} ua on ua.id = t.auditor_id
    join ${users} uc on uc.id = t.created_by
    left join lateral (select count(*) as objects, count(*) filter (where o.target_state = 'toaudit') as audited
      from ${diagnosisObjectTasks} o where o.task_id = t.id and ${objectSeen(v)}) c on true
    left join lateral (select count(*) as n,
        count(*) filter (where coalesce(dr.xzjgz, dr.jgz) is not null) as with_result,
        count(*) filter (where dr.dis) as dis, count(*) filter (where dr.unfin) as unfin
      from ${diagnosisObjectTasks} o join ${diagnosisRows} dr on dr.object_task_id = o.id
      where o.task_id = t.id and ${objectSeen(v)}) r on true
    ${where}
    order by t.created_at desc, t.id desc
    offset ${page.offset} limit ${page.limit}`),
  );
  return { rows, total: total?.n ?? 0 };
}

/** The counts by state of the tasks the viewer sees (the tabs). */
export async function taskCounts(db: Db, v: Viewer, f: TaskFilter) {
  const rows = rowsOf<{ state: string; n: number }>(
    await db.execute(sql`select t.state, count(*)::int as n from ${diagnosisTasks} t ${taskWhere(v, f, false)}
      group by t.state`),
  );
  const by = new Map(rows.map((r) => [r.state, r.n]));
  return {
    all: rows.reduce((a, r) => a + r.n, 0),
    normal: by.get('normal') ?? 0,
    pause: by.get('pause') ?? 0,
    finished: by.get('finished') ?? 0,
  };
}

export interface ObjectListRow {
  id: number;
  taskId: number;
  taskName: string;
  taskState: string;
  createdBy: string;
  monitorId: string | null;
  auditorId: string | null;
  objectCode: string;
  objectName: string;
  departmentId: string | null;
  departmentName: string | null;
  chargerId: string | null;
  chargerName: string | null;
  systemId: number;
  systemVersion: number;
  hasNewer: boolean;
  round: number;
  targetState: string;
  score: number | null;
  scoredAt: Date | string | null;
  people: { id: string; name: string; kind: string }[];
  rows: number;
  withResult: number;
  dis: number;
  unfin: number;
  xzmbzWaiting: number;
  xzjgzWaiting: number;
}

export interface ObjectFilter {
  ids?: number[];
  taskId?: number;
  name?: string;
  userType?: string;
  state?: string;
  /** The auditor's queue: object tasks with something waiting at this stage (all stages: 'any'). */
  auditStage?: 'target' | 'xzmbz' | 'xzjgz' | 'any';
}

function objectUserType(v: Viewer, type: string | undefined): SQL {
  switch (type) {
    case 'fzr':
      return sql`and o.charger_id = ${v.userId}`;
    case 'gxr':
    case 'cjr':
      return sql`and exists (select 1 from ${diagnosisObjectUsers} ou where ou.object_task_id = o.id
        and ou.user_id = ${v.userId} and ou.kind = ${type === 'gxr' ? 'sharer' : 'collector'})`;
    case 'jkr':
      return sql`and t.monitor_id = ${v.userId}`;
    case 'shr':
      return sql`and t.auditor_id = ${v.userId}`;
    case 'fbr':
      return sql`and t.created_by = ${v.userId}`;
    default:
      return sql``;
  }
}

const waiting = (kind: 'xzmbz' | 'xzjgz') =>
  sql`exists (select 1 from ${diagnosisRows} w where w.object_task_id = o.id and ${sql.raw(`w.${kind}_state`)} = 'waitaudit')`;

function auditCondition(stage: ObjectFilter['auditStage']): SQL {
  if (!stage) return sql``;
  const target = sql`o.target_state = 'waitaudit'`;
  if (stage === 'target') return sql`and ${target}`;
  if (stage === 'any') return sql`and (${target} or ${waiting('xzmbz')} or ${waiting('xzjgz')})`;
  return sql`and ${waiting(stage)}`;
}

/** A page of object tasks the viewer sees, by task then object order, with names, people and counts. */
export async function objectPage(db: Db, v: Viewer, f: ObjectFilter, page: { offset: number; limit: number }) {
  const where = sql`where ${objectSeen(v)}
    ${f.ids ? (f.ids.length ? sql`and o.id in ${f.ids}` : sql`and false`) : sql``}
    ${f.taskId ? sql`and o.task_id = ${f.taskId}` : sql``}
    ${f.name ? sql`and o.object_name ilike ${`%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
    ${f.state ? sql`and o.target_state = ${f.state}` : sql``}
    ${objectUserType(v, f.userType)}
    ${auditCondition(f.auditStage)}
    ${f.auditStage && !v.seesAll ? sql`and t.auditor_id = ${v.userId}` : sql``}`;
  const from = sql`from ${diagnosisObjectTasks} o join ${diagnosisTasks} t on t.id = o.task_id`;
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from} ${where}`));
  const rows = rowsOf<ObjectListRow>(
    await db.execute(sql`
    select o.id, o.task_id as "taskId", t.name as "taskName", t.state as "taskState", t.created_by as "createdBy",
      t.monitor_id as "monitorId", t.auditor_id as "auditorId", o.object_code as "objectCode",
      o.object_name as "objectName", o.department_id as "departmentId", d.name as "departmentName",
      o.charger_id as "chargerId", uf.name as "chargerName", o.system_id as "systemId", s.version as "systemVersion",
      exists (select 1 from ${standardSystems} n where n.previous_version_id = o.system_id and n.deleted_at is null)
        as "hasNewer",
      o.round, o.target_state as "targetState", o.score, o.scored_at as "scoredAt",
      coalesce((select json_agg(json_build_object('id', pu.id, 'name', pu.name, 'kind', ou.kind) order by pu.id)
        from ${diagnosisObjectUsers} ou join ${users} pu on pu.id = ou.user_id where ou.object_task_id = o.id),
        '[]'::json) as people,
      coalesce(r.n, 0)::int as rows, coalesce(r.with_result, 0)::int as "withResult",
      coalesce(r.dis, 0)::int as dis, coalesce(r.unfin, 0)::int as unfin,
      coalesce(r.xzmbz_waiting, 0)::int as "xzmbzWaiting", coalesce(r.xzjgz_waiting, 0)::int as "xzjgzWaiting"
    ${from}
    join ${standardSystems} s on s.id = o.system_id
    left join ${departments} d on d.id = o.department_id
    left join ${users} uf on uf.id = o.charger_id
    left join lateral (select count(*) as n,
        count(*) filter (where coalesce(dr.xzjgz, dr.jgz) is not null) as with_result,
        count(*) filter (where dr.dis) as dis, count(*) filter (where dr.unfin) as unfin,
        count(*) filter (where dr.xzmbz_state = 'waitaudit') as xzmbz_waiting,
        count(*) filter (where dr.xzjgz_state = 'waitaudit') as xzjgz_waiting
      from ${diagnosisRows} dr where dr.object_task_id = o.id) r on true
    ${where}
    order by o.task_id desc, o.id
    offset ${page.offset} limit ${page.limit}`),
  );
  return { rows, total: total?.n ?? 0 };
}

/** The name of a cycle value, or null when it is missing. */
export async function cycleValueName(db: Db, id: number): Promise<string | null> {
  const [row] = rowsOf<{ value: string }>(await db.execute(sql`select value from ${cycleValues} where id = ${id}`));
  return row?.value ?? null;
}
