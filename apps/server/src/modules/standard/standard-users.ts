import type { Db } from '../../db/client';
import { defineHook, type Hooks } from '../../platform/hooks';

/**
 * Who uses a standard system (diagnosis tasks): each registers, under its name, a function answering for a system a
 * Chinese label of what uses it (诊改任务“2026 专业诊改”) or null (`app.hooks.add(STANDARD_USERS, 'diagnosis', fn)` in
 * its plugin). A system some user names is not changed destructively: the change goes to a new version
 * (standard-version.service.ts `changeSystem`), and it is not deleted.
 */
export type StandardUser = (systemId: number, db: Db) => Promise<string | null>;

export const STANDARD_USERS = defineHook<StandardUser>('standard.users');

/** What uses the system, in the caller's transaction (empty: nothing). */
export async function usersOfSystem(db: Db, hooks: Hooks, systemId: number): Promise<string[]> {
  const out: string[] = [];
  for (const fn of hooks.all(STANDARD_USERS)) {
    const label = await fn(systemId, db);
    if (label) out.push(label);
  }
  return out;
}
