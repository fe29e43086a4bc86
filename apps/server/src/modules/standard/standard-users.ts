import type { Db } from '../../db/client';

/**
 * Who uses a standard system (diagnosis tasks, a later issue): each registers a function answering, for a system, a
 * Chinese label of what uses it (诊改任务“2026 专业诊改”) or null. A system some user names is not changed
 * destructively: the change goes to a new version (standard.service.ts `changeSystem`), and it is not deleted.
 * Registration is by name, so a server built twice in one process (the tests) keeps one function per name.
 */
export type StandardUser = (systemId: number, db: Db) => Promise<string | null>;

const users = new Map<string, StandardUser>();

export function registerStandardUser(name: string, fn: StandardUser) {
  users.set(name, fn);
}

/** Forgets a user (tests that registered one). */
export function unregisterStandardUser(name: string) {
  users.delete(name);
}

/** What uses the system, in the caller's transaction (empty: nothing). */
export async function usersOfSystem(db: Db, systemId: number): Promise<string[]> {
  const out: string[] = [];
  for (const fn of users.values()) {
    const label = await fn(systemId, db);
    if (label) out.push(label);
  }
  return out;
}
