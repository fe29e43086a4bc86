import { type DevelopDepartmentYear, type DevelopTarget, type DevelopTask, DEVELOP_UI as T } from '@zg/contract';
import { Card, Col, Progress, Row, Select, Space, Spin, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LineChart } from '../../components/charts';
import { EmptyState } from '../../components/EmptyState';
import { ListTable } from '../../components/ListTable';
import { LoadError } from '../../components/LoadError';
import { currentYear, YearRangePicker } from '../../components/pickers';
import { useDevelopOverview } from './develop.api';
import { clampRange, defaultRange, figuresLines, progressChart } from './develop.logic';
import './develop.css';

const DEPARTMENT_COLUMNS: TableColumnsType<DevelopDepartmentYear> = [
  { title: T.colYear, dataIndex: 'year', width: 64 },
  { title: T.colDepartment, dataIndex: 'bmmc', ellipsis: true },
  { title: T.colTotal, dataIndex: 'total', width: 80, align: 'right' },
  { title: T.colCompleted, dataIndex: 'completed', width: 72, align: 'right' },
  { title: T.colAvg, dataIndex: 'avgProgress', width: 104, align: 'right' },
];

/** The QCPs a task serves, each with its latest diagnosis. */
function QcpCell({ task }: { task: DevelopTask }) {
  if (!task.qcps.length) return <Typography.Text type="secondary">{T.noQcp}</Typography.Text>;
  return (
    <ul className="zg-develop-qcps">
      {task.qcps.map((q) => (
        <li key={q.id}>
          <Tag color="geekblue">{q.name}</Tag>
          <Typography.Text type="secondary" className="zg-develop-qcps__system">
            {q.systemName}
          </Typography.Text>
          {figuresLines(q.figures).map((l) => (
            <div key={l.text} className="zg-develop-qcps__line">
              <Typography.Text type={l.tone}>{l.text}</Typography.Text>
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

const TASK_COLUMNS: TableColumnsType<DevelopTask> = [
  { title: T.task, dataIndex: 'rwmc', width: '24%' },
  { title: T.taskDepartment, dataIndex: 'bmmc', width: '14%', render: (v: string | null) => v ?? '—' },
  { title: T.taskState, dataIndex: 'rwztmc', width: 100 },
  {
    title: T.taskProgress,
    dataIndex: 'rwjd',
    width: 150,
    render: (v: number, t) => <Progress percent={v} size="small" aria-label={`${t.rwmc} ${v}%`} />,
  },
  { title: T.servedQcps, key: 'qcps', render: (_, t) => <QcpCell task={t} /> },
];

function TargetCard({ target }: { target: DevelopTarget }) {
  return (
    <Card
      size="small"
      className="zg-develop-target"
      title={
        <Space wrap>
          <span>{target.name}</span>
          {target.bmmc && <Tag>{target.bmmc}</Tag>}
        </Space>
      }
      extra={
        <Space size="middle" className="zg-develop-figures">
          <span>{T.completedOfTotal(target.completed, target.total)}</span>
          <span>{T.avgProgress(target.avgProgress)}</span>
        </Space>
      }
    >
      <ListTable<DevelopTask>
        rowKey="id"
        size="small"
        rows={target.tasks}
        columns={TASK_COLUMNS}
        pager={target.tasks.length > 10 ? 'local' : false}
        empty={T.noTasks}
      />
    </Card>
  );
}

/**
 * 发展中心 (/develop, issue 35): per year of a range, the year targets and their tasks' progress by department, each
 * task beside the QCPs it serves with their latest diagnosis; a department filter; the departments' progress over
 * the years as a chart and a table. One request for the whole page.
 */
export default function DevelopPage() {
  const thisYear = currentYear();
  const [range, setRange] = useState<[number, number]>(() => defaultRange(thisYear));
  const [bmid, setBmid] = useState<string | undefined>();
  const overview = useDevelopOverview({ startYear: range[0], endYear: range[1], bmid });
  const data = overview.data;
  const years = useMemo(() => data?.years.map((y) => y.year) ?? [], [data]);
  const chart = useMemo(() => progressChart(data?.byDepartment ?? [], years), [data, years]);

  return (
    <div className="zg-develop">
      <Card size="small" className="zg-develop-toolbar">
        <Space wrap size="large">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {T.title}
          </Typography.Title>
          <Space>
            <span>{T.yearRange}</span>
            <YearRangePicker
              allowClear={false}
              value={range}
              onChange={([s, e]) => setRange(clampRange(s, e, thisYear))}
            />
          </Space>
          <Space>
            <span id="zg-develop-dept">{T.department}</span>
            <Select
              aria-labelledby="zg-develop-dept"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 200 }}
              placeholder={T.allDepartments}
              value={bmid}
              onChange={(v) => setBmid(v)}
              options={(data?.departments ?? []).map((d) => ({ value: d.bmid, label: d.bmmc }))}
            />
          </Space>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {T.intro}
        </Typography.Paragraph>
      </Card>
      {overview.isError ? (
        <LoadError error={overview.error} onRetry={() => overview.refetch()} />
      ) : !data ? (
        <div className="zg-develop-loading">
          <Spin tip={T.loading}>
            <div style={{ height: 120 }} />
          </Spin>
        </div>
      ) : (
        <Spin spinning={overview.isFetching}>
          <Row gutter={[16, 16]} className="zg-develop-summary">
            <Col xs={24} xxl={14}>
              <Card size="small" title={T.chartTitle}>
                <LineChart data={chart} label={T.chartLabel} height={300} />
              </Card>
            </Col>
            <Col xs={24} xxl={10}>
              <Card size="small" title={T.byDepartmentTitle}>
                <ListTable<DevelopDepartmentYear>
                  rowKey={(r) => `${r.year}-${r.bmid}`}
                  size="small"
                  rows={data.byDepartment}
                  columns={DEPARTMENT_COLUMNS}
                  pager="local"
                  pageSize={6}
                />
              </Card>
            </Col>
          </Row>
          {[...data.years].reverse().map((y) => (
            <section key={y.year} className="zg-develop-year" aria-label={T.yearHeading(y.year)}>
              <div className="zg-develop-year__head">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {T.yearHeading(y.year)}
                </Typography.Title>
                <Space size="middle" className="zg-develop-figures">
                  <span>{T.completedOfTotal(y.completed, y.total)}</span>
                  <span>{T.avgProgress(y.avgProgress)}</span>
                </Space>
              </div>
              {y.targets.length ? (
                y.targets.map((t) => <TargetCard key={t.id} target={t} />)
              ) : (
                <EmptyState description={T.noTargets} />
              )}
            </section>
          ))}
        </Spin>
      )}
    </div>
  );
}
