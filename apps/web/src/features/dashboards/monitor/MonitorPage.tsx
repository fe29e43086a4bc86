import { SCREEN_FIGURE_NAMES, type ScreenFigure, SCREEN_TEXT as T } from '@zg/contract';
import { Card, Col, Row, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { YearPicker } from '../../../components/pickers';
import { useOperationMonitoring } from '../screen/screen.api';
import { Figure, JobsTable } from './figures';

const CHART_HEIGHT = 280;
const CARDS: { figure: ScreenFigure; span: number }[] = [
  { figure: 'autoRate', span: 8 },
  { figure: 'targetTasks', span: 16 },
  { figure: 'collection', span: 12 },
  { figure: 'fillOverdue', span: 12 },
  { figure: 'diagnosis', span: 24 },
];

/**
 * 运行监控 (`/dataScreen/monitor`): what the quality office looks at every morning — the automatic collection rate,
 * collection and overdue fills by department, diagnosis results and open warnings by department, target-task
 * progress, and each background job kind's health.
 */
export default function MonitorPage() {
  const [year, setYear] = useState<number>(() => dayjs().year());
  const q = useOperationMonitoring(year);
  return (
    <div className="zg-page">
      <Space align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} className="zg-page__title">
          {T.monitorPage}
        </Typography.Title>
        <Space>
          <span id="zg-monitor-year">{T.year}</span>
          <YearPicker
            allowClear={false}
            value={year}
            onChange={(y) => y && setYear(y)}
            aria-labelledby="zg-monitor-year"
          />
        </Space>
      </Space>
      <>
        {q.error && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
        {q.isPending && <Spin />}
        {q.data && (
          <Row gutter={[16, 16]}>
            {CARDS.map(({ figure, span }) => (
              <Col key={figure} xs={24} xl={span}>
                <Card title={<h2 className="zg-card-title">{SCREEN_FIGURE_NAMES[figure]}</h2>}>
                  <Figure figure={figure} data={q.data} height={CHART_HEIGHT} />
                </Card>
              </Col>
            ))}
            <Col span={24}>
              <Card title={<h2 className="zg-card-title">{SCREEN_FIGURE_NAMES.jobs}</h2>}>
                <JobsTable data={q.data} />
              </Card>
            </Col>
          </Row>
        )}
      </>
    </div>
  );
}
