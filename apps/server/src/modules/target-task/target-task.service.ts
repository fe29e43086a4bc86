import {
  type CatalogNode,
  formatDateTime,
  TASK_MAX_DEPTH,
  TASK_MSG,
  TASK_STATUS,
  TASK_TODOS,
  type TaskAction,
  type TaskAudit,
  type TaskCard,
  type TaskDetailQuery,
  type TaskInput,
  type TaskStatus,
  type TaskTodoKey,
  type TaskVo,
  type TodoRole,
  type YearGroup,
  type YearTarget,
  type YearTaskStatus,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { cycleValuesOutside } from './periods.rules';
import { abilities, decide, isHead, isOwner, isPublisher, type TaskFacts } from './target-task.machine';
import {
  mayEditYearTarget,
  mayPublish,
  tasksSeenBy,
  todoRolesOf,
  viewOf,
  yearTargetAbilities,
  yearTargetsSeenBy,
} from './target-task.policy';
import {
  countChildren,
  deleteTask,
  departmentsWithChargers,
  findCycleValues,
  findTask,
  findTaskFacts,
  findUsersDepartments,
  insertTask,
  listTaskTypes,
  renameTaskType,
  replaceCoop,
  type TaskRow,
  taskVoExtras,
  updateTask,
  visibleTaskWhere,
} from './target-task.repository';
import {
  catalogueTasks,
  countTaskLists,
  findTaskCard,
  pageLastLevelTasks,
  pageTasks,
  type TaskListFilter,
  type TaskListRow,
  treeRows,
} from './task-card.query';
import {
  countTasksOfTarget,
  deleteYearTarget,
  findYearTarget,
  insertYearTarget,
  listYearTargetOptions,
  pageYearTargets,
  recomputeYearTargetStatus,
  setYearTargetOrder,
  updateYearTarget,
  visibleYearTargetWhere,
  yearTargetsOfYear,
  yearTargetsWithCounts,
} from './year-target.repository';

const REFUSAL_MESSAGE = {
  wrongState: TASK_MSG.wrongState,
  notAllowed: TASK_MSG.notAllowed,
  reasonRequired: TASK_MSG.reasonRequired,
  needOwnerOrChildren: TASK_MSG.needOwnerOrChildren,
  tooDeep: TASK_MSG.tooDeep,
} as const;

/**
 * A task as the actor sees it (its facts), or the 404 of a missing id when they cannot see it: a hidden task answers
 * exactly as one that does not exist, so no refusal (403) or state (409) reveals it. Every write on a task starts
 * here; a record that belongs to a task (a report, a delay, a warning) passes its own not-found message.
 */
export async function taskSeenBy(db: Db, actor: Actor, id: number, opts: { lock?: boolean; missing?: string } = {}) {
  const found = await findTaskFacts(db, id, { visible: tasksSeenBy(actor), lock: opts.lock });
  if (!found) throw notFound(opts.missing ?? TASK_MSG.taskNotFound);
  return found;
}

/** A year target as the actor sees it, or the 404 of a missing id when they cannot see it (as `taskSeenBy`). */
export async function yearTargetSeenBy(db: Db, actor: Actor, id: number) {
  const target = await findYearTarget(db, id, yearTargetsSeenBy(actor));
  if (!target) throw notFound(TASK_MSG.targetNotFound);
  return target;
}

function factsOf(task: TaskRow, yearTargetCreatorId: string, hasChildren: boolean): TaskFacts {
  return {
    status: task.status as TaskStatus,
    auditStatus: task.auditStatus as TaskAudit | null,
    departmentId: task.departmentId,
    ownerId: task.ownerId,
    auditorId: task.auditorId,
    yearTargetCreatorId,
    hasChildren,
    depth: task.depth,
  };
}

// ---- year targets ----

export async function createYearTarget(
  db: Db,
  actor: Actor,
  input: { name: string; cycleYear: number; chargeDepartId: string; auditorId?: string; description?: string },
) {
  if (!mayPublish(actor)) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await insertYearTarget(tx, {
      name: input.name,
      cycleYear: input.cycleYear,
      chargeDepartmentId: input.chargeDepartId,
      auditorId: input.auditorId ?? null,
      description: input.description ?? null,
      creatorId: actor.userId,
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.create',
      entityType: 'yearTarget',
      entityId: String(row.id),
    });
    return row;
  });
}

