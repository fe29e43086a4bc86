import type { AlgorithmLineage } from '@zg/contract';
import { ALGORITHM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { dataSourceInfo } from '../data-manage';
import { presentLineage, presentRun } from './algorithm.presenter';
import { findRun, pageRuns, runsWithVersion } from './algorithm-lineage.repository';

/** Lineage (执行记录): the runs of a version or an algorithm, one run, and a run as 数据来源 for other modules. */

export async function runPage(db: Db, q: { current: number; size: number; sfid?: number; bbid?: number }) {
  const { records, total } = await pageRuns(db, {
    current: q.current,
    size: q.size,
    algorithmId: q.sfid,
    versionId: q.bbid,
  });
  return { records: records.map(presentRun), total };
}

export async function runDetail(db: Db, id: number) {
  const r = await findRun(db, id);
  if (!r) throw notFound(M.runNotFound);
  return presentRun(r);
}

/**
 * Runs as 数据来源 (issue 30 item 6), by run id, in one query (and one per data source named): the algorithm's name
 * and version, the version's SQL text, the parameters, when and by whom it ran, the tables it read. No user check:
 * the caller has checked that its reader may read the figure the run computed. A run id that names no run is absent.
 */
export async function runLineages(db: Db, runIds: number[]): Promise<Map<number, AlgorithmLineage>> {
  const rows = await runsWithVersion(db, [...new Set(runIds)]);
  const sources = new Map<number, string | null>();
  for (const id of new Set(rows.map((r) => r.run.dataSourceId).filter((x): x is number => x !== null)))
    sources.set(id, (await dataSourceInfo(db, id))?.name ?? null);
  return new Map(
    rows.map((r) => [
      r.run.id,
      presentLineage(r, r.run.dataSourceId === null ? null : (sources.get(r.run.dataSourceId) ?? null)),
    ]),
  );
}

/** One run as 数据来源, or null. */
export async function runLineage(db: Db, runId: number): Promise<AlgorithmLineage | null> {
  return (await runLineages(db, [runId])).get(runId) ?? null;
}
