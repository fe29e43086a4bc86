import {
  TASK_MAX_DEPTH,
  TASK_MSG,
  TASK_TODOS,
  type TaskAction,
  type TaskDetailQuery,
  type TaskInput,
  type TaskTodoKey,
  type TaskVo,
  type TodoRole,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { cycleValuesOutside } from './periods.rules';
import { decide, isHead } from './target-task.machine';
import { mayEditMission, mayEditTask, mayPublish, taskFactsOf, tasksSeenBy, todoRolesOf } from './target-task.policy';
import { presentTaskCard } from './target-task.presenter';
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
} from './target-task.repository';
import {
  countTaskLists,
  findTaskCard,
  pageLastLevelTasks,
  pageTasks,
  type TaskListFilter,
  treeRows,
} from './task-card.query';
import { replaceQcps } from './task-qcp.repository';
import { checkQcps, qcpsOfTask } from './task-qcp.service';
import { recomputeYearTargetStatus } from './year-target.repository';
import { yearTargetSeenBy } from './year-target.service';

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
      if (!isHead(actor, taskFactsOf(p.task, p.yearTargetCreatorId, p.hasChildren)))
        throw forbidden(TASK_MSG.notAllowed);
      if (p.task.status !== 'waitResolve') throw conflict(TASK_MSG.wrongState);
      if (p.task.depth >= TASK_MAX_DEPTH) throw badRequest(TASK_MSG.tooDeep);
      parent = p.task;
    } else if (!(target.creatorId === actor.userId || mayPublish(actor))) {
      throw forbidden(TASK_MSG.notAllowed);
    }
    const departmentId = input.departmentId ?? parent?.departmentId;
    if (!departmentId) throw badRequest(TASK_MSG.departmentRequired);
    await checkTaskInput(tx, { ...input, departmentId }, parent);
    await checkQcps(tx, input.standardNodeIds ?? []);
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
    await replaceQcps(tx, row.id, input.standardNodeIds ?? []);
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

export async function editTask(db: Db, actor: Actor, id: number, version: number, input: TaskInput) {
  await db.transaction(async (tx) => {
    const found = await taskSeenBy(tx, actor, id);
    const f = taskFactsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
    if (!mayEditTask(actor, f, found.task)) throw forbidden(TASK_MSG.notAllowed);
    const parent = found.task.parentId ? await findTask(tx, found.task.parentId) : null;
    const departmentId = input.departmentId ?? found.task.departmentId ?? undefined;
    await checkTaskInput(tx, { ...input, departmentId }, parent);
    // Omitted: the links stay as they are (the annual-WBS form has no such field).
    if (input.standardNodeIds) await checkQcps(tx, input.standardNodeIds);
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
    if (input.standardNodeIds) await replaceQcps(tx, id, input.standardNodeIds);
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
    const f = taskFactsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
    if (!mayEditTask(actor, f, found.task)) throw forbidden(TASK_MSG.deleteOnlyUnpushed);
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
    const f = taskFactsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
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

export async function listTasks(db: Db, actor: Actor, q: TaskListFilter) {
  const { records, total } = await pageTasks(db, q, tasksSeenBy(actor), actor);
  return { records: records.map((r) => presentTaskCard(r, actor)), total };
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
  return rows.map((r) => presentTaskCard(r, actor));
}

export async function taskDetail(db: Db, actor: Actor, id: number) {
  const row = await findTaskCard(db, id, tasksSeenBy(actor));
  if (!row) throw notFound(TASK_MSG.taskNotFound);
  return presentTaskCard(row, actor);
}

/** A task with its cooperating departments, cycle, mission, parent and child count (getTargetTaskVo). */
export async function taskVo(db: Db, actor: Actor, id: number): Promise<TaskVo> {
  const row = await findTaskCard(db, id, tasksSeenBy(actor));
  if (!row) throw notFound(TASK_MSG.taskNotFound);
  const [extras, standardNodes] = await Promise.all([taskVoExtras(db, row.task), qcpsOfTask(db, id)]);
  return {
    ...presentTaskCard(row, actor),
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
    standardNodes,
  };
}

/** Last-level tasks with the task-detail filter (targetTaskDetail). */
export async function lastLevelTasks(db: Db, actor: Actor, q: TaskDetailQuery) {
  // The owner filter belongs to the department page only.
  const filter = { ...q, fzrmc: q.scope === 'department' ? q.fzrmc : undefined };
  const { records, total } = await pageLastLevelTasks(db, filter, tasksSeenBy(actor), actor);
  return { records: records.map((r) => presentTaskCard(r, actor)), total };
}

/** The mission statement of a task the actor sees. */
export async function missionOf(db: Db, actor: Actor, taskId: number) {
  const row = await findTaskCard(db, taskId, tasksSeenBy(actor));
  if (!row) throw notFound(TASK_MSG.taskNotFound);
  const f = taskFactsOf(row.task, row.yearTargetCreatorId, Boolean(row.hasChildren));
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
    const f = taskFactsOf(found.task, found.yearTargetCreatorId, found.hasChildren);
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
