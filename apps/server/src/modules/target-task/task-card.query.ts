import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import {
  cycleValues,
  departments,
  targetTasks,
  taskCoopDepartments,
  taskFocus,
  taskWarnings,
  users,
  yearTargets,
} from '../../db/schema';

import { RULES } from './target-task.machine';
import { hasChildrenSql } from './target-task.repository';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const creator = alias(users, 'creator');
const auditor = alias(users, 'auditor');
const owner = alias(users, 'owner');

export interface TaskListFilter {
  kind: string;
  year?: number;
  yearTargetId?: number;
  rwlx?: string;
  departmentId?: string;
  departmentName?: string;
  rwzt?: string;
  rwmc?: string;
  warningTypeId?: number;
  /** Top-level tasks only (the year-target task module's special top query). */
  topOnly?: boolean;
  /** Only the tasks this user follows (关注). */
  focusedBy?: string;
  /** Only tasks whose 任务书 is to be written: in the source state of the machine's `define` (not under review). */
  missionState?: 'toWrite';
  /** Only the tasks this user audits (not a list of its own: tells whether the user audits any task). */
  auditedBy?: string;
  sort: 'asc' | 'desc';
  current: number;
  size: number;
}

/** The task card select with every name joined in (the caller adds where and order, or joins a page of ids). */
export function selectTaskCards(db: Db) {
  return db
    .select({
      task: targetTasks,
      yearTargetName: yearTargets.name,
      yearTargetCreatorId: yearTargets.creatorId,
      cycleYear: yearTargets.cycleYear,
      departmentName: departments.name,
      creatorName: creator.name,
      auditorName: auditor.name,
      ownerName: owner.name,
      hasChildren: hasChildrenSql,
      processWarningCount: sql<number>`(select count(*)::int from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.kind = 'process')`,
      expiredWarningCount: sql<number>`(select count(*)::int from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.kind = 'final')`,
      cycleValueNames: sql<
        string | null
      >`(select string_agg(v.value, ',' order by v.sort_order) from ${cycleValues} v where v.id::text = any(string_to_array(nullif(${targetTasks.cycleValues}, ''), ',')))`,
    })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
    .leftJoin(creator, eq(creator.id, targetTasks.creatorId))
    .leftJoin(auditor, eq(auditor.id, targetTasks.auditorId))
    .leftJoin(owner, eq(owner.id, targetTasks.ownerId));
}

/**
 * The task-card select for given ids, prepared once per database: it is the costliest statement to build and the
 * list pages run it on every request. The ids travel as one comma-separated parameter, bound alike by both drivers.
 * The ids are read in a sub-select so that PostgreSQL cannot fold them into a constant while planning: a custom plan
 * then knows no more than the generic one (both estimate ten ids), so after its five custom plans it keeps the
 * generic one. Folded, a page of fewer than ten ids looked cheaper planned anew, and was, on every call.
 */
function taskCardsStatement(db: Db) {
  return selectTaskCards(db)
    .where(sql`${targetTasks.id} = any((select string_to_array(${sql.placeholder('ids')}::text, ','))::int[])`)
    .prepare('task_cards_by_ids');
}

/**
 * The card of one task (the detail routes), a statement of its own: with one id in the list above PostgreSQL planned
 * a custom plan on every call (7 201 plans in 7 577 calls: 1 ms planning for 0.1 ms running), since the custom plan
 * of one id always looks cheaper than the generic plan of ten. By primary key the generic plan is the custom one, so
 * after five calls on a connection it plans no more.
 */
function taskCardStatement(db: Db) {
  return selectTaskCards(db)
    .where(eq(targetTasks.id, sql.placeholder('id')))
    .prepare('task_card_by_id');
}

const cardStatements = new WeakMap<
  Db,
  { byIds: ReturnType<typeof taskCardsStatement>; byId: ReturnType<typeof taskCardStatement> }
>();

function cardStatementsOf(db: Db) {
  let statements = cardStatements.get(db);
  if (!statements) {
    statements = { byIds: taskCardsStatement(db), byId: taskCardStatement(db) };
    cardStatements.set(db, statements);
  }
  return statements;
}

