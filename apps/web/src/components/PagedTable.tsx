import { LIMITS } from '@zg/contract';
import { Input, Space, Table, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { EmptyState } from './EmptyState';
import { pagination } from './pagination';

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

/** One page of a paged query as a table: its rows, the spinner while it loads, the pager, and `empty` when none. */
export function PagedTable<T extends { id: number }>({
  query,
  paging,
  pageSize,
  empty,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale' | 'pagination'> & {
  query: { data?: { records: T[]; total: number }; isFetching: boolean };
  paging: { page: number; setPage: (page: number) => void };
  pageSize?: number;
  /** The placeholder's text; 暂无数据 when undefined. */
  empty?: ReactNode;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      {...table}
      dataSource={query.data?.records ?? []}
      loading={query.isFetching}
      locale={{ emptyText: <EmptyState description={empty} /> }}
      pagination={pagination({
        current: paging.page,
        total: query.data?.total ?? 0,
        pageSize,
        onChange: paging.setPage,
      })}
    />
  );
}
