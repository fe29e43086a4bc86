import type { QualityWarningKind } from '@zg/contract';
import type { Db } from '../../db/client';
import type { WarningRowFacts } from '../diagnosis';
import { insertCases, insertWarnings, type WarningRecord } from './quality-warning.repository';

/**
 * Where quality warnings are raised: every warning (process, expired, forecast, remote) goes through
 * `raiseQualityWarnings`, and the overdue ones (逾期预警: a warning left undisposed past its cycle, a target not
 * reached when the cycle ended) through `raiseOverdueWarnings`. The notification centre is wired here: one line
 * after the insert in each (`notify(...)` of the warnings answered).
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
  // notification centre (issue 32 item 6): notify the people of `made` here.
  return made;
}

/** Raises 逾期预警 (overdue) warnings; answers those raised. */
export async function raiseOverdueWarnings(tx: Db, list: ToRaise[], now: Date): Promise<WarningRecord[]> {
  const made = await insertRaised(
    tx,
    list.map((r) => ({ ...r, kind: 'expired' as const })),
    now,
  );
  // notification centre (issue 32 item 6): notify the people of the overdue cases of `made` here.
  return made;
}
