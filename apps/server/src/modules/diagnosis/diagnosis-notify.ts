import { NOTIFICATION_LINKS as L, NOTIFICATION_MSG as N } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { notify } from '../notification';
import type { RevisionKind } from './object-task.machine';
import type { ObjectWithTask } from './object-task.repository';

/**
 * What waits for the diagnosis task's auditor (诊断目标待审核) reaches them in the notification centre, inside the
 * submitting transaction: object tasks' targets submitted (one or a list, one statement for the list), a row's revised
 * target or result.
 */

export function tellTargetsWaiting(tx: Db, actor: Actor, list: readonly ObjectWithTask[]) {
  return notify(
    tx,
    list.map((o) => ({
      userIds: [o.task.auditorId],
      kind: 'diagnosisAudit' as const,
      title: N.diagnosisTargetAuditTitle(o.task.name, o.object.objectName),
      body: N.submittedBy(actor.userName),
      link: L.diagnosisAudit,
      entity: { type: 'diagnosisObjectTask', id: o.object.id },
      except: actor.userId,
    })),
  );
}

export function tellRevisionWaiting(
  tx: Db,
  actor: Actor,
  o: ObjectWithTask,
  row: { id: number; name: string },
  kind: RevisionKind,
) {
  return notify(tx, [
    {
      userIds: [o.task.auditorId],
      kind: 'diagnosisAudit',
      title: N.diagnosisRevisionAuditTitle(
        o.task.name,
        o.object.objectName,
        row.name,
        kind === 'xzmbz' ? '修正目标值' : '修正结果值',
      ),
      body: N.submittedBy(actor.userName),
      link: L.diagnosisAudit,
      entity: { type: 'diagnosisRow', id: row.id },
      except: actor.userId,
    },
  ]);
}
