import {
  DIAGNOSIS_TASK_STATE_NAMES,
  DIAGNOSIS_TASK_STATES,
  DIAGNOSIS_USER_TYPE_NAMES,
  type DiagnosisTask,
  type DiagnosisTaskState,
  LIMITS,
  DIAGNOSIS_TEXT as T,
} from '@zg/contract';
import { Card, Pagination, Progress, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CardList } from '../../components/CardList';
import { SearchBar } from '../../components/ListTable';
import { pagination } from '../../components/pagination';
import { ToSubmitList } from './components/ToSubmitList';
import { useTasks } from './diagnosis.api';
import { clampPercent, STATE_COLORS, taskPath } from './diagnosis.logic';
import './diagnosis.css';

const PAGE_SIZE = 12;

/** A task's card: name and state, cycle, progress, and the counts of rows below standard and unfinished. */
function TaskCardBody({ task }: { task: DiagnosisTask }) {
  return (
    <div className="zg-diagnosis-card-meta">
      <span>{T.field(T.cycle, task.zqz)}</span>
      <span>{T.field(T.dates, T.dateRange(task.kssj, task.jssj))}</span>
      <span>{T.field(T.standard, T.standardVersion(task.bzmc, task.bzbb))}</span>
      <span>{T.objectCount(task.dxsl)}</span>
      <Progress percent={clampPercent(task.rwjd)} size="small" aria-label={`${task.rwmc} ${T.progress}`} />
      <span className="zg-diagnosis-card-counts">
        <Tag color="red">{T.belowStandardCount(task.wdbsl)}</Tag>
        <Tag color="orange">{T.unfinishedCount(task.wwcsl)}</Tag>
        {task.userTypes.map((u) => (
          <Tag key={u}>{DIAGNOSIS_USER_TYPE_NAMES[u]}</Tag>
        ))}
      </span>
    </div>
  );
}

/**
 * 我的诊改任务 (/improvement): the tasks the user takes part in, as cards; a card opens the task's object tasks. With
 * `?todo=tosubmit` (the home page's 诊改待办) the object tasks whose targets wait for the user's submission come first.
 */
export default function MyTasksPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [rwmc, setRwmc] = useState('');
  const [rwzt, setRwzt] = useState<DiagnosisTaskState | undefined>();
  const tasks = useTasks({ pageNum: page, pageSize: PAGE_SIZE, rwmc: rwmc || undefined, rwzt });
  const [params, setParams] = useSearchParams();

  return (
    <>
      {params.get('todo') === 'tosubmit' && <ToSubmitList onClose={() => setParams({})} />}
      <Card variant="borderless" title={T.pageMyTasks}>
        <div className="zg-diagnosis-toolbar">
          <SearchBar
            label={T.tasksSearch}
            onSearch={(v) => {
              setRwmc(v.trim());
              setPage(LIMITS.firstPage);
            }}
          >
            <Select
              aria-label={T.state}
              placeholder={T.state}
              allowClear
              style={{ width: 140 }}
              value={rwzt}
              onChange={(v) => {
                setRwzt(v);
                setPage(LIMITS.firstPage);
              }}
              options={DIAGNOSIS_TASK_STATES.map((s) => ({ value: s, label: DIAGNOSIS_TASK_STATE_NAMES[s] }))}
            />
          </SearchBar>
        </div>
        {tasks.isPending ? (
          <Skeleton active />
        ) : (
          <>
            <CardList
              minWidth={300}
              empty={T.noTasks}
              items={(tasks.data?.list ?? []).map((task) => ({
                key: String(task.id),
                title: task.rwmc,
                extra: <Tag color={STATE_COLORS[task.rwzt]}>{DIAGNOSIS_TASK_STATE_NAMES[task.rwzt]}</Tag>,
                description: <TaskCardBody task={task} />,
                onClick: () => navigate(taskPath(task.id)),
              }))}
            />
            {(tasks.data?.total ?? 0) > PAGE_SIZE && (
              <Pagination
                style={{ marginTop: 12, textAlign: 'right' }}
                {...pagination({
                  current: page,
                  total: tasks.data?.total ?? 0,
                  pageSize: PAGE_SIZE,
                  onChange: setPage,
                })}
              />
            )}
          </>
        )}
      </Card>
    </>
  );
}
