import {
  DATA_MANAGE_API as API,
  DATA_MANAGE_MSG as M,
  SHELL_TEXT as T,
  WAREHOUSE_TEXT as W,
  type WarehouseField,
  type WarehouseTable,
} from '@zg/contract';
import { Alert, Badge, Breadcrumb, Button, Descriptions, Popconfirm, Space, type TableColumnsType, Upload } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';
import { EmptyState } from '../../components/EmptyState';
import { ListTable } from '../../components/ListTable';
import { FieldDialog } from './FieldDialog';
import { useFields, useTable, useWarehouseActions, useWarehouses } from './warehouse.api';
import { typeText } from './warehouse.logic';

/** Whether a table's physical table exists: a dot and a word (a tinted tag reads too faint). */
export function PhysicalState({ created }: { created: boolean }) {
  return <Badge status={created ? 'success' : 'default'} text={created ? W.created : W.notCreated} />;
}

/** The breadcrumb of a table's pages: 数据仓库 / the warehouse / the table. */
export function TableCrumbs({
  base,
  ckid,
  table,
  last,
}: {
  base: string;
  ckid: number;
  table: WarehouseTable | null | undefined;
  last?: string;
}) {
  const warehouses = useWarehouses();
  const warehouse = warehouses.data?.find((w) => w.id === ckid);
  const tableTitle = table?.bzwm ?? W.loading;
  return (
    <Breadcrumb
      items={[
        { title: <Link to={base}>{W.warehouses}</Link> },
        { title: <Link to={`${base}/${ckid}`}>{warehouse?.ckmc ?? W.loading}</Link> },
        last
          ? { title: <Link to={`${base}/${ckid}/table/${table?.id ?? ''}`}>{tableTitle}</Link> }
          : { title: tableTitle },
        ...(last ? [{ title: last }] : []),
      ]}
    />
  );
}

/**
 * A table's structure: its fields in an editor, 创建物理表 / 删除物理表 with confirmations (the server's refusal shown
 * as it answers), structure import and export, and the templates.
 */
export function TableDesigner({ base, ckid, ckbid }: { base: string; ckid: number; ckbid: number }) {
  const { refresh, fail, message } = useWarehouseActions();
  const navigate = useNavigate();
  const table = useTable(ckid, ckbid);
  const fields = useFields(ckbid);
  const [editing, setEditing] = useState<WarehouseField | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const t = table.data;
  const canEdit = t?.abilities.edit ?? false;

  const run = async (key: string, action: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(key);
    try {
      await action();
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };
  const createPhysical = () =>
    run('create', async () => {
      const made = await call(API.createPhysical, { body: { id: ckbid } });
      message.success(M.physicalCreated(made.bm));
    });
  const dropPhysical = () =>
    run('drop', async () => {
      const dropped = await call(API.dropPhysical, { body: { id: ckbid } });
      message.success(M.physicalDropped(dropped.bm));
    });
  const removeField = (f: WarehouseField) =>
    run(`field-${f.id}`, async () => {
      await call(API.fieldsDelete, { body: { ids: [f.id] } });
      message.success(M.deleted);
    });
  const importStructure = (file: File) =>
    run('import', async () => {
      const result = await uploadTo(API.importStructure, { query: { id: ckbid } }, { file, quiet: true });
      message.success(M.structureImported(result.count));
    });

  const columns: TableColumnsType<WarehouseField> = [
    { title: W.order, key: 'order', width: 60, render: (_v, _f, i) => i + 1 },
    { title: W.fieldName, dataIndex: 'zdm', ellipsis: true },
    { title: W.fieldLabel, dataIndex: 'zdzwm', ellipsis: true },
    { title: W.fieldType, key: 'type', width: 120, render: (_v, f) => typeText(f) },
    { title: W.required, dataIndex: 'sfbt', width: 70, render: (v: boolean) => (v ? '是' : '否') },
    { title: W.unique, dataIndex: 'sfwy', width: 70, render: (v: boolean) => (v ? '是' : '否') },
    { title: W.dimension, dataIndex: 'wdmc', width: 120, render: (v: string | null) => v ?? '—' },
    ...(canEdit
      ? [
          {
            title: W.actions,
            key: 'actions',
            width: 140,
            render: (_v: unknown, f: WarehouseField) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(f)}>
                  {W.edit}
                </Button>
                <Popconfirm
                  title={t?.sfcj ? W.deleteFieldPhysicalConfirm(f.zdzwm) : W.deleteFieldConfirm(f.zdzwm)}
                  okText={T.confirm}
                  cancelText={T.cancel}
                  onConfirm={() => removeField(f)}
                >
                  <Button type="link" danger>
                    {W.delete}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  if (table.isSuccess && !t) return <EmptyState description={M.tableNotFound} />;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <TableCrumbs base={base} ckid={ckid} table={t} />
      {t && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={W.tableLabel}>{t.bzwm}</Descriptions.Item>
          <Descriptions.Item label={W.tableName}>{t.bm}</Descriptions.Item>
          <Descriptions.Item label={W.physical}>
            <PhysicalState created={t.sfcj} />
          </Descriptions.Item>
        </Descriptions>
      )}
      {t?.sfcj && canEdit && <Alert type="info" showIcon message={W.alterHint} />}
      <Space wrap>
        {canEdit && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {W.addField}
          </Button>
        )}
        {t?.abilities.createPhysical && (
          <Popconfirm
            title={W.createPhysicalConfirm(t.bm)}
            okText={T.confirm}
            cancelText={T.cancel}
            onConfirm={createPhysical}
          >
            <Button loading={busy === 'create'}>{W.createPhysical}</Button>
          </Popconfirm>
        )}
        {t?.abilities.dropPhysical && (
          <Popconfirm
            title={W.dropPhysicalConfirm(t.bm)}
            okText={T.confirm}
            okButtonProps={{ danger: true }}
            cancelText={T.cancel}
            onConfirm={dropPhysical}
          >
            <Button danger loading={busy === 'drop'}>
              {W.dropPhysical}
            </Button>
          </Popconfirm>
        )}
        {t?.sfcj && <Button onClick={() => navigate(`${base}/${ckid}/table/${ckbid}/data`)}>{W.openData}</Button>}
        {canEdit && !t?.sfcj && (
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void importStructure(file);
              return false;
            }}
          >
            <Button loading={busy === 'import'}>{W.importStructure}</Button>
          </Upload>
        )}
        <Button onClick={() => run('export', () => downloadFrom(API.exportStructure, { query: { id: ckbid } }))}>
          {W.exportStructure}
        </Button>
        <Button onClick={() => run('tpl', () => downloadFrom(API.template, { query: { type: 'structure' } }))}>
          {W.structureTemplate}
        </Button>
      </Space>
      <ListTable<WarehouseField>
        rowKey="id"
        size="middle"
        columns={columns}
        rows={fields.data}
        loading={fields.isFetching || table.isLoading}
        empty={fields.error?.message ?? W.noFields}
        pager={false}
      />
      <FieldDialog ckbid={ckbid} field={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}
