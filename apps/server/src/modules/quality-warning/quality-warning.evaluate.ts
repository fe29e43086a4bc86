import {
  FORECAST_POINTS_MAX,
  FORECAST_POINTS_MIN,
  type Forecast,
  formatDateTime,
  HOLT_PARAMETERS,
  QUALITY_WARNING_MSG as M,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { recentSampleValues, type WarningRowFacts, warningRowFacts } from '../diagnosis';
import { type EvaluatorResult, lastSlot, lockWarningEvaluation } from '../warning';
import { raiseOverdueWarnings, raiseQualityWarnings, type ToRaise } from './quality-warning.raise';
import {
  closeCases,
  closeWarningsOfRows,
  cycleSlots,
  openCasesOf,
  openWarningsOf,
  saveCycleSlots,
  type WarningRecord,
} from './quality-warning.repository';
import { breaches, cycleEnd, cycleSchedule, holt, round2, stepsToEnd, warningValueText } from './quality-warning.rules';

/**
 * The evaluation of quality warnings. After a computation (ROW_COMPUTED, `evaluateComputedRows`): a breach opens a
 * process warning (one open per row), a value meeting the rule closes the row's warnings and its case, and the
 * forecast's early warning is raised or closed. On the rule's cycle (`evaluateCycles`, by the hourly warning job):
 * a breach with no open warning is raised, and 逾期预警 for a warning left undisposed past its cycle or a target not
 * reached when the cycle ended. Each runs in one transaction under the warning evaluation's advisory lock, so two
 * workers or instances take turns and each warning is raised once.
 */

const byRowKind = (open: WarningRecord[]) => {
  const m = new Map<number, Map<string, WarningRecord>>();
  for (const w of open) {
    const k = m.get(w.rowId) ?? new Map<string, WarningRecord>();
    k.set(w.kind, w);
    m.set(w.rowId, k);
  }
  return m;
};

/** The forecast of a row at its cycle's end from its last sampling records (Holt's linear method). */
export function forecastOf(f: WarningRowFacts, samples: { at: Date; value: string | null }[], today: string): Forecast {
  const { alpha, beta } = HOLT_PARAMETERS;
  const method = `Holt 线性趋势法（α=${alpha}，β=${beta}）`;
  const rule = f.warningRule;
  const base = { method, alpha, beta, projected: null, breach: false };
  // Only numbers are projected: a grade, or a yes/no (有/无, 是/否) point, has no trend to extend.
  if (rule?.mode !== 'value' || f.zlx === 'levels' || f.zlx === 'have' || f.zlx === 'whether') {
    return { ...base, points: [], cycleEnd: null, message: M.forecastNotNumeric };
  }
  const points = samples
    .filter((s) => s.value !== null && Number.isFinite(Number(s.value)))
    .slice(-FORECAST_POINTS_MAX)
    .map((s) => ({ at: s.at, value: Number(s.value) }));
  const end = cycleEnd(rule.cycle, today, f.taskEnd);
  const shown = points.map((p) => ({ sj: formatDateTime(p.at), value: p.value }));
  if (points.length < FORECAST_POINTS_MIN)
    return { ...base, points: shown, cycleEnd: end, message: M.forecastFewPoints(FORECAST_POINTS_MIN) };
  const h = stepsToEnd(
    points.map((p) => p.at),
    end,
  );
  const projected = round2(
    holt(
      points.map((p) => p.value),
      alpha,
      beta,
      h,
    ).projected,
  );
  const breach = breaches(rule, { value: String(projected), grade: null }) === true;
  return { ...base, points: shown, projected, cycleEnd: end, breach, message: null };
}

/** Evaluates rows just computed (their transaction committed): raise, close, forecast. */
export async function evaluateComputedRows(db: Db, clock: Clock, rowIds: readonly number[]): Promise<EvaluatorResult> {
  if (!rowIds.length) return { raised: 0, closed: 0 };
  return db.transaction(async (tx) => {
    await lockWarningEvaluation(tx);
    const now = clock.now();
    const today = clock.today();
    const facts = await warningRowFacts(tx, { rowIds, withRule: true });
    const open = byRowKind(
      await openWarningsOf(
        tx,
        facts.map((f) => f.id),
      ),
    );
    const withCase = new Set(
      (
        await openCasesOf(
          tx,
          facts.map((f) => f.id),
        )
      ).map((c) => c.rowId),
    );
    const samples = await recentSampleValues(
      tx,
      facts.filter((f) => f.warningRule?.mode === 'value').map((f) => f.id),
      FORECAST_POINTS_MAX,
    );
    const raise: ToRaise[] = [];
    const closing: { rowId: number; kinds: string[]; value: string | null }[] = [];
    const closingCases: { rowId: number; value: string | null }[] = [];
    for (const f of facts) {
      const rule = f.warningRule!;
      const b = breaches(rule, f);
      if (b === null) continue;
      const mine = open.get(f.id);
      if (b) {
        if (!mine?.has('process'))
          raise.push({ facts: f, kind: 'process', warningValue: warningValueText(rule), monitoredValue: f.value });
        if (mine?.has('forecast')) closing.push({ rowId: f.id, kinds: ['forecast'], value: f.value });
        continue;
      }
      // The computation meets the rule: the row's warnings and its case close.
      if (mine?.size) closing.push({ rowId: f.id, kinds: ['process', 'expired'], value: f.value });
      if (withCase.has(f.id)) closingCases.push({ rowId: f.id, value: f.value });
      // Too few sampling records project nothing (forecastOf would say so): only rows with enough are projected.
      const sampled = samples.get(f.id) ?? [];
      const fc = sampled.length >= FORECAST_POINTS_MIN ? forecastOf(f, sampled, today) : null;
      if (fc?.breach && !mine?.has('forecast'))
        raise.push({
          facts: f,
          kind: 'forecast',
          warningValue: warningValueText(rule),
          monitoredValue: String(fc.projected),
          forecast: fc,
        });
      if (!fc?.breach && mine?.has('forecast')) closing.push({ rowId: f.id, kinds: ['forecast'], value: f.value });
    }
    const raised = await raiseQualityWarnings(tx, raise, now);
    const closed = await closeWarningsOfRows(tx, closing, now);
    await closeCases(tx, closingCases, now);
    return { raised: raised.length, closed };
  });
}

/**
 * The hourly job's part: every row with a rule of a cycle (not 无) of a task under way, once per slot of its cycle
 * (the warning module's schedule rules). Raises a breach not yet raised, and 逾期预警.
 */
export async function evaluateCycles(db: Db, clock: Clock): Promise<EvaluatorResult> {
  return db.transaction(async (tx) => {
    await lockWarningEvaluation(tx);
    const now = clock.now();
    const moment = { today: clock.today(), hour: now.getHours() };
    const facts = await warningRowFacts(tx, { taskStates: ['normal'], withRule: true });
    const seen = await cycleSlots(tx);
    const due: { f: WarningRowFacts; slot: string }[] = [];
    for (const f of facts) {
      const schedule = cycleSchedule(f.warningRule!.cycle);
      if (!schedule || f.taskStart > moment.today) continue;
      const slot = lastSlot(schedule, moment);
      if (!slot || slot.today < f.taskStart || seen.get(f.id) === slot.today) continue;
      due.push({ f, slot: slot.today });
    }
    const open = byRowKind(
      await openWarningsOf(
        tx,
        due.map((d) => d.f.id),
      ),
    );
    const raise: ToRaise[] = [];
    const overdue: ToRaise[] = [];
    for (const { f, slot } of due) {
      const rule = f.warningRule!;
      const mine = open.get(f.id);
      const b = breaches(rule, f);
      const value = warningValueText(rule);
      if (b === true && !mine?.has('process'))
        raise.push({ facts: f, kind: 'process', warningValue: value, monitoredValue: f.value });
      if (mine?.has('expired')) continue;
      const process = mine?.get('process');
      const leftUndisposed =
        process !== undefined && process.disposedAt === null && process.raisedAt < new Date(`${slot}T00:00:00`);
      const targetMissed = f.unfin && f.value !== null && f.computedAt !== null;
      if (leftUndisposed || targetMissed)
        overdue.push({ facts: f, kind: 'expired', warningValue: value, monitoredValue: f.value });
    }
    const raised = await raiseQualityWarnings(tx, raise, now);
    const late = await raiseOverdueWarnings(tx, overdue, now);
    await saveCycleSlots(
      tx,
      due.map((d) => ({ rowId: d.f.id, slot: d.slot })),
    );
    return { raised: raised.length + late.length, closed: 0 };
  });
}
