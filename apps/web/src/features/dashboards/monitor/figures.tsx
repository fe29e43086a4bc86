import { type OperationMonitoring, SCREEN_FIGURE_NAMES, type ScreenFigure, SCREEN_TEXT as T } from '@zg/contract';
import { Col, Row, Statistic, Tag } from 'antd';
import { BarChart, CircularGauge } from '../../../components/charts';
import { ListTable } from '../../../components/ListTable';

/**
 * The operation monitoring figures (queryOperationMonitoring), each drawn on its own: the automatic collection rate
 * gauge (spec-2 §9 defaults), collection completion, overdue fills and diagnosis results by department, target-task
 * progress and the background jobs' health. The data screen and the monitoring page draw the same ones.
 */
export function Figure({ figure, data, height }: { figure: ScreenFigure; data: OperationMonitoring; height: number }) {
  const label = SCREEN_FIGURE_NAMES[figure];
  switch (figure) {
    case 'autoRate':
      return (
        <div className="zg-figure-center">
          <CircularGauge part={data.autoRate.auto} total={data.autoRate.total} />
        </div>
      );
    case 'targetTasks':
      return (
        <Row gutter={[16, 16]} className="zg-figure-stats">
          {(['total', 'finished', 'underWay', 'overdue'] as const).map((k) => (
            <Col span={12} key={k}>
              <Statistic title={T.tasks[k]} value={data.targetTasks[k]} />
            </Col>
          ))}
        </Row>
      );
    case 'collection':
      return (
        <BarChart
          label={label}
          height={height}
          tools
          data={{
            categories: data.collection.map((c) => c.bmmc),
            series: [
              { name: T.collection.total, data: data.collection.map((c) => c.total) },
              { name: T.collection.done, data: data.collection.map((c) => c.done) },
            ],
          }}
        />
      );
    case 'fillOverdue':
      return (
        <BarChart
          label={`${label}（${T.overdue(data.fillOverdue.total)}）`}
          height={height}
          tools
          data={{
            categories: data.fillOverdue.list.map((c) => c.bmmc),
            series: [{ name: label, data: data.fillOverdue.list.map((c) => c.count) }],
          }}
        />
      );
    case 'diagnosis':
      return (
        <BarChart
          label={label}
          height={height}
          tools
          data={{
            categories: data.diagnosis.map((c) => c.bmmc),
            series: [
              { name: T.diagnosis.total, data: data.diagnosis.map((c) => c.total) },
              { name: T.diagnosis.computed, data: data.diagnosis.map((c) => c.computed) },
              { name: T.diagnosis.below, data: data.diagnosis.map((c) => c.below) },
              { name: T.diagnosis.warnings, data: data.diagnosis.map((c) => c.warnings) },
            ],
          }}
        />
      );
    case 'jobs':
      return <JobsTable data={data} height={height} />;
  }
}

/** Each background job kind's last run, its failures in the last 7 days and its queue. */
export function JobsTable({ data, height }: { data: OperationMonitoring; height?: number }) {
  return (
    <ListTable
      size="small"
      rowKey="kind"
      aria-label={SCREEN_FIGURE_NAMES.jobs}
      pager={false}
      scroll={height ? { y: Math.max(60, height - 40) } : undefined}
      rows={data.jobs}
      columns={[
        { title: T.jobs.kind, dataIndex: 'mc', key: 'mc' },
        { title: T.jobs.lastRun, dataIndex: 'lastRun', key: 'lastRun', render: (v: string | null) => v ?? '—' },
        {
          title: T.jobs.status,
          dataIndex: 'lastStatus',
          key: 'lastStatus',
          render: (v: string | null) =>
            v ? <Tag color={v === 'failed' ? 'red' : v === 'done' ? 'green' : 'blue'}>{T.jobStatus[v] ?? v}</Tag> : '—',
        },
        { title: T.jobs.failures, dataIndex: 'failures', key: 'failures' },
        { title: T.jobs.queued, dataIndex: 'queued', key: 'queued' },
      ]}
    />
  );
}
