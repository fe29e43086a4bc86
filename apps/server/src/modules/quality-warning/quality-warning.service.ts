import {
  CASE_STEP_NAMES,
  CASE_STEPS,
  type CaseStep,
  FORECAST_POINTS_MAX,
  formatDateTime,
  type ImprovementCase,
  QUALITY_WARNING_MSG as M,
  QUALITY_WARNING_KIND_NAMES,
  type QualityWarningKind,
  type WarnGridQuery,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { degreesOf, gradeOfValue, recentSampleValues, rowSampleValues, warningRowSeenBy } from '../diagnosis';
import { forecastOf } from './quality-warning.evaluate';
import { presentCase, presentFlow, stepOf } from './quality-warning.presenter';
import { casePage, type GridFilter, gridPage, warningCounts } from './quality-warning.query';
import * as repo from './quality-warning.repository';
import { warningValueText } from './quality-warning.rules';

/** 质量预警 reads and writes: the record table, a row's warnings, disposal, counts, trend, forecast, cases. */

/** A row the actor may see (404 otherwise, as a missing one). */
async function rowOf(db: Db, actor: Actor, rowId: number) {
  try {
    return await warningRowSeenBy(db, actor, rowId);
  } catch {
    throw notFound(M.rowNotFound);
  }
}

export async function warnGrid(db: Db, actor: Actor, q: WarnGridQuery) {
  const { pageNum, pageSize, ...f } = q;
  const { rows, total } = await gridPage(db, actor, f, { offset: (pageNum - 1) * pageSize, limit: pageSize });
  return { list: rows.map(presentGridLine), total, pageNum, pageSize };
}

export function presentGridLine(r: Awaited<ReturnType<typeof gridPage>>['rows'][number]) {
  return {
    id: r.row_id,
    zkdmc: r.row_name,
    rwid: r.task_id,
    rwmc: r.task_name,
    dxrwid: r.object_task_id,
    gzdxmc: r.object_name,
    yjz: r.warning_value,
    zlx: r.zlx,
    yjlx: r.kind as QualityWarningKind,
    yjsj: formatDateTime(new Date(r.raised_at)),
    yyfx: r.cause,
    clcs: r.measures,
    allNum: r.all_num,
    disposeNum: r.dispose_num,
    openNum: r.open_num,
    clrmc: r.handler,
  };
}

/** Every line of the record table under the filters (the export; at most 20 000). */
export async function warnGridAll(db: Db, actor: Actor, f: GridFilter) {
  const { rows } = await gridPage(db, actor, f, { offset: 0, limit: 20_000 });
  return rows.map(presentGridLine);
}

export const warnCounts = (db: Db, actor: Actor, f: { rwid?: number; dxrwid?: number }) => warningCounts(db, actor, f);

/** A row's warnings (warningFlowVos): the real ones, and the forecasts apart. */
export async function warnList(db: Db, actor: Actor, rowId: number) {
  const { editor } = await rowOf(db, actor, rowId);
  const flows = (await repo.warningsOfRow(db, rowId)).map(({ w, handler }) => presentFlow(w, handler));
  return {
    list: flows.filter((f) => f.yjlx !== 'forecast'),
    forecasts: flows.filter((f) => f.yjlx === 'forecast'),
    isedit: editor,
  };
}

/** rest/warningflow/dispose: the person in charge or a sharer writes the cause analysis and the measures. */
export async function dispose(db: Db, actor: Actor, clock: Clock, input: { id: number; yyfx: string; clcs: string }) {
  return db.transaction(async (tx) => {
    const w = await repo.findWarning(tx, input.id, true);
    if (!w) throw notFound(M.warningNotFound);
    let editor: boolean;
    try {
      editor = (await warningRowSeenBy(tx, actor, w.rowId)).editor;
    } catch {
      throw notFound(M.warningNotFound);
    }
    if (!editor) throw forbidden(M.notEditor);
    if (w.kind === 'forecast') throw badRequest(M.forecastNoDispose);
    const done = await repo.updateWarning(tx, w.id, {
      cause: input.yyfx,
      measures: input.clcs,
      disposedBy: actor.userId,
      disposedAt: clock.now(),
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'qualityWarning.dispose',
      entityType: 'qualityWarning',
      entityId: String(w.id),
      detail: { rowId: w.rowId },
    });
    return presentFlow(done, actor.userName);
  });
}

/** The trend of a row over the last `days` days: values (or degrees) and the warnings raised. */
export async function trend(db: Db, actor: Actor, clock: Clock, q: { zkdid: number; days: number }) {
  const { facts } = await rowOf(db, actor, q.zkdid);
  const from = new Date(clock.now().getTime() - q.days * 86_400_000);
  const samples = await rowSampleValues(db, facts.id, { from });
  const rule = facts.warningRule;
  const levelMode = rule?.mode === 'level';
  const levelTyped = facts.zlx === 'levels';
  const warnings = (await repo.warningsOfRow(db, facts.id))
    .filter(({ w }) => w.raisedAt >= from)
    .map(({ w }) => ({ sj: formatDateTime(w.raisedAt), yjlx: w.kind as QualityWarningKind }));
  return {
    mode: rule?.mode ?? null,
    yjz: rule ? warningValueText(rule) : null,
    degrees: levelMode ? (levelTyped ? degreesOf(facts) : ['A', 'B', 'C', 'D']) : [],
    points: samples.map((s) => ({
      sj: formatDateTime(s.at),
      value: s.value,
      degree: levelMode ? (levelTyped ? s.value : gradeOfValue(facts, s.value)) : null,
    })),
    warnings,
    days: q.days,
  };
}

export async function forecast(db: Db, actor: Actor, clock: Clock, rowId: number) {
  const { facts } = await rowOf(db, actor, rowId);
  const samples = (await recentSampleValues(db, [facts.id], FORECAST_POINTS_MAX)).get(facts.id) ?? [];
  return forecastOf(facts, samples, clock.today());
}

// ---- cases ----

async function presentFull(db: Db, c: repo.CaseRecord, now: Date, canAct: boolean): Promise<ImprovementCase> {
  const steps = (await repo.stepsOf(db, c.id)).map(({ s, actorName }) => {
    const step = stepOf(s.step);
    return {
      step,
      name: CASE_STEP_NAMES[step],
      czr: s.actorId ? { id: s.actorId, name: actorName ?? s.actorId } : null,
      sj: formatDateTime(s.at),
      note: s.note,
    };
  });
  return { ...presentCase(c, now, canAct), steps };
}

export async function caseOfRow(db: Db, actor: Actor, clock: Clock, rowId: number) {
  const { editor } = await rowOf(db, actor, rowId);
  const c = await repo.caseOfRow(db, rowId);
  return c ? presentFull(db, c, clock.now(), editor) : null;
}

/** Moves a case to a later step of the spiral (the person in charge or a sharer), recorded with who and when. */
export async function stepCase(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { id: number; step: CaseStep; note?: string },
) {
  return db.transaction(async (tx) => {
    const c = await repo.findCase(tx, input.id, true);
    if (!c) throw notFound(M.caseNotFound);
    let editor: boolean;
    try {
      editor = (await warningRowSeenBy(tx, actor, c.rowId)).editor;
    } catch {
      throw notFound(M.caseNotFound);
    }
    if (!editor) throw forbidden(M.notEditor);
    if (c.closedAt) throw conflict(M.caseClosed);
    const to = CASE_STEPS.indexOf(input.step);
    if (to <= c.step) throw badRequest(M.caseStepBack(CASE_STEP_NAMES[stepOf(c.step)]));
    const now = clock.now();
    await repo.stepCase(tx, c.id, to, actor.userId, input.note?.trim() || null, now);
    return presentFull(tx, { ...c, step: to }, now, true);
  });
}

export async function caseList(
  db: Db,
  actor: Actor,
  clock: Clock,
  q: { zt?: 'open' | 'closed'; rwid?: number; pageNum: number; pageSize: number },
) {
  const now = clock.now();
  const r = await casePage(db, actor, q, { offset: (q.pageNum - 1) * q.pageSize, limit: q.pageSize }, now);
  return {
    list: r.list.map((c) => presentCase(c, now, false)),
    total: r.total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    openNum: r.open,
    closedNum: r.closed,
    avgOpenDays: r.avgOpenDays,
  };
}

export const kindName = (k: QualityWarningKind) => QUALITY_WARNING_KIND_NAMES[k];
