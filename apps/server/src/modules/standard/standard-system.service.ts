import { randomUUID } from 'node:crypto';
import { STANDARD_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { globalAbilities, mustCreate, viewerOf } from './standard.policy';
import { presentSystem } from './standard.presenter';
import * as repo from './standard.repository';
import { audit, systemFor } from './standard-access';
import { nextYearName } from './standard-tree.rules';
import { usersOfSystem } from './standard-users';
import { copySystem } from './standard-version.service';

/** Standard systems: list, read, create, edit, publish, delete (refused while something uses it), copy to next year. */

export const abilities = (actor: Actor) => globalAbilities(actor);

// ---- systems ----

export async function pageSystems(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; name?: string; dimension?: string; state?: string },
) {
  const { rows, total } = await repo.pageSystems(db, viewerOf(actor), q);
  return { records: rows.map(presentSystem), total };
}

export async function getSystem(db: Db, actor: Actor, id: number) {
  return presentSystem(await systemFor(db, actor, id, 'read'));
}

export async function createSystem(
  db: Db,
  actor: Actor,
  input: { name: string; dimension: string; startYear: number; endYear: number },
) {
  mustCreate(actor);
  return db.transaction(async (tx) => {
    const row = await repo.insertSystem(tx, { ...input, createdBy: actor.userId });
    await audit(tx, actor, 'create', row.id, input);
    return presentSystem((await repo.viewSystem(tx, viewerOf(actor), row.id))!);
  });
}

export async function editSystem(
  db: Db,
  actor: Actor,
  input: { id: number; name: string; startYear: number; endYear: number },
) {
  return db.transaction(async (tx) => {
    await systemFor(tx, actor, input.id, 'write');
    await repo.updateSystem(tx, input.id, { name: input.name, startYear: input.startYear, endYear: input.endYear });
    await audit(tx, actor, 'update', input.id, input);
    return presentSystem((await repo.viewSystem(tx, viewerOf(actor), input.id))!);
  });
}

export async function publishSystem(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    await systemFor(tx, actor, id, 'write');
    await repo.updateSystem(tx, id, { state: 'published' });
    await audit(tx, actor, 'publish', id);
    return presentSystem((await repo.viewSystem(tx, viewerOf(actor), id))!);
  });
}

export async function deleteSystem(db: Db, hooks: Hooks, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    await systemFor(tx, actor, id, 'write');
    await repo.lockSystem(tx, id);
    const users = await usersOfSystem(tx, hooks, id);
    if (users.length) throw badRequest(M.inUseDelete(users));
    await repo.updateSystem(tx, id, { deletedAt: new Date(), deleteBatch: randomUUID(), deletedBy: actor.userId });
    await audit(tx, actor, 'delete', id);
  });
}

export async function systemUsage(db: Db, hooks: Hooks, actor: Actor, id: number) {
  await systemFor(db, actor, id, 'read');
  const users = await usersOfSystem(db, hooks, id);
  return { inUse: users.length > 0, users };
}

export async function copyTargetFull(db: Db, actor: Actor, id: number) {
  mustCreate(actor);
  return db.transaction(async (tx) => {
    const v = await systemFor(tx, actor, id, 'read');
    const s = v.system;
    const { system } = await copySystem(tx, s, {
      name: nextYearName(s.name, s.startYear, s.endYear),
      startYear: s.startYear + 1,
      endYear: s.endYear + 1,
      version: 1,
      previousVersionId: null,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'copy', system.id, { from: id });
    return presentSystem((await repo.viewSystem(tx, viewerOf(actor), system.id))!);
  });
}
