import type { DashboardChartData } from '@zg/contract';
import { ListTable } from '../../components/ListTable';

/** The key each shown row carries (no result column is named so); a row's place, not a search for it per row. */
const ROW_KEY = '\u0000row';

type Result = NonNullable<DashboardChartData['sfzsj']>;

/** A detail algorithm's rows on a dashboard card: its own chunk, so a dashboard without one loads no table. */
export default function DetailChartTable({ result, label, height }: { result: Result; label: string; height: number }) {
  return (
    <ListTable<Record<string, unknown>>
      size="small"
      rowKey={ROW_KEY}
      aria-label={label}
      pager={false}
      scroll={{ y: Math.max(80, height - 40) }}
      rows={result.rows.map((r, i) => ({ ...r, [ROW_KEY]: String(i) }))}
      columns={result.columns.map((c) => ({ title: c.name, dataIndex: c.name, key: c.name }))}
    />
  );
}
