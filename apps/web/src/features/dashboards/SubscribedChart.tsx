import type { DashboardChartData } from '@zg/contract';
import { Alert } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { errorText } from '../../api/errors';
import { BarChart, LineChart } from '../../components/charts';
import { Loading } from './BuiltinCards';
import { isTrend, resultToCategories } from './grid';

const DetailChartTable = lazy(() => import('./DetailChartTable'));

/**
 * A subscribed chart's card body: its data from the dashboard's one request, drawn as a line (years) or bars, a
 * detail algorithm's rows as a table, or the card's own error (no right, a failed or timed-out run, or the whole
 * request failing: `error`).
 */
export function SubscribedChart({
  data,
  pending,
  label,
  height,
  error,
}: {
  data: DashboardChartData | undefined;
  pending: boolean;
  label: string;
  height: number;
  error?: unknown;
}) {
  const categories = useMemo(() => resultToCategories(data?.sfzsj), [data]);
  if (!data && error && !pending)
    return <Alert type="error" showIcon message="图表加载失败" description={errorText(error, '请稍后重试')} />;
  if (!data) return <Loading pending={pending} />;
  if (data.status !== 'ok' || !data.sfzsj)
    return (
      <Alert
        type={data.status === 'forbidden' ? 'warning' : 'error'}
        showIcon
        message={data.status === 'timeout' ? '图表加载超时' : data.status === 'forbidden' ? '无权查看' : '图表加载失败'}
        description={data.message}
      />
    );
  if (data.sflx === 'detail') {
    return (
      <Suspense fallback={<Loading pending />}>
        <DetailChartTable result={data.sfzsj} label={label} height={height} />
      </Suspense>
    );
  }
  return isTrend(categories) ? (
    <LineChart data={categories} label={label} height={height} tools />
  ) : (
    <BarChart data={categories} label={label} height={height} tools />
  );
}
