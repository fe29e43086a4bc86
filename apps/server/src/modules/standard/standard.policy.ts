import { STANDARD_MSG as M, ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import type { Viewer } from './standard.repository';

/**
 * Who may do what with standard systems. The system administrator and a system's creator always write it; others read
 * or write what an authority row grants their role or themselves (write implies read). Creating systems and keeping
 * the task depot: administrators, diagnosis administrators and diagnosis publishers. The routes admit the 目标标准
 * menu; every route that takes a system checks it here (403 otherwise).
 */

export const STANDARD_CREATORS = [ROLE.admin, ROLE.diagnosisAdmin, ROLE.publisher] as const;

export const viewerOf = (actor: Actor): Viewer => ({
  userId: actor.userId,
  roles: [...actor.roles],
  admin: isAdmin(actor),
});

export const mayCreate = (actor: Actor) => STANDARD_CREATORS.some((r) => actor.roles.has(r));

/**
 * Who reads the task depot (issue 28): an item only by those who may read the system it came from (the administrators,
 * its creator, a read or write grant); an item of no known system by the depot's keepers. The repository applies it in
 * SQL (`canReadDepotSql`); a hidden item answers as a missing one.
 */
export const depotViewerOf = (actor: Actor): Viewer => ({ ...viewerOf(actor), keepsDepot: mayCreate(actor) });

export function mustCreate(actor: Actor) {
  if (!mayCreate(actor)) throw forbidden(M.noCreate);
}

export function mustKeepDepot(actor: Actor) {
  if (!mayCreate(actor)) throw forbidden(M.noDepot);
}

/** What a system's access (as the repository computed it for the actor) allows, sent with the system. */
export function systemAbilities(access: { canRead: boolean; canWrite: boolean }) {
  const write = Boolean(access.canWrite);
  return { read: Boolean(access.canRead) || write, write, authority: write, remove: write };
}

export function mustRead(access: { canRead: boolean; canWrite: boolean }) {
  if (!access.canRead && !access.canWrite) throw forbidden(M.noRead);
}

export function mustWrite(access: { canRead: boolean; canWrite: boolean }) {
  if (!access.canWrite) throw forbidden(M.noWrite);
}

export function globalAbilities(actor: Actor) {
  return { create: mayCreate(actor), depot: mayCreate(actor) };
}
