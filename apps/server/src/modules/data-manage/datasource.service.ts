import {
  type DataSource,
  type DataSourceInput,
  type DataSourceTest,
  type DataSourceTestResult,
  declaredSchemas,
  formatDateTime,
  DATASOURCE_MSG as M,
} from '@zg/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { type SecretBox, SecretBoxError } from '../../platform/secret-box';
import { keepsWarehouse } from './data-manage.policy';
import { type Target, TEST_TIMEOUTS, testConnection } from './datasource.connect';
import { checkDestination, HostUnresolved } from './datasource.destination';
import {
  type DataSourceRow,
  dataSourceNamed,
  deleteDataSources,
  findDataSource,
  insertDataSource,
  lockDataSource,
  lockDataSources,
  pageDataSources,
  updateDataSource,
} from './datasource.repository';
import { DestinationRefused } from './datasource.rules';
import { whyDataSourceIsUsed } from './warehouse-events';

/** What the data sources need of the configuration: where a source may point. */
export type DataSourceConfig = Pick<Config, 'DATASOURCE_ALLOWED_HOSTS'>;

/** A data source as answered: never the password, only whether one is stored. */
export function presentDataSource(r: DataSourceRow): DataSource {
  return {
    id: r.id,
    name: r.name,
    kind: 'postgresql',
    host: r.host,
    port: r.port,
    database: r.database,
    user: r.username,
    schema: r.schemas[0] ?? null,
    schemas: r.schemas,
    note: r.note,
    hasPassword: r.passwordSecret !== null,
    createdAt: formatDateTime(r.createdAt),
    updatedAt: formatDateTime(r.updatedAt),
  };
}

/** Data sources are kept by administrators and the data office (the warehouse's keepers). */
const mustKeep = (actor: Actor) => {
  if (!keepsWarehouse(actor)) throw forbidden();
};

/** The audit never records a password, only whether one was stored, used or changed. */
const audit = (db: Db, actor: Actor, action: string, id: number | string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'dataSource', entityId: String(id), detail });

/** Where a connection goes: what a stored password was saved for. */
interface Place {
  host: string;
  port: number;
  database: string;
  user: string;
}
const placeOfRow = (r: DataSourceRow): Place => ({
  host: r.host,
  port: r.port,
  database: r.database,
  user: r.username,
});
const placeOfForm = (v: { host: string; port: number; database: string; user: string }): Place => ({
  host: v.host,
  port: v.port,
  database: v.database,
  user: v.user,
});
/** Whether two places are the same connection (a host name is not case-sensitive). */
const samePlace = (a: Place, b: Place) =>
  a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port && a.database === b.database && a.user === b.user;

const columns = (input: DataSourceInput) => ({
  name: input.name,
  kind: input.kind,
  host: input.host,
  port: input.port,
  database: input.database,
  username: input.user,
  schemas: declaredSchemas(input),
  note: input.note,
});

/** Runs a write, answering a name another data source took meanwhile with 409 (the unique index decides). */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.nameTaken(name));
    throw err;
  }
}

/** A change refused for where it points or for its password: audited, then answered 400 with the reason. */
class ChangeRefused extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/** Saving a source: refused (400) when it points where no source may (checked again at every connection). */
async function mayPointAt(db: Db, config: DataSourceConfig, place: Place) {
  try {
    await checkDestination(db, config, place, { resolve: false });
  } catch (err) {
    if (err instanceof DestinationRefused) throw new ChangeRefused(err.reason);
    throw err;
  }
}

/** Writes a change, auditing a refusal of it (who, which source, where it would have pointed, why). */
async function audited<T>(
  db: Db,
  actor: Actor,
  action: string,
  id: number | string,
  place: Place,
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (err) {
    if (err instanceof ChangeRefused)
      await audit(db, actor, action, id, { target: place, outcome: 'refused', message: err.message });
    throw err;
  }
}

export async function dataSourcePage(db: Db, q: { current: number; size: number; name?: string }) {
  const { records, total } = await pageDataSources(db, q);
  return { records: records.map(presentDataSource), total };
}

export async function createDataSource(
  db: Db,
  box: SecretBox,
  config: DataSourceConfig,
  actor: Actor,
  input: DataSourceInput,
) {
  mustKeep(actor);
  if (await dataSourceNamed(db, input.name)) throw conflict(M.nameTaken(input.name));
  const place = placeOfForm(input);
  return audited(db, actor, 'dataSource.create', 'new', place, async () => {
    await mayPointAt(db, config, place);
    return uniqueName(input.name, () =>
      db.transaction(async (tx) => {
        const row = await insertDataSource(tx, {
          ...columns(input),
          passwordSecret: input.password === null ? null : box.seal(input.password),
          createdBy: actor.userId,
        });
        await audit(tx, actor, 'dataSource.create', row.id, {
          name: row.name,
          target: place,
          schemas: row.schemas,
          hasPassword: row.passwordSecret !== null,
          outcome: 'saved',
        });
        return presentDataSource(row);
      }),
    );
  });
}

/**
 * Changes a data source. Without a password the stored one is kept, but only for the host, port, database and user it
 * was saved with: changing any of them without typing the password again is refused, so a stored password never goes
 * anywhere else.
 */
