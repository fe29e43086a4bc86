import { type DepartmentVersionInput, DEPARTMENT_VERSION_MSG as M, type VersionDepartment } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { keepsWarehouse } from './data-manage.policy';
import { presentDepartmentVersion } from './department-version.presenter';
import {
  currentDepartments,
  deleteVersion,
  enabledVersion,
  enableOnly,
  findVersion,
  insertItems,
  insertVersion,
  itemsOf,
  lockVersions,
  pageVersions,
  updateVersion,
  versionNamed,
} from './department-version.repository';
import { presentItems, snapshotOf } from './department-version.rules';

/** Department versions (部门版本): the organisation as dated versions, exactly one enabled once any exists. */

const mustKeep = (actor: Actor) => {
  if (!keepsWarehouse(actor)) throw forbidden();
};

const audit = (db: Db, actor: Actor, action: string, id: number, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'departmentVersion', entityId: String(id), detail });

async function versionById(db: Db, id: number) {
  const r = await findVersion(db, id);
  if (!r) throw notFound(M.notFound);
  return presentDepartmentVersion(r);
}

async function nameGuard<T>(name: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.nameTaken(name));
    throw err;
  }
}

export async function versionPage(db: Db, q: { current: number; size: number; keyword?: string }) {
  const { records, total } = await pageVersions(db, q);
  return { records: records.map(presentDepartmentVersion), total };
}

export async function theEnabledVersion(db: Db) {
  const r = await enabledVersion(db);
  return r ? presentDepartmentVersion(r) : null;
}

/** The departments of a version as they were when it was made, each with its parent's name (when it has one). */
export async function versionDepartments(db: Db, id: number): Promise<VersionDepartment[]> {
  if (!(await findVersion(db, id))) throw notFound(M.notFound);
  return presentItems(await itemsOf(db, id));
}

/** A new version copies the current departments; the first version there is becomes the enabled one. */
export async function createVersion(db: Db, actor: Actor, input: DepartmentVersionInput) {
  mustKeep(actor);
  return nameGuard(input.bbmc, () =>
    db.transaction(async (tx) => {
      const all = await lockVersions(tx);
      if (await versionNamed(tx, input.bbmc)) throw conflict(M.nameTaken(input.bbmc));
      const id = await insertVersion(tx, {
        name: input.bbmc,
        effectiveDate: input.sxrq,
        note: input.bz || null,
        enabled: all.length === 0,
        createdBy: actor.userId,
      });
      const deps = await currentDepartments(tx);
      await insertItems(
        tx,
        snapshotOf(deps).map((item) => ({ ...item, versionId: id })),
      );
      await audit(tx, actor, 'departmentVersion.create', id, { name: input.bbmc, departments: deps.length });
      return versionById(tx, id);
    }),
  );
}

export async function editVersion(db: Db, actor: Actor, id: number, input: DepartmentVersionInput) {
  mustKeep(actor);
  return nameGuard(input.bbmc, () =>
    db.transaction(async (tx) => {
      if (await versionNamed(tx, input.bbmc, id)) throw conflict(M.nameTaken(input.bbmc));
      const done = await updateVersion(tx, id, { name: input.bbmc, effectiveDate: input.sxrq, note: input.bz || null });
      if (!done) throw notFound(M.notFound);
      await audit(tx, actor, 'departmentVersion.update', id);
      return versionById(tx, id);
    }),
  );
}

/** Enables the version and disables every other, in one transaction. */
export async function enableVersion(db: Db, actor: Actor, id: number) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const all = await lockVersions(tx);
    const row = all.find((v) => v.id === id);
    if (!row) throw notFound(M.notFound);
    if (row.enabled) throw conflict(M.alreadyEnabled(row.name));
    await enableOnly(tx, id);
    await audit(tx, actor, 'departmentVersion.enable', id, {
      disabled: all.filter((v) => v.enabled).map((v) => v.id),
    });
    return versionById(tx, id);
  });
}

/** Deletes a version (with its departments); the enabled one is refused. */
export async function removeVersion(db: Db, actor: Actor, id: number) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const all = await lockVersions(tx);
    const row = all.find((v) => v.id === id);
    if (!row) throw notFound(M.notFound);
    if (row.enabled) throw conflict(M.deleteEnabled(row.name));
    await deleteVersion(tx, id);
    await audit(tx, actor, 'departmentVersion.delete', id, { name: row.name });
  });
}
