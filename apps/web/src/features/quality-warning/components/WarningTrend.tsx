import { QUALITY_WARNING_TEXT as T } from '@zg/contract';
import { Descriptions, Empty, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { EChart } from '../../../components/charts/EChart';
import { useForecast, useTrend } from '../quality-warning.api';
import { trendOption } from '../quality-warning.logic';

const RANGES = [7, 30, 90] as const;

/** 周期末预测: the projection by Holt's linear method, named, with the points it used. */
export function WarningForecast({ rowId }: { rowId: number }) {
  const fc = useForecast(rowId);
  const f = fc.data;
  if (!f) return null;
  return (
    <div className="zg-qw__forecast" data-forecast>
      <Typography.Title level={5}>{`${T.forecastTitle}（${f.method}）`}</Typography.Title>
      {f.message ? (
        <Typography.Text type="secondary">{f.message}</Typography.Text>
      ) : (
        <Space direction="vertical">
          <span>
            {T.forecastLine(f.cycleEnd ?? '—', String(f.projected))}{' '}
            {f.breach ? <Tag color="blue">{T.forecastBreach}</Tag> : <Tag>{T.forecastOk}</Tag>}
          </span>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'points',
                label: T.forecastPoints(f.points.length),
                children: f.points.map((p) => `${p.sj.slice(5, 16)}：${p.value}`).join('；'),
              },
            ]}
          />
        </Space>
      )}
    </div>
  );
}

/**
 * 预警趋势 of a row (spec-2 §2.8, §4, §9): 7 days by default; value mode draws the values with the warning value
 * marked, degree mode puts the degrees on the y axis; ECharts is loaded with the first chart, with a data view and
 * a line / bar switch; the forecast below.
 */
export function WarningTrend({ rowId }: { rowId: number }) {
  const [days, setDays] = useState<number>(7);
  const trend = useTrend(rowId, days);
  const t = trend.data;
  return (
    <div className="zg-qw__trend">
      <Space className="zg-qw__trend-bar">
        <span>{T.trendDays}</span>
        <Segmented<number>
          value={days}
          onChange={setDays}
          options={RANGES.map((d) => ({ value: d, label: T.days(d) }))}
        />
        {t?.yjz && <Tag color="red">{T.trendWarning(t.yjz)}</Tag>}
      </Space>
      {t && t.points.length > 0 ? (
        <EChart option={trendOption(t)} height={300} label={T.tabTrend} />
      ) : (
        <Empty description={trend.isPending ? undefined : T.trendNone} />
      )}
      <WarningForecast rowId={rowId} />
    </div>
  );
}
