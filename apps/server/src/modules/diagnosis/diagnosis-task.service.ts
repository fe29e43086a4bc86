import {
  type DiagnosisTaskAction,
  type DiagnosisTaskInput,
  type DiagnosisTaskState,
  DIAGNOSIS_MSG as M,
  ROLE,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { dimensionObjectsWithDuty } from '../data-manage';
import { systemVersionTree } from '../standard';
import { isGly, mayPublish, seesWholeTask } from './diagnosis.policy';
import { presentTask } from './diagnosis.presenter';
import { cycleValueName, type TaskFilter, taskCounts, taskPage, type Viewer } from './diagnosis.query';
import { yearOfCycleValue } from './diagnosis.rules';
import { decideTask } from './diagnosis-task.machine';
import * as repo from './diagnosis-task.repository';
import { insertObjectTasks } from './object-task.repository';
import { insertRows } from './quality-row.repository';
import { rowsFor, rowTemplates } from './row-templates';

/** 诊改任务: publish from a PUBLISHED standard to its dimension's objects, update, delete, pause / resume / finish, reads. */

export const viewerOf = (a: Actor): Viewer => ({
  userId: a.userId,
  seesAll: isGly(a) || a.roles.has(ROLE.schoolLeader),
});

const audit = (db: Db, actor: Actor, action: string, id: number, detail: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'diagnosisTask', entityId: String(id), detail });

export async function taskDetail(db: Db, actor: Actor, id: number) {
  const { rows } = await taskPage(db, viewerOf(actor), { ids: [id] }, { offset: 0, limit: 1 });
  if (!rows[0]) throw notFound(M.taskNotFound);
  return presentTask(rows[0], actor);
}

