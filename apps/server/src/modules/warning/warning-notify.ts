import { NOTIFICATION_LINKS, NOTIFICATION_MSG, warningLabel } from '@zg/contract';
import type { Db } from '../../db/client';
import { departmentRecipients, notify } from '../notification';
import { raisedWarningFacts } from './warning-notify.query';

/**
 * Tells the owner of each task and the heads of its department of the warnings just raised (or raised again), inside
 * the evaluation's transaction: one item per warning and raising (the dedupe key names both), so a retried job tells
 * nobody twice.
 */
export async function notifyRaisedWarnings(tx: Db, ids: number[]) {
  if (!ids.length) return;
  const facts = await raisedWarningFacts(tx, ids);
  const departments = [...new Set(facts.map((f) => f.departmentId).filter((d): d is string => !!d))];
  const headsOf = new Map<string, string[]>();
  for (const d of departments) headsOf.set(d, await departmentRecipients(tx, [d]));
  await notify(
    tx,
    facts.map((f) => ({
      userIds: [f.ownerId, ...(f.departmentId ? (headsOf.get(f.departmentId) ?? []) : [])],
      kind: 'taskWarning' as const,
      title: NOTIFICATION_MSG.taskWarningTitle(f.taskName),
      body: `${f.typeName}：${warningLabel(f.key)}`,
      link: NOTIFICATION_LINKS.taskWarning,
      entity: { type: 'targetTask', id: f.taskId },
      dedupeKey: `taskWarning:${f.id}:${f.raisedAt.getTime()}`,
      at: f.raisedAt,
    })),
  );
}
