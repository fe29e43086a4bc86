import { COLLECTION_LIMITS, FILL_STATE_NAMES, type FillState, COLLECTION_MSG as M } from '@zg/contract';
import {
  Button,
  Col,
  DatePicker,
  Form,
  type FormItemProps,
  Input,
  Row,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { UserListItem } from '../../../api/user';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { UserPicker, userLabel } from '../../../components/pickers';
import type { CollectionTask, FillTask } from '../collection.logic';
import { C } from '../collection-text';
import {
  exportAllocations,
  useAllocations,
  useBatchAudit,
  useBatchRollback,
  useCloseOutdated,
  useCreateTask,
  useCycleTypes,
  useDeleteTask,
  useDepartments,
  useForms,
  useSyncTask,
  useTasks,
  useUpdateTask,
} from '../data-collection.api';
import {
  actionable,
  assigneesProblem,
  deadlineProblem,
  hasUnsynced,
  progressOf,
  type TaskFormValues,
  taskBody,
  taskPhase,
} from '../task.logic';
import { AdminTable, actionsColumn, RowDelete, RowLink } from './AdminTable';
import { useAdminActions } from './use-admin-actions';

const DAY = 'YYYY-MM-DD';
const today = () => dayjs().format(DAY);
/** A date field: the form holds its YYYY-MM-DD string, the picker shows it as a day. */
function DateItem(props: FormItemProps) {
  return (
    <Form.Item
      {...props}
      getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : undefined })}
      normalize={(d: Dayjs | null) => (d ? d.format(DAY) : undefined)}
    >
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );
}
const dateRequired = { required: true, message: C.dateRequired };

/** The task's name, the same field when it is started and when it is edited. */
function TaskNameItem() {
  return (
    <Form.Item
      name="name"
      label={C.taskName}
      rules={[{ required: true, whitespace: true, message: C.taskNameRequired }]}
    >
      <Input maxLength={COLLECTION_LIMITS.nameMax} />
    </Form.Item>
  );
}

const PHASE_COLORS = { closed: 'default', notStarted: 'blue', open: 'green', overdue: 'orange' } as const;
const STATE_COLORS: Record<FillState, string> = { uncommitted: 'default', waitAudit: 'gold', finished: 'green' };

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
      <AdminTable
        size="middle"
        aria-label={C.tabs.tasks}
        query={tasks}
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

// ---- 发起采集任务 ----

function TaskDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<TaskFormValues & { cycleTypeId?: number }>();
  const forms = useForms({});
  const cycles = useCycleTypes();
  const departments = useDepartments();
  const create = useCreateTask();
  const [known, setKnown] = useState<Map<string, UserListItem>>(new Map());
  const cycleTypeId = Form.useWatch('cycleTypeId', form);
  const departmentIds = Form.useWatch('departmentIds', form) ?? [];
  const userIds = Form.useWatch('userIds', form) ?? [];

  const published = (forms.data ?? []).filter((f) => f.version > 0);
  const cycleValues = cycles.data?.find((t) => t.id === cycleTypeId)?.values ?? [];
  const departmentName = (id: string) => departments.data?.find((d) => d.departmentId === id)?.departmentName ?? id;
  const remember = (users: readonly UserListItem[]) =>
    setKnown((m) => {
      const next = new Map(m);
      for (const u of users) next.set(u.userId, u);
      return next;
    });
  const assignees = [
    ...departmentIds.map((id) => ({ id, name: departmentName(id), kind: C.departments })),
    ...userIds.map((id) => {
      const u = known.get(id);
      return { id, name: u ? userLabel(u) : id, kind: C.users };
    }),
  ];

  return (
    <FormDialog<TaskFormValues & { cycleTypeId?: number }>
      open
      title={C.addTask}
      width={720}
      form={form}
      pending={create.isPending}
      success={M.created}
      onClose={onClose}
      initialValues={{
        name: '',
        startDate: today(),
        deadline: dayjs().add(14, 'day').format(DAY),
        departmentIds: [],
        userIds: [],
        auditorOf: {},
      }}
      onSubmit={(v) =>
        create.mutateAsync(
          taskBody({
            ...v,
            departmentIds: v.departmentIds ?? [],
            userIds: v.userIds ?? [],
            auditorOf: v.auditorOf ?? {},
          }),
        )
      }
    >
      <TaskNameItem />
      <Form.Item
        name="formId"
        label={C.form}
        extra={C.formPublishedOnly}
        rules={[{ required: true, message: C.formRequired }]}
      >
        <Select
          loading={forms.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={published.map((f) => ({ value: f.id, label: C.withVersion(f.name, f.version) }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="cycleTypeId" label={C.cycleType}>
            <Select
              loading={cycles.isLoading}
              options={(cycles.data ?? []).map((t) => ({ value: t.id, label: t.lxmc }))}
              onChange={() => form.setFieldValue('cycle', undefined)}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="cycle" label={C.cycle} rules={[{ required: true, message: C.cycleRequired }]}>
            <Select
              disabled={cycleTypeId === undefined}
              options={cycleValues.map((c) => ({ value: c.cycleNumber, label: c.cycleNumber }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <DateItem name="startDate" label={C.startDate} rules={[dateRequired]} />
        </Col>
        <Col span={12}>
          <DateItem name="deadline" label={C.deadline} rules={[dateRequired]} />
        </Col>
      </Row>
      <Form.Item
        name="departmentIds"
        label={C.departments}
        dependencies={['userIds']}
        rules={[
          ({ getFieldValue }) => ({ validator: (_r, v) => check(assigneesProblem(v, getFieldValue('userIds'))) }),
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          loading={departments.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(departments.data ?? []).map((d) => ({ value: d.departmentId, label: d.departmentName }))}
        />
      </Form.Item>
      <Form.Item name="userIds" label={C.users}>
        <UserPicker multiple aria-label={C.users} onChange={(_ids, users) => remember(users)} />
      </Form.Item>
      <Form.Item name="auditorId" label={C.auditor} rules={[{ required: true, message: C.auditorRequired }]}>
        <UserPicker aria-label={C.auditor} onChange={(_id, user) => user && remember([user])} />
      </Form.Item>
      {assignees.length > 0 && (
        <Form.Item label={C.auditorOf} extra={C.auditorOfHint}>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={assignees}
            columns={[
              { title: C.assignee, dataIndex: 'name', ellipsis: true },
              { title: '', dataIndex: 'kind', width: 90 },
              {
                title: C.auditor,
                key: 'auditor',
                width: 240,
                render: (_v, a) => (
                  <Form.Item name={['auditorOf', a.id]} noStyle>
                    <UserPicker aria-label={C.auditorFor(a.name)} placeholder={C.useDefaultAuditor} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** A validator's answer from a problem text (null: fine). */
const check = (problem: string | null) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());

function EditTaskDialog({ task, onClose }: { task: CollectionTask; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; deadline: string }>();
  const update = useUpdateTask();
  return (
    <FormDialog<{ name: string; deadline: string }>
      open
      title={C.editTask}
      form={form}
      pending={update.isPending}
      success={M.saved}
      onClose={onClose}
      initialValues={{ name: task.name, deadline: task.deadline }}
      onSubmit={(v) => update.mutateAsync({ id: task.id, name: v.name.trim(), deadline: v.deadline })}
    >
      <TaskNameItem />
      <DateItem
        name="deadline"
        label={C.deadline}
        extra={`${C.startDate}：${task.startDate}`}
        rules={[dateRequired, { validator: (_r, v) => check(deadlineProblem(task.startDate, v)) }]}
      />
    </FormDialog>
  );
}

// ---- 填报情况 ----

function Allocations({ base }: { base: string }) {
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
      <AdminTable
        size="middle"
        aria-label={C.allocations}
        query={list}
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