/** The task cards of `ids`, in the order of `ids` (an id that no longer exists is left out). */
export async function taskCardsByIds(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await cardStatementsOf(db).byIds.execute({ ids: ids.join(',') });
  const byId = new Map(rows.map((r) => [r.task.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The card of one task, or null. */
export async function taskCardById(db: Db, id: number) {
  const [row] = await cardStatementsOf(db).byId.execute({ id });
  return row ?? null;
}

/** The filters of a task list, without its order and page. */
export type TaskConditions = Omit<TaskListFilter, 'sort' | 'current' | 'size'>;

/** The actor's facts the page kinds read. */
export interface TaskListActor {
  userId: string;
  chargeDepartmentIds: readonly string[];
  departmentId: string | null;
}

/** The task's 任务书 may be written now: the source state of the machine's `define` (waiting, or refused). */
function missionToWrite(): SQL {
  const { from, audit = [] } = RULES.define;
  const audits = audit.filter((a) => a !== null);
  return sql`(${inArray(targetTasks.status, [...from])} and (${
    audit.includes(null) ? sql`${targetTasks.auditStatus} is null or ` : sql``
  }${audits.length ? inArray(targetTasks.auditStatus, audits) : sql`false`}))`;
}

/**
 * The conditions of a task list (page kind and filters) over target_tasks, year_targets and departments, without
 * visibility: the one definition of which rows a list shows, shared by the list pages and the home page's counts.
 */
export function taskListConditions(f: TaskConditions, actor: TaskListActor): SQL[] {
  const conds: SQL[] = [];
  const charge = actor.chargeDepartmentIds;
  switch (f.kind) {
    case 'myYearTask':
      conds.push(eq(yearTargets.creatorId, actor.userId));
      break;
    case 'departmentTask':
      conds.push(charge.length ? inArray(targetTasks.departmentId, [...charge]) : sql`false`);
      break;
    case 'departmentCoopTask':
      conds.push(
        charge.length
          ? sql`exists (select 1 from ${taskCoopDepartments} c where c.task_id = ${targetTasks.id} and c.department_id in ${charge})`
          : sql`false`,
      );
      break;
    case 'myTask':
      conds.push(eq(targetTasks.ownerId, actor.userId));
      break;
    case 'myCoopTask':
      conds.push(
        actor.departmentId
          ? sql`exists (select 1 from ${taskCoopDepartments} c where c.task_id = ${targetTasks.id} and c.department_id = ${actor.departmentId})`
          : sql`false`,
      );
      break;
    case 'reviewTask':
      conds.push(sql`${targetTasks.auditorId} = ${actor.userId} and ${targetTasks.auditStatus} = 0`);
      break;
    case 'warningTask':
      conds.push(sql`exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open)`);
      break;
    default:
      break;
  }
  if (f.year) conds.push(eq(yearTargets.cycleYear, f.year));
  if (f.yearTargetId) conds.push(eq(targetTasks.yearTargetId, f.yearTargetId));
  if (f.topOnly) conds.push(sql`${targetTasks.parentId} is null`);
  if (f.focusedBy) {
    conds.push(
      sql`exists (select 1 from ${taskFocus} f where f.task_id = ${targetTasks.id} and f.user_id = ${f.focusedBy})`,
    );
  }
  if (f.rwlx) conds.push(eq(targetTasks.taskType, f.rwlx));
  if (f.departmentId) conds.push(eq(targetTasks.departmentId, f.departmentId));
  if (f.departmentName) conds.push(ilike(departments.name, `%${escapeLike(f.departmentName)}%`));
  if (f.rwzt) conds.push(eq(targetTasks.status, f.rwzt));
  if (f.missionState === 'toWrite') conds.push(missionToWrite());
  if (f.auditedBy) conds.push(eq(targetTasks.auditorId, f.auditedBy));
  if (f.rwmc) conds.push(ilike(targetTasks.name, `%${escapeLike(f.rwmc)}%`));
  if (f.warningTypeId) {
    conds.push(
      sql`exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.warning_type_id = ${f.warningTypeId})`,
    );
  }
  return conds;
}

/**
 * How many visible tasks each list would show, in one statement (a `count(*) filter` per list). The lists' own
 * conditions (`taskListConditions`) decide the rows, so a count and its list agree.
 */
export async function countTaskLists(
  db: Db,
  lists: readonly TaskConditions[],
  visible: SQL | undefined,
  actor: TaskListActor,
): Promise<number[]> {
  if (!lists.length) return [];
  const columns = Object.fromEntries(
    lists.map((f, i) => [
      `n${i}`,
      sql<number>`(count(*) filter (where ${and(sql`true`, ...taskListConditions(f, actor))}))::int`,
    ]),
  );
  const [row] = await db
    .select(columns)
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
    .where(visible);
  return lists.map((_f, i) => Number(row?.[`n${i}`] ?? 0));
}

/**
 * One page of task cards with every name joined in: the page's ids and the total (two queries built for the filters),
 * then the cards of those ids through the prepared statement (none per row).
 *
 * The page's ids are chosen first, in an index's order, and only those rows get their names and counts. EXPLAIN
 * ANALYZE on the school scale (6000 tasks, PostgreSQL 15): the publisher's year + state list, time descending, walks
 * target_tasks_status_start_idx and stops at the 20th row of the year (902 index rows for year 2025, no sort of the
 * 1358 tasks in the state; 0.9 ms, count 0.7 ms); a head's department list, time ascending, reads the department
 * through target_tasks_department_start_idx (15 rows, sorted in memory; with 1200 tasks moved into the department it
 * becomes an ordered index scan that stops after 20 rows, 0.2 ms instead of a 1200-row sort). The list with no
 * state filter still sorts the matches (top-N heapsort, 2 ms for 6000) like its count reads them.
 */
export async function pageTasks(db: Db, f: TaskListFilter, visible: SQL | undefined, actor: TaskListActor) {
  const where = and(visible, ...taskListConditions(f, actor));
  const order =
    f.sort === 'asc'
      ? [asc(targetTasks.startDate), asc(targetTasks.id)]
      : [desc(targetTasks.startDate), desc(targetTasks.id)];
  // The page's ids and the total in one statement (the window's count of every match, which the count read anyway),
  // prepared by its text; then the names and counts of those rows alone.
  const from = () =>
    db
      .select({ id: targetTasks.id, total: sql<number>`count(*) over ()` })
      .from(targetTasks)
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
      .where(where);
  const page = await queryPrepared(
    db,
    from()
      .orderBy(...order)
      .limit(f.size)
      .offset((f.current - 1) * f.size),
  );
  const total = page.length
    ? Number(page[0]?.[1])
    : f.current > 1
      ? await countOf(
          db,
          db
            .select({ n: count() })
            .from(targetTasks)
            .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
            .leftJoin(departments, eq(departments.id, targetTasks.departmentId))
            .where(where),
        )
      : 0;
  const records = await taskCardsByIds(
    db,
    page.map((r) => Number(r[0])),
  );
  return { records, total };
}

/** A count query's number (a page past the end has no row to carry the total). */
async function countOf(db: Db, query: Parameters<typeof queryPrepared>[1]) {
  const [row] = await queryPrepared(db, query);
  return Number(row?.[0] ?? 0);
}

export type TaskListRow = Awaited<ReturnType<typeof pageTasks>>['records'][number];

/** All tasks of a year target the actor may see, for the tree view. */
export async function treeRows(db: Db, yearTargetId: number, visible: SQL | undefined) {
  return selectTaskCards(db)
    .where(and(eq(targetTasks.yearTargetId, yearTargetId), visible))
    .orderBy(asc(targetTasks.depth), asc(targetTasks.id));
}

/**
 * One task card, when the actor may see it: the visibility check (small, prepared by its text) and the card (the
 * prepared statement of one id, which keeps its generic plan).
 */
export async function findTaskCard(db: Db, id: number, visible: SQL | undefined) {
  if (visible) {
    const seen = await queryPrepared(
      db,
      db
        .select({ id: targetTasks.id })
        .from(targetTasks)
        .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
        .where(and(eq(targetTasks.id, id), visible))
        .limit(1),
    );
    if (!seen.length) return null;
  }
  return taskCardById(db, id);
}

/** Catalogue rows: the visible tasks of some year targets (id, parent, name, state). */
export async function catalogueTasks(db: Db, yearTargetIds: number[], visible: SQL | undefined) {
  if (!yearTargetIds.length) return [];
  return db
    .select({
      id: targetTasks.id,
      parentId: targetTasks.parentId,
      yearTargetId: targetTasks.yearTargetId,
      name: targetTasks.name,
      status: targetTasks.status,
    })
    .from(targetTasks)
    .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
    .where(and(inArray(targetTasks.yearTargetId, yearTargetIds), visible))
    .orderBy(asc(targetTasks.depth), asc(targetTasks.id));
}

export interface DetailFilter {
  current: number;
  size: number;
  scope: 'all' | 'department' | 'mine';
  year?: number;
  yearTaskName?: string;
  rwmc?: string;
  fzrmc?: string;
  rwzt?: string;
  warningStatus?: 'none' | 'process' | 'final';
}

/** One page of last-level tasks (no children) with the task-detail filter; the year-task name is the top ancestor. */
export async function pageLastLevelTasks(
  db: Db,
  f: DetailFilter,
  visible: SQL | undefined,
  actor: { userId: string; chargeDepartmentIds: readonly string[] },
) {
  const conds: SQL[] = [sql`${targetTasks.isLeaf}`];
  if (visible) conds.push(visible);
  if (f.scope === 'department') {
    conds.push(
      actor.chargeDepartmentIds.length ? inArray(targetTasks.departmentId, [...actor.chargeDepartmentIds]) : sql`false`,
    );
  }
  if (f.scope === 'mine') conds.push(eq(targetTasks.ownerId, actor.userId));
  if (f.year) conds.push(eq(yearTargets.cycleYear, f.year));
  if (f.yearTaskName) conds.push(ilike(yearTargets.name, `%${escapeLike(f.yearTaskName)}%`));
  if (f.rwmc) conds.push(ilike(targetTasks.name, `%${escapeLike(f.rwmc)}%`));
  if (f.fzrmc) {
    conds.push(
      sql`exists (select 1 from ${users} u where u.id = ${targetTasks.ownerId} and u.name ilike ${`%${escapeLike(f.fzrmc)}%`})`,
    );
  }
  if (f.rwzt) conds.push(eq(targetTasks.status, f.rwzt));
  if (f.warningStatus === 'none') {
    conds.push(sql`not exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open)`);
  } else if (f.warningStatus) {
    conds.push(
      sql`exists (select 1 from ${taskWarnings} w where w.task_id = ${targetTasks.id} and w.open and w.kind = ${f.warningStatus})`,
    );
  }
  const where = and(...conds);
  const order = [
    desc(yearTargets.cycleYear),
    asc(targetTasks.yearTargetId),
    asc(targetTasks.startDate),
    asc(targetTasks.id),
  ];
  const page = await queryPrepared(
    db,
    db
      .select({ id: targetTasks.id, total: sql<number>`count(*) over ()` })
      .from(targetTasks)
      .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
      .where(where)
      .orderBy(...order)
      .limit(f.size)
      .offset((f.current - 1) * f.size),
  );
  const total = page.length
    ? Number(page[0]?.[1])
    : f.current > 1
      ? await countOf(
          db,
          db
            .select({ n: count() })
            .from(targetTasks)
            .innerJoin(yearTargets, eq(yearTargets.id, targetTasks.yearTargetId))
            .where(where),
        )
      : 0;
  const records = await taskCardsByIds(
    db,
    page.map((r) => Number(r[0])),
  );
  return { records, total };
}
