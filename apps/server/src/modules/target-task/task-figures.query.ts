import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { FINISHED_STATES, UNDER_WAY_STATES } from './target-task.machine';

/** Target-task progress for operation monitoring (issue 34): the year's issued last-level tasks by state. */
export async function taskProgressFigures(db: Db, year: number) {
  const result = await db.execute(sql`
    select t.status, count(*)::int as n
    from target_tasks t join year_targets y on y.id = t.year_target_id
    where y.cycle_year = ${year} and t.is_leaf and t.status <> 'notPushed'
    group by t.status`);
  const rows = (result as unknown as { rows: { status: string; n: number }[] }).rows;
  const sum = (pick: (s: string) => boolean) => rows.filter((r) => pick(r.status)).reduce((a, r) => a + r.n, 0);
  return {
    total: sum(() => true),
    finished: sum((s) => FINISHED_STATES.has(s)),
    underWay: sum((s) => UNDER_WAY_STATES.has(s)),
    overdue: sum((s) => s === 'delayNotDone'),
  };
}

/** The years that have year targets (operation monitoring's year choices). */
export async function targetYears(db: Db): Promise<number[]> {
  const result = await db.execute(sql`select distinct cycle_year as year from year_targets order by 1`);
  return (result as unknown as { rows: { year: number }[] }).rows.map((r) => Number(r.year));
}
