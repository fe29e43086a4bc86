import {
  ALGORITHM_KIND_NAMES,
  ALGORITHM_KINDS,
  ALGORITHM_LIMITS,
  type Algorithm,
  type AlgorithmGroupNode,
  type AlgorithmKind,
  type AlgorithmParams,
  type AlgorithmResult,
  type AlgorithmVersion,
  DATASOURCE_MSG,
  formatDateTime,
  ALGORITHM_MSG as M,
} from '@zg/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors';
import { DataSourceConnectError, type DataSourceInfo, dataSourceInfo, openDataSource } from '../data-manage';
import { keepsAlgorithms } from './algorithm.policy';
import {
  type AlgorithmWithVersion,
  algorithmNamed,
  cachedResult,
  cachedResults,
  changedOutsideSnapshot,
  currentOnDataSource,
  currentTextsMentioning,
  currentVersionsOfKind,
  deleteAlgorithm,
  deleteGroup,
  deleteVersion,
  dropCachedResults,
  findAlgorithm,
  findGroup,
  findRun,
  findVersion,
  groupContents,
  insertAlgorithm,
  insertGroup,
  insertRun,
  insertRuns,
  insertVersion,
  listAlgorithmHeads,
  listGroups,
  lockAlgorithm,
  lockGroupTree,
  lockVersion,
  markVersionUsed,
  pageAlgorithms,
  pageRuns,
  putCachedResult,
  putCachedResults,
  type RunRow,
  recordTableChanges,
  siblingNamed,
  updateAlgorithm,
  updateGroup,
  updateUnusedVersion,
  usedVersions,
  type VersionRow,
  versionByNumber,
  versionHasRuns,
  versionHeads,
  versionsOf,
} from './algorithm.repository';
import {
  bindValues,
  columnKeys,
  columnKind,
  depthOf,
  failureMessage,
  hashText,
  heightOf,
  nest,
  paramsKey,
  shapeOf,
  subtreeOf,
  wouldCycle,
} from './algorithm.rules';
import {
  type RawResult,
  ReaderRoleMissing,
  RunFailure,
  type RunLimits,
  runOnDataSource,
  runReadOnly,
  runReadOnlyEach,
  WRAP_OFFSET,
} from './algorithm-run.repository';
import { type CheckedSql, checkAlgorithmSql, WAREHOUSE_SCHEMA } from './algorithm-sql.rules';

/** Runs at once per server instance: a runaway text holds one connection until its timeout, never the whole pool. */
export class RunGate {
  private running = 0;
  constructor(readonly max: number) {}
  enter() {
    if (this.running >= this.max) return false;
    this.running++;
    return true;
  }
  leave() {
    this.running = Math.max(0, this.running - 1);
  }
}

/** What running needs: the database, the limits (settings ALGORITHM_TIMEOUT_MS / ALGORITHM_ROW_CAP) and the gate. */
export interface RunContext {
  db: Db;
  limits: RunLimits;
  gate: RunGate;
  /** What opening a data source's sealed password needs. */
  config: Pick<Config, 'ENCRYPTION_KEY' | 'DATA_DIR'>;
}

/**
 * Where a text runs: the warehouse (`source` null), or a data source and its configured schema (public when none),
 * the one schema the checker then allows. A source that is gone is refused before anything runs.
 */
export interface Place {
  source: DataSourceInfo | null;
  schema: string;
}
const WAREHOUSE: Place = { source: null, schema: WAREHOUSE_SCHEMA };

export async function placeOf(db: Db, dataSourceId: number | null | undefined, opts: { lock?: boolean } = {}) {
  if (dataSourceId === null || dataSourceId === undefined) return WAREHOUSE;
  const source = await dataSourceInfo(db, dataSourceId, opts);
  if (!source) throw badRequest(M.dataSourceNotFound);
  // A source without a schema reads public, as its form says (openDataSource sets the search_path so).
  return { source, schema: source.schema ?? 'public' } satisfies Place;
}

const mustKeep = (actor: Actor) => {
  if (!keepsAlgorithms(actor)) throw forbidden();
};
const audit = (db: Db, actor: Actor, action: string, entityType: string, id: number | string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType, entityId: String(id).slice(0, 64), detail });

// ---- presenters ----

function presentVersion(v: VersionRow, author: string | null, currentId: number | null): AlgorithmVersion {
  return {
    id: v.id,
    sfid: v.algorithmId,
    bbh: v.number,
    sql: v.sql,
    hash: v.hash,
    bz: v.note,
    sfdq: v.id === currentId,
    sfsy: v.used,
    sjyid: v.dataSourceId,
    cjr: author,
    cjsj: formatDateTime(v.createdAt),
  };
}

