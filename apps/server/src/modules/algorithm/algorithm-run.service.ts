import type { AlgorithmKind, AlgorithmParams } from '@zg/contract';
import { ALGORITHM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest, notFound } from '../../platform/errors';
import { requireKeeper } from './algorithm.policy';
import { findAlgorithm, findVersion } from './algorithm.repository';
import type { AlgorithmRunner, RunnableVersion, StoredResult } from './algorithm.runner';
import { findRun } from './algorithm-lineage.repository';
import { checkedText, placeOf } from './algorithm-place';
import { checkAlgorithmSql } from './algorithm-sql.rules';

/**
 * Runs asked for through the routes (检查, 测试, 计算结果, 批量计算, 重新执行): who may, which version, then the runner
 * (`app.algorithms`) — the same runner, gate and limits other modules compute through.
 */

/** 检查: the checker's answer as data (the place for the editor to mark); nothing runs. */
export async function checkOnly(db: Db, actor: Actor, source: string, dataSourceId?: number | null) {
  requireKeeper(actor);
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

/** 测试: a draft text, or a saved version's, run for one object; nothing is stored and no version becomes used. */
export async function testByObject(
  runner: AlgorithmRunner,
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
  requireKeeper(actor);
  let source = input.sql;
  let kind = input.sflx;
  let dataSourceId = input.sjyid ?? null;
  if (source === undefined) {
    if (input.bbid === undefined) throw badRequest(M.sqlEmpty);
    const v = await findVersion(runner.db, input.bbid);
    if (!v) throw notFound(M.versionNotFound);
    source = v.version.sql;
    // A version runs where it was written for.
    dataSourceId = v.version.dataSourceId;
    if (!kind) kind = (await findAlgorithm(runner.db, v.version.algorithmId))?.algorithm.kind as AlgorithmKind;
  }
  const where = await placeOf(runner.db, dataSourceId);
  const checked = await checkedText(source, where);
  return (await runner.run(source, checked, input.params, kind, { plan: input.plan }, where)).result;
}

/** The version an algorithm is computed with: the named one (which must be its own), or its current one. */
async function versionToRun(db: Db, algorithmId: number, versionId: number | undefined): Promise<RunnableVersion> {
  const algorithm = await findAlgorithm(db, algorithmId);
  if (!algorithm) throw notFound(M.algorithmNotFound);
  let version = algorithm.version;
  if (versionId !== undefined && versionId !== version.id) {
    const v = await findVersion(db, versionId);
    if (!v || v.version.algorithmId !== algorithm.algorithm.id) throw notFound(M.versionNotFound);
    version = v.version;
  }
  return {
    id: version.id,
    sql: version.sql,
    dataSourceId: version.dataSourceId,
    kind: algorithm.algorithm.kind as AlgorithmKind,
  };
}

/**
 * 计算结果: a saved version (the current one when none is named) for parameters, as a stored result: from the cache,
 * or run, recorded as a lineage run, cached, and the version marked used (the runner's computeOne).
 */
export async function computeResult(
  runner: AlgorithmRunner,
  actor: Actor | null,
  input: { sfid: number; bbid?: number; params: AlgorithmParams },
): Promise<StoredResult> {
  const version = await versionToRun(runner.db, input.sfid, input.bbid);
  return runner.computeOne(version, input.params, actor?.userId ?? null);
}

/**
 * 批量计算: a value algorithm's saved version (the current one when none is named) for several dimension objects
 * (the runner's computeMany): each object's value and lineage run, or its failure; the objects the deadline left.
 */
export async function computeResults(
  runner: AlgorithmRunner,
  actor: Actor | null,
  input: { sfid: number; bbid?: number; objectIds: string[]; params: AlgorithmParams },
) {
  const version = await versionToRun(runner.db, input.sfid, input.bbid);
  if (version.kind !== 'value') throw badRequest(M.batchValueOnly);
  return runner.computeMany({
    versionId: version.id,
    objectIds: input.objectIds,
    params: input.params,
    runBy: actor?.userId ?? null,
  });
}

/** A recorded run, again: its version's text (unchanged: used versions are immutable) with its parameters. */
export async function runAgain(runner: AlgorithmRunner, actor: Actor, runId: number) {
  requireKeeper(actor);
  const run = await findRun(runner.db, runId);
  if (!run) throw notFound(M.runNotFound);
  const v = await findVersion(runner.db, run.run.versionId);
  const algorithm = await findAlgorithm(runner.db, run.algorithmId);
  if (!v || !algorithm) throw notFound(M.versionNotFound);
  const where = await placeOf(runner.db, v.version.dataSourceId);
  const checked = await checkedText(v.version.sql, where);
  const { result } = await runner.run(
    v.version.sql,
    checked,
    run.run.params as AlgorithmParams,
    algorithm.algorithm.kind as AlgorithmKind,
    {},
    where,
  );
  return { ...result, runId: run.run.id, cached: false };
}
