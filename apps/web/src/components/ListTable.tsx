import { LIMITS } from '@zg/contract';
import { Input, type PaginationProps, Space, Table, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { EmptyState } from './EmptyState';
import { pagination as paginationOf } from './pagination';

/** A list's page and search text ('' for none): a new search, trimmed, starts again from the first page. */
export function useSearchPaging() {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [keyword, setKeyword] = useState('');
  const search = (text: string) => {
    setKeyword(text.trim());
    setPage(LIMITS.firstPage);
  };
  return { page, setPage, keyword, search };
}

/** A list's toolbar: its search box (Enter, the button or clearing it searches), then the list's own buttons. */
export function SearchBar({
  label,
  width = 220,
  onSearch,
  children,
}: {
  /** The box's placeholder and accessible name. */
  label: string;
  width?: number;
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  return (
    <Space wrap>
      <Input.Search aria-label={label} placeholder={label} allowClear style={{ width }} onSearch={(v) => onSearch(v)} />
      {children}
    </Space>
  );
}

/**
 * How a table pages:
 * - `{ current, total, pageSize?, onChange }`: the server pages (a query per page);
 * - `'local'`: every row is here, paged in the browser (`pageSize` rows a page);
 * - `false`: not a list but a bounded part of one record (a report's attachments, a form's fields, a grid being
 *   filled) that is shown whole.
 * Either pager is the spec's (spec-1 / spec-2 section 9): quick jumper, no size changer, 当前页N条，共M条.
 */
export type Pager =
  | { current: number; total: number; pageSize?: number; onChange: (page: number) => void }
  | 'local'
  | false;

/**
 * Every table of the web app: its rows (spinning while `loading`), the spec's pager, and an empty placeholder that
 * says `empty` (暂无数据 when undefined) or, when the load failed, the failure's message. Rows are keyed by `id`
 * unless `rowKey` says otherwise. Biome refuses antd's Table anywhere else in features/.
 */
export function ListTable<T extends object>({
  rows,
  loading,
  error,
  empty,
  pager,
  pageSize,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  rows: readonly T[] | undefined;
  loading?: boolean;
  /** A failed load: its message is the placeholder. */
  error?: Error | null;
  empty?: ReactNode;
  pager: Pager;
  /** Rows a page of a local pager (10 by default). */
  pageSize?: number;
}) {
  const [localPage, setLocalPage] = useState<number>(LIMITS.firstPage);
  const data = rows ?? [];
  let pagination: PaginationProps | false = false;
  if (pager === 'local') {
    const size = pageSize ?? LIMITS.defaultPageSize;
    // Fewer rows than before (a delete, a new search) never leave the pager past the last page.
    const current = Math.min(localPage, Math.max(LIMITS.firstPage, Math.ceil(data.length / size)));
    pagination = paginationOf({ current, total: data.length, pageSize: size, onChange: setLocalPage });
  } else if (pager) {
    pagination = paginationOf(pager);
  }
  return (
    <Table<T>
      rowKey={'id' as TableProps<T>['rowKey']}
      {...table}
      dataSource={data as T[]}
      loading={loading ?? false}
      locale={{ emptyText: <EmptyState description={error?.message ?? empty} />, ...table.locale }}
      pagination={pagination}
    />
  );
}

/** A server-paged query's rows, spinner, failure and pager for ListTable (`<ListTable {...pagedRows(q, paging)} />`). */
export function pagedRows<T>(
  query: { data?: { records: T[]; total: number }; isFetching: boolean; error?: Error | null },
  paging: { page: number; setPage: (page: number) => void },
  pageSize?: number,
) {
  return {
    rows: query.data?.records,
    loading: query.isFetching,
    error: query.error ?? null,
    pager: { current: paging.page, total: query.data?.total ?? 0, pageSize, onChange: paging.setPage },
  };
}
