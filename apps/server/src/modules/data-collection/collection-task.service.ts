import { FILL_STATES, type FillState, COLLECTION_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { audit } from './data-collection.audit';
import { mustManage } from './data-collection.policy';
import { presentTask } from './data-collection.presenter';
import * as fillRepo from './fill.repository';
import * as formRepo from './form.repository';

/** Collection tasks (采集任务): started from a published form version with a fill task per department or user, edited, removed, closed when outdated. */

type TaskJoined = Awaited<ReturnType<typeof fillRepo.listTasks>>[number];

/** A task's fill tasks counted by state, for each task (one query). */
async function tasksWithCounts(db: Db, rows: TaskJoined[]) {
  const counts = await fillRepo.stateCounts(
    db,
    rows.map((r) => r.task.id),
  );
  return rows.map((r) => {
    const c = Object.fromEntries(FILL_STATES.map((s) => [s, 0])) as Record<FillState, number>;
    for (const x of counts) if (x.taskId === r.task.id) c[x.state as FillState] = x.n;
    return presentTask(r, c);
  });
}

export async function taskList(db: Db, actor: Actor) {
  mustManage(actor);
  return tasksWithCounts(db, await fillRepo.listTasks(db));
}

export async function taskById(db: Db, id: number) {
  const found = await fillRepo.findTask(db, id);
  if (!found) throw notFound(M.taskNotFound);
  return (await tasksWithCounts(db, [found]))[0]!;
}

/** 发起采集任务: the form's latest published version, a fill task per department and per user, one auditor. */
export async function createTask(
  db: Db,
  actor: Actor,
  v: {
    name: string;
    formId: number;
    cycle: string;
    startDate: string;
    deadline: string;
    departmentIds: string[];
    userIds: string[];
    auditorId: string;
    auditorOf: Record<string, string>;
  },
) {
  mustManage(actor);
  const departmentIds = [...new Set(v.departmentIds)];
  const userIds = [...new Set(v.userIds)];
  if (departmentIds.length + userIds.length === 0) throw badRequest(M.taskNoAssignees);
  const assignees = new Set([...departmentIds, ...userIds]);
  for (const key of Object.keys(v.auditorOf)) if (!assignees.has(key)) throw badRequest(M.auditorForWhom(key));
  const auditorOf = (key: string) => v.auditorOf[key] ?? v.auditorId;
  const id = await db.transaction(async (tx) => {
    const form = await formRepo.findForm(tx, v.formId);
    if (!form) throw notFound(M.formNotFound);
    const version = await formRepo.latestVersion(tx, v.formId);
    if (!version) throw conflict(M.formNotPublished(form.form.name));
    const people = [...new Set([...userIds, v.auditorId, ...Object.values(v.auditorOf)])];
    const users = await fillRepo.existingUsers(tx, people);
    for (const u of people) if (!users.has(u)) throw badRequest(M.userNotFound(u));
    const depts = await fillRepo.existingDepartments(tx, departmentIds);
    for (const d of departmentIds) if (!depts.has(d)) throw badRequest(M.departmentNotFound(d));
    const taskId = await fillRepo.insertTask(tx, {
      name: v.name,
      formVersionId: version.id,
      cycle: v.cycle,
      startDate: v.startDate,
      deadline: v.deadline,
      createdBy: actor.userId,
    });
    await fillRepo.insertFillTasks(tx, [
      ...departmentIds.map((d) => ({ taskId, assigneeId: null, departmentId: d, auditorId: auditorOf(d) })),
      ...userIds.map((u) => ({ taskId, assigneeId: u, departmentId: null, auditorId: auditorOf(u) })),
    ]);
    await audit(tx, actor, 'collectionTask.create', 'collectionTask', taskId, {
      formVersion: version.version,
      departments: departmentIds.length,
      users: userIds.length,
    });
    return taskId;
  });
  return taskById(db, id);
}

export async function editTask(db: Db, actor: Actor, v: { id: number; name: string; deadline: string }) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const found = await fillRepo.findTask(tx, v.id);
    if (!found) throw notFound(M.taskNotFound);
    if (v.deadline < found.task.startDate) throw badRequest(M.taskDates);
    await fillRepo.updateTask(tx, v.id, { name: v.name, deadline: v.deadline });
    await audit(tx, actor, 'collectionTask.update', 'collectionTask', v.id, v);
  });
  return taskById(db, v.id);
}

export async function removeTask(db: Db, actor: Actor, id: number) {
  mustManage(actor);
  await db.transaction(async (tx) => {
    const found = await fillRepo.findTask(tx, id);
    if (!found) throw notFound(M.taskNotFound);
    const counts = await fillRepo.stateCounts(tx, [id]);
    if (counts.some((c) => c.state !== 'uncommitted' && c.n > 0)) throw conflict(M.taskHasProgress(found.task.name));
    await fillRepo.deleteTask(tx, id);
    await audit(tx, actor, 'collectionTask.delete', 'collectionTask', id);
  });
}

/** closeOutdatedTask: closes every open task whose deadline has passed (also run daily as a job). */
export async function closeOutdated(db: Db, clock: Clock, actorId: string | null) {
  return db.transaction(async (tx) => {
    const ids = await fillRepo.closeTasksBefore(tx, clock.today());
    if (ids.length)
      await writeAudit(tx, {
        actorId,
        action: 'collectionTask.closeOutdated',
        entityType: 'collectionTask',
        detail: { ids },
      });
    return ids.length;
  });
}
