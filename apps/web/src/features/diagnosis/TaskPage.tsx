import { DIAGNOSIS_TASK_STATE_NAMES, DIAGNOSIS_USER_TYPE_NAMES, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { App, Button, Card, Descriptions, Progress, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toastFailure } from '../../api/feedback';
import { EmptyState } from '../../components/EmptyState';
import { BulkTargetsCard } from './components/BulkTargetsCard';
import { ComputeProgress } from './components/ComputeProgress';
import { ObjectTasksCard } from './components/ObjectTasksCard';
import { TaskActions } from './components/task-actions';
import { useDiagnosisActions, useFutureTask, useTask } from './diagnosis.api';
import { clampPercent, STATE_COLORS, timeText } from './diagnosis.logic';
import './diagnosis.css';

/**
 * 诊改任务详情 (/improvement/task?id=): the task's facts and progress, 计算结果 (a job with its progress bar), and its
 * object tasks — all of them for the publisher, monitor and auditor, the user's own for a person in charge — with the
 * publisher's 添加诊改对象, 更换负责人, 下发目标值 and 删除 (ObjectTasksCard).
 */
export default function TaskPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const task = useTask(id);
  const future = useFutureTask(id);
  const actions = useDiagnosisActions();
  const [started, setStarted] = useState<string | null>(null);
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
              <Progress percent={clampPercent(t.rwjd)} size="small" style={{ width: 200 }} aria-label={T.progress} />
              <Tag color="red">{T.belowStandardCount(t.wdbsl)}</Tag>
              <Tag color="orange">{T.unfinishedCount(t.wwcsl)}</Tag>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {jobId && <ComputeProgress key={jobId} jobId={jobId} />}
      </Card>
      <BulkTargetsCard task={t} />
      <ObjectTasksCard task={t} />
    </Space>
  );
}
