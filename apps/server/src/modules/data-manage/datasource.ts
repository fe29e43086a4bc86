import { DATASOURCE_MSG } from '@zg/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { secretBoxOf } from '../../platform/secret-box';
import {
  DataSourceConnectError,
  openReadOnly,
  type ReadOnlyConnection,
  TEST_TIMEOUTS,
  type Timeouts,
} from './datasource.connect';
import { findDataSource, shareDataSource } from './datasource.repository';
import { targetOf } from './datasource.service';

export { DataSourceConnectError, type ReadOnlyConnection, type Timeouts };

/**
 * Opens a read-only connection to a saved data source (for the algorithms): within 4.5 s by default, like the
 * connection test, each query within `timeouts.queryMs` (4.5 s by default: pass a longer one for heavy queries), every
 * statement inside a read-only transaction rolled back after it, the search_path set to the source's schema.
 * Throws DataSourceConnectError (the reason in Chinese) when the source is gone, its password cannot be opened or
 * the connection fails; the caller closes the connection.
 */
export async function openDataSource(
  db: Db,
  config: Pick<Config, 'ENCRYPTION_KEY' | 'DATA_DIR'>,
  id: number,
  timeouts: Partial<Timeouts> = {},
): Promise<ReadOnlyConnection> {
  const row = await findDataSource(db, id);
  if (!row) throw new DataSourceConnectError(DATASOURCE_MSG.notFound);
  let target: ReturnType<typeof targetOf>;
  try {
    target = targetOf(secretBoxOf(config), row);
  } catch {
    throw new DataSourceConnectError(DATASOURCE_MSG.reason.keyMismatch);
  }
  return openReadOnly(target, { ...TEST_TIMEOUTS, ...timeouts });
}

/** What the algorithms need to know of a data source before they run on it: its name and its configured schema. */
export interface DataSourceInfo {
  id: number;
  name: string;
  schema: string | null;
}

/**
 * A saved data source's name and schema, or null when there is none; `lock` takes its row FOR SHARE inside the
 * caller's transaction, so a delete (which locks it FOR UPDATE and asks the registered users) waits for it.
 */
export async function dataSourceInfo(
  db: Db,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<DataSourceInfo | null> {
  const row = opts.lock ? await shareDataSource(db, id) : await findDataSource(db, id);
  return row ? { id: row.id, name: row.name, schema: row.schema } : null;
}