function presentAlgorithm(r: AlgorithmWithVersion): Algorithm {
  return {
    id: r.algorithm.id,
    sfzid: r.algorithm.groupId,
    sfzmc: r.groupName,
    sfmc: r.algorithm.name,
    sflx: r.algorithm.kind as AlgorithmKind,
    bz: r.algorithm.remark,
    sfbb: r.version.number,
    bbid: r.version.id,
    sql: r.version.sql,
    sjyid: r.version.dataSourceId,
    bbs: r.versions,
    cjsj: formatDateTime(r.algorithm.createdAt),
    xgsj: formatDateTime(r.algorithm.updatedAt),
  };
}

function presentRun(r: { run: RunRow; algorithmId: number; number: number; runner: string | null }) {
  return {
    id: r.run.id,
    bbid: r.run.versionId,
    sfid: r.algorithmId,
    bbh: r.number,
    hash: r.run.hash,
    params: r.run.params as Record<string, unknown>,
    rows: r.run.rows,
    ms: r.run.ms,
    value: r.run.value,
    tables: r.run.tables,
    sjyid: r.run.dataSourceId,
    zxr: r.runner,
    zxsj: formatDateTime(r.run.runAt),
  };
}

// ---- checking and running ----

/** 检查: the checker's answer as data (the place for the editor to mark); nothing runs. */
export async function checkOnly(db: Db, actor: Actor, source: string, dataSourceId?: number | null) {
  mustKeep(actor);
  const where = await placeOf(db, dataSourceId);
  const c = await checkAlgorithmSql(source, where.schema);
  return c.ok
    ? { ok: true, message: null, line: null, column: null, params: c.params, tables: c.tables }
    : {
        ok: false,
        message: c.message,
        line: c.place?.line ?? null,
        column: c.place?.column ?? null,
        params: [],
        tables: [],
      };
}

/** Checks a text; a refusal is a 400 with the checker's Chinese message (line and column). */
export async function checkedText(source: string, where: Place = WAREHOUSE): Promise<CheckedSql> {
  const checked = await checkAlgorithmSql(source, where.schema);
  if (!checked.ok) throw badRequest(checked.message);
  return checked;
}

/**
 * Runs a checked text for the parameters under every limit (algorithm-run.repository.ts) and checks the result's
 * shape for `kind`. Refusals and stops are 400s in Chinese; a missing reader role a 503.
 */
export async function runChecked(
  ctx: RunContext,
  source: string,
  checked: CheckedSql,
  params: AlgorithmParams,
  kind: AlgorithmKind | undefined,
  opts: { plan?: boolean; snapshot?: boolean } = {},
  where: Place = WAREHOUSE,
): Promise<{ result: AlgorithmResult; value: number | null; rows: number; snapshot?: string }> {
  const bound = bindValues(checked.params, params);
  if (!bound.ok) throw badRequest(M.paramMissing(bound.missing));
  if (!ctx.gate.enter()) throw tooManyRequests(M.busy);
  let raw: RawResult;
  try {
    raw = where.source
      ? await runThere(ctx, where.source, checked.text, bound.values, { plan: opts.plan })
      : await runReadOnly(ctx.db, checked.text, bound.values, ctx.limits, opts);
  } catch (err) {
    if (err instanceof ReaderRoleMissing) throw new AppError(503, M.roleMissing);
    // The data source could not be reached, or stopped answering: a 502 with its reason, never a 500.
    // A statement the remote refused or stopped is the text's (a 400, as on the warehouse), except a connection ended
    // by the other side (08xxx; 57P01-03: terminated by an administrator, a crash, a shutdown).
    const textsFault = err instanceof RunFailure && !/^(08|57P)/.test(err.code ?? '');
    if (where.source && !(err instanceof AppError) && !textsFault) {
      if (err instanceof DataSourceConnectError)
        throw new AppError(502, M.dataSourceFailed(where.source.name, err.message));
      // The connection dropped mid-query (ended by the other side, or the socket's own error): a 502.
      throw new AppError(
        502,
        M.dataSourceFailed(where.source.name, DATASOURCE_MSG.testFailed(DATASOURCE_MSG.reason.closed)),
      );
    }
    if (err instanceof RunFailure) {
      const f = failureMessage(
        err,
        source,
        { wrapOffset: WRAP_OFFSET, textOffset: checked.offset, textLength: checked.text.length },
        ctx.limits.timeoutMs,
      );
      throw badRequest(f.message);
    }
    throw err;
  } finally {
    ctx.gate.leave();
  }
  const keys = columnKeys(raw.columns.map((c) => c.name));
  const columns = raw.columns.map((c, i) => ({ name: keys[i] as string, kind: columnKind(c.typeId) }));
  let value: number | null = null;
  if (kind) {
    const shape = shapeOf(kind, columns, raw.rows);
    if (!shape.ok) throw badRequest(shape.message);
    value = shape.value;
  }
  const rows = raw.rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i] ?? null])));
  return {
    result: {
      columns: columns.map((c) => ({ name: c.name, type: c.kind })),
      rows,
      rowCount: rows.length,
      truncated: raw.truncated,
      ms: raw.ms,
      ...(kind === 'value' ? { value } : {}),
      ...(raw.plan ? { plan: raw.plan } : {}),
    },
    value,
    rows: rows.length,
    snapshot: raw.snapshot,
  };
}

