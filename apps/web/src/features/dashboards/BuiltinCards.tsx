import type { BuiltinChartKind } from '@zg/contract';
import { TASK_TYPE } from '@zg/contract';
import { Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { BarChart, CircularGauge, LineChart, RadarChart, StackedAreaChart } from '../../components/charts';
import { useMyStatus, useMyStatusByType, useMyStatusByYear } from './dashboards.api';
import { finishOf, finishTrend, lastFiveYears, statusBars, statusTrend, typeRadar } from './data';

const TYPES = TASK_TYPE.map((t) => t.code);

/** A built-in chart of the user's target tasks (the page's card kinds before charts were subscribed). */
export function BuiltinCard({
  kind,
  year,
  label,
  height,
}: {
  kind: BuiltinChartKind;
  year: number | null;
  label: string;
  height: number;
}) {
  switch (kind) {
    case 'myFinishRate':
      return <FinishRateCard year={year} label={label} />;
    case 'myStatus':
      return <StatusCard year={year} label={label} height={height} />;
    case 'statusTrend':
    case 'finishTrend':
      return <TrendCard year={year} label={label} kind={kind} height={height} />;
    case 'typeRadar':
      return <TypeRadarCard year={year} label={label} height={height} />;
  }
}

/** The loading state every chart card shares (a failure is the card's QueryBoundary's). */
export function Loading({ pending }: { pending: boolean }) {
  if (pending) return <Spin className="zg-dashboard__loading" />;
  return null;
}

function FinishRateCard({ year, label }: { year: number | null; label: string }) {
  const q = useMyStatus(year);
  if (!q.data) return <Loading pending={q.isPending} />;
  const { finished, issued } = finishOf(q.data.list);
  return (
    <div className="zg-dashboard__gauge">
      <CircularGauge part={finished} total={issued} label={label} />
    </div>
  );
}

function StatusCard({ year, label, height }: { year: number | null; label: string; height: number }) {
  const q = useMyStatus(year);
  const data = useMemo(() => (q.data ? statusBars(q.data.list) : null), [q.data]);
  if (!data) return <Loading pending={q.isPending} />;
  return <BarChart data={data} label={label} height={height} tools />;
}

function TrendCard({
  year,
  label,
  kind,
  height,
}: {
  year: number | null;
  label: string;
  kind: 'statusTrend' | 'finishTrend';
  height: number;
}) {
  const years = useMemo(() => lastFiveYears(year ?? dayjs().year()), [year]);
  const q = useMyStatusByYear(years);
  const data = useMemo(() => {
    if (!q.data) return null;
    const perYear = q.data.map((d) => ({ year: d.key, list: d.list }));
    return kind === 'statusTrend' ? statusTrend(perYear) : finishTrend(perYear);
  }, [q.data, kind]);
  if (!data) return <Loading pending={q.isPending} />;
  return kind === 'statusTrend' ? (
    <StackedAreaChart data={data} label={label} height={height} tools />
  ) : (
    <LineChart data={data} label={label} height={height} tools />
  );
}

function TypeRadarCard({ year, label, height }: { year: number | null; label: string; height: number }) {
  const q = useMyStatusByType(year, TYPES);
  const data = useMemo(() => (q.data ? typeRadar(q.data.map((d) => ({ rwlx: d.key, list: d.list }))) : null), [q.data]);
  if (!data) return <Loading pending={q.isPending} />;
  return <RadarChart data={data} label={label} height={height} tools />;
}
