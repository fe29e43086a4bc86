import { formatDateTime } from '@zg/contract';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { departments, targetTasks, urges, users, yearTargets } from '../../db/schema';

const urger = alias(users, 'urger');
const accepter = alias(users, 'accepter');

/** Rows of a raw `db.execute`, on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---- urges ----

/**
 * Where each department stands with a year target, from its pushed top-level tasks: 1 a task waits to be accepted
 * (target not set), 2 one waits to be decomposed, 0 it has acted. With its pending urge, if any.
 */
export async function departmentsOfTarget(db: Db, yearTargetId: number, only?: string[]) {
  const rows = await db.execute(sql`
    select t.department_id as bmid, d.name as bmmc, h.name as fzrmc, count(*)::int as "taskCount",
      case when bool_or(t.status = 'waitAccept') then 1
           when bool_or(t.status = 'waitResolve') then 2 else 0 end as "currentStatus",
      (select u.id from ${urges} u where u.year_target_id = ${yearTargetId} and u.department_id = t.department_id
         and u.task_id is null and u.type = 0 order by u.id desc limit 1) as "pendingUrgeId",
      (select max(u.urged_at) from ${urges} u where u.year_target_id = ${yearTargetId}
         and u.department_id = t.department_id and u.task_id is null) as "lastUrgedAt"
    from ${targetTasks} t
    join ${departments} d on d.id = t.department_id
    left join ${users} h on h.id = d.charge_user_id
    where t.year_target_id = ${yearTargetId} and t.parent_id is null and t.status not in ('notPushed', 'goBack')
      ${only?.length ? sql`and t.department_id in ${only}` : sql``}
    group by t.department_id, d.name, h.name
    order by t.department_id`);
  return rowsOf<{
    bmid: string;
    bmmc: string;
    fzrmc: string | null;
    taskCount: number;
    currentStatus: number;
    pendingUrgeId: number | null;
    lastUrgedAt: Date | string | null;
  }>(rows).map((r) => ({
    ...r,
    taskCount: Number(r.taskCount),
    currentStatus: Number(r.currentStatus),
    pendingUrgeId: r.pendingUrgeId === null ? null : Number(r.pendingUrgeId),
    lastUrgedAt: r.lastUrgedAt === null ? null : formatDateTime(new Date(r.lastUrgedAt)),
  }));
}

const urgeColumns = {
  urge: urges,
  yearTargetName: yearTargets.name,
  rwmc: targetTasks.name,
  bmmc: departments.name,
  urgerName: urger.name,
  accepterName: accepter.name,
};

/** One page of urges matching `where`, pending first, newest first. */
export async function pageUrges(db: Db, where: SQL | undefined, current: number, size: number) {
  const [records, [total]] = await Promise.all([
    db
      .select(urgeColumns)
      .from(urges)
      .innerJoin(departments, eq(departments.id, urges.departmentId))
      .leftJoin(yearTargets, eq(yearTargets.id, urges.yearTargetId))
      .leftJoin(targetTasks, eq(targetTasks.id, urges.taskId))
      .leftJoin(urger, eq(urger.id, urges.urgerId))
      .leftJoin(accepter, eq(accepter.id, urges.accepterId))
      .where(where)
      .orderBy(asc(urges.type), desc(urges.urgedAt), desc(urges.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(urges).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}
