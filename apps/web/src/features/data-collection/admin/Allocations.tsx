import {
  COLLECTION_TEXT as C,
  COLLECTION_LIMITS,
  FILL_STATE_NAMES,
  type FillState,
  COLLECTION_MSG as M,
} from '@zg/contract';
import { Button, Form, Input, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { ListTable } from '../../../components/ListTable';
import type { FillTask } from '../collection.logic';
import {
  exportAllocations,
  useAllocations,
  useBatchAudit,
  useBatchRollback,
  useSyncTask,
  useTasks,
} from '../data-collection.api';
import { actionable, hasUnsynced } from '../task.logic';
import { useAdminActions } from './use-admin-actions';

const STATE_COLORS: Record<FillState, string> = { uncommitted: 'default', waitAudit: 'gold', finished: 'green' };

// ---- 填报情况 ----

export function Allocations({ base }: { base: string }) {
  const { message, fail, confirm, report } = useAdminActions();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const tasks = useTasks();
  const task = tasks.data?.find((t) => t.id === id);
  const list = useAllocations(valid ? id : null);
  const audit = useBatchAudit();
  const rollback = useBatchRollback();
  const sync = useSyncTask();
  const [selected, setSelected] = useState<number[]>([]);
  const [reasonFor, setReasonFor] = useState<{ action: 'reject' | 'rollback'; ids: number[] } | null>(null);
  const [reasonForm] = Form.useForm<{ opinion: string }>();
  const rows = list.data ?? [];

  if (!valid || (tasks.data && !task))
    return (
      <EmptyState description={M.taskNotFound}>
        <Button onClick={() => navigate(base)}>{C.back}</Button>
      </EmptyState>
    );

  /** The chosen ones this action fits, or a warning naming those it does not. */
  const pick = (action: 'pass' | 'reject' | 'rollback', name: string): number[] | null => {
    const { ids, blocked } = actionable(rows, selected, action);
    if (blocked.length) {
      message.warning(C.notActionable(name, blocked));
      return null;
    }
    return ids;
  };
  const done = () => setSelected([]);

  const passMany = () => {
    const ids = pick('pass', C.pass);
    if (!ids) return;
    confirm({
      title: C.passConfirm(ids.length),
      onOk: () => report(audit.mutateAsync({ ids, pass: true }), C.passed, done),
    });
  };
  const askReason = (action: 'reject' | 'rollback') => {
    const ids = pick(action, action === 'reject' ? C.reject : C.rollback);
    if (!ids) return;
    setReasonFor({ action, ids });
  };

  const columns: TableColumnsType<FillTask> = [
    {
      title: C.assignee,
      key: 'assignee',
      ellipsis: true,
      render: (_v, f) => (
        <Space size={4}>
          <Tag>{f.departmentId ? C.departments : C.users}</Tag>
          {f.assigneeName}
        </Space>
      ),
    },
    {
      title: C.state,
      dataIndex: 'state',
      width: 100,
      render: (s: FillState) => <Tag color={STATE_COLORS[s]}>{FILL_STATE_NAMES[s]}</Tag>,
    },
    { title: C.auditor, dataIndex: 'auditorId', width: 120 },
    { title: C.opinion, dataIndex: 'opinion', ellipsis: true, render: (o: string | null) => o ?? '—' },
    {
      title: C.synced,
      dataIndex: 'synced',
      width: 120,
      render: (s: boolean) => (s ? <Tag color="green">{C.synced}</Tag> : <Tag>{C.notSynced}</Tag>),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={() => navigate(base)}>{C.back}</Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {C.allocationsOf(task?.name ?? '')}
        </Typography.Title>
        {task && (
          <Typography.Text type="secondary">{`${C.withVersion(task.formName, task.formVersion)} · ${task.cycle} · ${C.dateRange(task.startDate, task.deadline)}`}</Typography.Text>
        )}
      </Space>
      <Space wrap>
        <Button type="primary" disabled={!selected.length} loading={audit.isPending} onClick={passMany}>
          {C.batchPass}
        </Button>
        <Button disabled={!selected.length} onClick={() => askReason('reject')}>
          {C.batchReject}
        </Button>
        <Button danger disabled={!selected.length} loading={rollback.isPending} onClick={() => askReason('rollback')}>
          {C.batchRollback}
        </Button>
        <Button disabled={!selected.length} onClick={() => exportAllocations(id, selected).catch(fail)}>
          {C.exportSelected}
        </Button>
        <Button disabled={!rows.length} onClick={() => exportAllocations(id, []).catch(fail)}>
          {C.exportAll}
        </Button>
        <Tooltip title={hasUnsynced(rows) ? undefined : M.notFinished}>
          <Button
            disabled={!hasUnsynced(rows)}
            loading={sync.isPending}
            onClick={() =>
              confirm({
                title: C.syncConfirm,
                content: C.syncHint,
                onOk: () => report(sync.mutateAsync(id), (r) => M.synced(r.rows)),
              })
            }
          >
            {C.sync}
          </Button>
        </Tooltip>
      </Space>
      <ListTable
        size="middle"
        aria-label={C.allocations}
        rows={list.data}
        loading={list.isFetching}
        error={list.error}
        pager="local"
        empty={C.noAllocations}
        pageSize={20}
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (f) => ({ 'aria-label': C.selectRow(f.assigneeName) }),
        }}
      />
      <FormDialog<{ opinion: string }>
        open={reasonFor !== null}
        title={
          reasonFor?.action === 'rollback'
            ? C.rollbackTitle(reasonFor.ids.length)
            : C.rejectTitle(reasonFor?.ids.length ?? 0)
        }
        form={reasonForm}
        pending={audit.isPending || rollback.isPending}
        success={reasonFor?.action === 'rollback' ? C.rolledBack : C.rejected}
        onClose={() => setReasonFor(null)}
        onSubmit={async ({ opinion }) => {
          if (!reasonFor) return;
          if (reasonFor.action === 'rollback')
            await rollback.mutateAsync({ ids: reasonFor.ids, opinion: opinion.trim() });
          else await audit.mutateAsync({ ids: reasonFor.ids, pass: false, opinion: opinion.trim() });
          done();
        }}
      >
        <Form.Item
          name="opinion"
          label={C.reason}
          rules={[{ required: true, whitespace: true, message: C.reasonRequired }]}
        >
          <Input.TextArea maxLength={COLLECTION_LIMITS.opinionMax} rows={3} />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
