import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The grades of objects' latest diagnosis (画像分析's radar, issue 35): the newest diagnosis task (by year, then id)
 * with an object task for any of the codes, and its rows' grades (jgdj) counted per first-level item (the row's
 * second level column, the first when there is only one) over those objects. One statement; null when no task has
 * graded rows for them.
 */
export async function objectGrades(
  db: Db,
  objectCodes: readonly string[],
): Promise<{ taskName: string; year: number; rows: { axis: string; grade: string; n: number }[] } | null> {
  if (!objectCodes.length) return null;
  const result = await db.execute(sql`
    with latest as (
      select t.id, t.name, t.year
      from diagnosis_object_tasks o join diagnosis_tasks t on t.id = o.task_id
      where o.object_code = any(${sql.param([...objectCodes])}::text[])
        and exists (select 1 from diagnosis_rows r where r.object_task_id = o.id and r.jgdj is not null)
      order by t.year desc, t.id desc limit 1
    )
    select l.name as "taskName", l.year, coalesce(r.levels->1->>'name', r.levels->0->>'name', r.name) as axis,
      r.jgdj as grade, count(*)::int as n
    from latest l
    join diagnosis_object_tasks o on o.task_id = l.id and o.object_code = any(${sql.param([...objectCodes])}::text[])
    join diagnosis_rows r on r.object_task_id = o.id and r.jgdj is not null
    group by l.name, l.year, 3, r.jgdj
    order by 3, 4`);
  const rows = (
    result as unknown as { rows: { taskName: string; year: number; axis: string; grade: string; n: number }[] }
  ).rows;
  if (!rows.length) return null;
  return {
    taskName: rows[0]!.taskName,
    year: Number(rows[0]!.year),
    rows: rows.map((r) => ({ axis: r.axis, grade: r.grade, n: Number(r.n) })),
  };
}