export async function editYearTarget(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  input: { name: string; cycleYear: number; chargeDepartId: string; auditorId?: string; description?: string },
) {
  const target = await yearTargetSeenBy(db, actor, id);
  if (!mayEditYearTarget(actor, target)) throw forbidden();
  await db.transaction(async (tx) => {
    const ok = await updateYearTarget(tx, id, version, {
      name: input.name,
      cycleYear: input.cycleYear,
      chargeDepartmentId: input.chargeDepartId,
      auditorId: input.auditorId ?? null,
      description: input.description ?? null,
    });
    if (!ok) throw conflict(TASK_MSG.changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.update',
      entityType: 'yearTarget',
      entityId: String(id),
    });
  });
}

export async function removeYearTarget(db: Db, actor: Actor, id: number) {
  const target = await yearTargetSeenBy(db, actor, id);
  if (!mayEditYearTarget(actor, target)) throw forbidden();
  await db.transaction(async (tx) => {
    if ((await countTasksOfTarget(tx, id)) > 0) throw conflict(TASK_MSG.yearTargetInUse);
    await deleteYearTarget(tx, id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.delete',
      entityType: 'yearTarget',
      entityId: String(id),
    });
  });
}

export async function listYearTargets(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; year?: number; name?: string; mine?: boolean },
): Promise<{ records: YearTarget[]; total: number }> {
  const { records, total } = await pageYearTargets(
    db,
    { ...q, creatorId: q.mine ? actor.userId : undefined },
    yearTargetsSeenBy(actor),
  );
  return {
    total,
    records: records.map((r) => {
      const taskCount = Number(r.taskCount);
      return {
        id: r.target.id,
        name: r.target.name,
        cycleYear: r.target.cycleYear,
        sortOrder: r.target.sortOrder,
        chargeDepartId: r.target.chargeDepartmentId,
        chargeDepartName: r.chargeDepartName,
        auditorId: r.target.auditorId,
        auditorName: r.auditorName,
        creatorId: r.target.creatorId,
        creatorName: r.creatorName,
        createTime: formatDateTime(r.target.createdAt),
        status: r.target.status as YearTaskStatus,
        description: r.target.description,
        taskCount,
        version: r.target.version,
        abilities: yearTargetAbilities(actor, r.target, taskCount),
      };
    }),
  };
}

export async function yearTargetOptions(db: Db, actor: Actor, year?: number) {
  return listYearTargetOptions(db, yearTargetsSeenBy(actor), year);
}

/** Moves a year target up or down among the targets of its year (its creator or a publisher). */
export async function moveYearTarget(db: Db, actor: Actor, id: number, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    const target = await yearTargetSeenBy(tx, actor, id);
    if (target.creatorId !== actor.userId && !mayPublish(actor)) throw forbidden(TASK_MSG.publisherOnly);
    const year = await yearTargetsOfYear(tx, target.cycleYear);
    const i = year.findIndex((t) => t.id === id);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= year.length) throw conflict(TASK_MSG.moveEdge);
    const order = year.map((t) => t.id);
    [order[i], order[j]] = [order[j]!, order[i]!];
    // Renumbers the year 1..n, so targets created together (equal positions) get distinct ones too.
    const changed = order
      .map((tid, k) => ({ id: tid, sortOrder: k + 1 }))
      .filter((r) => year.find((t) => t.id === r.id)?.sortOrder !== r.sortOrder);
    await setYearTargetOrder(tx, changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'yearTarget.move',
      entityType: 'yearTarget',
      entityId: String(id),
      detail: { direction, swappedWith: year[j]!.id },
    });
  });
}

/** The visible year targets divided by year (newest first), each year's targets in order. */
export async function divideTargetYear(db: Db, actor: Actor, year?: number): Promise<YearGroup[]> {
  const rows = await yearTargetsWithCounts(db, yearTargetsSeenBy(actor), year);
  const groups: YearGroup[] = [];
  for (const r of rows) {
    let g = groups.find((x) => x.year === r.cycleYear);
    if (!g) {
      g = { year: r.cycleYear, targets: [] };
      groups.push(g);
    }
    g.targets.push({ id: r.id, name: r.name, status: r.status as YearTaskStatus, taskCount: Number(r.taskCount) });
  }
  return groups;
}

