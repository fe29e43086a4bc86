import type { DashboardChartData } from '@zg/contract';
import { ListTable } from '../../components/ListTable';

type Result = NonNullable<DashboardChartData['sfzsj']>;

/** A detail algorithm's rows on a dashboard card: its own chunk, so a dashboard without one loads no table. */
export default function DetailChartTable({ result, label, height }: { result: Result; label: string; height: number }) {
  return (
    <ListTable<Record<string, unknown>>
      size="small"
      rowKey={(r) => String(result.rows.indexOf(r))}
      aria-label={label}
      pager={false}
      scroll={{ y: Math.max(80, height - 40) }}
      rows={result.rows}
      columns={result.columns.map((c) => ({ title: c.name, dataIndex: c.name, key: c.name }))}
    />
  );
}
