import { type DashboardCard, formatDateTime, type PublishedChart } from '@zg/contract';
import type { CardRow, ChartRow } from './chart.repository';

export function presentChart(c: ChartRow, currentNumber: number | null): PublishedChart {
  return {
    id: c.id,
    mc: c.name,
    lxid: c.typeId,
    lxmc: c.typeName,
    sfid: c.algorithmId,
    sfmc: c.algorithmName,
    sflx: c.kind,
    sfbb: currentNumber,
    lw: c.widthFactor,
    roles: c.roles,
    sm: c.remark,
  };
}

/** A card with its chart's algorithm and the subscribed version's number (sfzid, sfbb, tbsj, lw). */
export function presentCard(c: CardRow, chart: ChartRow | undefined, versionNumber: number | undefined): DashboardCard {
  const params = (c.params ?? {}) as DashboardCard['params'];
  return {
    id: c.id,
    kind: c.kind as DashboardCard['kind'],
    ybpid: c.chartId,
    sfzid: chart?.algorithmId ?? null,
    sfmc: chart?.algorithmName ?? null,
    sflx: chart?.kind ?? null,
    sfbb: versionNumber ?? null,
    tbsj: c.kind === 'chart' ? formatDateTime(c.subscribedAt) : null,
    title: c.title,
    x: c.x,
    y: c.y,
    lw: c.widthFactor,
    h: c.h,
    params: {
      ...(typeof params.year === 'number' ? { year: params.year } : {}),
      ...(typeof params.departmentId === 'string' ? { departmentId: params.departmentId } : {}),
    },
    url: c.url,
  };
}
