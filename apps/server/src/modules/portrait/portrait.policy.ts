import { PORTRAIT_MSG as M, PORTRAIT_KINDS, type PortraitObject, type PortrayalAuth, ROLE } from '@zg/contract';
import type { Db } from '../../db/client';
import { type Actor, isAdmin } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { grantedObjects } from './portrait.query';
import { kindsOf } from './portrait.rules';

/**
 * Who sees which portrait (the portrayal authority, spec-1 §6: loaded with the menu intelligentAnalysisDynamic):
 * the school's leaders, 诊改管理员, 诊改发布者 and the administrator every portrait; anyone else the objects granted to
 * them (portrait_grants: a college head their college, a major head their major) and what is under those. An
 * object outside it is refused (403) naming it, never answered empty. Cards are edited and deleted by their creator.
 */
export const READ = { menus: ['intelligentAnalysisDynamic'] } as const;

export const seesEveryPortrait = (actor: Actor) =>
  isAdmin(actor) ||
  actor.roles.has(ROLE.schoolLeader) ||
  actor.roles.has(ROLE.diagnosisAdmin) ||
  actor.roles.has(ROLE.publisher);

export interface Authority extends PortrayalAuth {
  rootIds: ReadonlySet<number>;
}

/** The actor's portrayal authority: everything, or the granted objects (one query). */
export async function authorityOf(db: Db, actor: Actor): Promise<Authority> {
  if (seesEveryPortrait(actor)) return { all: true, roots: [], kinds: [...PORTRAIT_KINDS], rootIds: new Set() };
  const granted = await grantedObjects(db, actor.userId);
  return {
    all: false,
    roots: granted.map(({ kind, code, name }) => ({ kind, code, name })),
    kinds: kindsOf(granted, PORTRAIT_KINDS),
    rootIds: new Set(granted.map((g) => g.id)),
  };
}

/** Whether an object (by its chain of ids, itself first) lies within the authority. */
export const covers = (auth: Authority, chainIds: readonly number[]) =>
  auth.all || chainIds.some((id) => auth.rootIds.has(id));

/** Refuses an object outside the authority, naming it. */
export function mustCover(auth: Authority, chainIds: readonly number[], object: Pick<PortraitObject, 'name'>) {
  if (!covers(auth, chainIds)) throw forbidden(auth.roots.length ? M.outOfAuthority(object.name) : M.noAuthority);
}

/** A card's abilities: its creator edits and deletes it, nobody else. */
export const cardAbilities = (actor: Actor, card: { createdBy: string | null }) => {
  const mine = card.createdBy !== null && card.createdBy === actor.userId;
  return { edit: mine, delete: mine };
};

export function mustBeCardCreator(actor: Actor, card: { createdBy: string | null }) {
  if (!cardAbilities(actor, card).edit) throw forbidden(M.notCardCreator);
}
