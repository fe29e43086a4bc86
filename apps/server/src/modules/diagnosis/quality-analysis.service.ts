import {
  type DiagnosisTaskState,
  formatDateTime,
  QCP_STATE_NAMES,
  type QcpState,
  type ResultGrade,
  type ValueType,
  ZNFX_MSG,
  type ZnfxHeat,
} from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { seesWholeTask } from './diagnosis.policy';
import { percent, resultOf, targetOf } from './diagnosis.rules';
import { taskSeenBy, viewerOf } from './diagnosis-task.service';
import { objectSeenBy } from './object-task.service';
import * as repo from './quality-analysis.repository';
import { rowsOfObject } from './quality-row.repository';

/**
 * 智能分析 (znfx, /api/herm-znfx): tasks by dimension with their attainment, a task's objects, an object's QCPs, the
 * summary cache (cacheQualityByTaskId; refreshed after every computation by the ROW_COMPUTED hook) and the school-wide
 * heat table with its Excel export. Summaries missing for an object task are built when first read.
 */

const iso = (d: Date | string | null) => (d === null ? null : formatDateTime(new Date(d)));
const levelPath = (levels: { name: string }[]) =>
  levels
    .slice(0, -1)
    .map((l) => l.name)
    .join(' / ');

const summary = (s: { total: number; withResult: number; attained: number; dis: number; unfin: number }) => ({
  zs: s.total,
  yjg: s.withResult,
  db: s.attained,
  bdb: s.dis,
  wwc: s.unfin,
  dbl: percent(s.attained, s.withResult),
});

export async function tasksByDimension(db: Db, actor: Actor, q: { wd?: string; nf?: number }) {
  const v = viewerOf(actor);
  let rows = await repo.taskSummaries(db, v, { dimension: q.wd, year: q.nf });
  if (
    await repo.summarizeMissing(
      db,
      rows.map((r) => r.id),
    )
  )
    rows = await repo.taskSummaries(db, v, { dimension: q.wd, year: q.nf });
  return rows.map((r) => ({
    rwid: r.id,
    rwmc: r.name,
    wd: r.dimension,
    nf: r.year,
    rwzt: r.state as DiagnosisTaskState,
    dxsl: r.objects,
    bdbdxsl: r.objectsBelow,
    ...summary(r),
    hcsj: iso(r.refreshedAt),
  }));
}

export async function objectsOfTask(
  db: Db,
  actor: Actor,
  q: { rwid: number; gzdxmc?: string; sort: 'bdb' | 'dbl' | 'name'; pageNum: number; pageSize: number },
) {
  await taskSeenBy(db, actor, q.rwid);
  await repo.summarizeMissing(db, [q.rwid]);
  const { rows, total } = await repo.objectSummaries(
    db,
    viewerOf(actor),
    { taskId: q.rwid, name: q.gzdxmc, sort: q.sort },
    { offset: (q.pageNum - 1) * q.pageSize, limit: q.pageSize },
  );
  return {
    list: rows.map((r) => ({
      dxrwid: r.id,
      dxbm: r.code,
      gzdxmc: r.name,
      bmmc: r.departmentName,
      fzrmc: r.chargerName,
      ...summary(r),
    })),
    total,
  };
}

const stateOf = (r: { jgz: string | null; xzjgz: string | null; dis: boolean; unfin: boolean }): QcpState =>
  resultOf(r) === null ? 'none' : r.dis ? 'dis' : r.unfin ? 'unfin' : 'ok';

