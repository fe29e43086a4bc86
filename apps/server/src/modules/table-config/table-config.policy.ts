import type { TableConfigAbilities } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';

/**
 * A table configuration belongs to whoever created it: everyone with the data collection or management menu reads it,
 * only its creator or an administrator changes or deletes it (the menu is granted to every diagnosis object).
 */
export const mayChangeTableConfig = (actor: Actor, config: { createdBy: string }) =>
  config.createdBy === actor.userId || isAdmin(actor);

/** What the actor may do with a configuration, sent with it so the page hides what it may not do. */
export function tableConfigAbilities(actor: Actor, config: { createdBy: string }): TableConfigAbilities {
  const owner = mayChangeTableConfig(actor, config);
  return { canEdit: owner, canDelete: owner };
}