/**
 * Runs on a data source (openDataSource: read-only, each statement within the algorithms' timeout, the socket
 * destroyed when the server does not answer), the connection closed after.
 */
async function runThere(
  ctx: RunContext,
  source: DataSourceInfo,
  text: string,
  values: unknown[],
  opts: { plan?: boolean },
) {
  const conn = await openDataSource(ctx.db, ctx.config, source.id, { queryMs: ctx.limits.timeoutMs });
  try {
    return await runOnDataSource(conn, text, values, ctx.limits, opts);
  } finally {
    await conn.close().catch(() => {});
  }
}

/** 测试: a draft text, or a saved version's, run for one object; nothing is stored and no version becomes used. */
export async function testByObject(
  ctx: RunContext,
  actor: Actor,
  input: {
    sql?: string;
    bbid?: number;
    sjyid?: number | null;
    sflx?: AlgorithmKind;
    params: AlgorithmParams;
    plan?: boolean;
  },
) {
  mustKeep(actor);
  let source = input.sql;
  let kind = input.sflx;
  let dataSourceId = input.sjyid ?? null;
  if (source === undefined) {
    if (input.bbid === undefined) throw badRequest(M.sqlEmpty);
    const v = await findVersion(ctx.db, input.bbid);
    if (!v) throw notFound(M.versionNotFound);
    source = v.version.sql;
    // A version runs where it was written for.
    dataSourceId = v.version.dataSourceId;
    if (!kind) kind = (await findAlgorithm(ctx.db, v.version.algorithmId))?.algorithm.kind as AlgorithmKind;
  }
  const where = await placeOf(ctx.db, dataSourceId);
  const checked = await checkedText(source, where);
  return (await runChecked(ctx, source, checked, input.params, kind, { plan: input.plan }, where)).result;
}

/**
 * 计算结果: a saved version (the current one when none is named) for parameters, as a stored result: from the cache
 * when it holds one for (version, parameters), else run, recorded as a lineage run, cached, and the version marked
 * used (immutable from then on).
 */
export async function computeResult(
  ctx: RunContext,
  actor: Actor | null,
  input: { sfid: number; bbid?: number; params: AlgorithmParams },
): Promise<AlgorithmResult> {
  const algorithm = await findAlgorithm(ctx.db, input.sfid);
  if (!algorithm) throw notFound(M.algorithmNotFound);
  let version = algorithm.version;
  if (input.bbid !== undefined && input.bbid !== version.id) {
    const v = await findVersion(ctx.db, input.bbid);
    if (!v || v.version.algorithmId !== algorithm.algorithm.id) throw notFound(M.versionNotFound);
    version = v.version;
  }
  const where = await placeOf(ctx.db, version.dataSourceId);
  const checked = await checkedText(version.sql, where);
  const key = paramsKey(checked.params, input.params);
  // A data source's results are never cached: we cannot hear its changes (docs/ARCHITECTURE.md).
  const hit = where.source ? null : await cachedResult(ctx.db, version.id, key);
  if (hit) return { ...(hit.result as AlgorithmResult), runId: Number(hit.runId), cached: true };
  const kind = algorithm.algorithm.kind as AlgorithmKind;
  const { result, value, rows, snapshot } = await runChecked(
    ctx,
    version.sql,
    checked,
    input.params,
    kind,
    { snapshot: !where.source },
    where,
  );
  const used = JSON.parse(key) as Record<string, unknown>;
  const runId = await ctx.db.transaction(async (tx) => {
    const run = await insertRun(tx, {
      versionId: version.id,
      hash: hashText(version.sql),
      params: used,
      rows,
      ms: result.ms,
      value,
      tables: checked.tables,
      dataSourceId: where.source?.id ?? null,
      runBy: actor?.userId ?? null,
    });
    await markVersionUsed(tx, version.id);
    // Cached only when no table it read changed outside the snapshot it read (a write racing the run).
    if (!where.source && snapshot && !(await changedOutsideSnapshot(tx, checked.tables, snapshot)))
      await putCachedResult(tx, {
        versionId: version.id,
        paramsKey: key,
        runId: run.id,
        result,
        tables: checked.tables,
      });
    return run.id;
  });
  return { ...result, runId, cached: false };
}

