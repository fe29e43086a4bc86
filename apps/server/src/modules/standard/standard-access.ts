import { STANDARD_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { mustRead, mustWrite, viewerOf } from './standard.policy';
import * as repo from './standard.repository';
/** Loading a system or a node as the actor may see it (404 / 403), and the module's audit-log row. */

/**
 * A system's row (entity 'standard', the system's id: its tree's changes too, so the system's 操作记录 shows them), or
 * a depot item's (entity 'standardDepot').
 */
export const audit = (
  db: Db,
  actor: Actor,
  action: string,
  entityId: number | string,
  detail?: unknown,
  entityType: 'standard' | 'standardDepot' = 'standard',
) =>
  writeAudit(db, {
    actorId: actor.userId,
    action: `standard.${action}`,
    entityType,
    entityId: String(entityId),
    detail,
  });

/** The system as the actor sees it: 404 when it is not there, 403 without read (or write when asked). */
export async function systemFor(
  db: Db,
  actor: Actor,
  id: number,
  need: 'read' | 'write',
  opts: { deleted?: boolean } = {},
) {
  const v = await repo.viewSystem(db, viewerOf(actor), id, opts);
  if (!v) throw notFound(M.systemNotFound);
  if (need === 'read') mustRead(v);
  else mustWrite(v);
  return v;
}

/** A live node and its system, checked for the actor. */
export async function nodeFor(db: Db, actor: Actor, id: number, need: 'read' | 'write') {
  const node = await repo.findNode(db, id);
  if (!node) throw notFound(M.nodeNotFound);
  const view = await repo.viewSystem(db, viewerOf(actor), node.systemId);
  if (!view) throw notFound(M.nodeNotFound);
  if (need === 'read') mustRead(view);
  else mustWrite(view);
  return { node, view };
}
