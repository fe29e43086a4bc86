import { NOTIFICATION_MSG as N, NOTIFICATION_LINKS, type QualityWarningKind } from '@zg/contract';
import type { Db } from '../../db/client';
import type { WarningRowFacts } from '../diagnosis';
import { notify } from '../notification';
import { insertCases, insertWarnings, type WarningRecord } from './quality-warning.repository';

/**
 * Where quality warnings are raised: every warning (process, expired, forecast, remote) goes through
 * `raiseQualityWarnings`, and the overdue ones (逾期预警: a warning left undisposed past its cycle, a target not
 * reached when the cycle ended) through `raiseOverdueWarnings`. Both tell the row's person in charge and sharers in the
 * notification centre, inside the same transaction (forecasts are shown apart and tell nobody).
 */

export interface ToRaise {
  facts: WarningRowFacts;
  kind: QualityWarningKind;
  warningValue: string | null;
  monitoredValue: string | null;
  source?: string;
  forecast?: unknown;
}

async function insertRaised(tx: Db, list: ToRaise[], now: Date): Promise<WarningRecord[]> {
  if (!list.length) return [];
  const made = await insertWarnings(
    tx,
    list.map((r) => ({
      rowId: r.facts.id,
      objectTaskId: r.facts.objectTaskId,
      taskId: r.facts.taskId,
      rowName: r.facts.name,
      objectName: r.facts.objectName,
      taskName: r.facts.taskName,
      zlx: r.facts.zlx,
      kind: r.kind,
      source: r.source ?? 'local',
      warningValue: r.warningValue,
      monitoredValue: r.monitoredValue,
      forecast: r.forecast ?? null,
      raisedAt: now,
    })),
  );
  // A real warning opens the row's improvement case (one open case per row).
  const byRow = new Map(list.map((r) => [r.facts.id, r.facts]));
  await insertCases(
    tx,
    made
      .filter((w) => w.kind !== 'forecast')
      .map((w) => {
        const f = byRow.get(w.rowId)!;
        return {
          rowId: w.rowId,
          warningId: w.id,
          objectTaskId: f.objectTaskId,
          taskId: f.taskId,
          rowName: f.name,
          objectName: f.objectName,
          taskName: f.taskName,
          openedAt: now,
        };
      }),
  );
  return made;
}

/** Raises process, forecast and remote warnings (skipping a row's kind already open); answers those raised. */
export async function raiseQualityWarnings(tx: Db, list: ToRaise[], now: Date): Promise<WarningRecord[]> {
  const made = await insertRaised(tx, list, now);
  await tell(tx, list, made, 'qualityWarning', now);
  return made;
}

/** Raises 逾期预警 (overdue) warnings; answers those raised. */
export async function raiseOverdueWarnings(tx: Db, list: ToRaise[], now: Date): Promise<WarningRecord[]> {
  const made = await insertRaised(
    tx,
    list.map((r) => ({ ...r, kind: 'expired' as const })),
    now,
  );
  await tell(tx, list, made, 'caseOverdue', now);
  return made;
}

/** The row's person in charge and sharers hear of each real warning raised, once per warning. */
async function tell(
  tx: Db,
  list: ToRaise[],
  made: WarningRecord[],
  kind: 'qualityWarning' | 'caseOverdue',
  now: Date,
): Promise<void> {
  const byRow = new Map(list.map((r) => [r.facts.id, r.facts]));
  const title = kind === 'qualityWarning' ? N.qualityWarningTitle : N.caseOverdueTitle;
  await notify(
    tx,
    made
      .filter((w) => w.kind !== 'forecast' && byRow.has(w.rowId))
      .map((w) => {
        const f = byRow.get(w.rowId)!;
        return {
          userIds: [f.chargerId, ...f.sharerIds],
          kind,
          title: title(f.taskName, f.objectName, f.name),
          body: N.qualityWarningBody(w.monitoredValue, w.warningValue),
          link: NOTIFICATION_LINKS[kind],
          entity: { type: 'qualityWarning', id: w.id },
          dedupeKey: `qualityWarning:${w.id}`,
          at: now,
        };
      }),
  );
}