/** The catalogue: visible year targets (of a year) and their visible tasks, flat with parent keys. */
export async function catalogue(db: Db, actor: Actor, year?: number): Promise<CatalogNode[]> {
  const v = viewOf(actor);
  const targets = await yearTargetsWithCounts(db, visibleYearTargetWhere(v), year);
  const tasks = await catalogueTasks(
    db,
    targets.map((t) => t.id),
    visibleTaskWhere(v),
  );
  const yearOf = new Map(targets.map((t) => [t.id, t.cycleYear]));
  const seen = new Set(tasks.map((t) => t.id));
  return [
    ...targets.map((t) => ({
      key: `y:${t.id}`,
      parentKey: null,
      kind: 'yearTarget' as const,
      id: t.id,
      title: t.name,
      status: t.status,
      cycleYear: t.cycleYear,
    })),
    ...tasks.map((t) => ({
      key: `t:${t.id}`,
      // A task whose parent the actor cannot see hangs under its year target.
      parentKey: t.parentId !== null && seen.has(t.parentId) ? `t:${t.parentId}` : `y:${t.yearTargetId}`,
      kind: 'task' as const,
      id: t.id,
      title: t.name,
      status: t.status,
      cycleYear: yearOf.get(t.yearTargetId) ?? 0,
    })),
  ];
}

// ---- tasks ----

async function checkTaskInput(db: Db, input: TaskInput, parent: TaskRow | null) {
  if (input.jssj < input.kssj) throw badRequest(TASK_MSG.endBeforeStart);
  if (parent && (input.kssj < parent.startDate || input.jssj > parent.endDate))
    throw badRequest(TASK_MSG.outsideParent);
  if (input.cycleValueIds.length) {
    const values = await findCycleValues(db, input.cycleValueIds);
    if (
      values.length !== new Set(input.cycleValueIds).size ||
      values.some((v) => v.cycleTypeId !== input.cycleTypeId)
    ) {
      throw badRequest(TASK_MSG.cycleValueMismatch);
    }
    // In the order the task names them; a value outside the dates would silently give no reporting period.
    const byId = new Map(values.map((v) => [v.id, v]));
    const named = [...new Set(input.cycleValueIds)].map((id) => byId.get(id)!);
    const outside = cycleValuesOutside(input.kssj, input.jssj, {
      type: named[0]!.typeCode,
      values: named.map((v) => v.value),
    });
    if (outside.length) throw badRequest(TASK_MSG.cycleValueOutside(outside, input.kssj, input.jssj));
  }
  if (input.ownerId && input.departmentId) {
    const [u] = await findUsersDepartments(db, [input.ownerId]);
    if (!u || u.departmentId !== input.departmentId) throw badRequest(TASK_MSG.ownerNotInDepartment);
  }
}

/**
 * Adds a task: a top-level task by a publisher (it starts unpushed), or a child by the head of the parent's
 * department while the parent waits to be decomposed (it starts waiting for its owner's definition).
 */
