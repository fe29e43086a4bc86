import { useMutation } from '@tanstack/react-query';
import {
  DATA_MANAGE_API as API,
  DATA_MANAGE_MSG as M,
  SHELL_TEXT as T,
  WAREHOUSE_LIMITS,
  type WarehouseTable,
} from '@zg/contract';
import { Breadcrumb, Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../api/endpoint';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { pagination } from '../../components/pagination';
import { identifierRule } from './FieldDialog';
import { PhysicalState } from './TableDesigner';
import { useTablePage, useWarehouseActions, useWarehouses } from './warehouse.api';
import { W } from './warehouse-text';

type Draft = { bm: string; bzwm: string; bz?: string };

/** A warehouse's tables (ckb): added, renamed and deleted; each opens its structure and, once created, its data. */
export function WarehouseTables({ base, ckid }: { base: string; ckid: number }) {
  const { refresh, fail, message } = useWarehouseActions();
  const warehouses = useWarehouses();
  const warehouse = warehouses.data?.find((w) => w.id === ckid);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useTablePage(ckid, page, keyword);
  const [editing, setEditing] = useState<WarehouseTable | 'new' | null>(null);
  const [form] = Form.useForm<Draft>();
  const here = `${base}/${ckid}`;

  const save = useMutation({
    mutationFn: async (values: Draft) => {
      const body = { ckid, bm: values.bm, bzwm: values.bzwm, bz: values.bz || undefined };
      if (editing === 'new') await call(API.tableInsert, { body });
      else if (editing) await call(API.tableUpdate, { body: { ...body, id: editing.id } });
      await refresh();
    },
  });
  const remove = async (t: WarehouseTable) => {
    try {
      await call(API.tablesDelete, { body: { ids: [t.id] } });
      message.success(M.deleted);
      await refresh();
    } catch (error) {
      fail(error);
    }
  };

  const columns: TableColumnsType<WarehouseTable> = [
    {
      title: W.tableLabel,
      dataIndex: 'bzwm',
      ellipsis: true,
      render: (v: string, t) => <Link to={`${here}/table/${t.id}`}>{v}</Link>,
    },
    { title: W.tableName, dataIndex: 'bm', ellipsis: true },
    { title: W.fieldCount, dataIndex: 'zds', width: 80 },
    {
      title: W.physical,
      dataIndex: 'sfcj',
      width: 110,
      render: (v: boolean) => <PhysicalState created={v} />,
    },
    { title: W.remark, dataIndex: 'bz', ellipsis: true, render: (v: string | null) => v || '—' },
    {
      title: W.actions,
      key: 'actions',
      width: 260,
      render: (_v, t) => (
        <Space size={0}>
          <Link className="ant-btn ant-btn-link" to={`${here}/table/${t.id}`}>
            {W.structure}
          </Link>
          {t.sfcj && (
            <Link className="ant-btn ant-btn-link" to={`${here}/table/${t.id}/data`}>
              {W.data}
            </Link>
          )}
          {t.abilities.edit && (
            <Button type="link" onClick={() => setEditing(t)}>
              {W.edit}
            </Button>
          )}
          {t.abilities.edit && (
            <Popconfirm
              title={W.deleteTableConfirm(t.bzwm)}
              okText={T.confirm}
              cancelText={T.cancel}
              onConfirm={() => remove(t)}
            >
              <Button type="link" danger>
                {W.delete}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: <Link to={base}>{W.warehouses}</Link> }, { title: warehouse?.ckmc ?? W.loading }]} />
      <Space wrap>
        <Input.Search
          aria-label={W.searchTable}
          placeholder={W.searchTable}
          allowClear
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          {W.addTable}
        </Button>
      </Space>
      <Table<WarehouseTable>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <EmptyState description={list.error?.message ?? W.noTables} /> }}
        pagination={pagination({ current: page, total: list.data?.total ?? 0, onChange: setPage })}
      />
      <FormDialog<Draft>
        open={editing !== null}
        title={editing === 'new' ? W.addTable : W.editTable}
        form={form}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={save.mutateAsync}
        success={editing === 'new' ? M.created : M.saved}
        initialValues={editing && editing !== 'new' ? { bm: editing.bm, bzwm: editing.bzwm, bz: editing.bz ?? '' } : {}}
      >
        <Form.Item
          name="bzwm"
          label={W.tableLabel}
          rules={[{ required: true, whitespace: true, message: M.labelRequired }]}
        >
          <Input maxLength={WAREHOUSE_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="bm" label={W.tableName} extra={W.identifierHint} rules={[identifierRule('table')]}>
          <Input maxLength={WAREHOUSE_LIMITS.identifierMax} />
        </Form.Item>
        <Form.Item name="bz" label={W.remark}>
          <Input.TextArea maxLength={WAREHOUSE_LIMITS.remarkMax} rows={3} />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
