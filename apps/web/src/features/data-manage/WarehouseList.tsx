import { useMutation } from '@tanstack/react-query';
import {
  DATA_MANAGE_API as API,
  DATA_MANAGE_MSG as M,
  SHELL_TEXT as T,
  WAREHOUSE_LIMITS,
  type Warehouse,
} from '@zg/contract';
import { Button, Form, Input, InputNumber, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../api/endpoint';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { pagination } from '../../components/pagination';
import { useWarehouseActions, useWarehousePage } from './warehouse.api';
import { W } from './warehouse-text';

type Draft = { ckmc: string; bz?: string; px?: number };

/** 数据仓库: the warehouses (ck), searched by name, added, edited and deleted; a name opens its tables. */
export function WarehouseList({ base }: { base: string }) {
  const { refresh, fail, message } = useWarehouseActions();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useWarehousePage(page, keyword);
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const [form] = Form.useForm<Draft>();
  const save = useMutation({
    mutationFn: async (values: Draft) => {
      const body = { ckmc: values.ckmc, bz: values.bz || undefined, px: values.px ?? 0 };
      if (editing === 'new') await call(API.warehouseInsert, { body });
      else if (editing) await call(API.warehouseUpdate, { body: { ...body, id: editing.id } });
      await refresh();
    },
  });

  const remove = async (w: Warehouse) => {
    try {
      await call(API.warehousesDelete, { body: { ids: [w.id] } });
      message.success(M.deleted);
      await refresh();
    } catch (error) {
      fail(error);
    }
  };

  const columns: TableColumnsType<Warehouse> = [
    {
      title: W.warehouseName,
      dataIndex: 'ckmc',
      ellipsis: true,
      render: (name: string, w) => <Link to={`${base}/${w.id}`}>{name}</Link>,
    },
    { title: W.remark, dataIndex: 'bz', ellipsis: true, render: (v: string | null) => v || '—' },
    { title: W.tableCount, dataIndex: 'bs', width: 90 },
    { title: W.order, dataIndex: 'px', width: 70 },
    { title: W.createdAt, dataIndex: 'cjsj', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: W.actions,
      key: 'actions',
      width: 200,
      render: (_v, w) => (
        <Space size={0}>
          <Link className="ant-btn ant-btn-link" to={`${base}/${w.id}`}>
            {W.openTables}
          </Link>
          <Button type="link" onClick={() => setEditing(w)}>
            {W.edit}
          </Button>
          <Popconfirm
            title={W.deleteWarehouseConfirm(w.ckmc)}
            okText={T.confirm}
            cancelText={T.cancel}
            onConfirm={() => remove(w)}
          >
            <Button type="link" danger>
              {W.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          aria-label={W.searchWarehouse}
          placeholder={W.searchWarehouse}
          allowClear
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          {W.addWarehouse}
        </Button>
      </Space>
      <Table<Warehouse>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <EmptyState description={list.error?.message ?? W.noWarehouses} /> }}
        pagination={pagination({ current: page, total: list.data?.total ?? 0, onChange: setPage })}
      />
      <FormDialog<Draft>
        open={editing !== null}
        title={editing === 'new' ? W.addWarehouse : W.editWarehouse}
        form={form}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={save.mutateAsync}
        success={editing === 'new' ? M.created : M.saved}
        initialValues={
          editing && editing !== 'new' ? { ckmc: editing.ckmc, bz: editing.bz ?? '', px: editing.px } : { px: 0 }
        }
      >
        <Form.Item
          name="ckmc"
          label={W.warehouseName}
          rules={[{ required: true, whitespace: true, message: M.nameRequired }]}
        >
          <Input maxLength={WAREHOUSE_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="bz" label={W.remark}>
          <Input.TextArea maxLength={WAREHOUSE_LIMITS.remarkMax} rows={3} />
        </Form.Item>
        <Form.Item name="px" label={W.order}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
