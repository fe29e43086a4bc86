import { type AlgorithmKind, type AlgorithmParam, ALGORITHM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { dataSourceInfo } from '../data-manage';
import { requireKeeper } from './algorithm.policy';
import { presentVersion } from './algorithm.presenter';
import {
  currentVersionsOf,
  currentVersionsOfKind,
  deleteVersion,
  findAlgorithm,
  findVersion,
  lockAlgorithm,
  lockVersion,
  updateAlgorithm,
  versionHasRuns,
  versionHeads,
  versionsOf,
  versionWithAlgorithm,
} from './algorithm.repository';
import { algorithmDetail } from './algorithm.service';
import { checkAlgorithmSql, WAREHOUSE_SCHEMA } from './algorithm-sql.rules';

/** Versions (算法版本): the list, one version, the current one, deleting one no result used; versions as others name them. */

const audit = (db: Db, actor: Actor, action: string, entityType: string, id: number, detail: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType, entityId: String(id), detail });

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
  requireKeeper(actor);
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
  requireKeeper(actor);
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

/** The current version of each algorithm named by id (one query; an algorithm without one is left out). */
export async function currentVersionHeads(db: Db, algorithmIds: number[]): Promise<AlgorithmVersionHead[]> {
  const rows = await currentVersionsOf(db, [...new Set(algorithmIds)]);
  return rows.map((r) => ({ ...r, kind: r.kind as AlgorithmKind, current: true }));
}

/**
 * The value algorithms' current versions that a quality control point may be computed by (the 计算规则 choices of
 * 目标标准), with their group: whoever edits standards picks from it without 数据管理's rights.
 */
export async function currentValueVersions(db: Db, name?: string, limit = 200) {
  const rows = await currentVersionsOfKind(db, 'value', name, limit);
  return rows.map((r) => ({ ...r, kind: r.kind as AlgorithmKind, current: true }));
}

/** The detail algorithms (详情算法) at their current version: a standard node's 详情算法 choices, like the value ones. */
export async function currentDetailVersions(db: Db, name?: string, limit = 200) {
  const rows = await currentVersionsOfKind(db, 'detail', name, limit);
  return rows.map((r) => ({ ...r, kind: r.kind as AlgorithmKind, current: true }));
}

/**
 * A calculation rule (calRule) as another module holds it: a VERSION id. Resolved without a user (the diagnosis
 * module resolves the rules of a task's rows from a background job): the version, its algorithm's name and kind, its
 * number, its SQL text and where it runs, whether it is current, and what the checker says of the text now (the named
 * parameters it uses and the tables it reads, or why it is refused).
 */
export interface CalRule {
  versionId: number;
  algorithmId: number;
  name: string;
  kind: AlgorithmKind;
  number: number;
  current: boolean;
  sql: string;
  hash: string;
  dataSourceId: number | null;
  /** The named parameters the text uses (bound by the caller: :objectId per object, :year ...). */
  params: AlgorithmParam[];
  /** The tables it reads (warehouse, or the data source's schema). */
  tables: string[];
  /** Why the checker refuses the text now (its rules tightened since it was saved), or null. */
  refused: string | null;
}

/** calRules by version id, in one query; an id that names no version is absent from the answer. */
export async function resolveCalRules(db: Db, versionIds: number[]): Promise<Map<number, CalRule>> {
  const rows = await versionWithAlgorithm(db, [...new Set(versionIds)]);
  const out = new Map<number, CalRule>();
  for (const r of rows) {
    // The checker reads the text for the warehouse or for the source's schema (a source that is gone: refused).
    const schema = r.version.dataSourceId === null ? undefined : await sourceSchema(db, r.version.dataSourceId);
    const checked = await checkAlgorithmSql(
      r.version.sql,
      schema === undefined ? WAREHOUSE_SCHEMA : (schema ?? 'public'),
    );
    out.set(r.version.id, {
      versionId: r.version.id,
      algorithmId: r.algorithmId,
      name: r.name,
      kind: r.kind as AlgorithmKind,
      number: r.version.number,
      current: r.currentVersionId === r.version.id,
      sql: r.version.sql,
      hash: r.version.hash,
      dataSourceId: r.version.dataSourceId,
      params: checked.ok ? checked.params : [],
      tables: checked.ok ? checked.tables : [],
      refused: schema === null ? M.dataSourceNotFound : checked.ok ? null : checked.message,
    });
  }
  return out;
}

/** One calRule, or null when the version is gone. */
export async function resolveCalRule(db: Db, versionId: number): Promise<CalRule | null> {
  return (await resolveCalRules(db, [versionId])).get(versionId) ?? null;
}

/** The schema a data source's algorithms read (public when it names none), or null when the source is gone. */
async function sourceSchema(db: Db, dataSourceId: number) {
  const source = await dataSourceInfo(db, dataSourceId);
  return source ? (source.schema ?? 'public') : null;
}
