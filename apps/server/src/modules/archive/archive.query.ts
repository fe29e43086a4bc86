import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, files, fileTypes, targetTasks, taskReports, users, yearTargets } from '../../db/schema';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which year targets' and tasks' documents an archive holds, as SQL over year_targets and target_tasks. */
export interface ArchiveScope {
  yearTargets: SQL | undefined;
  tasks: SQL | undefined;
}

/** Names of the file types given to documents uploaded without one, by where they belong. */
export interface DefaultTypes {
  yearTarget: string;
  process: string;
  final: string;
}

const typeIdOf = (name: string) => sql`(select ft.id from ${fileTypes} ft where ft.name = ${name})`;
const and = (parts: (SQL | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => Boolean(p));
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/**
 * Every document of the scope in one relation: year-target documents, task documents and progress-report attachments,
 * each with its (derived) file type, task, year target and department.
 */
function archive(scope: ArchiveScope, types: DefaultTypes) {
  return sql`
    select ${files.id} as id, ${files.name} as name, coalesce(${files.fileTypeId}, ${typeIdOf(types.yearTarget)}) as type_id,
      'yearTarget' as source, null::varchar as period_key, null::int as task_id, null::varchar as task_name,
      ${yearTargets.name} as yt_name, ${yearTargets.cycleYear} as nf,
      (select d.name from ${departments} d where d.id = ${yearTargets.chargeDepartmentId}) as bmmc,
      ${files.uploaderId} as uploader_id, ${files.createdAt} as created_at, ${files.size} as size
    from ${files} join ${yearTargets} on ${files.ownerType} = 'YearTask' and ${files.ownerId} = ${yearTargets.id}::text
    where ${and([scope.yearTargets])}
    union all
    select ${files.id}, ${files.name}, ${files.fileTypeId}, 'task', null, ${targetTasks.id}, ${targetTasks.name},
      ${yearTargets.name}, ${yearTargets.cycleYear},
      (select d.name from ${departments} d where d.id = ${targetTasks.departmentId}),
      ${files.uploaderId}, ${files.createdAt}, ${files.size}
    from ${targetTasks}
    join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
    join ${files} on ${files.ownerType} = 'NodeTask' and ${files.ownerId} = ${targetTasks.id}::text
    where ${and([scope.tasks])}
    union all
    select ${files.id}, ${files.name},
      coalesce(${files.fileTypeId}, case when ${taskReports.kind} = 'final' then ${typeIdOf(types.final)} else ${typeIdOf(types.process)} end),
      'progress', ${taskReports.periodKey}, ${targetTasks.id}, ${targetTasks.name},
      ${yearTargets.name}, ${yearTargets.cycleYear},
      (select d.name from ${departments} d where d.id = ${targetTasks.departmentId}),
      ${files.uploaderId}, ${files.createdAt}, ${files.size}
    from ${targetTasks}
    join ${yearTargets} on ${yearTargets.id} = ${targetTasks.yearTargetId}
    join ${taskReports} on ${taskReports.taskId} = ${targetTasks.id}
    join ${files} on ${files.ownerType} = 'TaskProgress' and ${files.ownerId} = ${taskReports.id}::text
    where ${and([scope.tasks])}`;
}

export interface ArchiveFilter {
  year?: number;
  lxId?: number;
  taskId?: number;
  name?: string;
  ids?: string[];
}

function filterOf(f: ArchiveFilter) {
  const parts: SQL[] = [];
  if (f.year) parts.push(sql`a.nf = ${f.year}`);
  if (f.lxId !== undefined) parts.push(f.lxId === 0 ? sql`a.type_id is null` : sql`a.type_id = ${f.lxId}`);
  if (f.taskId) parts.push(sql`a.task_id = ${f.taskId}`);
  if (f.name) {
    const like = `%${escapeLike(f.name)}%`;
    parts.push(sql`(a.name ilike ${like} or a.task_name ilike ${like})`);
  }
  if (f.ids) parts.push(f.ids.length ? sql`a.id in ${f.ids}` : sql`false`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export interface ArchiveRow {
  id: string;
  name: string;
  type_id: number | null;
  type_name: string | null;
  source: 'yearTarget' | 'task' | 'progress';
  period_key: string | null;
  task_id: number | null;
  task_name: string | null;
  yt_name: string;
  nf: number;
  bmmc: string | null;
  uploader_name: string | null;
  created_at: string | Date;
  size: number | string;
}

/** A page of the archive, newest first (limit null: every matching row, for the zip). */
export async function archivePage(
  db: Db,
  scope: ArchiveScope,
  types: DefaultTypes,
  f: ArchiveFilter,
  limit: number | null,
  offset = 0,
) {
  const where = filterOf(f);
  const page = limit === null ? sql`` : sql`limit ${limit} offset ${offset}`;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select a.*, ft.name as type_name, u.name as uploader_name
      from (${archive(scope, types)}) a
      left join ${fileTypes} ft on ft.id = a.type_id
      left join ${users} u on u.id = a.uploader_id
      where ${where}
      order by a.created_at desc, a.id
      ${page}`),
    db.execute(sql`select count(*)::int as n from (${archive(scope, types)}) a where ${where}`),
  ]);
  return { rows: rowsOf<ArchiveRow>(rows), total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0) };
}

/** How many documents of the archive (under the filter, any type) each file type holds; untyped as type 0. */
export async function archiveTypeCounts(db: Db, scope: ArchiveScope, types: DefaultTypes, f: ArchiveFilter) {
  const res = await db.execute(sql`
    select coalesce(a.type_id, 0) as "lxId", ft.name as name, count(*)::int as count
    from (${archive(scope, types)}) a left join ${fileTypes} ft on ft.id = a.type_id
    where ${filterOf({ ...f, lxId: undefined })}
    group by 1, 2, ft.sort_order order by ft.sort_order nulls last, 1`);
  return rowsOf<{ lxId: number; name: string | null; count: number }>(res);
}

/** The documents of the year targets a user created and the tasks they own (file-myself). */
export function ownedScope(userId: string): ArchiveScope {
  return {
    yearTargets: sql`${yearTargets.creatorId} = ${userId}`,
    tasks: sql`${targetTasks.ownerId} = ${userId}`,
  };
}
