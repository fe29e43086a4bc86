import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Data collection's figures for operation monitoring (issue 34), read from the module's own tables with the
 * departments' names: per department, the fill tasks of the year's collection tasks and those finished; the fill
 * tasks not finished past their task's deadline (closed tasks left out), per department. One statement each.
 */
export interface DepartmentFillFigures {
  bmid: string;
  bmmc: string;
  total: number;
  done: number;
  overdue: number;
}

export async function collectionFigures(db: Db, year: number, today: string): Promise<DepartmentFillFigures[]> {
  const result = await db.execute(sql`
    select coalesce(f.department_id, '') as bmid, coalesce(d.name, '未分配部门') as bmmc,
      count(*)::int as total,
      count(*) filter (where f.state = 'finished')::int as done,
      count(*) filter (where f.state <> 'finished' and not t.closed and t.deadline < ${today}::date)::int as overdue
    from collection_fill_tasks f
    join collection_tasks t on t.id = f.task_id
    left join departments d on d.id = f.department_id
    where extract(year from t.start_date) = ${year}
    group by 1, 2 order by 1`);
  return (result as unknown as { rows: DepartmentFillFigures[] }).rows;
}