/**
 * 批量计算: a value algorithm's saved version (the current one when none is named) for several dimension objects, each
 * bound to `:objectId` with the other parameters shared. Cached values are answered from the cache; the others run in
 * one restricted transaction (one connection, one snapshot, each statement under the timeout), and each is recorded as
 * a lineage run and cached as `computeResult` does, in one write transaction. Values in the order asked.
 */
export async function computeResults(
  ctx: RunContext,
  actor: Actor | null,
  input: { sfid: number; bbid?: number; objectIds: string[]; params: AlgorithmParams },
) {
  const started = performance.now();
  const algorithm = await findAlgorithm(ctx.db, input.sfid);
  if (!algorithm) throw notFound(M.algorithmNotFound);
  if (algorithm.algorithm.kind !== 'value') throw badRequest(M.batchValueOnly);
  let version = algorithm.version;
  if (input.bbid !== undefined && input.bbid !== version.id) {
    const v = await findVersion(ctx.db, input.bbid);
    if (!v || v.version.algorithmId !== algorithm.algorithm.id) throw notFound(M.versionNotFound);
    version = v.version;
  }
  // A version on a data source is not cached and runs over its own connection: one object at a time (testResult).
  if (version.dataSourceId !== null) throw badRequest(M.batchWarehouseOnly);
  const checked = await checkedText(version.sql);
  if (!checked.params.includes('objectId')) throw badRequest(M.batchNoObject);
  const objects = [...new Set(input.objectIds)];
  const paramsOf = (objectId: string) => ({ ...input.params, objectId });
  const keys = new Map(objects.map((o) => [o, paramsKey(checked.params, paramsOf(o))]));
  const hits = await cachedResults(ctx.db, version.id, [...keys.values()]);
  const todo = objects.filter((o) => !hits.has(keys.get(o) as string));
  const done = new Map<string, { value: number | null; runId: number; cached: boolean; ms: number }>();
  for (const o of objects) {
    const hit = hits.get(keys.get(o) as string);
    if (hit) {
      const r = hit.result as AlgorithmResult;
      done.set(o, { value: r.value ?? null, runId: hit.runId, cached: true, ms: r.ms });
    }
  }
  if (todo.length) {
    const valuesList = todo.map((o) => {
      const bound = bindValues(checked.params, paramsOf(o));
      if (!bound.ok) throw badRequest(M.paramMissing(bound.missing));
      return bound.values;
    });
    if (!ctx.gate.enter()) throw tooManyRequests(M.busy);
    let raw: { results: RawResult[]; snapshot: string | undefined };
    try {
      raw = await runReadOnlyEach(ctx.db, checked.text, valuesList, ctx.limits);
    } catch (err) {
      if (err instanceof ReaderRoleMissing) throw new AppError(503, M.roleMissing);
      if (err instanceof RunFailure) {
        const f = failureMessage(
          err,
          version.sql,
          { wrapOffset: WRAP_OFFSET, textOffset: checked.offset, textLength: checked.text.length },
          ctx.limits.timeoutMs,
        );
        throw badRequest(f.message);
      }
      throw err;
    } finally {
      ctx.gate.leave();
    }
    const results = raw.results.map((one, i) => {
      const objectId = todo[i] as string;
      const names = columnKeys(one.columns.map((c) => c.name));
      const columns = one.columns.map((c, k) => ({ name: names[k] as string, kind: columnKind(c.typeId) }));
      const shape = shapeOf('value', columns, one.rows);
      if (!shape.ok) throw badRequest(M.batchShape(objectId, shape.message));
      const result: AlgorithmResult = {
        columns: columns.map((c) => ({ name: c.name, type: c.kind })),
        rows: one.rows.map((r) => Object.fromEntries(names.map((k, j) => [k, r[j] ?? null]))),
        rowCount: one.rows.length,
        truncated: one.truncated,
        ms: one.ms,
        value: shape.value,
      };
      return { objectId, result };
    });
    await ctx.db.transaction(async (tx) => {
      await markVersionUsed(tx, version.id);
      const cache = raw.snapshot ? !(await changedOutsideSnapshot(tx, checked.tables, raw.snapshot)) : false;
      const hash = hashText(version.sql);
      const runs = await insertRuns(
        tx,
        results.map(({ objectId, result }) => ({
          versionId: version.id,
          hash,
          params: JSON.parse(keys.get(objectId) as string) as Record<string, unknown>,
          rows: result.rowCount,
          ms: result.ms,
          value: result.value ?? null,
          tables: checked.tables,
          runBy: actor?.userId ?? null,
        })),
      );
      if (cache)
        await putCachedResults(
          tx,
          results.map(({ objectId, result }, i) => ({
            versionId: version.id,
            paramsKey: keys.get(objectId) as string,
            runId: (runs[i] as RunRow).id,
            result,
            tables: checked.tables,
          })),
        );
      results.forEach(({ objectId, result }, i) => {
        done.set(objectId, {
          value: result.value ?? null,
          runId: (runs[i] as RunRow).id,
          cached: false,
          ms: result.ms,
        });
      });
    });
  }
  return {
    results: input.objectIds.map((o) => ({
      objectId: o,
      ...(done.get(o) as NonNullable<ReturnType<typeof done.get>>),
    })),
    ms: Math.round(performance.now() - started),
  };
}

