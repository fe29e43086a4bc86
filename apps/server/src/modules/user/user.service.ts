import type { Readable } from 'node:stream';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MSG, AVATAR_EXTENSIONS, LIMITS, type Profile, type ProfileUpdate, pathOf, USER_API } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { type FileStore, FileTooLargeError } from '../../platform/files/file-store';
import { contentMatches, MIME } from '../../platform/files/sniff';
import { destroyUserSessions } from '../../platform/session';
import { findStoredFile, recordStoredFile } from '../files';
import { avatarUrl } from './user.presenter';
import { findDepartmentName, findUser, updateUser } from './user.repository';

export const AVATAR_MAX_BYTES = LIMITS.avatarSizeLimit * 1024;

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const user = await findUser(db, userId);
  if (!user) throw notFound();
  return {
    userId: user.id,
    userName: user.name,
    departmentName: await findDepartmentName(db, user.departmentId),
    email: user.email,
    phone: user.phone,
    qq: user.qq,
    sex: user.sex,
    headPortrait: avatarUrl(user),
    isUseDefaultAvatar: user.isUseDefaultAvatar,
    theme: user.theme,
  };
}

/** Saves the signed-in user's own contact details (already trimmed and format-checked by the schema). */
export async function updateProfile(db: Db, actor: Actor, input: ProfileUpdate) {
  if (input.id && input.id !== actor.userId) throw forbidden();
  await db.transaction(async (tx) => {
    await updateUser(tx, actor.userId, {
      email: input.email || null,
      phone: input.phone || null,
      qq: input.qq || null,
      ...(input.sex ? { sex: input.sex } : {}),
      ...(input.isUseDefaultAvatar ? { isUseDefaultAvatar: true } : {}),
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'profile.update',
      entityType: 'user',
      entityId: actor.userId,
    });
  });
  return getProfile(db, actor.userId);
}

/** Changes the password; every session of the user ends, this one included. */
export async function changePassword(db: Db, actor: Actor, input: { oldPassword?: string; newPassword?: string }) {
  const user = await findUser(db, actor.userId);
  if (!user?.passwordHash) throw notFound();
  const valid = await verify(user.passwordHash, input.oldPassword ?? '').catch(() => false);
  if (!valid) throw badRequest(AUTH_MSG.oldPasswordWrong);
  const passwordHash = await hash(input.newPassword ?? '');
  await db.transaction(async (tx) => {
    await updateUser(tx, actor.userId, { passwordHash, passwordChangedAt: new Date(), mustChangePassword: false });
    await destroyUserSessions(tx, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'password.change',
      entityType: 'user',
      entityId: actor.userId,
    });
  });
}

/** Stores a new avatar after checking its extension, its bytes and its size. */
export async function changeAvatar(
  db: Db,
  store: FileStore,
  actor: Actor,
  file: { filename: string; head: Uint8Array; stream: Readable },
) {
  const ext = file.filename.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext) || !contentMatches(ext, file.head)) {
    throw new AppError(415, AUTH_MSG.avatarTypeInvalid);
  }
  let stored: Awaited<ReturnType<FileStore['put']>>;
  try {
    stored = await store.put(file.stream, { maxBytes: AVATAR_MAX_BYTES });
  } catch (err) {
    if (err instanceof FileTooLargeError) throw new AppError(413, AUTH_MSG.avatarTooLarge);
    throw err;
  }
  await db.transaction(async (tx) => {
    await recordStoredFile(tx, {
      id: stored.id,
      name: file.filename.slice(0, 255),
      ext,
      mime: MIME[ext] ?? 'application/octet-stream',
      size: stored.size,
      sha256: stored.sha256,
      ownerType: 'UserAvatar',
      ownerId: actor.userId,
      uploaderId: actor.userId,
    });
    await updateUser(tx, actor.userId, { headPortrait: stored.id, isUseDefaultAvatar: false });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'avatar.change',
      entityType: 'user',
      entityId: actor.userId,
    });
  });
  return pathOf(USER_API.avatar, { fileId: stored.id });
}

/** An avatar file (only files stored as avatars are served by this route). */
export async function findAvatar(db: Db, fileId: string) {
  const file = await findStoredFile(db, fileId);
  if (file?.ownerType !== 'UserAvatar') throw notFound();
  return file;
}

export async function findLogo(db: Db, fileId: string | null) {
  if (!fileId) throw notFound();
  const file = await findStoredFile(db, fileId);
  if (!file) throw notFound();
  return file;
}
