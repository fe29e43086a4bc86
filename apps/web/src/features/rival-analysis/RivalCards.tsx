import { RIVAL_INDICATORS, type RivalIndicatorCode, type RivalOverview, RIVAL_TEXT as T } from '@zg/contract';
import { Card, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { BarChart, LineChart, RadarChart } from '../../components/charts';
import { ListTable } from '../../components/ListTable';
import { useRivalAverage, useRivalOverview, useRivalRank, useRivalTrend } from './rival-analysis.api';
import {
  averageData,
  indicatorLabel,
  rankData,
  schoolLabel,
  showValue,
  sideBySideRadar,
  trendData,
} from './rival-analysis.logic';

const HEIGHT = 320;
const INDICATOR_OPTIONS = RIVAL_INDICATORS.map((i) => ({ value: i.code, label: indicatorLabel(i.code) }));
type Row = RivalOverview['rows'][number];

const title = (text: string) => <h2 className="zg-card-title">{text}</h2>;

function IndicatorSelect({
  value,
  onChange,
  id,
}: {
  value: RivalIndicatorCode;
  onChange: (v: RivalIndicatorCode) => void;
  id: string;
}) {
  return (
    <Space>
      <span id={id}>{T.indicator}</span>
      <Select
        aria-labelledby={id}
        value={value}
        onChange={onChange}
        options={INDICATOR_OPTIONS}
        style={{ width: 180 }}
      />
    </Space>
  );
}

/** 指标总览: every school's figures in the year, 本校 first. */
export function OverviewCard({ rows, loading }: { rows: Row[] | undefined; loading: boolean }) {
  return (
    <Card title={title(T.overview)}>
      <ListTable<Row>
        rowKey="schoolCode"
        rows={rows}
        loading={loading}
        pager={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: T.school,
            dataIndex: 'schoolName',
            fixed: 'left',
            render: (_: unknown, r: Row) => (
              <Space size={4}>
                {schoolLabel(r)}
                {r.sample && <Tag color="orange">{T.sampleTag}</Tag>}
              </Space>
            ),
          },
          ...RIVAL_INDICATORS.map((ind) => ({
            title: indicatorLabel(ind.code),
            key: ind.code,
            align: 'right' as const,
            render: (_: unknown, r: Row) => showValue(ind.code, r.values[ind.code]),
          })),
        ]}
      />
    </Card>
  );
}

/** 趋势分析: one indicator of every school over the years. */
export function TrendCard() {
  const [indicator, setIndicator] = useState<RivalIndicatorCode>('jyl');
  const q = useRivalTrend(indicator);
  return (
    <Card
      title={title(T.trend)}
      extra={<IndicatorSelect id="zg-rival-trend" value={indicator} onChange={setIndicator} />}
    >
      <LineChart
        label={`${T.trend}：${indicatorLabel(indicator)}`}
        height={HEIGHT}
        data={q.data ? trendData(q.data) : { categories: [], series: [] }}
      />
    </Card>
  );
}

/** 排名分析: the schools ranked on one indicator in the year. */
export function RankCard({ year }: { year: number | undefined }) {
  const [indicator, setIndicator] = useState<RivalIndicatorCode>('jyl');
  const q = useRivalRank(indicator, year);
  return (
    <Card
      title={title(T.rank)}
      extra={<IndicatorSelect id="zg-rival-rank" value={indicator} onChange={setIndicator} />}
    >
      <BarChart
        label={`${T.rank}：${indicatorLabel(indicator)}`}
        height={HEIGHT}
        data={q.data ? rankData(q.data) : { categories: [], series: [] }}
      />
    </Card>
  );
}

type AvgRow = NonNullable<ReturnType<typeof useRivalAverage>['data']>['list'][number];

/** 平均值对比: 本校 against the rivals' average, highest and lowest. */
export function AverageCard({ year }: { year: number | undefined }) {
  const q = useRivalAverage(year);
  const show = (code: string, v: number | null) => showValue(code, v);
  return (
    <Card title={title(T.avg)}>
      <BarChart
        label={T.avg}
        height={260}
        yMax={100}
        data={q.data ? averageData(q.data) : { categories: [], series: [] }}
      />
      <ListTable<AvgRow>
        rowKey="indicator"
        rows={q.data?.list}
        loading={q.isPending}
        error={q.error}
        pager={false}
        size="small"
        columns={[
          { title: T.indicator, dataIndex: 'indicator', render: (c: string) => indicatorLabel(c) },
          {
            title: T.ownSchool,
            dataIndex: 'own',
            align: 'right',
            render: (v: number | null, r) => show(r.indicator, v),
          },
          { title: T.avgCol, dataIndex: 'avg', align: 'right', render: (v: number | null, r) => show(r.indicator, v) },
          { title: T.maxCol, dataIndex: 'max', align: 'right', render: (v: number | null, r) => show(r.indicator, v) },
          { title: T.minCol, dataIndex: 'min', align: 'right', render: (v: number | null, r) => show(r.indicator, v) },
          { title: T.countCol, dataIndex: 'count', align: 'right' },
        ]}
      />
    </Card>
  );
}

/** 两校对比: two of the schools side by side, a radar scaled to the better of the two and their figures. */
export function SideBySideCard({ schools, year }: { schools: Row[]; year: number | undefined }) {
  const [a, setA] = useState<string | undefined>(schools[0]?.schoolCode);
  const [b, setB] = useState<string | undefined>(schools[1]?.schoolCode);
  const codes = a && b && a !== b ? [a, b] : undefined;
  const q = useRivalOverview(year, codes);
  const rows = codes ? (q.data?.rows ?? []) : [];
  const options = schools.map((s) => ({ value: s.schoolCode, label: schoolLabel(s) }));
  return (
    <Card title={title(T.sideBySide)}>
      <div className="zg-rival__picks">
        <Select aria-label={T.schoolA} value={a} onChange={setA} options={options} style={{ width: 260 }} />
        <Select aria-label={T.schoolB} value={b} onChange={setB} options={options} style={{ width: 260 }} />
      </div>
      <RadarChart
        label={T.sideBySide}
        height={HEIGHT}
        empty={codes ? undefined : T.pickTwo}
        data={sideBySideRadar(rows)}
      />
      <ListTable<(typeof RIVAL_INDICATORS)[number]>
        rowKey="code"
        rows={codes ? RIVAL_INDICATORS : []}
        pager={false}
        size="small"
        columns={[
          { title: T.indicator, dataIndex: 'code', render: (c: string) => indicatorLabel(c) },
          ...rows.map((r) => ({
            title: schoolLabel(r),
            key: r.schoolCode,
            align: 'right' as const,
            render: (_: unknown, ind: (typeof RIVAL_INDICATORS)[number]) => showValue(ind.code, r.values[ind.code]),
          })),
        ]}
      />
    </Card>
  );
}
