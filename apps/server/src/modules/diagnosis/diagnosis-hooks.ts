import type { Db } from '../../db/client';
import { defineHook, type Hooks } from '../../platform/hooks';

/**
 * Rows computed (or entered) — called after the computation's transaction commits with the ids of the rows whose
 * value changed. The quality warnings (issue 32) register here (`app.hooks.add(ROW_COMPUTED, 'warning', fn)`) to
 * evaluate the rows' warning rules.
 */
export type RowComputed = (db: Db, rowIds: number[]) => Promise<void>;

export const ROW_COMPUTED = defineHook<RowComputed>('diagnosis.rowComputed');

/** Tells every registered listener (after the caller's transaction committed). */
export async function announceRows(hooks: Hooks, db: Db, rowIds: number[]) {
  if (!rowIds.length) return;
  for (const fn of hooks.all(ROW_COMPUTED)) await fn(db, rowIds);
}
