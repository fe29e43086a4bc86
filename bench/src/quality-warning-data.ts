import type { Db } from '@zg/server/src/db/client';
import { sql } from 'drizzle-orm';

/** Rows with a warning rule the bench's quality-warning phase evaluates (issue 32: 40 000 within 10 s). */
export const QUALITY_WARNING_ROWS = 40_000;

/**
 * The quality warnings' rows (issue 32, `--quality-warning` after `--diagnosis`): copies of the demo task's numeric
 * rows with a value rule (新生报到率, 初次就业率, 课程不及格人次率 of the 40 majors) added to the same object tasks up
 * to QUALITY_WARNING_ROWS rows with a rule, as manual rows (the daily computation leaves them alone), each with a
 * result between 0.9 and 1.09 × its warning value, so about a third breach. One statement.
 */
export async function prepareQualityWarningRows(db: Db) {
  const cols = (
    (await db.execute(sql`select column_name from information_schema.columns
       where table_schema = current_schema() and table_name = 'diagnosis_rows'
         and column_name not in ('id', 'node_id', 'cal_rule', 'jgz', 'computed_at', 'last_run_id', 'last_error')
       order by ordinal_position`)) as unknown as { rows: { column_name: string }[] }
  ).rows.map((r) => sql.identifier(r.column_name));
  const cond = sql`r.warning_rule->>'mode' = 'value' and r.zlx in ('percent', 'others')
    and (r.warning_rule->>'value') is not null and r.cal_rule is not null`;
  const count = async (q: ReturnType<typeof sql>) =>
    Number(((await db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const n = await count(sql`select count(*)::int as n from diagnosis_rows r where ${cond}`);
  const existing = await count(sql`select count(*)::int as n from diagnosis_rows where warning_rule is not null`);
  if (!n || existing >= QUALITY_WARNING_ROWS) return 0;
  const copies = Math.ceil((QUALITY_WARNING_ROWS - existing) / n);
  const picked = sql.join(
    cols.map((c) => sql`r.${c}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into diagnosis_rows (${sql.join(cols, sql`, `)}, node_id, cal_rule, jgz, computed_at)
    select ${picked}, r.node_id + g * 1000000, null,
           round((r.warning_rule->>'value')::numeric * (0.9 + (g % 20) / 100.0), 2)::text, now()
      from diagnosis_rows r cross join generate_series(1, ${copies}) g
     where ${cond}
     limit ${QUALITY_WARNING_ROWS - existing}`);
  return (result as unknown as { rowCount?: number }).rowCount ?? 0;
}
