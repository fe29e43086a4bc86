import type { ChartTypeInputSchema, LibraryChartQuerySchema, PublishedChartInputSchema } from '@zg/contract';
import { DASHBOARD_MSG as M } from '@zg/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { currentVersionHeads } from '../algorithm';
import {
  algorithmKind,
  chartTypeExists,
  deleteChart,
  deleteChartType,
  insertChart,
  insertChartType,
  listCharts,
  listChartTypes,
  pageCharts,
} from './chart.repository';
import { mayRunChart, requireKeeper } from './dashboard.policy';
import { presentChart } from './dashboard.presenter';

/** 图表库 (ybplx, ybp): chart types and the chart / detail algorithms published for roles. */

export async function chartTypes(db: Db) {
  return (await listChartTypes(db)).map((t) => ({ id: t.id, lxmc: t.name, px: t.sortOrder }));
}

export async function addChartType(db: Db, actor: Actor, v: z.output<typeof ChartTypeInputSchema>) {
  requireKeeper(actor);
  const row = await insertChartType(db, { name: v.lxmc, sortOrder: v.px });
  await writeAudit(db, {
    actorId: actor.userId,
    action: 'dashboard.chartType.add',
    entityType: 'chartType',
    entityId: String(row.id),
  });
  return { id: row.id, lxmc: row.name, px: row.sortOrder };
}

export async function removeChartType(db: Db, actor: Actor, id: number) {
  requireKeeper(actor);
  const done = await deleteChartType(db, id);
  if (done === 'missing') throw notFound(M.typeNotFound);
  if (done === 'used') throw conflict(M.typeInUse);
  await writeAudit(db, {
    actorId: actor.userId,
    action: 'dashboard.chartType.delete',
    entityType: 'chartType',
    entityId: String(id),
  });
}

/** The charts the actor may subscribe (published for one of their roles), with their current version numbers. */
export async function chartsFor(db: Db, actor: Actor, typeId?: number) {
  const rows = (await listCharts(db, { typeId })).filter((c) => mayRunChart(actor, c.roles));
  const heads = await currentVersionHeads(
    db,
    rows.map((c) => c.algorithmId),
  );
  const numbers = new Map(heads.map((h) => [h.algorithmId, h.number]));
  return rows.map((c) => presentChart(c, numbers.get(c.algorithmId) ?? null));
}

/**
 * 图表库 for its keepers (the route admits only them): every published chart, whatever roles it is open to, a page
 * at a time with the current version numbers (three queries).
 */
export async function libraryCharts(db: Db, actor: Actor, q: z.output<typeof LibraryChartQuerySchema>) {
  requireKeeper(actor);
  const { rows, total } = await pageCharts(db, {
    typeId: q.lxid,
    name: q.mc || undefined,
    limit: q.size,
    offset: (q.current - 1) * q.size,
  });
  const heads = await currentVersionHeads(
    db,
    rows.map((c) => c.algorithmId),
  );
  const numbers = new Map(heads.map((h) => [h.algorithmId, h.number]));
  return {
    records: rows.map((c) => presentChart(c, numbers.get(c.algorithmId) ?? null)),
    total,
    current: q.current,
    pages: Math.ceil(total / q.size),
    size: q.size,
  };
}

export async function publishChart(db: Db, actor: Actor, v: z.output<typeof PublishedChartInputSchema>) {
  requireKeeper(actor);
  if (!(await chartTypeExists(db, v.lxid))) throw badRequest(M.typeNotFound);
  const kind = await algorithmKind(db, v.sfid);
  if (!kind) throw badRequest(M.algorithmNotFound);
  if (kind !== 'chart' && kind !== 'detail') throw badRequest(M.algorithmKindWrong);
  const id = await insertChart(db, {
    typeId: v.lxid,
    name: v.mc,
    algorithmId: v.sfid,
    widthFactor: v.lw,
    roles: [...new Set(v.roles)],
    remark: v.sm ?? null,
    createdBy: actor.userId,
  });
  await writeAudit(db, {
    actorId: actor.userId,
    action: 'dashboard.chart.publish',
    entityType: 'chart',
    entityId: String(id),
  });
  const [row] = await listCharts(db, { ids: [id] });
  const [head] = await currentVersionHeads(db, [v.sfid]);
  return presentChart(row!, head?.number ?? null);
}

export async function withdrawChart(db: Db, actor: Actor, id: number) {
  requireKeeper(actor);
  if (!(await deleteChart(db, id))) throw notFound(M.chartNotFound);
  await writeAudit(db, {
    actorId: actor.userId,
    action: 'dashboard.chart.withdraw',
    entityType: 'chart',
    entityId: String(id),
  });
}
