import { useQueryClient } from '@tanstack/react-query';
import { COLLECTION_LIMITS, COLLECTION_MSG as M } from '@zg/contract';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import type { Constant, ConstantType } from '../collection.logic';
import { C } from '../collection-text';
import {
  COLLECTION_KEY,
  downloadConstantTemplate,
  uploadConstants,
  useConstants,
  useConstantTypes,
  useDeleteConstants,
  useDeleteConstantType,
  useSaveConstant,
  useSaveConstantType,
} from '../data-collection.api';
import { ExcelImportButton } from './ExcelImportButton';
import { useFail } from './use-fail';

interface TypeForm {
  code: string;
  name: string;
  remark: string;
}
interface ConstantForm {
  value: string;
  label: string;
  sortOrder: number | null;
}

/**
 * 常量管理: constant types on the left (the option lists of select fields), the values of the chosen type on the
 * right; 下载模板 and 导入常量 (all rows or none, each bad row reported).
 */
export function ConstantsPanel() {
  const { message } = App.useApp();
  const fail = useFail();
  const client = useQueryClient();
  const types = useConstantTypes();
  const [typeId, setTypeId] = useState<number | null>(null);
  const type = types.data?.find((t) => t.id === typeId) ?? null;
  const saveType = useSaveConstantType();
  const removeType = useDeleteConstantType();
  const [editingType, setEditingType] = useState<ConstantType | 'new' | null>(null);
  const typeInitial: TypeForm | undefined =
    editingType === null
      ? undefined
      : editingType === 'new'
        ? { code: '', name: '', remark: '' }
        : { code: editingType.code, name: editingType.name, remark: editingType.remark ?? '' };
  const [typeForm] = Form.useForm<TypeForm>();

  const openType = (t: ConstantType | 'new') => setEditingType(t);

  const typeColumns: TableColumnsType<ConstantType> = [
    { title: C.code, dataIndex: 'code', ellipsis: true },
    { title: C.name, dataIndex: 'name', ellipsis: true },
    { title: C.constantCount, dataIndex: 'constants', width: 70 },
    {
      title: C.actions,
      key: 'actions',
      width: 110,
      render: (_v, t) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`${C.edit} ${t.name}`}
            onClick={(e) => {
              e.stopPropagation();
              openType(t);
            }}
          >
            {C.edit}
          </Button>
          <Popconfirm
            title={C.deleteConstantTypeConfirm(t.name)}
            okText={C.confirm}
            cancelText={C.cancel}
            onConfirm={() =>
              removeType.mutate(t.id, {
                onSuccess: () => {
                  message.success(M.deleted);
                  if (typeId === t.id) setTypeId(null);
                },
                onError: fail,
              })
            }
          >
            <Button
              type="link"
              size="small"
              danger
              aria-label={`${C.delete} ${t.name}`}
              onClick={(e) => e.stopPropagation()}
            >
              {C.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <ExcelImportButton
          title={C.importConstants}
          send={uploadConstants}
          done={C.imported}
          onDone={() => client.invalidateQueries({ queryKey: [COLLECTION_KEY] })}
        />
        <Button type="link" onClick={() => downloadConstantTemplate().catch(fail)}>
          {C.template}
        </Button>
        <Typography.Text type="secondary">{C.importHint}</Typography.Text>
      </Space>
      <Row gutter={16} wrap={false}>
        <Col flex="420px">
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong>{C.constantTypes}</Typography.Text>
            <Button type="primary" onClick={() => openType('new')}>
              {C.addConstantType}
            </Button>
          </Space>
          <Table
            rowKey="id"
            size="small"
            aria-label={C.constantTypes}
            loading={types.isLoading}
            dataSource={types.data ?? []}
            columns={typeColumns}
            pagination={false}
            rowClassName={(t) => (t.id === typeId ? 'ant-table-row-selected' : '')}
            onRow={(t) => ({ onClick: () => setTypeId(t.id), style: { cursor: 'pointer' } })}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: typeId === null ? [] : [typeId],
              onChange: (keys) => setTypeId(keys.length ? Number(keys[0]) : null),
              columnWidth: 32,
              getCheckboxProps: (t) => ({ 'aria-label': `${C.constantType} ${t.name}` }),
            }}
            locale={{ emptyText: <EmptyState description={types.error?.message ?? C.noConstantTypes} /> }}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {type ? <ConstantList type={type} /> : <EmptyState description={C.pickConstantType} />}
        </Col>
      </Row>
      <FormDialog<TypeForm>
        open={editingType !== null}
        title={editingType === 'new' ? C.addConstantType : C.editConstantType}
        form={typeForm}
        pending={saveType.isPending}
        initialValues={typeInitial}
        success={editingType === 'new' ? M.created : M.saved}
        onClose={() => setEditingType(null)}
        onSubmit={(v) => {
          const body = { code: v.code.trim(), name: v.name.trim(), remark: v.remark?.trim() || null };
          const editing = editingType;
          return saveType
            .mutateAsync(editing && editing !== 'new' ? { ...body, id: editing.id } : body)
            .then((saved) => setTypeId(saved.id));
        }}
      >
        <Form.Item
          name="code"
          label={C.code}
          rules={[
            { required: true, whitespace: true, message: C.codeRequired },
            { pattern: /^[A-Za-z][\w-]*$/, message: C.codePattern },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="name"
          label={C.name}
          rules={[{ required: true, whitespace: true, message: C.nameRequiredShort }]}
        >
          <Input maxLength={COLLECTION_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="remark" label={C.remark}>
          <Input.TextArea maxLength={COLLECTION_LIMITS.remarkMax} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}

/** The values of one constant type: add, edit, delete one or the ticked ones. */
function ConstantList({ type }: { type: ConstantType }) {
  const { message, modal } = App.useApp();
  const fail = useFail();
  const constants = useConstants(type.id);
  const save = useSaveConstant();
  const remove = useDeleteConstants();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Constant | 'new' | null>(null);
  const [form] = Form.useForm<ConstantForm>();

  const open = (c: Constant | 'new') => setEditing(c);
  const initial: ConstantForm | undefined =
    editing === null
      ? undefined
      : editing === 'new'
        ? { value: '', label: '', sortOrder: null }
        : { value: editing.value, label: editing.label, sortOrder: editing.sortOrder };
  const deleteIds = (ids: number[]) =>
    remove.mutateAsync(ids).then(() => {
      message.success(M.deleted);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    }, fail);

  const columns: TableColumnsType<Constant> = [
    { title: C.value, dataIndex: 'value', ellipsis: true },
    { title: C.constantLabel, dataIndex: 'label', ellipsis: true },
    { title: C.order, dataIndex: 'sortOrder', width: 70 },
    {
      title: C.actions,
      key: 'actions',
      width: 120,
      render: (_v, c) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`${C.edit} ${c.label}`} onClick={() => open(c)}>
            {C.edit}
          </Button>
          <Popconfirm
            title={C.deleteConstantConfirm(c.value)}
            okText={C.confirm}
            cancelText={C.cancel}
            onConfirm={() => deleteIds([c.id])}
          >
            <Button type="link" size="small" danger aria-label={`${C.delete} ${c.label}`}>
              {C.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>{`${C.constants}：${type.name}`}</Typography.Text>
        <Button type="primary" onClick={() => open('new')}>
          {C.addConstant}
        </Button>
        <Tooltip title={selected.length ? undefined : C.selectFirst}>
          <Button
            danger
            disabled={!selected.length}
            onClick={() =>
              modal.confirm({
                title: C.deleteConstantsConfirm(selected.length),
                okText: C.confirm,
                cancelText: C.cancel,
                okButtonProps: { danger: true },
                onOk: () => deleteIds(selected),
              })
            }
          >
            {C.batchDelete}
          </Button>
        </Tooltip>
      </Space>
      <Table
        rowKey="id"
        size="small"
        aria-label={C.constants}
        loading={constants.isLoading}
        dataSource={constants.data ?? []}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={(constants.data?.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: <EmptyState description={constants.error?.message ?? C.noConstants} /> }}
      />
      <FormDialog<ConstantForm>
        open={editing !== null}
        title={editing === 'new' ? C.addConstant : C.editConstant}
        form={form}
        pending={save.isPending}
        initialValues={initial}
        success={editing === 'new' ? M.created : M.saved}
        onClose={() => setEditing(null)}
        onSubmit={(v) => {
          const body = { typeId: type.id, value: v.value.trim(), label: v.label.trim(), sortOrder: v.sortOrder ?? 0 };
          return save.mutateAsync(editing && editing !== 'new' ? { ...body, id: editing.id } : body);
        }}
      >
        <Form.Item
          name="value"
          label={C.value}
          rules={[{ required: true, whitespace: true, message: C.valueRequired }]}
        >
          <Input maxLength={COLLECTION_LIMITS.constantValueMax} />
        </Form.Item>
        <Form.Item
          name="label"
          label={C.constantLabel}
          rules={[{ required: true, whitespace: true, message: C.labelRequired }]}
        >
          <Input maxLength={COLLECTION_LIMITS.constantValueMax} />
        </Form.Item>
        <Form.Item name="sortOrder" label={C.order}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