/** A recorded run, again: its version's text (unchanged: used versions are immutable) with its parameters. */
export async function runAgain(ctx: RunContext, actor: Actor, runId: number) {
  mustKeep(actor);
  const run = await findRun(ctx.db, runId);
  if (!run) throw notFound(M.runNotFound);
  const v = await findVersion(ctx.db, run.run.versionId);
  const algorithm = await findAlgorithm(ctx.db, run.algorithmId);
  if (!v || !algorithm) throw notFound(M.versionNotFound);
  const where = await placeOf(ctx.db, v.version.dataSourceId);
  const checked = await checkedText(v.version.sql, where);
  const { result } = await runChecked(
    ctx,
    v.version.sql,
    checked,
    run.run.params as AlgorithmParams,
    algorithm.algorithm.kind as AlgorithmKind,
    {},
    where,
  );
  return { ...result, runId: run.run.id, cached: false };
}

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
 * The invalidation hook (issue 18 item 7): data-manage calls it inside the transaction of any change of a warehouse
 * table's rows or structure, with the tables' physical names; cached results that read them are dropped, and a run
 * racing the change will not cache what it read (`changedOutsideSnapshot`).
 */
/**
 * Why a warehouse table may not be dropped (data-manage asks before 删除物理表): the current version of an algorithm
 * reads it. The text filter is confirmed by the parser, so a table named only in a comment does not count.
 */
export async function algorithmsReadingTable(db: Db, table: string): Promise<string | null> {
  const name = table.toLowerCase();
  const readers: string[] = [];
  for (const a of await currentTextsMentioning(db, name)) {
    const checked = await checkAlgorithmSql(a.sql);
    if (checked.ok && checked.tables.includes(name)) readers.push(a.name);
  }
  return readers.length ? M.tableReadBy(readers) : null;
}

/**
 * Why a data source may not be deleted (data-manage asks before 删除数据源, registered by algorithm.plugin.ts): the
 * current version of an algorithm runs on it. Earlier versions do not keep it (running one then answers
 * 数据源不存在); their lineage keeps the id.
 */
export async function algorithmsOnDataSource(db: Db, dataSourceId: number): Promise<string | null> {
  const names = await currentOnDataSource(db, dataSourceId);
  return names.length ? M.dataSourceUsedBy(names) : null;
}

export async function warehouseTablesChanged(db: Db, tables: string[]) {
  const names = tables.map((t) => t.toLowerCase());
  await recordTableChanges(db, names);
  return dropCachedResults(db, names);
}

// ---- installing (the demo's indicators) ----

export interface AlgorithmPackage {
  /** A top-level group, found by its name or made. */
  name: string;
  algorithms: { name: string; kind: AlgorithmKind; remark: string | null; sql: string }[];
}

/**
 * Installs algorithms as a set (the demo's diagnosis indicators, db/seed/story/indicators.ts): each group by its name
 * at the top level, each algorithm by its name with its text as V1; a name already there is left as it is (an
 * administrator's edits stay). Every text passes the checker first, or nothing is installed. Answers how many
 * algorithms were made.
 */
export async function installAlgorithms(db: Db, groups: AlgorithmPackage[], createdBy: string | null) {
  for (const g of groups)
    for (const a of g.algorithms) {
      const c = await checkAlgorithmSql(a.sql);
      if (!c.ok) throw new Error(`installAlgorithms: ${a.name}: ${c.message}`);
    }
  return db.transaction(async (tx) => {
    await lockGroupTree(tx);
    let made = 0;
    for (const [i, g] of groups.entries()) {
      const groupId =
        (await siblingNamed(tx, null, g.name))[0] ??
        (await insertGroup(tx, { name: g.name, parentId: null, sortOrder: i + 1, createdBy })).id;
      for (const a of g.algorithms) {
        if ((await algorithmNamed(tx, a.name)) !== null) continue;
        const row = await insertAlgorithm(tx, { groupId, name: a.name, kind: a.kind, remark: a.remark, createdBy });
        const v = await insertVersion(tx, {
          algorithmId: row.id,
          sql: a.sql,
          hash: hashText(a.sql),
          note: null,
          createdBy,
        });
        await updateAlgorithm(tx, row.id, { currentVersionId: v.id });
        made++;
      }
    }
    return made;
  });
}

