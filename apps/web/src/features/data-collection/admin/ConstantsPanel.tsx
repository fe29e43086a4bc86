import { useQueryClient } from '@tanstack/react-query';
import { COLLECTION_TEXT as C, COLLECTION_LIMITS, COLLECTION_MSG as M } from '@zg/contract';
import { Button, Col, Form, Input, InputNumber, Row, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { ListTable } from '../../../components/ListTable';
import type { Constant, ConstantType } from '../collection.logic';
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
import { actionsColumn, RowDelete, RowLink } from './row-actions';
import { useAdminActions } from './use-admin-actions';
import { useEditDialog } from './use-edit-dialog';

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
  const { fail, report } = useAdminActions();
  const client = useQueryClient();
  const types = useConstantTypes();
  const [typeId, setTypeId] = useState<number | null>(null);
  const type = types.data?.find((t) => t.id === typeId) ?? null;
  const saveType = useSaveConstantType();
  const removeType = useDeleteConstantType();
  const typeDialog = useEditDialog<TypeForm>();

  const openType = (t: ConstantType | 'new') =>
    t === 'new'
      ? typeDialog.open({ code: '', name: '', remark: '' })
      : typeDialog.open({ code: t.code, name: t.name, remark: t.remark ?? '' }, t.id);

  const typeColumns: TableColumnsType<ConstantType> = [
    { title: C.code, dataIndex: 'code', ellipsis: true },
    { title: C.name, dataIndex: 'name', ellipsis: true },
    { title: C.constantCount, dataIndex: 'constants', width: 70 },
    actionsColumn(110, (t) => (
      <>
        <RowLink
          label={C.edit}
          name={t.name}
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            openType(t);
          }}
        />
        <RowDelete
          name={t.name}
          confirm={C.deleteConstantTypeConfirm(t.name)}
          size="small"
          stopPropagation
          onDelete={() =>
            void report(removeType.mutateAsync(t.id), M.deleted, () => {
              if (typeId === t.id) setTypeId(null);
            })
          }
        />
      </>
    )),
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
          <ListTable
            size="small"
            aria-label={C.constantTypes}
            rows={types.data}
            error={types.error}
            pager="local"
            loading={types.isLoading}
            empty={C.noConstantTypes}
            columns={typeColumns}
            rowClassName={(t) => (t.id === typeId ? 'ant-table-row-selected' : '')}
            onRow={(t) => ({ onClick: () => setTypeId(t.id), style: { cursor: 'pointer' } })}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: typeId === null ? [] : [typeId],
              onChange: (keys) => setTypeId(keys.length ? Number(keys[0]) : null),
              columnWidth: 32,
              getCheckboxProps: (t) => ({ 'aria-label': `${C.constantType} ${t.name}` }),
            }}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {type ? <ConstantList type={type} /> : <EmptyState description={C.pickConstantType} />}
        </Col>
      </Row>
      <FormDialog<TypeForm>
        {...typeDialog.dialog}
        title={typeDialog.isNew ? C.addConstantType : C.editConstantType}
        pending={saveType.isPending}
        onSubmit={(v) => {
          const body = { code: v.code.trim(), name: v.name.trim(), remark: v.remark?.trim() || null };
          return saveType.mutateAsync(typeDialog.withId(body)).then((saved) => setTypeId(saved.id));
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
  const { confirm, report } = useAdminActions();
  const constants = useConstants(type.id);
  const save = useSaveConstant();
  const remove = useDeleteConstants();
  const [selected, setSelected] = useState<number[]>([]);
  const dialog = useEditDialog<ConstantForm>();

  const open = (c: Constant | 'new') =>
    c === 'new'
      ? dialog.open({ value: '', label: '', sortOrder: null })
      : dialog.open({ value: c.value, label: c.label, sortOrder: c.sortOrder }, c.id);
  const deleteIds = (ids: number[]) =>
    report(remove.mutateAsync(ids), M.deleted, () => setSelected((s) => s.filter((id) => !ids.includes(id))));

  const columns: TableColumnsType<Constant> = [
    { title: C.value, dataIndex: 'value', ellipsis: true },
    { title: C.constantLabel, dataIndex: 'label', ellipsis: true },
    { title: C.order, dataIndex: 'sortOrder', width: 70 },
    actionsColumn(120, (c) => (
      <>
        <RowLink label={C.edit} name={c.label} size="small" onClick={() => open(c)} />
        <RowDelete
          name={c.label}
          confirm={C.deleteConstantConfirm(c.value)}
          size="small"
          onDelete={() => deleteIds([c.id])}
        />
      </>
    )),
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
              confirm({
                title: C.deleteConstantsConfirm(selected.length),
                okButtonProps: { danger: true },
                onOk: () => deleteIds(selected),
              })
            }
          >
            {C.batchDelete}
          </Button>
        </Tooltip>
      </Space>
      <ListTable
        size="small"
        aria-label={C.constants}
        rows={constants.data}
        error={constants.error}
        pager="local"
        loading={constants.isLoading}
        empty={C.noConstants}
        pageSize={20}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      />
      <FormDialog<ConstantForm>
        {...dialog.dialog}
        title={dialog.isNew ? C.addConstant : C.editConstant}
        pending={save.isPending}
        onSubmit={(v) => {
          const body = { typeId: type.id, value: v.value.trim(), label: v.label.trim(), sortOrder: v.sortOrder ?? 0 };
          return save.mutateAsync(dialog.withId(body));
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
