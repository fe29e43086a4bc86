import {
  type BelowRow,
  type Correlation,
  INDICATOR_MSG as I,
  type Indicator,
  type IndicatorObject,
  type IndicatorTask,
  type Mover,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import {
  type AnalysisObject,
  analysisObject,
  analysisObjects,
  analysisTaskSeen,
  analysisTasks,
  belowRows,
  indicatorPairs,
  type MoverFacts,
  moverRows,
  taskIndicators,
} from '../diagnosis';
import { correlationKind, correlationReading, gradeMove, levelPath, numberOf, pearson } from './indicator.rules';

/**
 * 指标分析 (issue 35 item 5) over diagnosis's read model: the tasks and objects the user may analyse, the rows that moved
 * most against last round, the rows that fell below standard this round, and two indicators' correlation across the
 * objects (majors) of the latest round. Outside the user's authority: 403 with a Chinese message; no such task or
 * object: 404.
 */

type Page = { pageNum: number; pageSize: number };
const window = (q: Page) => ({ offset: (q.pageNum - 1) * q.pageSize, limit: q.pageSize });

const presentObject = (o: Omit<AnalysisObject, 'seen'>): IndicatorObject => ({
  dxrwid: o.id,
  dxbm: o.code,
  dxmc: o.name,
  bmid: o.departmentId,
  bmmc: o.departmentName,
  lc: o.round,
});

/** The task exists (404) and the actor may analyse at least one of its objects (403). */
async function requireTask(db: Db, actor: Actor, taskId: number) {
  const t = await analysisTaskSeen(db, actor, taskId);
  if (!t) throw notFound(I.taskNotSeen);
  if (t.seen === 0) throw forbidden(I.objectNotSeen);
  return t;
}

export async function tasks(db: Db, actor: Actor): Promise<IndicatorTask[]> {
  return (await analysisTasks(db, actor)).map((t) => ({
    rwid: t.id,
    rwmc: t.name,
    nf: t.year,
    wd: t.dimension,
    dxsl: t.objects,
  }));
}

export async function objects(db: Db, actor: Actor, q: Page & { rwid: number; keyword?: string }) {
  await requireTask(db, actor, q.rwid);
  const { rows, total } = await analysisObjects(db, actor, { taskId: q.rwid, keyword: q.keyword, ...window(q) });
  return { list: rows.map(presentObject), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

const decimal = (v: string | null) => (v === null ? null : Number(v));

const presentMover = (r: MoverFacts): Mover => ({
  id: r.id,
  zkdmc: r.name,
  cj: levelPath(r.levels),
  zlx: r.zlx,
  bzz: r.bzz,
  sljsz: r.sljsz,
  jgz: r.jgz,
  bh: decimal(r.bh),
  bhl: decimal(r.bhl),
  sldj: r.sldj,
  jgdj: r.jgdj,
  djbh: gradeMove(r.sldj, r.jgdj),
  computed: r.computed,
});

export async function movers(db: Db, actor: Actor, q: Page & { dxrwid: number; sort: 'relative' | 'absolute' }) {
  const o = await analysisObject(db, actor, q.dxrwid);
  if (!o) throw notFound(I.rowNotSeen);
  if (!o.seen) throw forbidden(I.objectNotSeen);
  const { rows, total } = await moverRows(db, { objectTaskId: o.id, sort: q.sort, ...window(q) });
  return {
    object: { ...presentObject(o), rwid: o.taskId, rwmc: o.taskName },
    list: rows.map(presentMover),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function below(db: Db, actor: Actor, q: Page & { rwid: number; bmid?: string; dxrwid?: number }) {
  await requireTask(db, actor, q.rwid);
  const r = await belowRows(db, actor, {
    taskId: q.rwid,
    departmentId: q.bmid || undefined,
    objectTaskId: q.dxrwid,
    ...window(q),
  });
  const list: BelowRow[] = r.page.map((b) => ({
    id: b.id,
    zkdmc: b.name,
    cj: levelPath(b.levels),
    dxrwid: b.objectTaskId,
    dxbm: b.code,
    dxmc: b.objectName,
    bmid: b.departmentId,
    bmmc: b.departmentName,
    zlx: b.zlx,
    bzz: b.bzz,
    sljsz: b.sljsz,
    jgz: b.jgz,
    sldj: b.sldj,
    jgdj: b.jgdj,
  }));
  return {
    list,
    total: r.total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    summary: r.summary.map((s) => ({
      bmid: s.departmentId,
      bmmc: s.departmentName ?? '未指定部门',
      dxsl: s.objects,
      hs: s.rows,
    })),
  };
}

const presentIndicator = (r: Awaited<ReturnType<typeof taskIndicators>>[number]): Indicator => ({
  key: r.key,
  zkdmc: r.name,
  cj: levelPath(r.levels),
  zlx: r.zlx,
});

export async function indicators(db: Db, actor: Actor, rwid: number): Promise<Indicator[]> {
  await requireTask(db, actor, rwid);
  return (await taskIndicators(db, rwid)).map(presentIndicator);
}

export async function correlation(db: Db, actor: Actor, q: { rwid: number; x: number; y: number }) {
  if (q.x === q.y) throw badRequest(I.sameIndicator);
  await requireTask(db, actor, q.rwid);
  const all = await taskIndicators(db, q.rwid, [q.x, q.y]);
  const x = all.find((i) => i.key === q.x);
  const y = all.find((i) => i.key === q.y);
  if (!x || !y) throw badRequest(I.indicatorUnknown);
  const points: Correlation['points'] = [];
  for (const p of await indicatorPairs(db, actor, { taskId: q.rwid, x: q.x, y: q.y })) {
    const px = numberOf(p.x);
    const py = numberOf(p.y);
    if (px !== null && py !== null) points.push({ dxrwid: p.id, dxbm: p.code, dxmc: p.name, x: px, y: py });
  }
  const r = pearson(points);
  return {
    x: presentIndicator(x),
    y: presentIndicator(y),
    points,
    n: points.length,
    r: r === null ? null : Math.round(r * 1000) / 1000,
    kind: correlationKind(r),
    reading: correlationReading(r, points.length),
  } satisfies Correlation;
}
