import type { Db } from '../../db/client';
import { defineHook, type Hooks } from '../../platform/hooks';

/**
 * Who names cycle values (the target tasks today, the diagnosis tasks and collection tasks next). Cycles sit below
 * them, so they register with this hook in their plugin (`app.hooks.add(CYCLE_VALUE_USERS, 'target-task', fn)`), and
 * a value one of them names is never deleted, renamed or moved.
 */
export type CycleValueUse = Map<number, { n: number; example: string }>;
/** For the given value ids: per value named, how many records name it and the name of one. One query, not one per id. */
export type CycleValueUser = (db: Db, ids: number[]) => Promise<CycleValueUse>;

export const CYCLE_VALUE_USERS = defineHook<CycleValueUser>('data-manage.cycleValueUsers');

/** What every registered user answers, added up per value (the example from the first that names it). */
export async function cycleUse(db: Db, hooks: Hooks, ids: number[]): Promise<CycleValueUse> {
  const all: CycleValueUse = new Map();
  if (!ids.length) return all;
  for (const user of hooks.all(CYCLE_VALUE_USERS))
    for (const [id, u] of await user(db, ids)) {
      const known = all.get(id);
      all.set(id, known ? { n: known.n + u.n, example: known.example } : u);
    }
  return all;
}
