import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/apiperf-school/pgdata');
await db.waitReady;
const qs: Record<string, string> = {
  status: `select t.status, count(*)::int from target_tasks t join year_targets y on y.id = t.year_target_id where not exists (select 1 from target_tasks c where c.parent_id = t.id) and y.cycle_year = 2026 group by 1`,
  dept: `select d.id, d.name, count(*) filter (where t.status <> 'notPushed')::int, count(*) filter (where t.status in ('hasDone','delayDone'))::int from target_tasks t join year_targets y on y.id = t.year_target_id join departments d on d.id = t.department_id where not exists (select 1 from target_tasks c where c.parent_id = t.id) and y.cycle_year = 2026 group by d.id, d.name, d.sort_order order by d.sort_order`,
  warn: `select w.task_id, sum(case when w.kind='process' then 1 else 0 end)::int, sum(case when w.kind='final' then 1 else 0 end)::int from task_warnings w join target_tasks t on t.id = w.task_id join year_targets y on y.id = t.year_target_id left join departments d on d.id = t.department_id where w.open group by w.task_id`,
  warnPersonal: `select w.task_id, count(*) from task_warnings w join target_tasks t on t.id = w.task_id join year_targets y on y.id = t.year_target_id left join departments d on d.id = t.department_id where w.open and t.owner_id = 'T000010' group by w.task_id`,
};
for (const [k, q] of Object.entries(qs)) {
  for (let i = 0; i < 3; i++) await db.query(q);
  const t = performance.now();
  for (let i = 0; i < 20; i++) await db.query(q);
  const r = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${q}`);
  console.log(`== ${k}: ${((performance.now() - t) / 20).toFixed(2)} ms/query`);
  console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
await db.close();
