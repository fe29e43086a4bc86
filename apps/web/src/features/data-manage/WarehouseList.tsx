import {
  DATA_MANAGE_API as API,
  DATA_MANAGE_MSG as M,
  WAREHOUSE_TEXT as W,
  WAREHOUSE_LIMITS,
  type Warehouse,
} from '@zg/contract';
import { Button, Form, Input, InputNumber, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { call } from '../../api/endpoint';
import { FormDialog } from '../../components/FormDialog';
import { ListTable, pagedRows, SearchBar, useSearchPaging } from '../../components/ListTable';
import { useWarehousePage } from './warehouse.api';
import { DeleteLink, useWarehouseEditing } from './warehouse-editing';

type Draft = { ckmc: string; bz?: string; px?: number };

/** 数据仓库: the warehouses (ck), searched by name, added, edited and deleted; a name opens its tables. */
export function WarehouseList({ base }: { base: string }) {
  const paging = useSearchPaging();
  const list = useWarehousePage(paging.page, paging.keyword);
  const rows = useWarehouseEditing<Warehouse, Draft>({
    save: (values, id) => {
      const body = { ckmc: values.ckmc, bz: values.bz || undefined, px: values.px ?? 0 };
      return id === undefined
        ? call(API.warehouseInsert, { body })
        : call(API.warehouseUpdate, { body: { ...body, id } });
    },
    remove: (id) => call(API.warehousesDelete, { body: { ids: [id] } }),
  });

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
          <Button type="link" onClick={() => rows.edit(w)}>
            {W.edit}
          </Button>
          <DeleteLink title={W.deleteWarehouseConfirm(w.ckmc)} onConfirm={() => rows.remove(w)} />
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <SearchBar label={W.searchWarehouse} width={260} onSearch={paging.search}>
        <Button type="primary" onClick={rows.add}>
          {W.addWarehouse}
        </Button>
      </SearchBar>
      <ListTable<Warehouse> size="middle" {...pagedRows(list, paging)} columns={columns} empty={W.noWarehouses} />
      <FormDialog<Draft>
        {...rows.dialog}
        title={rows.adding ? W.addWarehouse : W.editWarehouse}
        initialValues={
          rows.editing ? { ckmc: rows.editing.ckmc, bz: rows.editing.bz ?? '', px: rows.editing.px } : { px: 0 }
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
