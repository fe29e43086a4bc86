import {
  DIAGNOSIS_TASK_STATE_NAMES,
  DIAGNOSIS_USER_TYPE_NAMES,
  LIMITS,
  type ObjectTask,
  DIAGNOSIS_TEXT as T,
  TARGET_STATE_NAMES,
} from '@zg/contract';
import { App, Button, Card, Descriptions, Progress, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toastFailure } from '../../api/feedback';
import { EmptyState } from '../../components/EmptyState';
import { ListTable, SearchBar } from '../../components/ListTable';
import { ComputeProgress } from './components/ComputeProgress';
import { TaskActions } from './components/task-actions';
import { useDiagnosisActions, useFutureTask, useObjectTasks, useTask } from './diagnosis.api';
import { clampPercent, objectPath, STATE_COLORS, timeText } from './diagnosis.logic';
import './diagnosis.css';

/**
 * 诊改任务详情 (/improvement/task?id=): the task's facts and progress, 计算结果 (a job with its progress bar), and its
 * object tasks — all of them for the publisher, monitor and auditor, the user's own for a person in charge.
 */
export default function TaskPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const task = useTask(id);
  const future = useFutureTask(id);
  const actions = useDiagnosisActions();
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [name, setName] = useState('');
  const [started, setStarted] = useState<string | null>(null);
  const objects = useObjectTasks(
    { rwid: id, pageNum: page, pageSize: LIMITS.defaultPageSize, gzdxmc: name || undefined },
    id > 0,
  );
  const jobId = started ?? future.data?.jobId ?? null;

  if (!id) return <EmptyState description={T.noTasks} />;
  if (task.isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  const t = task.data;
  if (!t) return <EmptyState description={T.noTasks} />;

  const compute = () =>
    modal.confirm({
      title: T.computeTitle(t.rwmc),
      content: T.computeContent,
      okText: T.compute,
      cancelText: T.cancel,
      onOk: () =>
        actions.calculateTask
          .mutateAsync(t.id)
          .then((job) => setStarted(job.id))
          .catch((e) => toastFailure(message, e)),
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space wrap>
            <span>{t.rwmc}</span>
            <Tag color={STATE_COLORS[t.rwzt]}>{DIAGNOSIS_TASK_STATE_NAMES[t.rwzt]}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            {t.abilities.calculate && (
              <Button type="primary" onClick={compute} loading={actions.calculateTask.isPending}>
                {T.compute}
              </Button>
            )}
            <TaskActions task={t} onDeleted={() => navigate('/improvement/manage')} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={T.cycle}>{t.zqz}</Descriptions.Item>
          <Descriptions.Item label={T.dates}>{T.dateRange(t.kssj, t.jssj)}</Descriptions.Item>
          <Descriptions.Item label={T.standard}>{T.standardVersion(t.bzmc, t.bzbb)}</Descriptions.Item>
          <Descriptions.Item label={T.publisher}>{t.cjr.name}</Descriptions.Item>
          <Descriptions.Item label={T.monitor}>{t.jkr?.name ?? T.dash}</Descriptions.Item>
          <Descriptions.Item label={T.auditor}>{t.shr?.name ?? T.dash}</Descriptions.Item>
          <Descriptions.Item label={T.myRoles}>
            {t.userTypes.map((u) => DIAGNOSIS_USER_TYPE_NAMES[u]).join('、') || T.dash}
          </Descriptions.Item>
          <Descriptions.Item label={T.lastComputed}>{timeText(future.data?.lastRun)}</Descriptions.Item>
          <Descriptions.Item label={T.nextComputed}>{timeText(future.data?.nextRun)}</Descriptions.Item>
          <Descriptions.Item label={T.progress} span={2}>
            <Space wrap>
              <Progress percent={clampPercent(t.rwjd)} size="small" style={{ width: 200 }} />
              <Tag color="red">{T.belowStandardCount(t.wdbsl)}</Tag>
              <Tag color="orange">{T.unfinishedCount(t.wwcsl)}</Tag>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {jobId && <ComputeProgress key={jobId} jobId={jobId} />}
      </Card>
      <Card variant="borderless" title={T.objectName}>
        <div className="zg-diagnosis-toolbar">
          <SearchBar
            label={T.objectSearch}
            onSearch={(v) => {
              setName(v.trim());
              setPage(LIMITS.firstPage);
            }}
          />
        </div>
        <ListTable<ObjectTask>
          rows={objects.data?.list}
          loading={objects.isFetching}
          error={objects.error}
          empty={T.noObjects}
          pager={{ current: page, total: objects.data?.total ?? 0, onChange: setPage }}
          scroll={{ x: 1000 }}
          columns={[
            {
              title: T.objectName,
              dataIndex: 'gzdxmc',
              render: (_, o) => <Link to={objectPath(o.id)}>{o.gzdxmc}</Link>,
            },
            { title: T.department, width: 140, render: (_, o) => o.bmmc ?? T.dash },
            { title: T.charger, width: 100, render: (_, o) => o.fzr?.name ?? T.dash },
            {
              title: T.targetState,
              width: 110,
              render: (_, o) => <Tag>{TARGET_STATE_NAMES[o.mbzt]}</Tag>,
            },
            {
              title: T.progress,
              width: 150,
              render: (_, o) => <Progress percent={clampPercent(o.jd)} size="small" />,
            },
            { title: T.belowStandard, dataIndex: 'wdbsl', width: 80 },
            { title: T.unfinished, dataIndex: 'wwcsl', width: 80 },
            { title: T.score, width: 80, render: (_, o) => o.score ?? T.dash },
            {
              title: T.actions,
              width: 90,
              render: (_, o) => (
                <Button type="link" onClick={() => navigate(objectPath(o.id))}>
                  {T.open}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