export async function createTask(db: Db, actor: Actor, input: TaskInput) {
  const target = await yearTargetSeenBy(db, actor, input.yearTargetId);
  return db.transaction(async (tx) => {
    let parent: TaskRow | null = null;
    if (input.parentId) {
      const p = await taskSeenBy(tx, actor, input.parentId);
      if (p.task.yearTargetId !== target.id) throw notFound(TASK_MSG.taskNotFound);
      if (!isHead(actor, factsOf(p.task, p.yearTargetCreatorId, p.hasChildren))) throw forbidden(TASK_MSG.notAllowed);
      if (p.task.status !== 'waitResolve') throw conflict(TASK_MSG.wrongState);
      if (p.task.depth >= TASK_MAX_DEPTH) throw badRequest(TASK_MSG.tooDeep);
      parent = p.task;
    } else if (!(target.creatorId === actor.userId || mayPublish(actor))) {
      throw forbidden(TASK_MSG.notAllowed);
    }
    const departmentId = input.departmentId ?? parent?.departmentId;
    if (!departmentId) throw badRequest(TASK_MSG.departmentRequired);
    await checkTaskInput(tx, { ...input, departmentId }, parent);
    const row = await insertTask(
      tx,
      {
        yearTargetId: target.id,
        parentId: parent?.id ?? null,
        depth: (parent?.depth ?? 0) + 1,
        name: input.rwmc,
        taskType: input.rwlx,
        departmentId,
        ownerId: input.ownerId ?? null,
        auditorId: input.auditorId ?? parent?.auditorId ?? target.auditorId,
        creatorId: actor.userId,
        startDate: input.kssj,
        endDate: input.jssj,
        cycleTypeId: input.cycleTypeId ?? null,
        cycleValues: input.cycleValueIds.join(','),
        weight: input.weight,
        mission: input.mission ?? null,
        status: parent ? 'waitDefine' : 'notPushed',
      },
      input.coopDepartmentIds,
    );
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'task.create',
      entityType: 'targetTask',
      entityId: String(row.id),
      detail: { parentId: parent?.id ?? null },
    });
    await recomputeYearTargetStatus(tx, target.id);
    return row;
  });
}

/** Who may edit or delete a task now: the publisher before it is pushed (or after it came back), a head its children. */
function mayEdit(actor: Actor, f: TaskFacts, task: TaskRow) {
  if (task.parentId === null) return isPublisher(actor, f) && (f.status === 'notPushed' || f.status === 'goBack');
  return isHead(actor, f) && f.status === 'waitDefine' && f.auditStatus !== 0;
}

export async function editTask(db: Db, actor: Actor, id: number, version: number, input: TaskInput) {
  await db.transaction(async (tx) => {
    const found = await taskSeenBy(tx, actor, id);
    const f = factsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
    if (!mayEdit(actor, f, found.task)) throw forbidden(TASK_MSG.notAllowed);
    const parent = found.task.parentId ? await findTask(tx, found.task.parentId) : null;
    const departmentId = input.departmentId ?? found.task.departmentId ?? undefined;
    await checkTaskInput(tx, { ...input, departmentId }, parent);
    const ok = await updateTask(tx, id, version, {
      name: input.rwmc,
      taskType: input.rwlx,
      departmentId: departmentId ?? null,
      ownerId: input.ownerId ?? null,
      auditorId: input.auditorId ?? found.task.auditorId,
      startDate: input.kssj,
      endDate: input.jssj,
      cycleTypeId: input.cycleTypeId ?? null,
      cycleValues: input.cycleValueIds.join(','),
      weight: input.weight,
      mission: input.mission ?? null,
    });
    if (!ok) throw conflict(TASK_MSG.changed);
    await replaceCoop(tx, id, input.coopDepartmentIds);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'task.update',
      entityType: 'targetTask',
      entityId: String(id),
    });
  });
}

export async function removeTask(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const found = await taskSeenBy(tx, actor, id);
    const f = factsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
    if (!mayEdit(actor, f, found.task)) throw forbidden(TASK_MSG.deleteOnlyUnpushed);
    if ((await countChildren(tx, id)) > 0) throw conflict(TASK_MSG.taskHasChildren);
    await deleteTask(tx, id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'task.delete',
      entityType: 'targetTask',
      entityId: String(id),
    });
    await recomputeYearTargetStatus(tx, found.task.yearTargetId);
  });
}

/** Runs one named transition: guard, version check, new state, year-target status and audit row, in one transaction. */
export async function act(
  db: Db,
  actor: Actor,
  id: number,
  action: TaskAction,
  input: { version: number; reason?: string; ownerId?: string },
) {
  await db.transaction(async (tx) => {
    const found = await taskSeenBy(tx, actor, id);
    const f = factsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
    const d = decide(action, f, actor, input);
    if (!d.ok)
      throw new AppError(
        d.refusal === 'notAllowed' ? 403 : d.refusal === 'wrongState' ? 409 : 400,
        REFUSAL_MESSAGE[d.refusal],
      );
    const set: Parameters<typeof updateTask>[3] = { status: d.status, auditStatus: d.auditStatus };
    if (action === 'resolve' && input.ownerId && !found.hasChildren) {
      const [u] = await findUsersDepartments(tx, [input.ownerId]);
      if (!u || u.departmentId !== found.task.departmentId) throw badRequest(TASK_MSG.ownerNotInDepartment);
      set.ownerId = input.ownerId;
    }
    if (action === 'goBack' || action === 'refuse') set.auditReason = input.reason ?? null;
    if (action === 'pass' || action === 'decompose') set.auditReason = null;
    const ok = await updateTask(tx, id, input.version, set);
    if (!ok) throw conflict(TASK_MSG.changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `task.${action}`,
      entityType: 'targetTask',
      entityId: String(id),
      detail: { from: f.status, to: d.status, audit: d.auditStatus, reason: input.reason ?? null },
    });
    await recomputeYearTargetStatus(tx, found.task.yearTargetId);
  });
}

