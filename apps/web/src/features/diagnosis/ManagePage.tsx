import { DIAGNOSIS_TASK_STATE_NAMES, type DiagnosisTask, LIMITS, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Button, Card, Progress, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListTable, SearchBar } from '../../components/ListTable';
import { PublishDialog } from './components/PublishDialog';
import { TaskActions } from './components/task-actions';
import { useTasks } from './diagnosis.api';
import { clampPercent, STATE_COLORS, taskPath } from './diagnosis.logic';
import './diagnosis.css';

/**
 * 任务管理 (/improvement/manage): the diagnosis tasks with their state and progress; 发布诊改任务 publishes a new one;
 * pause, resume, finish and delete follow each task's abilities, behind a confirmation.
 */
export default function ManagePage() {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [rwmc, setRwmc] = useState('');
  const [publishing, setPublishing] = useState(false);
  const tasks = useTasks({ pageNum: page, pageSize: LIMITS.defaultPageSize, rwmc: rwmc || undefined });

  return (
    <Card variant="borderless" title={T.pageManage}>
      <div className="zg-diagnosis-toolbar">
        <SearchBar
          label={T.tasksSearch}
          onSearch={(v) => {
            setRwmc(v.trim());
            setPage(LIMITS.firstPage);
          }}
        />
        <Button type="primary" onClick={() => setPublishing(true)}>
          {T.publish}
        </Button>
      </div>
      <ListTable<DiagnosisTask>
        rows={tasks.data?.list}
        loading={tasks.isFetching}
        error={tasks.error}
        empty={T.noTasks}
        pager={{ current: page, total: tasks.data?.total ?? 0, onChange: setPage }}
        scroll={{ x: 1100 }}
        columns={[
          {
            title: T.taskName,
            dataIndex: 'rwmc',
            render: (_, t) => <Link to={taskPath(t.id)}>{t.rwmc}</Link>,
          },
          {
            title: T.state,
            dataIndex: 'rwzt',
            width: 90,
            render: (_, t) => <Tag color={STATE_COLORS[t.rwzt]}>{DIAGNOSIS_TASK_STATE_NAMES[t.rwzt]}</Tag>,
          },
          { title: T.cycle, dataIndex: 'zqz', width: 110 },
          { title: T.dates, width: 200, render: (_, t) => T.dateRange(t.kssj, t.jssj) },
          { title: T.standard, render: (_, t) => T.standardVersion(t.bzmc, t.bzbb) },
          { title: T.auditor, width: 90, render: (_, t) => t.shr?.name ?? T.dash },
          { title: T.objects, dataIndex: 'dxsl', width: 100 },
          {
            title: T.progress,
            width: 150,
            render: (_, t) => <Progress percent={clampPercent(t.rwjd)} size="small" />,
          },
          {
            title: T.actions,
            width: 190,
            fixed: 'right',
            render: (_, t) => <TaskActions task={t} />,
          },
        ]}
      />
      <PublishDialog open={publishing} onClose={() => setPublishing(false)} />
    </Card>
  );
}
