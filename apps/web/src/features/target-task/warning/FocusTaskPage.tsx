import { LIMITS, PROGRESS_MSG, PROGRESS_TEXT as T, type TaskCard } from '@zg/contract';
import { App, Button, Card, Progress, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { taskNameColumn, warningCountColumns } from './task-columns';
import { useFocusPage, useToggleFocus } from './warning.api';
import '../progress/progress.css';
import { ListTable } from '../../../components/ListTable';

/**
 * 我的关注: the tasks the user follows (关注), a page at a time, each with its state, dates, progress and warnings, and
 * a 取消关注 button. `onOpenTask` opens a task's detail when the host page offers one.
 */
export default function FocusTaskPage({ onOpenTask }: { onOpenTask?: (task: TaskCard) => void }) {
  const { message } = App.useApp();
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const size = LIMITS.defaultPageSize;
  const list = useFocusPage(page, size);
  const toggle = useToggleFocus();
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(LIMITS.firstPage, Math.ceil(total / size));
  // Unfollowing the only task of the last page goes back a page.
  useEffect(() => {
    if (list.data && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage]);

  const unfollow = (t: TaskCard) =>
    toggle.mutateAsync({ taskId: t.id, focus: false }).then(
      () => message.success(PROGRESS_MSG.unfocused),
      (e) => toastFailure(message, e),
    );

  return (
    <Card variant="borderless" className="zg-warning-page zg-focus-page" title={T.focusMenu}>
      <ListTable<TaskCard>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        rows={list.data?.records}
        scroll={{ x: 'max-content' }}
        empty={list.error?.message ?? T.noFocusTasks}
        pager={{ current: page, total, pageSize: size, onChange: setPage }}
        columns={[
          taskNameColumn(onOpenTask),
          { title: T.department, dataIndex: 'fbbm', width: 90 },
          { title: T.owner, dataIndex: 'fzrmc', width: 80 },
          { title: T.taskStatus, dataIndex: 'rwztmc', width: 90, render: (s: string) => <Tag>{s}</Tag> },
          {
            title: T.taskDates,
            key: 'dates',
            width: 180,
            render: (_v, t) => `${t.kssj} ~ ${t.jssj}`,
          },
          {
            title: T.taskProgress,
            dataIndex: 'rwjd',
            width: 110,
            render: (n: number) => <Progress percent={n} size="small" />,
          },
          ...warningCountColumns(72),
          {
            title: T.actions,
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_v, t) => (
              <Space size={4}>
                <Button
                  size="small"
                  loading={toggle.isPending && toggle.variables?.taskId === t.id}
                  onClick={() => void unfollow(t)}
                >
                  {T.unfocus}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
