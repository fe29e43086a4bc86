import { QUALITY_VIEW_TEXT as T } from '@zg/contract';
import { Alert, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { DetailRowsTable } from '../../../../components/DetailRowsTable';
import { EmptyState } from '../../../../components/EmptyState';
import { LoadError } from '../../../../components/LoadError';
import { useRowDetail } from './monitor.api';

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
        <DetailRowsTable
          label={T.detailTable}
          page={d}
          loading={detail.isFetching}
          onPage={(current) => setPage({ current, size: page.size })}
        />
      )}
    </Space>
  );
}
