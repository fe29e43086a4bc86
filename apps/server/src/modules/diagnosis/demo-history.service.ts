import { DIAGNOSIS_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { checkValue } from './diagnosis.rules';
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
