import { type Indicator, INDICATOR_TEXT as T } from '@zg/contract';
import { Alert, Card, Select, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../../components/charts/EChart';
import { EmptyState } from '../../components/EmptyState';
import { ListTable } from '../../components/ListTable';
import { LoadError } from '../../components/LoadError';
import { useCorrelation, useIndicators } from './indicator-analysis.api';
import { scatterOption } from './indicator-analysis.logic';

const HEIGHT = 360;
type Point = NonNullable<ReturnType<typeof useCorrelation>['data']>['points'][number];

function IndicatorSelect({
  id,
  label,
  list,
  value,
  onChange,
}: {
  id: string;
  label: string;
  list: Indicator[];
  value: number | undefined;
  onChange: (v: number) => void;
}) {
  return (
    <Space>
      <span id={id}>{label}</span>
      <Select
        aria-labelledby={id}
        style={{ width: 240 }}
        showSearch={{ optionFilterProp: 'label' }}
        value={value}
        onChange={onChange}
        options={list.map((i) => ({ value: i.key, label: i.zkdmc }))}
      />
    </Space>
  );
}

/** 相关性分析: two numeric indicators across the objects (majors) of the task's latest round, with Pearson's r. */
export function CorrelationTab({ rwid }: { rwid: number }) {
  const indicators = useIndicators(rwid);
  const list = indicators.data ?? [];
  const [x, setX] = useState<number | undefined>();
  const [y, setY] = useState<number | undefined>();
  const xKey = x ?? list[0]?.key;
  const yKey = y ?? list.find((i) => i.key !== xKey)?.key;
  const q = useCorrelation(rwid, xKey, yKey);
  const c = q.data;
  const option = useMemo(() => (c ? scatterOption(c) : null), [c]);
  const label = c ? T.scatterTitle(c.x.zkdmc, c.y.zkdmc) : T.tabCorrelation;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {indicators.error && <LoadError error={indicators.error} onRetry={() => void indicators.refetch()} />}
      <Space wrap>
        <IndicatorSelect id="zg-indicator-x" label={T.xIndicator} list={list} value={xKey} onChange={setX} />
        <IndicatorSelect id="zg-indicator-y" label={T.yIndicator} list={list} value={yKey} onChange={setY} />
      </Space>
      {xKey !== undefined && xKey === yKey && <Alert type="info" showIcon title={T.pickIndicators} />}
      {q.error && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isFetching && !c && <Spin />}
      {indicators.data && list.length < 2 && <EmptyState description={T.pickIndicators} />}
      {c && (
        <Card title={<h2 className="zg-card-title">{label}</h2>}>
          <Alert
            className="zg-indicator__reading"
            type={c.r === null ? 'warning' : 'info'}
            showIcon
            title={c.reading}
            description={`${T.sample(c.n)}${c.r === null ? '' : `；${T.rLine(c.r.toFixed(3))}`}`}
          />
          {c.points.length && option ? (
            <EChart option={option} height={HEIGHT} label={label} tools />
          ) : (
            <div className="zg-chart-empty" style={{ height: HEIGHT }}>
              <EmptyState />
            </div>
          )}
          <ListTable<Point>
            aria-label={label}
            size="small"
            rowKey="dxrwid"
            rows={c.points}
            pager="local"
            columns={[
              { title: T.objectCol, dataIndex: 'dxmc' },
              { title: c.x.zkdmc, dataIndex: 'x', align: 'right' },
              { title: c.y.zkdmc, dataIndex: 'y', align: 'right' },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
