import { type DepartmentCreate, type DepartmentUpdate, SYSTEM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import {
  enabledUserExists,
  enabledUsersIn,
  insertDepartment,
  listAllDepartments,
  lockDepartments,
  maxDepartmentOrder,
  updateDepartment,
} from './department-admin.repository';

/**
 * The departments' tree: add, rename, move, head, disable. Department versions (data management) snapshot the tree
 * when one is made, so a change here shows in the next version and never rewrites an old one.
 */

export const adminDepartments = (db: Db) => listAllDepartments(db);

const audit = (db: Db, actor: Actor, action: string, id: string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'department', entityId: id, detail });

type Tree = Awaited<ReturnType<typeof lockDepartments>>;

/** Whether `ancestor` is `id` itself or above it in the tree. */
function isAncestorOrSelf(tree: Tree, ancestor: string, id: string) {
  const parentOf = new Map(tree.map((d) => [d.id, d.parentId]));
  const seen = new Set<string>();
  for (let at: string | null | undefined = id; at && !seen.has(at); at = parentOf.get(at)) {
    if (at === ancestor) return true;
    seen.add(at);
  }
  return false;
}

async function checkParentAndHead(
  db: Db,
  tree: Tree,
  input: { parentId?: string | null; chargeUserId?: string | null },
) {
  if (input.parentId && !tree.some((d) => d.id === input.parentId && d.enabled)) {
    throw badRequest(M.departmentParentUnknown);
  }
  if (input.chargeUserId && !(await enabledUserExists(db, input.chargeUserId))) throw badRequest(M.chargeUserUnknown);
}

export async function createDepartment(db: Db, actor: Actor, input: DepartmentCreate) {
  try {
    await db.transaction(async (tx) => {
      const tree = await lockDepartments(tx);
      if (tree.some((d) => d.id === input.departmentId)) throw conflict(M.departmentIdTaken(input.departmentId));
      await checkParentAndHead(tx, tree, input);
      await insertDepartment(tx, {
        id: input.departmentId,
        name: input.departmentName,
        parentId: input.parentId || null,
        shortNameZh: input.shortNameZh || input.departmentName.slice(0, 30),
        shortNameEn: input.shortNameEn || '',
        chargeUserId: input.chargeUserId || null,
        sortOrder: input.sortOrder ?? (await maxDepartmentOrder(tx)) + 1,
      });
      await audit(tx, actor, 'department.create', input.departmentId, { name: input.departmentName });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.departmentIdTaken(input.departmentId));
    throw err;
  }
  return adminDepartments(db);
}

export async function editDepartment(db: Db, actor: Actor, id: string, input: DepartmentUpdate) {
  await db.transaction(async (tx) => {
    const tree = await lockDepartments(tx);
    const dep = tree.find((d) => d.id === id);
    if (!dep) throw notFound(M.departmentNotFound);
    const parentId = input.parentId || null;
    if (parentId && isAncestorOrSelf(tree, id, parentId)) throw badRequest(M.departmentCycle);
    await checkParentAndHead(tx, tree, input);
    await updateDepartment(tx, id, {
      name: input.departmentName,
      parentId,
      ...(input.shortNameZh !== undefined ? { shortNameZh: input.shortNameZh } : {}),
      ...(input.shortNameEn !== undefined ? { shortNameEn: input.shortNameEn } : {}),
      chargeUserId: input.chargeUserId || null,
      ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
    });
    await audit(tx, actor, 'department.update', id, {
      ...(dep.name !== input.departmentName ? { renamed: { from: dep.name, to: input.departmentName } } : {}),
      ...(dep.parentId !== parentId ? { moved: { from: dep.parentId, to: parentId } } : {}),
      chargeUserId: input.chargeUserId || null,
    });
  });
  return adminDepartments(db);
}

/** Disabling needs a department without enabled users or enabled sub-departments. */
export async function setDepartmentEnabled(db: Db, actor: Actor, id: string, enabled: boolean) {
  await db.transaction(async (tx) => {
    const tree = await lockDepartments(tx);
    const dep = tree.find((d) => d.id === id);
    if (!dep) throw notFound(M.departmentNotFound);
    if (!enabled) {
      const children = tree.filter((d) => d.parentId === id && d.enabled).length;
      const users = await enabledUsersIn(tx, id);
      if (children || users) throw conflict(M.departmentInUse(users, children));
    } else if (dep.parentId && !tree.some((d) => d.id === dep.parentId && d.enabled)) {
      throw badRequest(M.departmentParentUnknown);
    }
    await updateDepartment(tx, id, { enabled });
    await audit(tx, actor, enabled ? 'department.enable' : 'department.disable', id);
  });
  return adminDepartments(db);
}
