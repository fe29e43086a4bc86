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
import { checkDestination, HostUnresolved } from './datasource.destination';
import { findDataSource, shareDataSource } from './datasource.repository';
import { DestinationRefused } from './datasource.rules';
import { targetOf } from './datasource.service';

export { DataSourceConnectError, type ReadOnlyConnection, type Timeouts };

/**
 * Opens a read-only connection to a saved data source (for the algorithms): within 4.5 s by default, like the
 * connection test, each query within `timeouts.queryMs` (4.5 s by default: pass a longer one for heavy queries), every
 * statement inside a read-only transaction rolled back after it, the search_path set to the schemas the source
 * declares. Where it points is checked first, as for a test (DATASOURCE_ALLOWED_HOSTS; never this application's own
 * database or, unless listed, its server; never a link-local or metadata address), and the connection goes to the
 * address checked. Throws DataSourceConnectError (the reason in Chinese) when the source is gone, its password cannot
 * be opened, it may not be reached there or the connection fails; the caller closes the connection.
 */
export async function openDataSource(
  db: Db,
  config: Pick<Config, 'ENCRYPTION_KEY' | 'DATA_DIR'> & Partial<Pick<Config, 'DATASOURCE_ALLOWED_HOSTS'>>,
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
  let destination: Awaited<ReturnType<typeof checkDestination>>;
  try {
    destination = await checkDestination(db, config, row, { resolve: true });
  } catch (err) {
    if (err instanceof DestinationRefused) throw new DataSourceConnectError(err.reason);
    if (err instanceof HostUnresolved) throw new DataSourceConnectError(DATASOURCE_MSG.reason.unresolved);
    throw err;
  }
  return openReadOnly(
    { ...target, address: destination.address, guard: destination.guard },
    { ...TEST_TIMEOUTS, ...timeouts },
  );
}

/**
 * What the algorithms need to know of a data source before they run on it: its name and the schemas it declares
 * (`schema` is the first of them: the one the algorithm checker lets a text name; the others are read through the
 * search_path).
 */
export interface DataSourceInfo {
  id: number;
  name: string;
  schema: string | null;
  schemas: string[];
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
  return row ? { id: row.id, name: row.name, schema: row.schemas[0] ?? null, schemas: row.schemas } : null;
}
