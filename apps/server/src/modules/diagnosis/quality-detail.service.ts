import { type QualityDetail, QUALITY_VIEW_MSG as V } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { type AlgorithmRunner, resolveCalRule } from '../algorithm';
import { rowSeenBy } from './quality-row.service';

/**
 * 明细数据 of a row (issue 31 item 3, spec-2 §2.8): the rows its node's 详情算法 (a detail algorithm's VERSION id,
 * copied into the row when the task published the standard) returns for the row's object (:objectId, the object code)
 * and the task's year (:year), run through the shared runner as the computation runs the 计算规则: stored as a lineage
 * run and cached, so the next page is read from the cache. Whoever may see the row reads it (404 otherwise). A row
 * whose node names no detail algorithm answers the empty state 未配置详情算法; a failing or timed-out run is refused
 * with the runner's message.
 */
export async function rowDetailData(
  db: Db,
  runner: AlgorithmRunner,
  actor: Actor,
  q: { id: number; current: number; size: number },
): Promise<QualityDetail> {
  const { row, object: o } = await rowSeenBy(db, actor, q.id);
  return detailOfRow(db, runner, actor, row, o, q);
}

/** 明细数据 of a row whose reader is already checked (指标分析 checks its own authority). */
export async function detailOfRow(
  db: Db,
  runner: AlgorithmRunner,
  actor: Actor,
  row: { detailRule: number | null },
  o: { object: { objectCode: string }; task: { year: number } },
  q: { current: number; size: number },
): Promise<QualityDetail> {
  const empty = { columns: [], records: [], total: 0, current: q.current, pages: 0, size: q.size, truncated: false };
  if (row.detailRule === null)
    return { configured: false, algorithm: null, message: V.noDetailRule, runId: null, ...empty };
  const rule = await resolveCalRule(db, row.detailRule);
  if (!rule) throw badRequest(V.detailRuleGone);
  const result = await runner.computeOne(
    { id: rule.versionId, sql: rule.sql, dataSourceId: rule.dataSourceId, kind: 'detail' },
    { objectId: o.object.objectCode, year: o.task.year },
    actor.userId,
  );
  const total = result.rows.length;
  const from = (q.current - 1) * q.size;
  return {
    configured: true,
    algorithm: `${rule.name}/V${rule.number}`,
    message: result.truncated ? (result.note ?? null) : null,
    columns: result.columns,
    records: result.rows.slice(from, from + q.size),
    total,
    current: q.current,
    pages: Math.ceil(total / q.size),
    size: q.size,
    truncated: result.truncated,
    runId: result.runId,
  };
}
