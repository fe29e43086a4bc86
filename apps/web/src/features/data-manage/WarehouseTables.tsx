import {
  DATA_MANAGE_API as API,
  DATA_MANAGE_MSG as M,
  WAREHOUSE_TEXT as W,
  WAREHOUSE_LIMITS,
  type WarehouseTable,
} from '@zg/contract';
import { Breadcrumb, Button, Form, Input, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { call } from '../../api/endpoint';
import { FormDialog } from '../../components/FormDialog';
import { ListTable, pagedRows, SearchBar, useSearchPaging } from '../../components/ListTable';
import { identifierRule } from './FieldDialog';
import { PhysicalState } from './TableDesigner';
import { useTablePage, useWarehouses } from './warehouse.api';
import { DeleteLink, useWarehouseEditing } from './warehouse-editing';

type Draft = { bm: string; bzwm: string; bz?: string };

/** A warehouse's tables (ckb): added, renamed and deleted; each opens its structure and, once created, its data. */
export function WarehouseTables({ base, ckid }: { base: string; ckid: number }) {
  const warehouses = useWarehouses();
  const warehouse = warehouses.data?.find((w) => w.id === ckid);
  const paging = useSearchPaging();
  const list = useTablePage(ckid, paging.page, paging.keyword);
  const rows = useWarehouseEditing<WarehouseTable, Draft>({
    save: (values, id) => {
      const body = { ckid, bm: values.bm, bzwm: values.bzwm, bz: values.bz || undefined };
      return id === undefined ? call(API.tableInsert, { body }) : call(API.tableUpdate, { body: { ...body, id } });
    },
    remove: (id) => call(API.tablesDelete, { body: { ids: [id] } }),
  });
  const here = `${base}/${ckid}`;

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
            <Button type="link" onClick={() => rows.edit(t)}>
              {W.edit}
            </Button>
          )}
          {t.abilities.edit && <DeleteLink title={W.deleteTableConfirm(t.bzwm)} onConfirm={() => rows.remove(t)} />}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: <Link to={base}>{W.warehouses}</Link> }, { title: warehouse?.ckmc ?? W.loading }]} />
      <SearchBar label={W.searchTable} width={260} onSearch={paging.search}>
        <Button type="primary" onClick={rows.add}>
          {W.addTable}
        </Button>
      </SearchBar>
      <ListTable<WarehouseTable> size="middle" {...pagedRows(list, paging)} columns={columns} empty={W.noTables} />
      <FormDialog<Draft>
        {...rows.dialog}
        title={rows.adding ? W.addTable : W.editTable}
        initialValues={rows.editing ? { bm: rows.editing.bm, bzwm: rows.editing.bzwm, bz: rows.editing.bz ?? '' } : {}}
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
