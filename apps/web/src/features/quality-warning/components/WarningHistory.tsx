import { QUALITY_WARNING_TEXT as T, type WarnFlow } from '@zg/contract';
import { Button, Popover, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/ListTable';
import { useWarnList } from '../quality-warning.api';
import { DisposeDialog } from './DisposeDialog';

/** The 处理详情 shown on hover: cause analysis and measures (or that it is not disposed yet). */
function DisposeDetail({ w }: { w: WarnFlow }) {
  return w.clsj ? (
    <div className="zg-qw__detail">
      <Typography.Text strong>{T.cause}</Typography.Text>
      <p>{w.yyfx}</p>
      <Typography.Text strong>{T.measures}</Typography.Text>
      <p>{w.clcs}</p>
    </div>
  ) : (
    <span>{T.notDisposed}</span>
  );
}

function columns(editable: boolean, onDispose: (w: WarnFlow) => void, forecasts = false) {
  return [
    { title: T.histTime, dataIndex: 'yjsj', key: 'yjsj', width: 170 },
    {
      title: T.histKind,
      dataIndex: 'yjlxmc',
      key: 'yjlx',
      width: 100,
      render: (v: string, w: WarnFlow) => (
        <Tag color={w.yjlx === 'expired' ? 'red' : w.yjlx === 'forecast' ? 'blue' : 'orange'}>{v}</Tag>
      ),
    },
    { title: T.histValue, dataIndex: 'yjz', key: 'yjz', width: 90 },
    { title: T.histMonitored, dataIndex: 'jgz', key: 'jgz', width: 90 },
    {
      title: T.histState,
      dataIndex: 'zt',
      key: 'zt',
      width: 90,
      render: (v: string) => (v === 'open' ? <Tag color="warning">{T.histOpen}</Tag> : <Tag>{T.histClosed}</Tag>),
    },
    ...(forecasts
      ? []
      : [
          {
            title: T.histDisposedAt,
            dataIndex: 'clsj',
            key: 'clsj',
            width: 170,
            render: (v: string | null) => v ?? '—',
          },
          { title: T.histHandler, key: 'clr', width: 90, render: (_: unknown, w: WarnFlow) => w.clr?.name ?? '—' },
          {
            title: T.colAction,
            key: 'action',
            width: 150,
            render: (_: unknown, w: WarnFlow) => (
              <Space>
                <Popover content={<DisposeDetail w={w} />} title={T.histDetail} trigger={['hover', 'focus']}>
                  <Button type="link" size="small" data-detail={w.id}>
                    {T.histDetail}
                  </Button>
                </Popover>
                {editable && (
                  <Button type="link" size="small" onClick={() => onDispose(w)} data-dispose={w.id}>
                    {T.histDispose}
                  </Button>
                )}
              </Space>
            ),
          },
        ]),
  ];
}

/**
 * 预警历史 of a row (spec-2 §2.8, warningFlowVos): the real warnings with 处理详情 on hover and 处理 for the person
 * in charge or a sharer; the forecast's early warnings listed apart, never counted with them.
 */
export function WarningHistory({ rowId }: { rowId: number }) {
  const list = useWarnList(rowId);
  const [disposing, setDisposing] = useState<WarnFlow | null>(null);
  const data = list.data;
  return (
    <div className="zg-qw__history">
      <ListTable<WarnFlow>
        size="small"
        loading={list.isPending}
        rows={data?.list}
        error={list.error}
        empty={T.histNone}
        columns={columns(data?.isedit ?? false, setDisposing)}
        pager="local"
        scroll={{ x: 900 }}
      />
      {(data?.forecasts.length ?? 0) > 0 && (
        <>
          <Typography.Title level={5} className="zg-qw__subtitle">
            {T.forecastsTitle}
          </Typography.Title>
          <ListTable<WarnFlow>
            size="small"
            rows={data?.forecasts}
            columns={columns(false, setDisposing, true)}
            pager="local"
          />
        </>
      )}
      <DisposeDialog warning={disposing} onClose={() => setDisposing(null)} />
    </div>
  );
}
