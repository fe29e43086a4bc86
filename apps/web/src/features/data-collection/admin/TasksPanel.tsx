import { COLLECTION_TEXT as C, FILL_STATE_NAMES, COLLECTION_MSG as M } from '@zg/contract';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { ListTable } from '../../../components/ListTable';
import type { CollectionTask } from '../collection.logic';
import { useCloseOutdated, useDeleteTask, useTasks } from '../data-collection.api';
import { progressOf, taskPhase } from '../task.logic';
import { Allocations } from './Allocations';
import { actionsColumn, RowDelete, RowLink } from './row-actions';
import { EditTaskDialog, TaskDialog, today } from './TaskDialogs';
import { useAdminActions } from './use-admin-actions';

const PHASE_COLORS = { closed: 'default', notStarted: 'blue', open: 'green', overdue: 'orange' } as const;

/**
 * 采集任务: the collection tasks (a published form's version, a cycle, start and deadline, allocated to departments
 * and users with their auditors), 关闭过期任务, and each task's 填报情况 at <base>/<id> with batch audit, rollback,
 * Excel export and 写入数据仓库.
 */
export function TasksPanel({ base }: { base: string }) {
  return (
    <Routes>
      <Route path=":id" element={<Allocations base={base} />} />
      <Route path="*" element={<TaskList base={base} />} />
    </Routes>
  );
}

function TaskList({ base }: { base: string }) {
  const { confirm, report } = useAdminActions();
  const navigate = useNavigate();
  const tasks = useTasks();
  const remove = useDeleteTask();
  const close = useCloseOutdated();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CollectionTask | null>(null);
  const now = today();

  const columns: TableColumnsType<CollectionTask> = [
    { title: C.taskName, dataIndex: 'name', ellipsis: true },
    {
      title: C.form,
      key: 'form',
      ellipsis: true,
      render: (_v, t) => C.withVersion(t.formName, t.formVersion),
    },
    { title: C.cycle, dataIndex: 'cycle', width: 110 },
    { title: C.startDate, dataIndex: 'startDate', width: 110 },
    { title: C.deadline, dataIndex: 'deadline', width: 110 },
    {
      title: C.state,
      key: 'phase',
      width: 120,
      render: (_v, t) => {
        const phase = taskPhase(t, now);
        return <Tag color={PHASE_COLORS[phase]}>{C.taskStates[phase]}</Tag>;
      },
    },
    {
      title: C.progress,
      key: 'progress',
      width: 230,
      render: (_v, t) => {
        const p = progressOf(t);
        return (
          <Typography.Text>{`${FILL_STATE_NAMES.uncommitted} ${p.uncommitted} · ${FILL_STATE_NAMES.waitAudit} ${p.waitAudit} · ${FILL_STATE_NAMES.finished} ${p.finished}`}</Typography.Text>
        );
      },
    },
    actionsColumn(200, (t) => (
      <>
        <RowLink label={C.allocations} name={t.name} onClick={() => navigate(`${base}/${t.id}`)} />
        <RowLink label={C.edit} name={t.name} onClick={() => setEditing(t)} />
        <RowDelete
          name={t.name}
          confirm={C.deleteTaskConfirm(t.name)}
          onDelete={() => void report(remove.mutateAsync(t.id), M.deleted)}
        />
      </>
    )),
  ];

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setCreating(true)}>
          {C.addTask}
        </Button>
        <Button
          loading={close.isPending}
          onClick={() =>
            confirm({
              title: C.closeOutdated,
              content: C.closeOutdatedConfirm,
              onOk: () => report(close.mutateAsync(), (r) => M.closedCount(r.closed)),
            })
          }
        >
          {C.closeOutdated}
        </Button>
      </Space>
      <ListTable
        size="middle"
        aria-label={C.tabs.tasks}
        rows={tasks.data}
        loading={tasks.isFetching}
        error={tasks.error}
        pager="local"
        empty={C.noTasks}
        pageSize={10}
        columns={columns}
        scroll={{ x: 1100 }}
      />
      {creating && <TaskDialog onClose={() => setCreating(false)} />}
      {editing && <EditTaskDialog task={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
