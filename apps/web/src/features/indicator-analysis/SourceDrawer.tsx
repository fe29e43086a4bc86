import { type Mover, INDICATOR_TEXT as T } from '@zg/contract';
import { Alert, Descriptions, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DetailRowsTable } from '../../components/DetailRowsTable';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { useMoverSource } from './indicator-analysis.api';

/**
 * 数据来源 of a mover: the algorithm run behind its current value (algorithm, version, tables, parameters, SQL) and the
 * warehouse rows that contributed (its 详情算法 for the object and year), a page at a time.
 */
export function SourceDrawer({ row, onClose }: { row: Mover | null; onClose: () => void }) {
  // The page of the contributing rows, for the row it was chosen on (another row starts on its first page).
  const [page, setPage] = useState<{ id?: number; current: number }>({ current: 1 });
  const current = page.id === row?.id ? page.current : 1;
  const setCurrent = (c: number) => setPage({ id: row?.id, current: c });
  const q = useMoverSource(row?.id, current);
  const s = q.data;
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={720}
      title={row ? T.lineageTitle(row.zkdmc) : T.source}
      destroyOnHidden
    >
      {q.isPending && row && <Skeleton active />}
      {q.error && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {s && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={T.objectCol}>{s.gzdxmc}</Descriptions.Item>
            <Descriptions.Item label={T.value}>{s.value ?? '-'}</Descriptions.Item>
            {s.run ? (
              <>
                <Descriptions.Item label={T.algorithm}>{`${s.run.sfmc} / V${s.run.bbh}`}</Descriptions.Item>
                <Descriptions.Item label={T.runAt}>{s.sj ?? s.run.zxsj}</Descriptions.Item>
                <Descriptions.Item label={T.tables}>
                  {s.run.tables.length ? s.run.tables.map((t) => <Tag key={t}>{t}</Tag>) : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={T.params}>
                  {Object.entries(s.run.params)
                    .map(([k, v]) => `:${k} = ${JSON.stringify(v)}`)
                    .join('；') || '-'}
                </Descriptions.Item>
                <Descriptions.Item label="SQL">
                  <pre className="zg-indicator__sql">{s.run.sql}</pre>
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label={T.algorithm}>{T.manual}</Descriptions.Item>
            )}
          </Descriptions>
          <h2 className="zg-card-title">{T.detailRows}</h2>
          {!s.detail.configured ? (
            <EmptyState description={T.noDetail} />
          ) : (
            <>
              {s.detail.algorithm && <Typography.Text type="secondary">{s.detail.algorithm}</Typography.Text>}
              {s.detail.truncated && s.detail.message && <Alert type="warning" showIcon title={s.detail.message} />}
              <DetailRowsTable label={T.detailRows} page={s.detail} loading={q.isFetching} onPage={setCurrent} />
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}
