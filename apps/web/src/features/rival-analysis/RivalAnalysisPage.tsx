import { RIVAL_TEXT as T } from '@zg/contract';
import { Alert, Col, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { AverageCard, OverviewCard, RankCard, SideBySideCard, TrendCard } from './RivalCards';
import { RivalKeeperTools } from './RivalKeeperTools';
import { useRivalOverview } from './rival-analysis.api';
import './rival-analysis.css';

/**
 * 对标分析 (`/analysis`): 本校 against the benchmark schools chosen on the home page (reference's list), over the
 * imported figures of the national annual quality reports: the year's overview, a trend, a rank, the rivals' average
 * and two schools side by side. Figures marked 示例数据 say so beside the school.
 */
export default function RivalAnalysisPage() {
  const [year, setYear] = useState<number | undefined>();
  const q = useRivalOverview(year);
  const d = q.data;
  const anySample = d?.rows.some((r) => r.sample) ?? false;
  return (
    <div className="zg-page">
      <div className="zg-rival__head">
        <Space align="center">
          <Typography.Title level={1} className="zg-page__title">
            {T.title}
          </Typography.Title>
          {anySample && <Tag color="orange">{T.sampleTag}</Tag>}
        </Space>
        <Space wrap>
          <span id="zg-rival-year">{T.year}</span>
          <Select
            aria-labelledby="zg-rival-year"
            style={{ width: 120 }}
            value={d?.year ?? undefined}
            onChange={setYear}
            options={(d?.years ?? []).map((y) => ({ value: y, label: String(y) }))}
          />
          <RivalKeeperTools canKeep={d?.canKeep ?? false} ownCode={d?.ownSchool?.schoolCode ?? null} />
        </Space>
      </div>
      {q.error && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && <Spin />}
      {d && (
        <>
          {anySample && <Alert className="zg-rival__note" type="warning" showIcon message={T.sampleNote} />}
          {!d.ownSchool && <Alert className="zg-rival__note" type="info" showIcon message={T.noOwnSchool} />}
          {d.rivals.length === 0 && <Alert className="zg-rival__note" type="info" showIcon message={T.noRivals} />}
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <OverviewCard rows={d.rows} loading={q.isFetching} />
            </Col>
            <Col xs={24} xl={12}>
              <TrendCard />
            </Col>
            <Col xs={24} xl={12}>
              <RankCard year={d.year ?? undefined} />
            </Col>
            <Col xs={24} xl={12}>
              <AverageCard year={d.year ?? undefined} />
            </Col>
            <Col xs={24} xl={12}>
              {d.rows.length > 0 && <SideBySideCard schools={d.rows} year={d.year ?? undefined} />}
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