// ---- groups ----

export async function groupTree(db: Db, withAlgorithms = false): Promise<AlgorithmGroupNode[]> {
  const [groups, heads] = await Promise.all([listGroups(db), listAlgorithmHeads(db)]);
  const rows = groups.map((g) => {
    const mine = heads.filter((h) => h.groupId === g.id);
    return {
      id: g.id,
      parentId: g.parentId,
      zmc: g.name,
      fid: g.parentId,
      px: g.sortOrder,
      sfs: mine.length,
      ...(withAlgorithms
        ? { algorithms: mine.map((h) => ({ id: h.id, sfmc: h.name, sflx: h.kind as AlgorithmKind, sfbb: h.number })) }
        : {}),
    };
  });
  const strip = (n: (typeof rows)[number] & { children: unknown[] }): AlgorithmGroupNode => {
    const { parentId: _p, children, ...rest } = n;
    return { ...rest, children: (children as (typeof n)[]).map(strip) };
  };
  return nest(rows).map((n) => strip(n as never));
}

async function groupNode(db: Db, id: number) {
  const find = (nodes: AlgorithmGroupNode[]): AlgorithmGroupNode | null => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const f = find(n.children);
      if (f) return f;
    }
    return null;
  };
  const n = find(await groupTree(db));
  if (!n) throw notFound(M.groupNotFound);
  return n;
}

export async function createGroup(db: Db, actor: Actor, input: { zmc: string; fid?: number | null; px: number }) {
  mustKeep(actor);
  const id = await db.transaction(async (tx) => {
    await lockGroupTree(tx);
    const parentId = input.fid ?? null;
    if (parentId !== null) {
      const groups = await listGroups(tx);
      if (!groups.some((g) => g.id === parentId)) throw badRequest(M.groupParentNotFound);
      if (depthOf(groups, parentId) + 1 > ALGORITHM_LIMITS.groupDepthMax) throw badRequest(M.groupTooDeep);
    }
    if ((await siblingNamed(tx, parentId, input.zmc)).length > 0) throw conflict(M.groupNameTaken(input.zmc));
    const row = await insertGroup(tx, { name: input.zmc, parentId, sortOrder: input.px, createdBy: actor.userId });
    await audit(tx, actor, 'algorithmGroup.create', 'algorithmGroup', row.id);
    return row.id;
  });
  return groupNode(db, id);
}

export async function editGroup(
  db: Db,
  actor: Actor,
  input: { id: number; zmc: string; fid?: number | null; px: number },
) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    await lockGroupTree(tx);
    const groups = await listGroups(tx);
    if (!groups.some((g) => g.id === input.id)) throw notFound(M.groupNotFound);
    const parentId = input.fid ?? null;
    if (parentId !== null && !groups.some((g) => g.id === parentId)) throw badRequest(M.groupParentNotFound);
    if (wouldCycle(groups, input.id, parentId)) throw badRequest(M.groupCycle);
    const depth = (parentId === null ? 0 : depthOf(groups, parentId)) + 1 + heightOf(groups, input.id);
    if (depth > ALGORITHM_LIMITS.groupDepthMax) throw badRequest(M.groupTooDeep);
    if ((await siblingNamed(tx, parentId, input.zmc)).some((id) => id !== input.id))
      throw conflict(M.groupNameTaken(input.zmc));
    await updateGroup(tx, input.id, { name: input.zmc, parentId, sortOrder: input.px });
    await audit(tx, actor, 'algorithmGroup.update', 'algorithmGroup', input.id);
  });
  return groupNode(db, input.id);
}

export async function removeGroup(db: Db, actor: Actor, id: number) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    await lockGroupTree(tx);
    const g = await findGroup(tx, id, { lock: true });
    if (!g) throw notFound(M.groupNotFound);
    const c = await groupContents(tx, id);
    if (c.groups > 0 || c.algorithms > 0) throw conflict(M.groupNotEmpty(g.name));
    await deleteGroup(tx, id);
    await audit(tx, actor, 'algorithmGroup.delete', 'algorithmGroup', id);
  });
}

// ---- algorithms ----

export async function algorithmPage(
  db: Db,
  q: { current: number; size: number; name?: string; sfzid?: number; sflx?: AlgorithmKind },
) {
  const groupIds = q.sfzid === undefined ? undefined : subtreeOf(await listGroups(db), q.sfzid);
  const { records, total } = await pageAlgorithms(db, {
    current: q.current,
    size: q.size,
    name: q.name,
    groupIds,
    kind: q.sflx,
  });
  return { records: records.map(presentAlgorithm), total };
}

