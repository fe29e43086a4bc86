import { DOCUMENT_FILE_TYPES, type Documents, TASK_MSG } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { badRequest, notFound } from '../../platform/errors';
import {
  canWriteOwner,
  type FilesContext,
  fileTypesNamed,
  listAttachments,
  ownerFileTypes,
  saveAttachmentList,
} from '../files';
import { yearTargetsSeenBy } from './target-task.policy';
import { taskSeenBy } from './target-task.service';
import { yearTargetVisible } from './year-target.repository';

type DocumentOwner = { ownerType: 'YearTask' | 'NodeTask'; ownerId: number };

/** The owner must exist and be visible to the actor. */
async function checkOwner(ctx: FilesContext, actor: Actor, owner: DocumentOwner) {
  if (owner.ownerType === 'NodeTask') {
    await taskSeenBy(ctx.db, actor, owner.ownerId);
    return;
  }
  if (!(await yearTargetVisible(ctx.db, owner.ownerId, yearTargetsSeenBy(actor)))) {
    throw notFound(TASK_MSG.targetNotFound);
  }
}

/** The documents of a year target or task grouped by the file types that owner uses (targetTaskFile). */
export async function documentsOf(ctx: FilesContext, actor: Actor, owner: DocumentOwner): Promise<Documents> {
  await checkOwner(ctx, actor, owner);
  const types = await fileTypesNamed(ctx.db, DOCUMENT_FILE_TYPES[owner.ownerType]);
  const files = await listAttachments(ctx, actor, { ownerType: owner.ownerType, ownerId: String(owner.ownerId) });
  return {
    canEdit: await canWriteOwner(ctx.db, ctx.hooks, actor, owner.ownerType, String(owner.ownerId)),
    groups: types.map((t) => ({
      fileTypeId: t.id,
      fileTypeName: t.name,
      files: files
        .filter((f) => f.fileType === t.name)
        .map((f) => ({
          fileId: f.fileId,
          fileName: f.fileName,
          size: f.size,
          uploaderName: f.uploaderName,
          createTime: f.createTime,
        })),
    })),
  };
}

/**
 * Makes the documents of one file type exactly `fileIds` (newly uploaded files are attached, missing ones deleted);
 * documents of the other types stay as they are.
 */
export async function saveDocuments(
  ctx: FilesContext,
  actor: Actor,
  input: DocumentOwner & { fileTypeId: number; fileIds: string[] },
) {
  await checkOwner(ctx, actor, input);
  const types = await fileTypesNamed(ctx.db, DOCUMENT_FILE_TYPES[input.ownerType]);
  if (!types.some((t) => t.id === input.fileTypeId)) throw badRequest(TASK_MSG.fileTypeNotAllowed);
  const ownerId = String(input.ownerId);
  const current = await ownerFileTypes(ctx.db, input.ownerType, ownerId);
  const wanted = new Set(input.fileIds);
  const others = current.filter((f) => f.fileTypeId !== input.fileTypeId && !wanted.has(f.id));
  await saveAttachmentList(ctx, actor, {
    list: [
      ...others.map((f) => ({ fileId: f.id })),
      ...[...wanted].map((fileId) => ({ fileId, fileType: input.fileTypeId })),
    ],
    context: { ownerType: input.ownerType, ownerId },
  });
  return documentsOf(ctx, actor, input);
}
