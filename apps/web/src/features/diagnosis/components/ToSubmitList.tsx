import { LIMITS, type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/ListTable';
import { useObjectTasks } from '../diagnosis.api';
import { OBJECT_AND_TASK_COLUMNS } from './object-task-columns';

/**
 * 待提交目标值 (the home page's 诊改待办 opens it, /improvement?todo=tosubmit): the object tasks, across every task,
 * whose targets the user in charge of them has still to submit; the same filter the home tile counted with.
 */
export function ToSubmitList({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const objects = useObjectTasks({
    pageNum: page,
    pageSize: LIMITS.defaultPageSize,
    userType: 'fzr',
    state: 'tosubmit',
  });
  return (
    <Card
      variant="borderless"
      title={T.toSubmitTitle}
      extra={<Button onClick={onClose}>{T.showAllTasks}</Button>}
      style={{ marginBottom: 16 }}
    >
      <ListTable<ObjectTask>
        rows={objects.data?.list}
        loading={objects.isFetching}
        error={objects.error}
        empty={T.toSubmitNone}
        pager={{ current: page, total: objects.data?.total ?? 0, onChange: setPage }}
        scroll={{ x: 700 }}
        columns={[...OBJECT_AND_TASK_COLUMNS, { title: T.department, width: 160, render: (_, o) => o.bmmc ?? T.dash }]}
      />
    </Card>
  );
}
