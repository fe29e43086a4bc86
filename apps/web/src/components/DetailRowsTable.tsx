import { ListTable } from './ListTable';

/** The key each shown row carries (no result column is named so). */
const ROW_KEY = '\u0000row';

/** A cell of a detail row as text: null a dash, objects as JSON. */
const cellText = (v: unknown) =>
  v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A page of a 详情算法's rows, as the server answers it: columns named by the result, paged on the server. */
export interface DetailRowsPage {
  columns: readonly { name: string; type: string }[];
  records: readonly Record<string, unknown>[];
  current: number;
  size: number;
  total: number;
}

/** A detail algorithm's rows (明细数据, 数据来源): numbers right-aligned, wide tables scrolled, the server's pager. */
export function DetailRowsTable({
  label,
  page,
  loading,
  onPage,
}: {
  label: string;
  page: DetailRowsPage;
  loading: boolean;
  onPage: (current: number) => void;
}) {
  return (
    <ListTable<Record<string, unknown>>
      aria-label={label}
      size="small"
      loading={loading}
      rowKey={ROW_KEY}
      rows={page.records.map((r, i) => ({ ...r, [ROW_KEY]: `${page.current}:${i}` }))}
      columns={page.columns.map((c) => ({
        key: c.name,
        title: c.name,
        dataIndex: c.name,
        align: c.type === 'number' ? ('right' as const) : undefined,
        render: cellText,
      }))}
      scroll={{ x: 'max-content' }}
      pager={{ current: page.current, pageSize: page.size, total: page.total, onChange: onPage }}
    />
  );
}
