import {
  CASE_STEP_NAMES,
  CASE_STEPS,
  formatDateTime,
  type ImprovementCase,
  QUALITY_WARNING_KIND_NAMES,
  type QualityWarningKind,
  type WarnFlow,
} from '@zg/contract';
import type { CaseRecord, WarningRecord } from './quality-warning.repository';
import { daysBetween } from './quality-warning.rules';

const at = (d: Date | null) => (d ? formatDateTime(d) : null);

/** A warning record as the warning flow (spec-2 §3). */
export function presentFlow(w: WarningRecord, handler: string | null): WarnFlow {
  const kind = w.kind as QualityWarningKind;
  return {
    id: w.id,
    zkdid: w.rowId,
    yjlx: kind,
    yjlxmc: QUALITY_WARNING_KIND_NAMES[kind],
    ly: w.source === 'local' ? '本平台' : w.source,
    yjsj: formatDateTime(w.raisedAt),
    yjz: w.warningValue,
    jgz: w.monitoredValue,
    zlx: w.zlx,
    clsj: at(w.disposedAt),
    clcs: w.measures,
    yyfx: w.cause,
    clr: w.disposedBy ? { id: w.disposedBy, name: handler ?? w.disposedBy } : null,
    gbsj: at(w.closedAt),
    zt: w.closedAt ? 'closed' : 'open',
  };
}

export const stepOf = (i: number) => CASE_STEPS[Math.min(Math.max(i, 0), CASE_STEPS.length - 1)]!;

/** A case (without its steps) as the lists show it. */
export function presentCase(c: CaseRecord, now: Date, canAct: boolean): Omit<ImprovementCase, 'steps'> {
  const step = stepOf(c.step);
  return {
    id: c.id,
    zkdid: c.rowId,
    zkdmc: c.rowName,
    rwid: c.taskId,
    rwmc: c.taskName,
    dxrwid: c.objectTaskId,
    gzdxmc: c.objectName,
    step,
    stepName: CASE_STEP_NAMES[step],
    zt: c.closedAt ? 'closed' : 'open',
    kssj: formatDateTime(c.openedAt),
    gbsj: at(c.closedAt),
    days: daysBetween(c.openedAt, c.closedAt ?? now),
    canAct: canAct && !c.closedAt,
  };
}
