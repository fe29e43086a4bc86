import { TASK_UI as T, type TaskPageKind } from '@zg/contract';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { TaskCards } from '../components/TaskCards';
import { TaskToolbar } from '../components/TaskToolbar';
import { useTaskActions } from '../components/use-task-actions';
import { type TaskFilters, useTaskPage } from '../target-task.api';
import '../target-task.css';

const TITLES: Partial<Record<TaskPageKind, string>> = {
  departmentTask: T.pageDepartmentTask,
  departmentCoopTask: T.pageDepartmentCoopTask,
  myTask: T.pageMyTask,
  myCoopTask: T.pageMyCoopTask,
  reviewTask: T.pageReviewTask,
};
const PER_PAGE = 10;

/** 部门任务, 部门协作任务, 我的任务, 我的协作任务 and 待审核任务: the task toolbar and the page kind's task cards. */
export default function TaskListPage({ kind }: { kind: TaskPageKind }) {
  const [filters, setFilters] = useState<TaskFilters>({ sort: 'desc' });
  const [page, setPage] = useState(1);
  const tasks = useTaskPage(kind, filters, page, PER_PAGE);
  const { run, dialogs } = useTaskActions();
  return (
    <Card variant="borderless" className="zg-task-page">
      <div className="zg-task-page__head">
        <Typography.Title level={5}>{TITLES[kind] ?? T.pageYearTask}</Typography.Title>
      </div>
      <TaskToolbar
        kind={kind}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <TaskCards
        cards={tasks.data?.records ?? []}
        total={tasks.data?.total ?? 0}
        current={page}
        pageSize={PER_PAGE}
        loading={tasks.isFetching}
        onPage={setPage}
        onCommand={run}
      />
      {dialogs}
    </Card>
  );
}
