import { DIAGNOSIS_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { checkValue, gradeOf } from './diagnosis.rules';
import { objectCodesOfTask } from './object-task.repository';
import * as repo from './quality-row.repository';
import { judged, ruleOf } from './quality-row.service';

/**
 * The demo seed's sampling history of a computed row: figures sampled before the platform computed the row itself
 * (the algorithm runner cannot see the seed's transaction). Each point is a sampling record, checked as a computed
 * value is, and the last is the row's result, as a computation would leave it. The caller announces the row
 * (ROW_COMPUTED's evaluators) as a computation does.
 */
export async function recordRowHistory(db: Db, rowId: number, points: readonly { at: Date; value: string }[]) {
  const row = await repo.findRow(db, rowId);
  if (!row) throw notFound(M.rowNotInTask(rowId));
  const values = points.map((p) => {
    const c = checkValue(ruleOf(row), p.value, '结果值', { measured: true });
    if (!c.ok) throw badRequest(`${row.name}：${c.message}`);
    return { ...p, value: c.value };
  });
  const last = values.at(-1);
  if (!last) return;
  await repo.updateRow(
    db,
    row.id,
    judged(row, { jgz: last.value, computedAt: last.at, lastRunId: null, lastError: null, enteredBy: null }),
  );
  await repo.insertSamples(
    db,
    values.map((p) => ({ rowId: row.id, sampledAt: p.at, value: p.value, runId: null, actorId: null })),
  );
}

/** What the demo seed knows of a row when it gives the row its last round's value. */
export interface LastRoundRow {
  objectCode: string;
  name: string;
  zlx: string;
  bzz: string | null;
  direction: string | null;
}

/**
 * The demo seed's last round (上轮值 sljsz and its grade sldj) of a task's rows: the figures of the previous year's
 * diagnosis of the same standard, which the demo school did not run on this platform. `lastValue` gives a row's value
 * (null: none); each is checked as a computed value is and graded by the row's rule. One statement for the set.
 */
export async function recordLastRound(db: Db, taskId: number, lastValue: (row: LastRoundRow) => string | null) {
  const objects = await objectCodesOfTask(db, taskId);
  const codes = new Map(objects.map((o) => [o.id, o.code]));
  const updates: { id: number; set: { sljsz: string; sldj: string | null } }[] = [];
  for (const row of await repo.rowsOfObjects(
    db,
    objects.map((o) => o.id),
  )) {
    const raw = lastValue({ objectCode: codes.get(row.objectTaskId)!, ...row });
    if (raw === null) continue;
    const c = checkValue(ruleOf(row), raw, '上轮值', { measured: true });
    if (!c.ok) throw badRequest(`${row.name}：${c.message}`);
    updates.push({ id: row.id, set: { sljsz: c.value, sldj: gradeOf(ruleOf(row), c.value) } });
  }
  await repo.updateRowsValues(db, updates);
  return updates.length;
}
