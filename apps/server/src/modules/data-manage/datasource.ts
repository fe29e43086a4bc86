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
import { findDataSource } from './datasource.repository';
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
