import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, targetReports, targetTasks, users, yearTargets } from '../../db/schema';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface PerformanceFilter {
  year?: number;
  bmid?: string;
  fzrid?: string;
  zpdj?: string;
  bgzt?: string;
  rwmc?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Finished last-level tasks (on time or late) in the actor's scope and the filters, joined to their report `r`.
 * The scope is SQL over target_tasks; null means every task.
 */
export function performanceWhere(scope: SQL | null, f: PerformanceFilter): SQL {
  const parts: SQL[] = [sql`${targetTasks.status} in ('hasDone', 'delayDone')`, sql`${targetTasks.isLeaf}`];
  if (scope) parts.push(scope);
  if (f.year) parts.push(sql`${yearTargets.cycleYear} = ${f.year}`);
  if (f.bmid) parts.push(sql`${targetTasks.departmentId} = ${f.bmid}`);
  if (f.fzrid) parts.push(sql`${targetTasks.ownerId} = ${f.fzrid}`);
  if (f.zpdj) parts.push(sql`r.level_self = ${f.zpdj}`);
  if (f.bgzt) parts.push(sql`r.status = ${f.bgzt}`);
  if (f.rwmc) parts.push(sql`${targetTasks.name} ilike ${`%${escapeLike(f.rwmc)}%`}`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`
  from ${targetTasks}
  join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
  left join ${targetReports} r on r.task_id = ${targetTasks.id}
  left join ${departments} d on d.id = ${targetTasks.departmentId}
  left join ${users} o on o.id = ${targetTasks.ownerId}
  left join ${users} a on a.id = r.auditor_id`;

export interface PerformanceDbRow {
  taskId: number;
  rwmc: string;
  rwlx: string;
  nf: number;
  yearTargetName: string;
  bmid: string | null;
  bmmc: string | null;
  fzrid: string | null;
  fzrmc: string | null;
  rwzt: string;
  jssj: string;
  finishedAt: string | Date | null;
  reportId: number | null;
  levelSelf: string | null;
  reportStatus: string | null;
  auditReason: string | null;
  auditorName: string | null;
  auditedAt: string | Date | null;
}

/** A page of finished tasks with their report's level and audit (limit null: every row, for the export). */
export async function performanceRows(db: Db, where: SQL, limit: number | null, offset = 0) {
  const page = limit === null ? sql`` : sql`limit ${limit} offset ${offset}`;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select ${targetTasks.id} as "taskId", ${targetTasks.name} as rwmc, ${targetTasks.taskType} as rwlx,
        ${yearTargets.cycleYear} as nf, ${yearTargets.name} as "yearTargetName",
        ${targetTasks.departmentId} as bmid, d.name as bmmc, ${targetTasks.ownerId} as fzrid, o.name as fzrmc,
        ${targetTasks.status} as rwzt, ${targetTasks.endDate}::text as jssj, ${targetTasks.finishedAt} as "finishedAt",
        r.id as "reportId", r.level_self as "levelSelf", r.status as "reportStatus", r.audit_reason as "auditReason",
        a.name as "auditorName", r.audited_at as "auditedAt"
      ${FROM} where ${where}
      order by d.sort_order nulls last, ${targetTasks.departmentId}, ${targetTasks.finishedAt} desc nulls last, ${targetTasks.id} desc
      ${page}`),
    limit === null ? Promise.resolve(null) : db.execute(sql`select count(*)::int as n ${FROM} where ${where}`),
  ]);
  const list = rowsOf<PerformanceDbRow>(rows);
  return { rows: list, total: count ? Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0) : list.length };
}

export interface SituationDbRow {
  id: string;
  name: string;
  bmmc: string | null;
  finished: number;
  onTime: number;
  late: number;
  levelA: number;
  levelB: number;
  levelC: number;
  levelD: number;
  unrated: number;
  passed: number;
  reviewing: number;
  refused: number;
}

/** Finished tasks counted per department or per owner: on time, late, per level, per audit result. */
export async function situationRows(db: Db, where: SQL, groupBy: 'department' | 'person') {
  const key =
    groupBy === 'department'
      ? sql`${targetTasks.departmentId} as id, d.name as name, d.name as bmmc`
      : sql`${targetTasks.ownerId} as id, o.name as name, (select dd.name from ${departments} dd where dd.id = o.department_id) as bmmc`;
  const group =
    groupBy === 'department'
      ? sql`group by ${targetTasks.departmentId}, d.name, d.sort_order order by d.sort_order, 1`
      : sql`group by ${targetTasks.ownerId}, o.name, o.department_id order by o.department_id, 1`;
  const res = await db.execute(sql`
    select ${key},
      count(*)::int as finished,
      (count(*) filter (where ${targetTasks.status} = 'hasDone'))::int as "onTime",
      (count(*) filter (where ${targetTasks.status} = 'delayDone'))::int as late,
      (count(*) filter (where r.level_self = 'A'))::int as "levelA",
      (count(*) filter (where r.level_self = 'B'))::int as "levelB",
      (count(*) filter (where r.level_self = 'C'))::int as "levelC",
      (count(*) filter (where r.level_self = 'D'))::int as "levelD",
      (count(*) filter (where r.level_self is null))::int as unrated,
      (count(*) filter (where r.status = 'pass'))::int as passed,
      (count(*) filter (where r.status = 'reviewing'))::int as reviewing,
      (count(*) filter (where r.status = 'refuse'))::int as refused
    ${FROM} where ${where} and ${groupBy === 'department' ? sql`${targetTasks.departmentId} is not null` : sql`${targetTasks.ownerId} is not null`}
    ${group}`);
  return rowsOf<SituationDbRow>(res);
}

/** The tasks a user owns or whose department they head. */
export function tasksOfOwnerOrDepartments(userId: string, chargeDepartmentIds: readonly string[]): SQL {
  const own = sql`${targetTasks.ownerId} = ${userId}`;
  if (!chargeDepartmentIds.length) return own;
  return sql`(${targetTasks.departmentId} in ${chargeDepartmentIds} or ${own})`;
}