export async function editDataSource(
  db: Db,
  box: SecretBox,
  config: DataSourceConfig,
  actor: Actor,
  id: number,
  input: DataSourceInput,
) {
  mustKeep(actor);
  const other = await dataSourceNamed(db, input.name);
  if (other !== null && other !== id) throw conflict(M.nameTaken(input.name));
  const place = placeOfForm(input);
  return audited(db, actor, 'dataSource.update', id, place, async () => {
    await mayPointAt(db, config, place);
    return uniqueName(input.name, () =>
      db.transaction(async (tx) => {
        const before = await lockDataSource(tx, id);
        if (!before) throw notFound(M.notFound);
        const moved = !samePlace(placeOfRow(before), place);
        if (moved && before.passwordSecret !== null && input.password === null)
          throw new ChangeRefused(M.passwordForNewTarget);
        const row = await updateDataSource(tx, id, {
          ...columns(input),
          ...(input.password === null ? {} : { passwordSecret: box.seal(input.password) }),
        });
        if (!row) throw notFound(M.notFound);
        await audit(tx, actor, 'dataSource.update', id, {
          name: row.name,
          before: placeOfRow(before),
          target: place,
          schemas: { before: before.schemas, after: row.schemas },
          passwordChanged: input.password !== null,
          outcome: 'saved',
        });
        return presentDataSource(row);
      }),
    );
  });
}

/** Deletes data sources, all or none: an unknown id refuses the whole request. */
export async function removeDataSources(db: Db, hooks: Hooks, actor: Actor, ids: number[]) {
  mustKeep(actor);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await lockDataSources(tx, unique);
    if (rows.length !== unique.length) throw notFound(M.notFound);
    // The modules above (the algorithms) keep a source their current versions run on.
    for (const r of rows) {
      const used = await whyDataSourceIsUsed(tx, hooks, r.id);
      if (used) throw conflict(M.inUse(r.name, used));
    }
    const n = await deleteDataSources(tx, unique);
    await audit(tx, actor, 'dataSource.delete', unique.join(',').slice(0, 64), {
      names: rows.map((r) => r.name),
      targets: rows.map((r) => ({ host: r.host, port: r.port, database: r.database, user: r.username })),
      outcome: 'deleted',
    });
    return n;
  });
}

/** Where a saved data source is, its password opened (null when it has none). */
export function targetOf(box: SecretBox, row: DataSourceRow): Target {
  return {
    ...placeOfRow(row),
    password: row.passwordSecret === null ? null : box.open(row.passwordSecret),
    schemas: row.schemas,
  };
}

const failed = (reason: string, elapsedMs = 0): DataSourceTestResult => ({
  success: false,
  message: M.testFailed(reason),
  version: null,
  elapsedMs,
  schemas: null,
});

/**
 * 测试连接: a saved data source (`id` alone: its saved settings only), or a form before it is saved. A form with the
 * `id` of a saved source and no password is tested with the stored password only when it names the saved host, port,
 * database and user; a form pointing elsewhere must bring its own password. Answers the outcome (never throws for
 * what the other side does; a place no source may point to is a failed test that never connects); an unknown id is
 * 404. Every test is written to the audit log: who, which source, the target and the outcome.
 */
export async function testDataSource(
  db: Db,
  box: SecretBox,
  config: DataSourceConfig,
  actor: Actor,
  input: DataSourceTest,
): Promise<DataSourceTestResult> {
  mustKeep(actor);
  const saved = input.id === undefined ? null : await findDataSource(db, input.id);
  if (input.id !== undefined && !saved) throw notFound(M.notFound);
  const form = input.host !== undefined;
  const place: Place = form
    ? { host: input.host!, port: input.port ?? 5432, database: input.database!, user: input.user! }
    : placeOfRow(saved!);
  const schemas = form ? declaredSchemas(input) : saved!.schemas;
  // The stored password is used only where it was saved for: the saved source itself, or a form naming the same place.
  const useStored = saved !== null && (!form || (input.password === null && samePlace(placeOfRow(saved), place)));
  const started = performance.now();
  const result = await (async (): Promise<DataSourceTestResult> => {
    if (form && saved && input.password === null && !useStored && saved.passwordSecret !== null)
      return failed(M.passwordForNewTarget);
    let password: string | null = form ? input.password : null;
    if (useStored) {
      try {
        password = saved.passwordSecret ? box.open(saved.passwordSecret) : null;
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        return failed(M.reason.keyMismatch);
      }
    }
    let destination: Awaited<ReturnType<typeof checkDestination>>;
    try {
      destination = await checkDestination(db, config, place, { resolve: true });
    } catch (err) {
      if (err instanceof DestinationRefused) return failed(err.reason);
      if (err instanceof HostUnresolved) return failed(M.reason.unresolved, Math.round(performance.now() - started));
      throw err;
    }
    // The connection's deadline shrinks by the time the name took to resolve: the answer still comes within 5 s.
    const spent = Math.round(performance.now() - started);
    const budget = Math.max(500, TEST_TIMEOUTS.connectMs - spent);
    const outcome = await testConnection(
      { ...place, password, schemas, address: destination.address, guard: destination.guard },
      { connectMs: budget, queryMs: budget },
    );
    return { ...outcome, elapsedMs: outcome.elapsedMs + spent };
  })();
  await audit(db, actor, 'dataSource.test', saved?.id ?? 'form', {
    name: saved?.name ?? input.name ?? null,
    target: place,
    schemas,
    storedPassword: useStored && saved?.passwordSecret !== null,
    outcome: result.success ? 'success' : 'failure',
    message: result.message,
  });
  return result;
}
