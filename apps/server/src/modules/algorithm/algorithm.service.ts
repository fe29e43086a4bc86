import { ALGORITHM_KIND_NAMES, ALGORITHM_KINDS, type AlgorithmKind, ALGORITHM_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { requireKeeper } from './algorithm.policy';
import { presentAlgorithm, presentVersion } from './algorithm.presenter';
import {
  algorithmNamed,
  deleteAlgorithm,
  findAlgorithm,
  findGroup,
  findVersion,
  insertAlgorithm,
  insertGroup,
  insertVersion,
  listGroups,
  lockAlgorithm,
  lockGroupTree,
  lockVersion,
  pageAlgorithms,
  siblingNamed,
  updateAlgorithm,
  updateUnusedVersion,
  usedVersions,
  type VersionRow,
  versionByNumber,
} from './algorithm.repository';
import { hashText, subtreeOf } from './algorithm.rules';
import { checkedText, placeOf } from './algorithm-place';
import { checkAlgorithmSql } from './algorithm-sql.rules';

/**
 * Algorithms (算法内容) with their versions' texts: the list, one algorithm, §7.5's detail at a version, saving (a used
 * version is never changed: a new text becomes a new version), deleting one no result used; installing a set.
 */

const audit = (db: Db, actor: Actor, action: string, id: number, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'algorithm', entityId: String(id), detail });

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
  requireKeeper(actor);
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
    await audit(tx, actor, 'algorithm.create', a.id, { version: v.number, hash: v.hash });
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
  requireKeeper(actor);
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
    await audit(tx, actor, 'algorithm.update', a.id, {
      version: newVersion?.number ?? current.number,
      newVersion: newVersion !== null,
      hash: hashText(input.sql),
    });
    return newVersion?.number ?? null;
  });
  return { algorithm: await algorithmDetail(db, input.id), newVersion: made };
}

export async function removeAlgorithm(db: Db, actor: Actor, id: number) {
  requireKeeper(actor);
  await db.transaction(async (tx) => {
    const a = await lockAlgorithm(tx, id);
    if (!a) throw notFound(M.algorithmNotFound);
    if ((await usedVersions(tx, id)) > 0) throw conflict(M.algorithmUsed(a.name));
    await deleteAlgorithm(tx, id);
    await audit(tx, actor, 'algorithm.delete', id, { name: a.name });
  });
}

// ---- installing (the demo's indicators) ----

export interface AlgorithmPackage {
  /** A top-level group, found by its name or made. */
  name: string;
  algorithms: { name: string; kind: AlgorithmKind; remark: string | null; sql: string }[];
}

/**
 * Installs algorithms as a set (the demo's diagnosis indicators, seed/story/indicators.ts): each group by its name
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