// ---- reads ----

function present(r: TaskListRow, actor: Actor): TaskCard {
  const t = r.task;
  const f = factsOf(t, r.yearTargetCreatorId, Boolean(r.hasChildren));
  // The list's hot path (twenty cards a page): no sets, spreads or sorts per card.
  const startYear = t.startDate.slice(0, 4);
  const endYear = t.endDate.slice(0, 4);
  const edit = mayEdit(actor, f, t);
  const acts = abilities(f, actor) as TaskCard['abilities'];
  acts.edit = edit;
  acts.delete = edit && !r.hasChildren;
  acts.addChild = isHead(actor, f) && f.status === 'waitResolve' && f.depth < TASK_MAX_DEPTH;
  acts.editMission = edit || ownerWritesMission(actor, f);
  return {
    id: t.id,
    yearTargetId: t.yearTargetId,
    yearTargetName: r.yearTargetName,
    parentId: t.parentId,
    rwmc: t.name,
    rwzt: t.status,
    rwztmc: TASK_STATUS[t.status as TaskStatus] ?? t.status,
    kssj: t.startDate,
    jssj: t.endDate,
    jkrmc: r.auditorName,
    zqz: r.cycleValueNames ?? '',
    rwnf:
      startYear === endYear ? startYear : startYear < endYear ? `${startYear},${endYear}` : `${endYear},${startYear}`,
    cjrmc: r.creatorName,
    rwlx: t.taskType,
    fbbm: r.departmentName,
    departmentId: t.departmentId,
    fzrmc: r.ownerName,
    ownerId: t.ownerId,
    rwjd: Number(t.progress),
    weight: Number(t.weight),
    auditStatus: t.auditStatus,
    auditReason: t.auditReason,
    isLeaf: !r.hasChildren,
    version: t.version,
    processWarningCount: Number(r.processWarningCount),
    expiredWarningCount: Number(r.expiredWarningCount),
    abilities: acts,
  };
}

/** The mission statement is written by whoever may edit the task, and by its owner while defining it. */
function mayEditMission(actor: Actor, f: TaskFacts, task: TaskRow) {
  return mayEdit(actor, f, task) || ownerWritesMission(actor, f);
}

/** The owner writes the mission while defining the task (not while it is under review). */
function ownerWritesMission(actor: Actor, f: TaskFacts) {
  return isOwner(actor, f) && f.status === 'waitDefine' && f.auditStatus !== 0;
}

export async function listTasks(db: Db, actor: Actor, q: TaskListFilter) {
  const { records, total } = await pageTasks(db, q, tasksSeenBy(actor), actor);
  return { records: records.map((r) => present(r, actor)), total };
}

/**
 * The home page's to-dos among tasks (TASK_TODOS) for the actor: each counted over the tasks they see with its list's
 * own conditions, all in one statement, for a year or all years; null for a role the actor does not hold. The roles
 * come with them (the progress module adds the audit queues of an auditor).
 */
export async function taskTodoCounts(
  db: Db,
  actor: Actor,
  year: number | undefined,
): Promise<{ roles: Record<TodoRole, boolean>; counts: Record<TaskTodoKey, number | null> }> {
  const keys = Object.keys(TASK_TODOS) as TaskTodoKey[];
  const [audited = 0, owned = 0, ...counts] = await countTaskLists(
    db,
    [{ kind: 'any', auditedBy: actor.userId }, { kind: 'myTask' }, ...keys.map((k) => ({ ...TASK_TODOS[k], year }))],
    tasksSeenBy(actor),
    actor,
  );
  const roles = todoRolesOf(actor, { auditsSomeTask: audited > 0, ownsSomeTask: owned > 0 });
  const entries = keys.map((k, i) => [k, roles[TASK_TODOS[k].role] ? (counts[i] ?? 0) : null] as const);
  return { roles, counts: Object.fromEntries(entries) as Record<TaskTodoKey, number | null> };
}

