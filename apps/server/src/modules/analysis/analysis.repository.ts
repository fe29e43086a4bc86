import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, targetTasks, taskTypes, users, yearTargets } from '../../db/schema';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** One page of the tasks matching an analysis predicate (over tasks joined to their year target), newest first. */
export async function analysisTaskPage(db: Db, where: SQL, current: number, size: number) {
  const from = sql`from ${targetTasks} join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}`;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select ${targetTasks.id} as id, ${targetTasks.name} as name, ${targetTasks.taskType} as "taskType",
        ${targetTasks.status} as status, ${targetTasks.yearTargetId} as "yearTargetId", ${yearTargets.name} as "yearTargetName",
        ${yearTargets.cycleYear} as "cycleYear", ${targetTasks.departmentId} as "departmentId",
        (select d.name from ${departments} d where d.id = ${targetTasks.departmentId}) as "departmentName",
        (select u.name from ${users} u where u.id = ${targetTasks.ownerId}) as "ownerName",
        ${targetTasks.startDate}::text as "startDate", ${targetTasks.endDate}::text as "endDate",
        ${targetTasks.progress} as progress
      ${from} where ${where}
      order by ${targetTasks.startDate} desc, ${targetTasks.id} desc
      limit ${size} offset ${(current - 1) * size}`),
    db.execute(sql`select count(*)::int as n ${from} where ${where}`),
  ]);
  return {
    rows: rowsOf<{
      id: number;
      name: string;
      taskType: string;
      status: string;
      yearTargetId: number;
      yearTargetName: string;
      cycleYear: number;
      departmentId: string | null;
      departmentName: string | null;
      ownerName: string | null;
      startDate: string;
      endDate: string;
      progress: string | number;
    }>(page),
    total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
}

/** Every task type with the count of tasks matching the predicate. */
export async function taskTypeCounts(db: Db, where: SQL) {
  const res = await db.execute(sql`
    select tt.id, tt.code, tt.name, (
      select count(*)::int from ${targetTasks} join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
      where ${targetTasks.taskType} = tt.code and ${where}) as n
    from ${taskTypes} tt order by tt.sort_order, tt.id`);
  return rowsOf<{ id: number; code: string; name: string; n: number }>(res);
}

/** The distinct years of the tasks matching the predicate, newest first. */
export async function yearsInScope(db: Db, where: SQL) {
  const res = await db.execute(sql`
    select distinct ${yearTargets.cycleYear} as nf
    from ${targetTasks} join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
    where ${where} order by 1 desc`);
  return rowsOf<{ nf: number }>(res).map((r) => Number(r.nf));
}

/** Departments (all when ids is null) with their head's name, in the configured order. */
export async function chargeDepartmentsOf(db: Db, ids: readonly string[] | null) {
  if (ids && ids.length === 0) return [];
  const filter = ids ? sql`and d.id in ${ids}` : sql``;
  const res = await db.execute(sql`
    select d.id as bmid, d.name as bmmc, u.name as fzrmc
    from ${departments} d left join ${users} u on u.id = d.charge_user_id
    where d.enabled ${filter} order by d.sort_order, d.id`);
  return rowsOf<{ bmid: string; bmmc: string; fzrmc: string | null }>(res);
}
