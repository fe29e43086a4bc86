import type { QcpFigures } from '@zg/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The latest diagnosis of quality control points (发展中心, issue 35): for each QCP (a node of a system version), the
 * newest diagnosis task (by year, then id) holding rows under it — the QCP's own row and its indicators', found
 * through the rows' level columns — with how many of those rows have a result, attained or fell below standard, and
 * one of them (a below-standard one first) with its value, target and grade. Only the object tasks of the QCPs'
 * systems are read (rows name the nodes of their object task's version). One statement.
 */
export async function qcpLatestFigures(
  db: Db,
  qcps: readonly { id: number; systemId: number }[],
): Promise<Map<number, QcpFigures>> {
  const out = new Map<number, QcpFigures>();
  if (!qcps.length) return out;
  const ids = [...new Set(qcps.map((q) => q.id))];
  const systems = [...new Set(qcps.map((q) => q.systemId))];
  const result = await db.execute(sql`
    with rs as (
      select (e.value->>'id')::int as qcp, t.id as task_id, t.name as task_name, t.year,
        o.object_name, r.name as row_name, r.sort,
        coalesce(r.xzjgz, r.jgz) as value, coalesce(r.xzmbz, r.mbz) as target, r.jgdj as grade, r.dis
      from diagnosis_object_tasks o
      join diagnosis_tasks t on t.id = o.task_id
      join diagnosis_rows r on r.object_task_id = o.id
      cross join lateral jsonb_array_elements(r.levels) e
      where o.system_id = any(${sql.param(systems)}::int[])
        and (e.value->>'id')::int = any(${sql.param(ids)}::int[])
    ),
    latest as (
      select distinct on (qcp) qcp, task_id from rs order by qcp, year desc, task_id desc
    ),
    mine as (select rs.* from rs join latest l on l.qcp = rs.qcp and l.task_id = rs.task_id)
    select m.qcp, min(m.task_name) as "taskName", min(m.year)::int as year,
      (count(*) filter (where m.value is not null))::int as rows,
      (count(*) filter (where m.value is not null and not m.dis))::int as attained,
      (count(*) filter (where m.dis))::int as below,
      (array_agg(json_build_object('objectName', m.object_name, 'rowName', m.row_name, 'value', m.value,
        'target', m.target, 'grade', m.grade, 'dis', m.dis)
        order by m.dis desc, (m.value is null), m.object_name, m.sort))[1] as sample
    from mine m group by m.qcp`);
  type Row = {
    qcp: number;
    taskName: string;
    year: number;
    rows: number;
    attained: number;
    below: number;
    sample: {
      objectName: string;
      rowName: string;
      value: string | null;
      target: string | null;
      grade: string | null;
      dis: boolean;
    } | null;
  };
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    const s = r.sample;
    out.set(Number(r.qcp), {
      diagnosisTaskName: r.taskName,
      year: Number(r.year),
      rows: r.rows,
      attained: r.attained,
      below: r.below,
      sample: s && {
        objectName: s.objectName,
        rowName: s.rowName,
        value: s.value,
        target: s.target,
        grade: s.grade,
        attained: s.value === null ? null : !s.dis,
      },
    });
  }
  return out;
}
