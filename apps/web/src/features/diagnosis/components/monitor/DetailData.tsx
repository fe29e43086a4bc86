import { QUALITY_VIEW_TEXT as T } from '@zg/contract';
import { Alert, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/EmptyState';
import { ListTable } from '../../../../components/ListTable';
import { LoadError } from '../../../../components/LoadError';
import { useRowDetail } from './monitor.api';

/** The key each shown row carries (no result column is named so). */
const ROW_KEY = '\u0000row';

/** A cell of a detail row as text: null a dash, objects as JSON. */
const cellText = (v: unknown) =>
  v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * 明细数据 (spec-2 §2.8): the rows the row's 详情算法 returns for its object and year, columns as the result names
 * them, paged by the server; 未配置详情算法 when the node names none, the runner's message when the run fails.
 */
export function DetailData({ id }: { id: number }) {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const detail = useRowDetail(id, page);
  if (detail.isPending) return <Skeleton active />;
  if (detail.error) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  if (!d.configured) return <EmptyState description={d.message ?? T.noData} />;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      {d.algorithm && <Typography.Text type="secondary">{T.detailAlgorithm(d.algorithm)}</Typography.Text>}
      {d.truncated && d.message && <Alert type="warning" showIcon title={d.message} />}
      {d.total === 0 ? (
        <EmptyState description={T.noData} />
      ) : (
        <ListTable<Record<string, unknown>>
          aria-label={T.detailTable}
          size="small"
          loading={detail.isFetching}
          rowKey={ROW_KEY}
          rows={d.records.map((r, i) => ({ ...r, [ROW_KEY]: `${d.current}:${i}` }))}
          columns={d.columns.map((c) => ({
            key: c.name,
            title: c.name,
            dataIndex: c.name,
            align: c.type === 'number' ? ('right' as const) : undefined,
            render: cellText,
          }))}
          scroll={{ x: 'max-content' }}
          pager={{
            current: d.current,
            pageSize: d.size,
            total: d.total,
            onChange: (current) => setPage({ current, size: page.size }),
          }}
        />
      )}
    </Space>
  );
}