export async function algorithmDetail(db: Db, id: number) {
  const r = await findAlgorithm(db, id);
  if (!r) throw notFound(M.algorithmNotFound);
  return presentAlgorithm(r);
}

/** §7.5: an algorithm at a version number (its current one when none), refused when it is not of the kind asked. */
export async function algorithmAt(db: Db, q: { Id: number; Version?: number; Type?: string }) {
  const r = await findAlgorithm(db, q.Id);
  if (!r) throw notFound(M.algorithmNotFound);
  if (q.Type) {
    const kind = ALGORITHM_KINDS.find((k) => k === q.Type || ALGORITHM_KIND_NAMES[k] === q.Type);
    if (kind !== r.algorithm.kind) throw notFound(M.algorithmNotFound);
  }
  const v = q.Version === undefined ? null : await versionByNumber(db, q.Id, q.Version);
  if (q.Version !== undefined && !v) throw notFound(M.versionNotFound);
  const version = v?.version ?? r.version;
  const author = v ? v.author : ((await findVersion(db, version.id))?.author ?? null);
  return {
    algoRithmDetails: {
      ...presentAlgorithm(r),
      version: presentVersion(version, author, r.algorithm.currentVersionId),
    },
  };
}

async function groupMustExist(db: Db, id: number) {
  if (!(await findGroup(db, id))) throw badRequest(M.groupNotFound);
}

export async function createAlgorithm(
  db: Db,
  actor: Actor,
  input: {
    sfzid: number;
    sfmc: string;
    sflx: AlgorithmKind;
    bz: string | null;
    sql: string;
    sjyid?: number | null;
    bbsm: string | null;
  },
) {
  mustKeep(actor);
  const dataSourceId = input.sjyid ?? null;
  await checkedText(input.sql, await placeOf(db, dataSourceId));
  const id = await db.transaction(async (tx) => {
    await groupMustExist(tx, input.sfzid);
    // The source's row is held (FOR SHARE) until the version naming it is committed: a delete waits, then sees it.
    await placeOf(tx, dataSourceId, { lock: true });
    if ((await algorithmNamed(tx, input.sfmc)) !== null) throw conflict(M.algorithmNameTaken(input.sfmc));
    const a = await insertAlgorithm(tx, {
      groupId: input.sfzid,
      name: input.sfmc,
      kind: input.sflx,
      remark: input.bz,
      createdBy: actor.userId,
    });
    const v = await insertVersion(tx, {
      algorithmId: a.id,
      sql: input.sql,
      hash: hashText(input.sql),
      note: input.bbsm,
      dataSourceId,
      createdBy: actor.userId,
    });
    await updateAlgorithm(tx, a.id, { currentVersionId: v.id });
    await audit(tx, actor, 'algorithm.create', 'algorithm', a.id, { version: v.number, hash: v.hash });
    return a.id;
  });
  return algorithmDetail(db, id);
}

/**
 * Saves an algorithm. A changed text edits the current version in place while no result used it; once used, or when
 * `xbb` asks, the text becomes a new version, which becomes current. Answers the algorithm and whether a version was
 * made.
 */
export async function editAlgorithm(
  db: Db,
  actor: Actor,
  input: {
    id: number;
    sfzid: number;
    sfmc: string;
    sflx: AlgorithmKind;
    bz: string | null;
    sql: string;
    sjyid?: number | null;
    bbsm: string | null;
    xbb: boolean;
  },
) {
  mustKeep(actor);
  // Absent: where the current version runs (a form that does not show the data source keeps it).
  const before = await findAlgorithm(db, input.id);
  if (!before) throw notFound(M.algorithmNotFound);
  const dataSourceId = input.sjyid === undefined ? before.version.dataSourceId : input.sjyid;
  await checkedText(input.sql, await placeOf(db, dataSourceId));
  const made = await db.transaction(async (tx) => {
    await placeOf(tx, dataSourceId, { lock: true });
    const a = await lockAlgorithm(tx, input.id);
    if (!a) throw notFound(M.algorithmNotFound);
    await groupMustExist(tx, input.sfzid);
    const other = await algorithmNamed(tx, input.sfmc);
    if (other !== null && other !== input.id) throw conflict(M.algorithmNameTaken(input.sfmc));
    const current = await lockVersion(tx, a.currentVersionId as number);
    if (!current) throw notFound(M.versionNotFound);
    let newVersion: VersionRow | null = null;
    // Where a version runs is part of its meaning: another data source is a change like another text.
    const changed = current.sql !== input.sql || current.dataSourceId !== dataSourceId;
    if (input.xbb || (changed && current.used)) {
      newVersion = await insertVersion(tx, {
        algorithmId: a.id,
        sql: input.sql,
        hash: hashText(input.sql),
        note: input.bbsm,
        dataSourceId,
        createdBy: actor.userId,
      });
    } else if (changed || input.bbsm !== current.note) {
      await updateUnusedVersion(tx, current.id, {
        sql: input.sql,
        hash: hashText(input.sql),
        note: input.bbsm,
        dataSourceId,
      });
    }
    await updateAlgorithm(tx, a.id, {
      groupId: input.sfzid,
      name: input.sfmc,
      kind: input.sflx,
      remark: input.bz,
      ...(newVersion ? { currentVersionId: newVersion.id } : {}),
    });
    await audit(tx, actor, 'algorithm.update', 'algorithm', a.id, {
      version: newVersion?.number ?? current.number,
      newVersion: newVersion !== null,
      hash: hashText(input.sql),
    });
    return newVersion?.number ?? null;
  });
  return { algorithm: await algorithmDetail(db, input.id), newVersion: made };
}