/** selectQuality: each QCP of an object task with its attainment (live from the rows). */
export async function qualityOfObject(db: Db, actor: Actor, dxrwid: number) {
  const o = await objectSeenBy(db, actor, dxrwid);
  const rows = await rowsOfObject(db, dxrwid);
  const list = rows.map((r) => ({
    id: r.id,
    zkdmc: r.name,
    cj: levelPath(r.levels),
    zlx: r.zlx as ValueType,
    bzz: r.bzz,
    mbz: targetOf(r),
    jgz: resultOf(r),
    jgdj: r.jgdj as ResultGrade | null,
    zt: stateOf(r),
  }));
  const withResult = list.filter((r) => r.zt !== 'none').length;
  const dis = list.filter((r) => r.zt === 'dis').length;
  return {
    gzdxmc: o.object.objectName,
    rwmc: o.task.name,
    ...summary({
      total: list.length,
      withResult,
      attained: withResult - dis,
      dis,
      unfin: list.filter((r) => r.zt === 'unfin').length,
    }),
    list,
  };
}

/** A task whose whole the actor sees (the school view, the cache): others are refused. */
async function wholeTask(db: Db, actor: Actor, taskId: number) {
  const t = await taskSeenBy(db, actor, taskId);
  if (!seesWholeTask(actor, t)) throw forbidden(ZNFX_MSG.notWhole);
  return t;
}

export async function cacheTask(db: Db, actor: Actor, taskId: number) {
  await wholeTask(db, actor, taskId);
  const n = await repo.refreshTaskSummaries(db, taskId);
  return { n, hcsj: iso((await repo.latestRefresh(db, taskId)) ?? new Date())! };
}

/** The school-wide heat table of a task: a column per QCP, a row per object (most below standard first). */
export async function heatTable(db: Db, actor: Actor, taskId: number): Promise<ZnfxHeat> {
  const t = await wholeTask(db, actor, taskId);
  await repo.summarizeMissing(db, [taskId]);
  const [qcps, { rows }, at] = await Promise.all([
    repo.taskQcps(db, taskId),
    repo.objectSummaries(db, viewerOf(actor), { taskId, sort: 'bdb' }),
    repo.latestRefresh(db, taskId),
  ]);
  const below = new Map<number, number>();
  const out = rows.map((r) => {
    const cells = qcps.map((q) => {
      const s = (r.cells[String(q.key)] ?? null) as QcpState | null;
      if (s === 'dis') below.set(q.key, (below.get(q.key) ?? 0) + 1);
      return s;
    });
    return {
      dxrwid: r.id,
      dxbm: r.code,
      gzdxmc: r.name,
      bmmc: r.departmentName,
      bdb: r.dis,
      wwc: r.unfin,
      dbl: percent(r.attained, r.withResult),
      cells,
    };
  });
  return {
    rwmc: t.name,
    wd: t.dimension,
    hcsj: iso(at),
    columns: qcps.map((q) => ({ key: q.key, zkdmc: q.name, cj: levelPath(q.levels), bdb: below.get(q.key) ?? 0 })),
    rows: out,
  };
}

const FILLS: Record<QcpState, string> = { ok: 'FFD9F2E3', unfin: 'FFFFF1C2', dis: 'FFF8C9C9', none: 'FFF0F0F0' };

/** The heat table as an .xlsx: the figures of each object, then a column per QCP with its attainment, coloured. */
export async function heatWorkbook(db: Db, actor: Actor, taskId: number) {
  const heat = await heatTable(db, actor, taskId);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('全校质量分析');
  const fixed = ['诊改对象编码', '诊改对象名称', '责任部门', '不达标数', '未完成数', '达标率(%)'];
  ws.addRow([...fixed, ...heat.columns.map((c) => c.zkdmc)]).font = { bold: true };
  for (const r of heat.rows) {
    const row = ws.addRow([
      r.dxbm,
      r.gzdxmc,
      r.bmmc ?? '',
      r.bdb,
      r.wwc,
      r.dbl,
      ...r.cells.map((c) => (c ? QCP_STATE_NAMES[c] : '—')),
    ]);
    r.cells.forEach((c, i) => {
      if (!c) return;
      row.getCell(fixed.length + i + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: FILLS[c] } };
    });
  }
  ws.columns.forEach((c, i) => {
    c.width = i === 1 ? 24 : i < fixed.length ? 12 : 14;
  });
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
  return { name: `${heat.rwmc}全校质量分析.xlsx`, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}
