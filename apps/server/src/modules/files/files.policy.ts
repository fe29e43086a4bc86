import type { FileOwnerType } from '@zg/contract';
import type { Db } from '../../db/client';
import { type Actor, isAdmin } from '../../platform/access';
import { defineHook, type Hooks } from '../../platform/hooks';
import { type FileRow, sharedWithUser } from './files.repository';

/**
 * Who may read and attach to the records of one owner type. The module owning those records registers its policy in
 * its plugin, keyed by the owner type: `registerOwnerPolicy(app.hooks, 'YearTask', policy)`, which is
 * `app.hooks.add(FILE_OWNER_POLICIES, 'YearTask', policy)` with the owner type checked.
 */
export interface OwnerPolicy {
  /** The owner ids among `ownerIds` whose files the actor may read (one query for the batch). */
  readable(db: Db, actor: Actor, ownerIds: string[]): Promise<Set<string>>;
  /** Whether the actor may add or remove files of this owner record. */
  writable(db: Db, actor: Actor, ownerId: string): Promise<boolean>;
}

export const FILE_OWNER_POLICIES = defineHook<OwnerPolicy>('files.ownerPolicies');

/** Registers the policy of an owner type (in the plugin of the module that owns those records). */
export function registerOwnerPolicy(hooks: Hooks, ownerType: FileOwnerType, policy: OwnerPolicy) {
  hooks.add(FILE_OWNER_POLICIES, ownerType, policy);
}

/** The owner policy of the files module's own records; the files plugin registers it. */
export function registerDocRepoPolicy(hooks: Hooks) {
  // The department document library (文件库): every signed-in user reads it; members and heads of the department write.
  registerOwnerPolicy(hooks, 'DocRepo', {
    readable: async (_db, _actor, ids) => new Set(ids),
    writable: async (_db, actor, ownerId) =>
      actor.departmentId === ownerId || actor.chargeDepartmentIds.includes(ownerId),
  });
}

/**
 * The files of the batch the actor may read: administrators all, uploaders their own, the users a library file is
 * shared with that file, others by owner policy.
 */
export async function readableFiles(db: Db, hooks: Hooks, actor: Actor, rows: FileRow[]) {
  if (isAdmin(actor)) return rows;
  const library = rows.filter((f) => f.ownerType === 'DocRepo' && f.uploaderId !== actor.userId).map((f) => f.id);
  const shared = await sharedWithUser(db, actor.userId, library);
  const byType = new Map<string, string[]>();
  for (const f of rows) {
    if (f.uploaderId === actor.userId || !f.ownerId) continue;
    byType.set(f.ownerType, [...(byType.get(f.ownerType) ?? []), f.ownerId]);
  }
  const allowed = new Map<string, Set<string>>();
  for (const [type, ids] of byType) {
    const policy = hooks.get(FILE_OWNER_POLICIES, type);
    allowed.set(type, policy ? await policy.readable(db, actor, [...new Set(ids)]) : new Set());
  }
  return rows.filter(
    (f) =>
      f.uploaderId === actor.userId ||
      shared.has(f.id) ||
      (f.ownerId !== null && allowed.get(f.ownerType)?.has(f.ownerId)),
  );
}

/**
 * Whether the actor may share a library file (文件库 shareById) and see who it is shared with: its uploader, the
 * members and heads of its department (the library's writers), the administrators.
 */
export async function canShareFile(db: Db, hooks: Hooks, actor: Actor, file: FileRow) {
  if (file.ownerType !== 'DocRepo' || !file.ownerId) return false;
  return file.uploaderId === actor.userId || canWriteOwner(db, hooks, actor, 'DocRepo', file.ownerId);
}

/** Whether the actor may attach files to (or remove them from) an owner record. */
export async function canWriteOwner(db: Db, hooks: Hooks, actor: Actor, ownerType: string, ownerId: string) {
  if (isAdmin(actor)) return true;
  const policy = hooks.get(FILE_OWNER_POLICIES, ownerType);
  return policy ? policy.writable(db, actor, ownerId) : false;
}

/** Whether the actor may delete one file: an unattached one only its uploader; an attached one a writer of its owner. */
export async function canDeleteFile(db: Db, hooks: Hooks, actor: Actor, file: FileRow) {
  if (isAdmin(actor)) return true;
  if (file.ownerType === 'Unattached' || !file.ownerId) return file.uploaderId === actor.userId;
  return canWriteOwner(db, hooks, actor, file.ownerType, file.ownerId);
}