export async function removeAlgorithm(db: Db, actor: Actor, id: number) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const a = await lockAlgorithm(tx, id);
    if (!a) throw notFound(M.algorithmNotFound);
    if ((await usedVersions(tx, id)) > 0) throw conflict(M.algorithmUsed(a.name));
    await deleteAlgorithm(tx, id);
    await audit(tx, actor, 'algorithm.delete', 'algorithm', id, { name: a.name });
  });
}

// ---- versions ----

export async function versionList(db: Db, algorithmId: number) {
  const a = await findAlgorithm(db, algorithmId);
  if (!a) throw notFound(M.algorithmNotFound);
  return (await versionsOf(db, algorithmId)).map((r) =>
    presentVersion(r.version, r.author, a.algorithm.currentVersionId),
  );
}

export async function versionDetail(db: Db, id: number) {
  const v = await findVersion(db, id);
  if (!v) throw notFound(M.versionNotFound);
  const a = await findAlgorithm(db, v.version.algorithmId);
  return presentVersion(v.version, v.author, a?.algorithm.currentVersionId ?? null);
}

export async function makeCurrent(db: Db, actor: Actor, versionId: number) {
  mustKeep(actor);
  const v = await db.transaction(async (tx) => {
    const v = await lockVersion(tx, versionId);
    if (!v) throw notFound(M.versionNotFound);
    const a = await lockAlgorithm(tx, v.algorithmId);
    if (!a) throw notFound(M.algorithmNotFound);
    await updateAlgorithm(tx, a.id, { currentVersionId: v.id });
    await audit(tx, actor, 'algorithm.setCurrent', 'algorithm', a.id, { version: v.number });
    return v;
  });
  return { algorithm: await algorithmDetail(db, v.algorithmId), number: v.number };
}

export async function removeVersion(db: Db, actor: Actor, versionId: number) {
  mustKeep(actor);
  await db.transaction(async (tx) => {
    const v = await lockVersion(tx, versionId);
    if (!v) throw notFound(M.versionNotFound);
    const a = await lockAlgorithm(tx, v.algorithmId);
    if (a?.currentVersionId === v.id) throw conflict(M.versionCurrent(v.number));
    if (v.used || (await versionHasRuns(tx, v.id))) throw conflict(M.versionUsed(v.number));
    await deleteVersion(tx, v.id);
    await audit(tx, actor, 'algorithmVersion.delete', 'algorithmVersion', v.id, { number: v.number });
  });
}

/** A version as other modules name it: its algorithm's name and kind, its number, whether it is current. */
export interface AlgorithmVersionHead {
  versionId: number;
  algorithmId: number;
  name: string;
  kind: AlgorithmKind;
  number: number;
  current: boolean;
}

/** Versions by id, or every version of the algorithms named (one query). */
export async function algorithmVersionHeads(
  db: Db,
  q: { ids?: number[]; names?: string[] },
): Promise<AlgorithmVersionHead[]> {
  const rows = await versionHeads(db, q);
  return rows.map((r) => ({ ...r, kind: r.kind as AlgorithmKind, current: Boolean(r.current) }));
}

/**
 * The value algorithms' current versions that a quality control point may be computed by (the 计算规则 choices of
 * 目标标准), with their group: whoever edits standards picks from it without 数据管理's rights.
 */
export async function currentValueVersions(db: Db, name?: string, limit = 200) {
  const rows = await currentVersionsOfKind(db, 'value', name, limit);
  return rows.map((r) => ({ ...r, kind: r.kind as AlgorithmKind, current: true }));
}
