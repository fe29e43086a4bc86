import { STANDARD_LIMITS } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest, notFound } from '../../platform/errors';
import { presentAuthority } from './standard.presenter';
import * as repo from './standard.repository';
import { audit, systemFor } from './standard-access';

/** Who may read or write a system besides its creator and the administrators: its authority rows. */

export async function authorityList(db: Db, actor: Actor, systemId: number) {
  await systemFor(db, actor, systemId, 'read');
  return (await repo.authorityRows(db, systemId)).map(presentAuthority);
}

export async function authorityInsert(
  db: Db,
  actor: Actor,
  input: { systemId: number; subjectKind: 'role' | 'user'; subjectId: string; access: 'read' | 'write' },
) {
  return db.transaction(async (tx) => {
    await systemFor(tx, actor, input.systemId, 'write');
    const name = await repo.subjectName(tx, input.subjectKind, input.subjectId);
    if (name === null) throw badRequest(input.subjectKind === 'role' ? '角色不存在' : '用户不存在');
    if ((await repo.authorityRows(tx, input.systemId)).length >= STANDARD_LIMITS.authorityMax)
      throw badRequest(`一个目标标准最多授权 ${STANDARD_LIMITS.authorityMax} 个角色或用户`);
    const row = await repo.upsertAuthority(tx, input);
    await audit(tx, actor, 'authority.grant', input.systemId, input);
    return presentAuthority({ row, roleName: input.subjectKind === 'role' ? name : null, userName: name });
  });
}

async function authorityFor(db: Db, actor: Actor, id: number) {
  const row = await repo.findAuthority(db, id);
  if (!row) throw notFound('授权不存在或已被取消');
  await systemFor(db, actor, row.systemId, 'write');
  return row;
}

export async function authorityUpdate(db: Db, actor: Actor, input: { id: number; access: 'read' | 'write' }) {
  return db.transaction(async (tx) => {
    const row = await authorityFor(tx, actor, input.id);
    await repo.updateAuthority(tx, input.id, input.access);
    await audit(tx, actor, 'authority.update', row.systemId, input);
    const found = (await repo.authorityRows(tx, row.systemId)).find((r) => r.row.id === input.id)!;
    return presentAuthority(found);
  });
}

export async function authorityDelete(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await authorityFor(tx, actor, id);
    await repo.deleteAuthority(tx, id);
    await audit(tx, actor, 'authority.revoke', row.systemId, { id });
  });
}
