import { INDICATOR_MSG as I, type MoverSource } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { forbidden, notFound } from '../../platform/errors';
import type { AlgorithmRunner } from '../algorithm';
import { lineageOfRow } from './computation.service';
import { analysisObject } from './indicator-facts.query';
import { findObjectTask } from './object-task.repository';
import { detailOfRow } from './quality-detail.service';
import { findRow } from './quality-row.repository';

/**
 * 指标分析's 数据来源 of a row (issue 35 item 5): the algorithm run that computed its current value (algorithm, version,
 * SQL, parameters, tables read) and a page of the warehouse rows that contributed (the node's 详情算法 for the object
 * and the task's year), for whoever may analyse the row's object (403 otherwise; 404 for no such row).
 */
export async function analysisRowSource(
  db: Db,
  runner: AlgorithmRunner,
  actor: Actor,
  q: { id: number; current: number; size: number },
): Promise<MoverSource> {
  const row = await findRow(db, q.id);
  if (!row) throw notFound(I.rowNotSeen);
  const [o, seen] = await Promise.all([
    findObjectTask(db, row.objectTaskId),
    analysisObject(db, actor, row.objectTaskId),
  ]);
  if (!o || !seen) throw notFound(I.rowNotSeen);
  if (!seen.seen) throw forbidden(I.objectNotSeen);
  const lineage = await lineageOfRow(db, row, o);
  const detail = await detailOfRow(db, runner, actor, row, o, q);
  return {
    id: row.id,
    zkdmc: row.name,
    gzdxmc: o.object.objectName,
    value: lineage.value,
    sj: lineage.sj,
    run: lineage.run,
    detail,
  };
}
