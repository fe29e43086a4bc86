import { TASK_UI as T, type TaskPageKind } from '@zg/contract';
import { Button, Card, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TaskCards } from '../components/TaskCards';
import { TaskToolbar } from '../components/TaskToolbar';
import { useTaskActions } from '../components/use-task-actions';
import { type TaskFilters, useTaskPage } from '../target-task.api';
import { filtersFromSearch, searchOfFilters } from '../task-logic';
import '../target-task.css';

const TITLES: Partial<Record<TaskPageKind, string>> = {
  departmentTask: T.pageDepartmentTask,
  departmentCoopTask: T.pageDepartmentCoopTask,
  myTask: T.pageMyTask,
  myCoopTask: T.pageMyCoopTask,
  reviewTask: T.pageReviewTask,
};
const PER_PAGE = 10;

/**
 * 部门任务, 部门协作任务, 我的任务, 我的协作任务 and 待审核任务: the task toolbar and the page kind's task cards. The
 * filters live in the URL (?rwzt=waitAccept&year=2026), so the home page's 待办 opens the list it counted.
 */
export default function TaskListPage({ kind }: { kind: TaskPageKind }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const search = searchOfFilters(filters).toString();
  // The page number belongs to the filters it was chosen under: other filters start on the first page.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setFilters = (next: TaskFilters) => setParams(searchOfFilters(next), { replace: true });
  const tasks = useTaskPage(kind, filters, page, PER_PAGE);
  const { run, dialogs } = useTaskActions();
  return (
    <Card variant="borderless" className="zg-task-page">
      <div className="zg-task-page__head">
        <Typography.Title level={5}>{TITLES[kind] ?? T.pageYearTask}</Typography.Title>
      </div>
      <TaskToolbar kind={kind} value={filters} onChange={setFilters} />
      {filters.missionState === 'toWrite' && (
        <div className="zg-task-page__filter">
          <Tag color="processing">{T.missionToWrite}</Tag>
          <Button type="link" size="small" onClick={() => setFilters({ ...filters, missionState: undefined })}>
            {T.clearMissionFilter}
          </Button>
        </div>
      )}
      <TaskCards
        cards={tasks.data?.records ?? []}
        total={tasks.data?.total ?? 0}
        current={page}
        pageSize={PER_PAGE}
        loading={tasks.isFetching}
        onPage={(next) => setPaging({ search, page: next })}
        onCommand={run}
      />
      {dialogs}
    </Card>
  );
}
