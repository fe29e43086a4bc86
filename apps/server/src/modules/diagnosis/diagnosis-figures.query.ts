import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Diagnosis figures for operation monitoring (issue 34), per department of the object tasks of the year's diagnosis
 * tasks: rows, rows with a result computed by their algorithm (not entered by hand), rows below standard (dis), and
 * rows with any result. One statement.
 */
export interface DepartmentDiagnosisFigures {
  bmid: string;
  bmmc: string;
  total: number;
  computed: number;
  below: number;
  withResult: number;
}

export async function diagnosisFigures(db: Db, year: number): Promise<DepartmentDiagnosisFigures[]> {
  const result = await db.execute(sql`
    select coalesce(o.department_id, '') as bmid, coalesce(d.name, '未分配部门') as bmmc,
      count(*)::int as total,
      count(*) filter (where r.computed_at is not null and r.entered_by is null and r.jgz is not null)::int as computed,
      count(*) filter (where r.dis)::int as below,
      count(*) filter (where r.jgz is not null)::int as "withResult"
    from diagnosis_rows r
    join diagnosis_object_tasks o on o.id = r.object_task_id
    join diagnosis_tasks t on t.id = o.task_id
    left join departments d on d.id = o.department_id
    where t.year = ${year}
    group by 1, 2 order by 1`);
  return (result as unknown as { rows: DepartmentDiagnosisFigures[] }).rows;
}

/** The department of each object task of the year's diagnosis tasks (operation monitoring groups other figures by it). */
export async function objectTaskDepartments(db: Db, year: number): Promise<{ objectTaskId: number; bmid: string }[]> {
  const result = await db.execute(sql`
    select o.id as "objectTaskId", coalesce(o.department_id, '') as bmid
    from diagnosis_object_tasks o join diagnosis_tasks t on t.id = o.task_id
    where t.year = ${year}`);
  return (result as unknown as { rows: { objectTaskId: number; bmid: string }[] }).rows;
}

/** The years that have diagnosis tasks (operation monitoring's year choices). */
export async function diagnosisYears(db: Db): Promise<number[]> {
  const result = await db.execute(sql`select distinct year from diagnosis_tasks order by 1`);
  return (result as unknown as { rows: { year: number }[] }).rows.map((r) => Number(r.year));
}