export async function listTasks(db: Db, actor: Actor, q: TaskFilter & { pageNum: number; pageSize: number }) {
  const { rows, total } = await taskPage(db, viewerOf(actor), q, {
    offset: (q.pageNum - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows.map((r) => presentTask(r, actor)), total };
}

export const countTasks = (db: Db, actor: Actor, q: TaskFilter) => taskCounts(db, viewerOf(actor), q);

/** A task as the actor may see it (a hidden one is a missing one), locked for a change. */
export async function taskSeenBy(db: Db, actor: Actor, id: number, lock = false) {
  const t = lock ? await repo.lockTask(db, id) : await repo.findTask(db, id);
  if (!t) throw notFound(M.taskNotFound);
  if (!seesWholeTask(actor, t)) {
    const { rows } = await taskPage(db, viewerOf(actor), { ids: [id] }, { offset: 0, limit: 1 });
    if (!rows.length) throw notFound(M.taskNotFound);
  }
  return t;
}

/** Refuses an action the task machine refuses, with its message. */
export function requireTask(action: DiagnosisTaskAction, t: repo.TaskRow, actor: Actor) {
  const d = decideTask(action, { ...t, state: t.state as DiagnosisTaskState }, actor);
  if (d.ok) return d.state;
  if (d.refusal === 'notAllowed') throw forbidden(M.notPublisher);
  throw conflict(t.state === 'finished' ? M.taskFinished : t.state === 'pause' ? M.taskPaused : M.wrongState);
}

/** The people named exist and are enabled; answers their ids (a missing one: 400 naming it). */
async function checkPeople(db: Db, ids: (string | null | undefined)[]) {
  const wanted = ids.filter((x): x is string => Boolean(x));
  const found = await repo.enabledUsers(db, wanted);
  const missing = wanted.find((id) => !found.has(id));
  if (missing) throw badRequest(M.userUnknown(missing));
}

async function checkDepartment(db: Db, id: string | null | undefined) {
  if (id && !(await repo.departmentExists(db, id))) throw badRequest(M.departmentUnknown(id));
}

/** The objects to publish to: the dimension's enabled objects, or those named (each must be one of them). */
export async function objectsToPublish(db: Db, dimension: string, codes: string[] | undefined) {
  const all = (await dimensionObjectsWithDuty(db, dimension)) ?? [];
  const enabled = all.filter((o) => o.enabled);
  if (!codes) return enabled;
  const byCode = new Map(all.map((o) => [o.code, o]));
  const out = [];
  for (const code of new Set(codes)) {
    const o = byCode.get(code);
    if (!o) throw badRequest(M.objectUnknown(code));
    out.push(o);
  }
  return out;
}

/** The object task rows of the objects: charger by the input, else the head of the responsible department. */
export async function objectTaskValues(
  db: Db,
  taskId: number,
  systemId: number,
  objects: Awaited<ReturnType<typeof objectsToPublish>>,
  chargers: Record<string, string> | undefined,
) {
  await checkPeople(db, Object.values(chargers ?? {}));
  return objects.map((o) => ({
    taskId,
    objectCode: o.code,
    objectName: o.name,
    departmentId: o.department?.id ?? null,
    chargerId: chargers?.[o.code] ?? o.department?.head?.id ?? null,
    systemId,
  }));
}

export async function publishTask(db: Db, actor: Actor, input: DiagnosisTaskInput) {
  if (!mayPublish(actor)) throw forbidden(M.notAllowed);
  if (input.jssj < input.kssj) throw badRequest(M.endBeforeStart);
  const tree = await systemVersionTree(db, input.bzid);
  if (!tree) throw notFound(M.standardNotFound);
  if (tree.system.state !== 'published') throw badRequest(M.standardNotPublished);
  const templates = rowTemplates(tree);
  if (!templates.length) throw badRequest(M.standardNoRows);
  const cycle = await cycleValueName(db, input.zqid);
  if (cycle === null) throw badRequest(M.cycleNotFound);
  await checkPeople(db, [input.shrid, input.jkrid]);
  await checkDepartment(db, input.fbbm);
  const objects = await objectsToPublish(db, tree.system.dimension, input.dxbms);
  if (!objects.length) throw badRequest(M.dimensionEmpty);
  const id = await db.transaction(async (tx) => {
    if (await repo.nameTaken(tx, input.rwmc)) throw conflict(M.nameTaken(input.rwmc));
    const task = await repo.insertTask(tx, {
      name: input.rwmc,
      cycleValueId: input.zqid,
      year: input.nf ?? yearOfCycleValue(cycle) ?? Number(input.kssj.slice(0, 4)),
      startDate: input.kssj,
      endDate: input.jssj,
      standardSystemId: tree.system.id,
      dimension: tree.system.dimension,
      publishDepartmentId: input.fbbm ?? actor.departmentId,
      monitorId: input.jkrid ?? null,
      auditorId: input.shrid,
      createdBy: actor.userId,
    });
    const made = await insertObjectTasks(
      tx,
      await objectTaskValues(tx, task.id, tree.system.id, objects, input.chargers),
    );
    await insertRows(
      tx,
      rowsFor(
        made.map((m) => m.id),
        templates,
      ),
    );
    await audit(tx, actor, 'diagnosisTask.publish', task.id, { objects: made.length, system: tree.system.id });
    return task.id;
  });
  return taskDetail(db, actor, id);
}

export async function editTask(
  db: Db,
  actor: Actor,
  input: {
    id: number;
    rwmc: string;
    kssj: string;
    jssj: string;
    fbbm?: string | null;
    jkrid?: string | null;
    shrid: string;
  },
) {
  if (input.jssj < input.kssj) throw badRequest(M.endBeforeStart);
  await checkPeople(db, [input.shrid, input.jkrid]);
  await checkDepartment(db, input.fbbm);
  await db.transaction(async (tx) => {
    const t = await taskSeenBy(tx, actor, input.id, true);
    requireTask('update', t, actor);
    if (await repo.nameTaken(tx, input.rwmc, t.id)) throw conflict(M.nameTaken(input.rwmc));
    await repo.updateTask(tx, t.id, {
      name: input.rwmc,
      startDate: input.kssj,
      endDate: input.jssj,
      auditorId: input.shrid,
      ...(input.fbbm !== undefined ? { publishDepartmentId: input.fbbm } : {}),
      ...(input.jkrid !== undefined ? { monitorId: input.jkrid } : {}),
    });
    await audit(tx, actor, 'diagnosisTask.update', t.id, { name: input.rwmc });
  });
  return taskDetail(db, actor, input.id);
}

export async function removeTasks(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    for (const id of [...new Set(ids)]) requireTask('delete', await taskSeenBy(tx, actor, id, true), actor);
    await repo.deleteTasks(tx, ids);
    await audit(tx, actor, 'diagnosisTask.delete', ids[0]!, { ids });
  });
}

/** pause / resume / finish. */
export async function moveTask(db: Db, actor: Actor, id: number, action: 'pause' | 'resume' | 'finish') {
  await db.transaction(async (tx) => {
    const t = await taskSeenBy(tx, actor, id, true);
    const state = requireTask(action, t, actor);
    await repo.updateTask(tx, t.id, { state });
    await audit(tx, actor, `diagnosisTask.${action}`, t.id, { from: t.state, to: state });
  });
  return taskDetail(db, actor, id);
}
