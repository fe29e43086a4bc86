import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/apiperf-school/pgdata');
await db.waitReady;
const ids = `any(array(select year_targets.id from year_targets where year_targets.cycle_year = 2026))`;
const where = `target_tasks.year_target_id = ${ids} and not exists (select 1 from target_tasks c where c.parent_id = target_tasks.id and c.year_target_id = ${ids}) and year_targets.cycle_year = 2026`;
const qs: Record<string, string> = {
  statusOld: `select target_tasks.status, count(*)::int from target_tasks join year_targets on year_targets.id = target_tasks.year_target_id where not exists (select 1 from target_tasks c where c.parent_id = target_tasks.id) and year_targets.cycle_year = 2026 group by 1`,
  status: `select target_tasks.status, count(*)::int from target_tasks join year_targets on year_targets.id = target_tasks.year_target_id where ${where} group by 1`,
  dept: `select d.id, d.name, count(*) filter (where target_tasks.status <> 'notPushed')::int from target_tasks join year_targets on year_targets.id = target_tasks.year_target_id join departments d on d.id = target_tasks.department_id where ${where} group by d.id, d.name, d.sort_order order by d.sort_order`,
};
for (const [k, q] of Object.entries(qs)) {
  const r = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q}`);
  const plan = r.rows.map((x) => x['QUERY PLAN']);
  console.log(`== ${k} ${JSON.stringify((await db.query(q)).rows).length}`);
  console.log(plan.filter(l=>!/Buckets|Index Searches/.test(l)).join('\n'));
}
await db.close();