export async function taskTree(db: Db, actor: Actor, yearTargetId: number) {
  const rows = await treeRows(db, yearTargetId, tasksSeenBy(actor));
  return rows.map((r) => present(r, actor));
}

export async function taskDetail(db: Db, actor: Actor, id: number) {
  const row = await findTaskCard(db, id, tasksSeenBy(actor));
  if (!row) throw notFound(TASK_MSG.taskNotFound);
  return present(row, actor);
}

/** A task with its cooperating departments, cycle, mission, parent and child count (getTargetTaskVo). */
export async function taskVo(db: Db, actor: Actor, id: number): Promise<TaskVo> {
  const row = await findTaskCard(db, id, tasksSeenBy(actor));
  if (!row) throw notFound(TASK_MSG.taskNotFound);
  const extras = await taskVoExtras(db, row.task);
  return {
    ...present(row, actor),
    auditorId: row.task.auditorId,
    cycleTypeId: row.task.cycleTypeId,
    cycleTypeName: extras.cycleTypeName,
    cycleValueIds: row.task.cycleValues ? row.task.cycleValues.split(',').map(Number) : [],
    coopDepartments: extras.coop,
    mission: row.task.mission,
    depth: row.task.depth,
    childCount: extras.childCount,
    parentName: extras.parentName,
    cycleYear: row.cycleYear,
  };
}

/** Last-level tasks with the task-detail filter (targetTaskDetail). */
export async function lastLevelTasks(db: Db, actor: Actor, q: TaskDetailQuery) {
  // The owner filter belongs to the department page only.
  const filter = { ...q, fzrmc: q.scope === 'department' ? q.fzrmc : undefined };
  const { records, total } = await pageLastLevelTasks(db, filter, tasksSeenBy(actor), actor);
  return { records: records.map((r) => present(r, actor)), total };
}

/** The mission statement of a task the actor sees. */
export async function missionOf(db: Db, actor: Actor, taskId: number) {
  const row = await findTaskCard(db, taskId, tasksSeenBy(actor));
  if (!row) throw notFound(TASK_MSG.taskNotFound);
  const f = factsOf(row.task, row.yearTargetCreatorId, Boolean(row.hasChildren));
  return {
    taskId: row.task.id,
    rwmc: row.task.name,
    mission: row.task.mission,
    version: row.task.version,
    canEdit: mayEditMission(actor, f, row.task),
  };
}

export async function saveMission(db: Db, actor: Actor, input: { taskId: number; version: number; mission: string }) {
  await db.transaction(async (tx) => {
    const found = await taskSeenBy(tx, actor, input.taskId);
    const f = factsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
    if (!mayEditMission(actor, f, found.task)) throw forbidden(TASK_MSG.missionNotAllowed);
    const ok = await updateTask(tx, input.taskId, input.version, { mission: input.mission.trim() || null });
    if (!ok) throw conflict(TASK_MSG.changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'task.mission',
      entityType: 'targetTask',
      entityId: String(input.taskId),
    });
  });
}

// ---- reference data of the module ----

/** Task types (A-D); only their names can change (yearTargetTaskType). */
export async function taskTypeList(db: Db) {
  return (await listTaskTypes(db)).map((t) => ({ id: t.id, code: t.code, rwlxmc: t.name }));
}

export async function renameTaskTypeBy(db: Db, actor: Actor, id: number, name: string) {
  if (!mayPublish(actor)) throw forbidden(TASK_MSG.publisherOnly);
  await db.transaction(async (tx) => {
    if (!(await renameTaskType(tx, id, name))) throw notFound();
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'taskType.rename',
      entityType: 'taskType',
      entityId: String(id),
      detail: { name },
    });
  });
}

export { departmentsWithChargers };
