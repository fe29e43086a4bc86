import {
  SHELL_TEXT as T,
  TABLE_CONFIG_LIMITS,
  TABLE_CONFIG_MSG,
  type TableConfigListItem,
  type TableType,
  TABLE_CONFIG_TEXT as X,
} from '@zg/contract';
import { App, Button, Form, Input, Modal, Popconfirm, Segmented, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { EnterSubmits } from '../../components/EnterSubmits';
import { ListTable } from '../../components/ListTable';
import { useCreateTableConfig, useDeleteTableConfig, useTableConfigList } from './table-config.api';

type Row = TableConfigListItem;

/**
 * The table configurations of collection forms: create one, open its configuration screen (read-only for someone
 * else's), or delete one of one's own (the server's abilities decide which).
 */
export function TableConfigList() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [page, setPage] = useState(1);
  const list = useTableConfigList(page);
  const create = useCreateTableConfig();
  const remove = useDeleteTableConfig();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; tableType: TableType }>();
  const fail = (error: Error) => {
    if (!(error instanceof ApiError && error.handled)) message.error(error.message);
  };

  const columns: TableColumnsType<Row> = [
    { title: X.nameLabel, dataIndex: 'name', ellipsis: true },
    { title: X.typeLabel, dataIndex: 'tableType', width: 100, render: (t: TableType) => X.types[t] },
    { title: X.columnsCount, dataIndex: 'columns', width: 80 },
    { title: X.rowsCount, dataIndex: 'rowCount', width: 80 },
    { title: X.createdBy, dataIndex: 'createdByName', width: 120, render: (n: string | null) => n ?? '—' },
    { title: X.updatedBy, dataIndex: 'updatedByName', width: 120, render: (n: string | null) => n ?? '—' },
    {
      title: X.updateTime,
      dataIndex: 'updateTime',
      width: 170,
      render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '',
      key: 'actions',
      width: 140,
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => navigate(`/tableConfiguration/${row.id}`, { state: { from: pathname } })}>
            {row.abilities.canEdit ? X.open : X.view}
          </Button>
          {row.abilities.canDelete && (
            <Popconfirm
              title={X.deleteConfirm}
              okText={T.confirm}
              cancelText={T.cancel}
              onConfirm={() =>
                remove.mutate(row.id, { onSuccess: () => message.success(TABLE_CONFIG_MSG.deleted), onError: fail })
              }
            >
              <Button type="link" danger>
                {X.delete}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="zg-table-config-list">
      <div className="zg-table-config-list__bar">
        <Button type="primary" onClick={() => setCreating(true)}>
          {X.create}
        </Button>
      </div>
      <ListTable<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        rows={list.data?.list}
        loading={list.isFetching}
        empty={list.error?.message ?? X.empty}
        pager={{ current: page, total: list.data?.total ?? 0, onChange: setPage }}
      />
      <Modal
        open={creating}
        title={X.create}
        okText={T.confirm}
        cancelText={T.cancel}
        confirmLoading={create.isPending}
        onCancel={() => setCreating(false)}
        destroyOnHidden
        forceRender
        onOk={() => form.submit()}
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ tableType: 'fixed' }}
          preserve={false}
          onFinish={(values) => {
            if (create.isPending) return;
            create.mutate(values, {
              onSuccess: (created) => {
                message.success(TABLE_CONFIG_MSG.created);
                setCreating(false);
                navigate(`/tableConfiguration/${created.id}`, { state: { from: pathname } });
              },
              onError: fail,
            });
          }}
        >
          <Form.Item
            name="name"
            label={X.nameLabel}
            rules={[{ required: true, whitespace: true, message: TABLE_CONFIG_MSG.nameRequired }]}
          >
            <Input maxLength={TABLE_CONFIG_LIMITS.nameMax} />
          </Form.Item>
          <Form.Item name="tableType" label={X.typeLabel}>
            <Segmented<TableType>
              options={(['fixed', 'floating'] as const).map((t) => ({ value: t, label: X.types[t] }))}
            />
          </Form.Item>
          <EnterSubmits />
        </Form>
      </Modal>
    </div>
  );
}
