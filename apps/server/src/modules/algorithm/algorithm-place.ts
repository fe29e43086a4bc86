import { ALGORITHM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { type DataSourceInfo, dataSourceInfo } from '../data-manage';
import { type CheckedSql, checkAlgorithmSql, WAREHOUSE_SCHEMA } from './algorithm-sql.rules';

/** Where an algorithm's text runs, and its check for that place (the runner and the services check before running). */

/**
 * Where a text runs: the warehouse (`source` null), or a data source and its configured schema (public when none),
 * the one schema the checker then allows. A source that is gone is refused before anything runs.
 */
export interface Place {
  source: DataSourceInfo | null;
  schema: string;
}
export const WAREHOUSE: Place = { source: null, schema: WAREHOUSE_SCHEMA };

export async function placeOf(db: Db, dataSourceId: number | null | undefined, opts: { lock?: boolean } = {}) {
  if (dataSourceId === null || dataSourceId === undefined) return WAREHOUSE;
  const source = await dataSourceInfo(db, dataSourceId, opts);
  if (!source) throw badRequest(M.dataSourceNotFound);
  // A source without a schema reads public, as its form says (openDataSource sets the search_path so).
  return { source, schema: source.schema ?? 'public' } satisfies Place;
}

/** Checks a text; a refusal is a 400 with the checker's Chinese message (line and column). */
export async function checkedText(source: string, where: Place = WAREHOUSE): Promise<CheckedSql> {
  const checked = await checkAlgorithmSql(source, where.schema);
  if (!checked.ok) throw badRequest(checked.message);
  return checked;
}
