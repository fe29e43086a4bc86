import { SCREEN_TEXT as T } from '@zg/contract';
import { Card, Col, Row, Spin, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { useScreens } from './screen.api';

/** 动态大屏 (`/dataScreen/dynamic`): the screens the user's screen authority allows, each opened on the stage. */
export default function DynamicScreensPage() {
  const screens = useScreens();
  return (
    <div className="zg-page">
      <Typography.Title level={1} className="zg-page__title">
        {T.dynamicPage}
      </Typography.Title>
      <>
        {screens.error && <LoadError error={screens.error} onRetry={() => void screens.refetch()} />}
        {screens.isPending && <Spin />}
        {screens.data?.length === 0 && <EmptyState description={T.none} />}
        <Row gutter={[16, 16]}>
          {screens.data?.map((s) => (
            <Col key={s.id} xs={24} md={12} xl={8}>
              <Card title={s.mc} extra={<Link to={`/dataScreen?id=${s.id}`}>{T.open}</Link>}>
                <Typography.Paragraph type="secondary">
                  {T.refreshEvery(s.refresh)}；更新于 {s.gxsj}
                  {s.gxrmc ? `（${s.gxrmc}）` : ''}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </>
    </div>
  );
}
