import {
  type Algorithm,
  type AlgorithmGroupNode,
  type AlgorithmKind,
  type AlgorithmLineage,
  type AlgorithmResult,
  type AlgorithmVersion,
  formatDateTime,
  ALGORITHM_MSG as M,
} from '@zg/contract';
import type { AlgorithmWithVersion, GroupRow, VersionRow } from './algorithm.repository';
import { columnKeys, columnKind, nest } from './algorithm.rules';
import type { RunRow } from './algorithm-lineage.repository';
import type { RawResult, RunLimits } from './algorithm-run.repository';

/** Database rows and raw results -> the contract's shapes (ALGORITHM_API): one presenter per shape, pure. */

export function presentVersion(v: VersionRow, author: string | null, currentId: number | null): AlgorithmVersion {
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

export function presentAlgorithm(r: AlgorithmWithVersion): Algorithm {
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

type RunWithVersion = { run: RunRow; algorithmId: number; number: number; runner: string | null };

/** A lineage run (执行记录). */
export function presentRun(r: RunWithVersion) {
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

/** A run as 数据来源: the run, its algorithm and version (with the text), who ran it, the data source's name. */
export function presentLineage(
  r: RunWithVersion & { name: string; kind: string; sql: string },
  dataSourceName: string | null,
): AlgorithmLineage {
  const { id, ...run } = presentRun(r);
  return {
    ...run,
    runId: id,
    sfmc: r.name,
    sflx: r.kind as AlgorithmKind,
    sql: r.sql,
    sjymc: dataSourceName,
    zxrid: r.run.runBy,
  };
}

/** The group tree (算法组树), with each group's algorithms when asked (算法树). */
export function presentGroupTree(
  groups: GroupRow[],
  heads: { id: number; groupId: number; name: string; kind: string; number: number }[],
  withAlgorithms: boolean,
): AlgorithmGroupNode[] {
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

/** The Chinese note of a cut result (the `truncated` flag's why), null when nothing was cut. */
export function truncationNote(
  raw: Pick<RawResult, 'truncatedBy' | 'rows'>,
  limits: Pick<RunLimits, 'rowCap' | 'byteCap'>,
) {
  if (raw.truncatedBy === 'rows') return M.truncatedRows(limits.rowCap);
  if (raw.truncatedBy === 'bytes') return M.truncatedBytes(limits.byteCap, raw.rows.length);
  return null;
}

/** A raw result's columns (named once each: `id`, `id_2`) and rows as records, with the cut and its note. */
export function presentResult(raw: RawResult, limits: Pick<RunLimits, 'rowCap' | 'byteCap'>) {
  const keys = columnKeys(raw.columns.map((c) => c.name));
  const columns = raw.columns.map((c, i) => ({ name: keys[i] as string, kind: columnKind(c.typeId) }));
  const result: AlgorithmResult = {
    columns: columns.map((c) => ({ name: c.name, type: c.kind })),
    rows: raw.rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i] ?? null]))),
    rowCount: raw.rows.length,
    truncated: raw.truncated,
    note: truncationNote(raw, limits),
    ms: raw.ms,
    ...(raw.plan ? { plan: raw.plan } : {}),
  };
  return { result, columns };
}
