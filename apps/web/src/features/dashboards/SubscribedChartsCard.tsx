import { Button, Card, Col, Row } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDashboardData, useDashboardLayout } from './dashboards.api';
import { SubscribedChart } from './SubscribedChart';

const HEIGHT = 260;

/**
 * 我的订阅图表 on the home page, under the to-dos: the user's subscribed charts in their dashboard's order, drawn
 * from the dashboard's one data request (this year); nothing when the user has subscribed none.
 */
export function SubscribedChartsCard() {
  const navigate = useNavigate();
  const layout = useDashboardLayout();
  const charts = useMemo(
    () => [...(layout.data?.cards ?? [])].filter((c) => c.kind === 'chart').sort((a, b) => a.y - b.y || a.x - b.x),
    [layout.data],
  );
  const data = useDashboardData(
    charts.map((c) => c.id),
    dayjs().year(),
  );
  const dataOf = useMemo(() => new Map((data.data?.list ?? []).map((d) => [d.id, d])), [data.data]);
  if (!charts.length) return null;
  return (
    <Card
      className="zg-home__charts"
      title="我的订阅图表"
      variant="borderless"
      extra={
        <Button type="link" onClick={() => navigate('/dashboards')}>
          仪表盘自定义
        </Button>
      }
    >
      <Row gutter={[16, 16]}>
        {charts.map((c) => (
          <Col key={c.id} xs={24} xl={8 * c.lw}>
            <div className="zg-home__chart-title">{c.title}</div>
            <SubscribedChart
              data={dataOf.get(c.id)}
              pending={data.isPending}
              error={data.error}
              label={c.title}
              height={HEIGHT}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
