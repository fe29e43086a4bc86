import { CYCLE_LIMITS, type CycleValue, CYCLE_MSG as M, SHELL_TEXT as T, CYCLE_TEXT as X } from '@zg/contract';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { FormDialog } from '../../components/FormDialog';
import { ListTable } from '../../components/ListTable';
import {
  useCyclePage,
  useCycleTypes,
  useDeleteCycle,
  useDeleteCycles,
  useSaveCycle,
  useToggleDefault,
  useToggleHidden,
} from './cycle.api';
import { type CycleForm, cycleBody, deletableIds, deleteBlocked, typeFilterOptions } from './cycles';
import { useDataManageAbilities } from './data-manage.api';

/**
 * 周期管理: the cycle values of each type (全部 or one), with their 默认 and 隐藏 switches; administrators and the data
 * office add, edit and delete them (a value a target task names cannot be deleted: the server says which task).
 */
export function CyclesPanel() {
  const { message, modal } = App.useApp();
  const keeps = useDataManageAbilities().abilities.cycles;
  const [typeId, setTypeId] = useState<number | ''>('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<CycleValue | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CycleForm>();

  const types = useCycleTypes();
  const page = useCyclePage({ current, cycleTypeId: typeId, keyword });
  const save = useSaveCycle();
  const remove = useDeleteCycle();
  const removeMany = useDeleteCycles();
  const toggleDefault = useToggleDefault();
  const toggleHidden = useToggleHidden();
  const rows = page.data?.records ?? [];
  const fail = (error: Error) => {
    if (!(error instanceof ApiError && error.handled)) message.error(error.message);
  };

  const openDialog = (row: CycleValue | null) => {
    setEditing(row);
    setOpen(true);
  };
  const initialValues: Partial<CycleForm> = editing
    ? { cycleTypeId: editing.cycleTypeId, cycleNumber: editing.cycleNumber, px: editing.px }
    : { cycleTypeId: typeId === '' ? undefined : typeId, cycleNumber: '', px: null };
  /** A value target tasks name keeps its name and type: the dialog changes only its order. */
  const locked = editing && editing.usedBy > 0 ? editing.usedBy : 0;
  const typeName = (id: number | undefined) => types.data?.find((t) => t.id === id)?.lxmc ?? '';

  const columns: TableColumnsType<CycleValue> = [
    { title: X.value, dataIndex: 'cycleNumber', ellipsis: true },
    { title: X.type, dataIndex: 'lxmc', width: 110 },
    { title: X.sort, dataIndex: 'px', width: 80 },
    {
      title: X.isDefault,
      dataIndex: 'defaultsStatus',
      width: 90,
      render: (_v, row) => (
        <Switch
          size="small"
          aria-label={`${X.isDefault} ${row.cycleNumber}`}
          checked={row.defaultsStatus === 1}
          disabled={!keeps || (row.hideStatus === 1 && row.defaultsStatus !== 1)}
          loading={toggleDefault.isPending && toggleDefault.variables === row.id}
          onChange={() =>
            toggleDefault.mutate(row.id, {
              onSuccess: (v) =>
                message.success(v.defaultsStatus ? M.defaultSet(v.cycleNumber) : M.defaultCleared(v.cycleNumber)),
              onError: fail,
            })
          }
        />
      ),
    },
    {
      title: X.hide,
      dataIndex: 'hideStatus',
      width: 90,
      render: (_v, row) => (
        <Switch
          size="small"
          aria-label={`${X.hide} ${row.cycleNumber}`}
          checked={row.hideStatus === 1}
          disabled={!keeps || row.defaultsStatus === 1}
          loading={toggleHidden.isPending && toggleHidden.variables === row.id}
          onChange={() =>
            toggleHidden.mutate(row.id, {
              onSuccess: (v) => message.success(v.hideStatus ? M.hidden(v.cycleNumber) : M.shown(v.cycleNumber)),
              onError: fail,
            })
          }
        />
      ),
    },
    { title: X.usedBy, dataIndex: 'usedBy', width: 100 },
    ...(keeps
      ? [
          {
            title: X.actions,
            key: 'actions',
            width: 140,
            render: (_v: unknown, row: CycleValue) => {
              const blocked = deleteBlocked(row);
              return (
                <Space size={0}>
                  <Button type="link" onClick={() => openDialog(row)}>
                    {X.editAction}
                  </Button>
                  {blocked ? (
                    <Tooltip title={blocked}>
                      <Button type="link" danger disabled>
                        {X.deleteAction}
                      </Button>
                    </Tooltip>
                  ) : (
                    <Popconfirm
                      title={X.confirmDelete}
                      okText={T.confirm}
                      cancelText={T.cancel}
                      onConfirm={() =>
                        remove.mutate(row.id, {
                          onSuccess: () => {
                            message.success(M.deleted);
                            setSelected((s) => s.filter((id) => id !== row.id));
                          },
                          onError: fail,
                        })
                      }
                    >
                      <Button type="link" danger>
                        {X.deleteAction}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const batchDelete = () => {
    const ids = deletableIds(rows, selected);
    if (!ids.length) {
      message.warning(X.selectFirst);
      return;
    }
    modal.confirm({
      title: X.confirmBatchDelete(ids.length),
      okText: T.confirm,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: () =>
        removeMany.mutateAsync(ids).then(() => {
          message.success(M.deleted);
          setSelected([]);
        }, fail),
    });
  };

  return (
    <div className="zg-cycles">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<number | ''>
          aria-label={X.types}
          style={{ width: 180 }}
          value={typeId}
          loading={types.isLoading}
          options={typeFilterOptions(types.data ?? [])}
          onChange={(v) => {
            setTypeId(v);
            setCurrent(1);
            setSelected([]);
          }}
        />
        <Input.Search
          allowClear
          placeholder={X.search}
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrent(1);
          }}
        />
        {keeps && (
          <>
            <Button type="primary" onClick={() => openDialog(null)}>
              {X.add}
            </Button>
            <Button danger disabled={!selected.length} onClick={batchDelete}>
              {X.batchDelete}
            </Button>
          </>
        )}
      </Space>
      <ListTable<CycleValue>
        rowKey="id"
        size="middle"
        columns={columns}
        rows={rows}
        loading={page.isFetching}
        rowSelection={
          keeps
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (row) => ({ disabled: !!deleteBlocked(row) }),
              }
            : undefined
        }
        empty={page.error?.message ?? X.empty}
        pager={{ current, total: page.data?.total ?? 0, onChange: setCurrent }}
      />
      <FormDialog<CycleForm>
        open={open}
        title={editing ? X.edit : X.add}
        form={form}
        pending={save.isPending}
        onClose={() => setOpen(false)}
        onSubmit={(values) => save.mutateAsync(cycleBody(values, editing) as Parameters<typeof save.mutate>[0])}
        success={editing ? M.saved : M.created}
        initialValues={initialValues}
      >
        {locked && <Alert type="info" showIcon message={X.lockedHint(locked)} style={{ marginBottom: 16 }} />}
        <Form.Item name="cycleTypeId" label={X.type} rules={[{ required: true, message: M.typeRequired }]}>
          <Select disabled={!!locked} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.lxmc }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.cycleTypeId !== b.cycleTypeId}>
          {({ getFieldValue }) => (
            <Form.Item
              name="cycleNumber"
              label={X.value}
              rules={[{ required: true, whitespace: true, message: M.valueRequired }]}
            >
              <Input
                disabled={!!locked}
                maxLength={CYCLE_LIMITS.valueMax}
                placeholder={X.valuePlaceholder(typeName(getFieldValue('cycleTypeId')))}
              />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="px" label={X.sort} extra={X.sortHint}>
          <InputNumber min={0} max={CYCLE_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
