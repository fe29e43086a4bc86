import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/apiperf-school/pgdata');
await db.waitReady;
const base = `select t.status, count(*)::int from target_tasks t join year_targets y on y.id = t.year_target_id where `;
const qs: Record<string, string> = {
  A: base + `not exists (select 1 from target_tasks c where c.parent_id = t.id) and y.cycle_year = 2026 group by 1`,
  B: base + `t.id not in (select c.parent_id from target_tasks c where c.parent_id is not null) and y.cycle_year = 2026 group by 1`,
  C: base + `not exists (select 1 from target_tasks c where c.year_target_id = t.year_target_id and c.parent_id = t.id) and y.cycle_year = 2026 group by 1`,
  D: `select t.status, count(*)::int from target_tasks t where t.year_target_id in (select id from year_targets where cycle_year = 2026) and not exists (select 1 from target_tasks c where c.year_target_id = t.year_target_id and c.parent_id = t.id) group by 1`,
  E: `select status, count(*)::int from target_tasks t where t.year_target_id = any(array(select id from year_targets where cycle_year = 2026)) and not exists (select 1 from target_tasks c where c.year_target_id = any(array(select id from year_targets where cycle_year = 2026)) and c.parent_id = t.id) group by 1`,
};
for (let round = 0; round < 2; round++)
for (const [k, q] of Object.entries(qs)) {
  for (let i = 0; i < 3; i++) await db.query(q);
  const t = performance.now();
  for (let i = 0; i < 20; i++) await db.query(q);
  const ms = (performance.now() - t) / 20;
  const r = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${q}`);
  const plan = r.rows.map((x) => x['QUERY PLAN']);
  console.log(`== ${k}: ${ms.toFixed(2)} ms/query; ${plan.filter((l) => /Time/.test(l)).join(' ')}; ${JSON.stringify((await db.query(q)).rows).length}`);
  if (round === 1) console.log(plan.filter(l=>!/Buffers|Buckets/.test(l)).slice(0,14).join('\n'));
}
await db.close();
