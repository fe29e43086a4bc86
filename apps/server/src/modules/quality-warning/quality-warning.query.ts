import type { WarnCount, WarnGridQuery } from '@zg/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualityCases, qualityWarnings, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { objectTaskSeenSql } from '../diagnosis';

/**
 * The read model of the quality warnings' lists: the warning record table (one line per row), the counts and the
 * cases, each one statement, limited to the object tasks the actor sees (the diagnosis module's visibility).
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const REAL = sql`w.kind in ('process', 'expired')`;

export type GridFilter = Omit<WarnGridQuery, 'pageNum' | 'pageSize'>;

function gridWhere(actor: Actor, f: GridFilter): SQL {
  const where: SQL[] = [REAL, objectTaskSeenSql(actor, sql`w.object_task_id`)];
  if (f.rwid) where.push(sql`w.task_id = ${f.rwid}`);
  if (f.dxrwid) where.push(sql`w.object_task_id = ${f.dxrwid}`);
  if (f.gzdxmc) where.push(sql`w.object_name like ${`%${f.gzdxmc.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.yjlx) where.push(sql`w.kind = ${f.yjlx}`);
  if (f.sfcl === 'yes') where.push(sql`w.disposed_at is not null`);
  if (f.sfcl === 'no') where.push(sql`w.disposed_at is null`);
  if (f.kssj) where.push(sql`w.raised_at >= ${f.kssj}::date`);
  if (f.jssj) where.push(sql`w.raised_at < ${f.jssj}::date + 1`);
  return sql.join(where, sql` and `);
}

export interface GridLine {
  row_id: number;
  row_name: string;
  task_id: number;
  task_name: string;
  object_task_id: number;
  object_name: string;
  warning_value: string | null;
  zlx: string;
  kind: string;
  raised_at: Date | string;
  cause: string | null;
  measures: string | null;
  all_num: number;
  dispose_num: number;
  open_num: number;
  handler: string | null;
  total: string | number;
}

/**
 * The warning record table: a page of rows with warnings, the latest first. The page's rows are found by their latest
 * warning alone (a hash aggregate of max over the warnings seen); only the page's rows are then counted and their
 * latest warning and handler read (a lateral join on the row's index), not every row's.
 */
export async function gridPage(db: Db, actor: Actor, f: GridFilter, page: { offset: number; limit: number | null }) {
  const where = gridWhere(actor, f);
  const result = await db.execute(sql`
    with g as (
      select w.row_id, max(w.raised_at) as latest_at, count(*) over () as total
        from ${qualityWarnings} w
       where ${where}
       group by w.row_id
       order by latest_at desc, w.row_id desc
       ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`})
    select g.row_id, l.row_name, l.task_id, l.task_name, l.object_task_id, l.object_name, l.warning_value, l.zlx,
           l.kind, l.raised_at, l.cause, l.measures, s.all_num, s.dispose_num, s.open_num, u.name as handler, g.total
      from g
      cross join lateral (
        select count(*)::int as all_num, count(w.disposed_at)::int as dispose_num,
               count(*) filter (where w.closed_at is null)::int as open_num,
               (array_agg(w.id order by w.raised_at desc, w.id desc))[1] as latest_id,
               (array_agg(w.disposed_by order by w.disposed_at desc nulls last))[1] as handler_id
          from ${qualityWarnings} w
         where w.row_id = g.row_id and ${where}) s
      join ${qualityWarnings} l on l.id = s.latest_id
      left join ${users} u on u.id = s.handler_id
     order by g.latest_at desc, g.row_id desc`);
  const rows = rowsOf<GridLine>(result);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** The counts over what the actor sees (of a task or an object task). */
export async function warningCounts(db: Db, actor: Actor, f: { rwid?: number; dxrwid?: number }): Promise<WarnCount> {
  const scope = (alias: SQL) => {
    const where: SQL[] = [objectTaskSeenSql(actor, sql`${alias}.object_task_id`)];
    if (f.rwid) where.push(sql`${alias}.task_id = ${f.rwid}`);
    if (f.dxrwid) where.push(sql`${alias}.object_task_id = ${f.dxrwid}`);
    return sql.join(where, sql` and `);
  };
  const [w] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select count(*) filter (where ${REAL})::int as total,
             count(*) filter (where w.kind = 'process')::int as process,
             count(*) filter (where w.kind = 'expired')::int as expired,
             count(*) filter (where ${REAL} and w.closed_at is null)::int as open,
             count(*) filter (where ${REAL} and w.disposed_at is null and w.closed_at is null)::int as undisposed,
             count(*) filter (where w.kind = 'forecast' and w.closed_at is null)::int as forecast
        from ${qualityWarnings} w where ${scope(sql`w`)}`),
  );
  const [c] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select count(*) filter (where c.closed_at is null)::int as open,
             count(*) filter (where c.closed_at is not null)::int as closed
        from ${qualityCases} c where ${scope(sql`c`)}`),
  );
  return {
    totalWarningCount: w?.total ?? 0,
    processWarningCount: w?.process ?? 0,
    expiredWarningCount: w?.expired ?? 0,
    openWarningCount: w?.open ?? 0,
    undisposedCount: w?.undisposed ?? 0,
    forecastWarningCount: w?.forecast ?? 0,
    openCaseCount: c?.open ?? 0,
    closedCaseCount: c?.closed ?? 0,
  };
}

/** The cases the actor sees: a page, and the open / closed counts and the open ones' mean age in days. */
export async function casePage(
  db: Db,
  actor: Actor,
  f: { zt?: 'open' | 'closed'; rwid?: number },
  page: { offset: number; limit: number },
  now: Date,
) {
  const where: SQL[] = [objectTaskSeenSql(actor, sql`c.object_task_id`)];
  if (f.rwid) where.push(sql`c.task_id = ${f.rwid}`);
  const scope = sql.join(where, sql` and `);
  const state =
    f.zt === 'open' ? sql` and c.closed_at is null` : f.zt === 'closed' ? sql` and c.closed_at is not null` : sql``;
  const rows = await db.execute(sql`
    select c.* from ${qualityCases} c where ${scope} ${state}
     order by c.closed_at is null desc, c.opened_at desc, c.id desc limit ${page.limit} offset ${page.offset}`);
  const [n] = rowsOf<{ open: number; closed: number; age: number | null; total: number }>(
    await db.execute(sql`
      select count(*) filter (where c.closed_at is null)::int as open,
             count(*) filter (where c.closed_at is not null)::int as closed,
             avg(extract(epoch from (${now.toISOString()}::timestamptz - c.opened_at)) / 86400)
               filter (where c.closed_at is null)::float8 as age
        from ${qualityCases} c where ${scope}`),
  );
  const list = rowsOf<Record<string, unknown>>(rows).map((r) => ({
    id: r.id as number,
    rowId: r.row_id as number,
    warningId: r.warning_id as number | null,
    objectTaskId: r.object_task_id as number,
    taskId: r.task_id as number,
    rowName: r.row_name as string,
    objectName: r.object_name as string,
    taskName: r.task_name as string,
    step: r.step as number,
    openedAt: new Date(r.opened_at as string),
    closedAt: r.closed_at ? new Date(r.closed_at as string) : null,
    closedValue: r.closed_value as string | null,
  }));
  const open = n?.open ?? 0;
  const closed = n?.closed ?? 0;
  const total = f.zt === 'open' ? open : f.zt === 'closed' ? closed : open + closed;
  return { list, total, open, closed, avgOpenDays: Math.round((n?.age ?? 0) * 10) / 10 };
}
