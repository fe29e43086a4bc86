import {
  type DataSource,
  type DataSourceInput,
  type DataSourceTest,
  type DataSourceTestResult,
  DATASOURCE_MSG as M,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { type SecretBox, SecretBoxError } from '../../platform/secret-box';
import { keepsWarehouse } from './data-manage.policy';
import { type Target, testConnection } from './datasource.connect';
import {
  type DataSourceRow,
  dataSourceNamed,
  deleteDataSources,
  findDataSource,
  insertDataSource,
  lockDataSources,
  pageDataSources,
  updateDataSource,
} from './datasource.repository';
import { whyDataSourceIsUsed } from './warehouse-events';

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
    schema: r.schema,
    note: r.note,
    hasPassword: r.passwordSecret !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Data sources are kept by administrators and the data office (the warehouse's keepers). */
const mustKeep = (actor: Actor) => {
  if (!keepsWarehouse(actor)) throw forbidden();
};

/** The audit never records a password, only whether it changed. */
const audit = (db: Db, actor: Actor, action: string, id: number | string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'dataSource', entityId: String(id), detail });

const columns = (input: DataSourceInput) => ({
  name: input.name,
  kind: input.kind,
  host: input.host,
  port: input.port,
  database: input.database,
  username: input.user,
  schema: input.schema,
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

export async function dataSourcePage(db: Db, q: { current: number; size: number; name?: string }) {
  const { records, total } = await pageDataSources(db, q);
  return { records: records.map(presentDataSource), total };
}

export async function createDataSource(db: Db, box: SecretBox, actor: Actor, input: DataSourceInput) {
  mustKeep(actor);
  if (await dataSourceNamed(db, input.name)) throw conflict(M.nameTaken(input.name));
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      const row = await insertDataSource(tx, {
        ...columns(input),
        passwordSecret: input.password === null ? null : box.seal(input.password),
        createdBy: actor.userId,
      });
      await audit(tx, actor, 'dataSource.create', row.id, { name: row.name, host: row.host, database: row.database });
      return presentDataSource(row);
    }),
  );
}

/** Changes a data source; without a password the stored one is kept. */
export async function editDataSource(db: Db, box: SecretBox, actor: Actor, id: number, input: DataSourceInput) {
  mustKeep(actor);
  const other = await dataSourceNamed(db, input.name);
  if (other !== null && other !== id) throw conflict(M.nameTaken(input.name));
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      const row = await updateDataSource(tx, id, {
        ...columns(input),
        ...(input.password === null ? {} : { passwordSecret: box.seal(input.password) }),
      });
      if (!row) throw notFound(M.notFound);
      await audit(tx, actor, 'dataSource.update', id, { name: row.name, passwordChanged: input.password !== null });
      return presentDataSource(row);
    }),
  );
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
    await audit(tx, actor, 'dataSource.delete', unique.join(',').slice(0, 64), { names: rows.map((r) => r.name) });
    return n;
  });
}

/** Where a saved data source is, its password opened (null when it has none). */
export function targetOf(box: SecretBox, row: DataSourceRow): Target {
  return {
    host: row.host,
    port: row.port,
    database: row.database,
    user: row.username,
    password: row.passwordSecret === null ? null : box.open(row.passwordSecret),
    schema: row.schema,
  };
}

/**
 * 测试连接: a saved data source (`id` alone), or a form before it is saved; a form with the `id` of a saved one and no
 * password is tested with the stored password. Answers the outcome (never throws for what the other side does);
 * an unknown id is 404.
 */
export async function testDataSource(
  db: Db,
  box: SecretBox,
  actor: Actor,
  input: DataSourceTest,
): Promise<DataSourceTestResult> {
  mustKeep(actor);
  const saved = input.id === undefined ? null : await findDataSource(db, input.id);
  if (input.id !== undefined && !saved) throw notFound(M.notFound);
  let stored: string | null;
  try {
    stored = saved?.passwordSecret ? box.open(saved.passwordSecret) : null;
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    // A form bringing its own password does not need the stored one.
    if (input.host === undefined || input.password === null)
      return { success: false, message: M.testFailed(M.reason.keyMismatch), version: null, elapsedMs: 0 };
    stored = null;
  }
  const target: Target =
    input.host === undefined
      ? {
          host: saved!.host,
          port: saved!.port,
          database: saved!.database,
          user: saved!.username,
          password: stored,
          schema: saved!.schema,
        }
      : {
          host: input.host,
          port: input.port ?? 5432,
          database: input.database!,
          user: input.user!,
          password: input.password ?? stored,
          schema: input.schema,
        };
  return testConnection(target);
}
