import { type AnalysisInput, DIAGNOSIS_MSG as M, QUALITY_VIEW_MSG as V } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { type FilesContext, saveAttachmentList } from '../files';
import { isEditor, seesObjectTask } from './diagnosis.policy';
import * as objects from './object-task.repository';
import { peopleOf } from './object-task.service';
import * as repo from './quality-row.repository';
import { rowSeenBy } from './quality-row.service';

/**
 * The monitoring views' writes (issue 31): 分析与改进 of a row (cause analysis and improvement measures) and the
 * row's attachments by stage (owner type 'Quality', owner id the row id). Both are the row's editors' (isedit: the
 * person in charge or a sharer of its object task); everyone who may see the object task reads them.
 */

/** rest/disqualified/update: a row's cause analysis and improvement measures, by its editors only. */
export async function saveAnalysis(db: Db, actor: Actor, input: AnalysisInput) {
  return db.transaction(async (tx) => {
    const { row, object: o } = await rowSeenBy(tx, actor, input.id, true);
    if (!isEditor(actor, peopleOf(o))) throw forbidden(M.notEditor);
    await repo.updateRow(tx, row.id, { yyfx: input.yyfx, gjcs: input.gjcs });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'diagnosisRow.analysis',
      entityType: 'diagnosisRow',
      entityId: String(row.id),
      detail: { objectTaskId: o.object.id },
    });
    return { id: row.id, yyfx: input.yyfx, gjcs: input.gjcs };
  });
}

/** rest/quality/uploadFileList: the attachment list of a row's stage becomes exactly the list given. */
export async function saveRowFiles(
  ctx: FilesContext,
  actor: Actor,
  input: {
    list: { fileId: string; fileName?: string; fileType?: number }[];
    context: { zgzkdid: number; objTaskId?: number; stage: string };
  },
) {
  const { row, object: o } = await rowSeenBy(ctx.db, actor, input.context.zgzkdid);
  if (input.context.objTaskId !== undefined && input.context.objTaskId !== row.objectTaskId)
    throw badRequest(V.rowNotOfObject);
  if (!isEditor(actor, peopleOf(o))) throw forbidden(M.notEditor);
  return saveAttachmentList(ctx, actor, {
    list: input.list,
    context: { ownerType: 'Quality', ownerId: String(row.id), stage: input.context.stage },
  });
}

/** Of the rows named, those the actor may see (by their object tasks; one lookup per object task). */
export async function rowsVisibleTo(db: Db, actor: Actor, rowIds: number[]) {
  const rows = await repo.rowObjects(db, rowIds);
  const byObject = new Map<number, boolean>();
  for (const objectTaskId of new Set(rows.map((r) => r.objectTaskId))) {
    const o = await objects.findObjectTask(db, objectTaskId);
    byObject.set(objectTaskId, o !== null && seesObjectTask(actor, o.task, peopleOf(o)));
  }
  return new Set(rows.filter((r) => byObject.get(r.objectTaskId)).map((r) => r.id));
}

/** Whether the actor edits the row's analysis and attachments (isedit). */
export async function editsRow(db: Db, actor: Actor, rowId: number) {
  const [r] = await repo.rowObjects(db, [rowId]);
  if (!r) return false;
  const o = await objects.findObjectTask(db, r.objectTaskId);
  if (!o) throw notFound(M.rowNotFound);
  return isEditor(actor, peopleOf(o));
}
