import {
  DATA_MANAGE_API as API,
  FILTER_OP_NAMES,
  type FilterOp,
  DATA_MANAGE_MSG as M,
  SHELL_TEXT as T,
  WAREHOUSE_TEXT as W,
  type WarehouseField,
} from '@zg/contract';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call, downloadFrom } from '../../api/endpoint';
import { EmptyState } from '../../components/EmptyState';
import { EnterSubmits } from '../../components/EnterSubmits';
import { ListTable } from '../../components/ListTable';
import { ImportRowsDialog } from './ImportRowsDialog';
import { TableCrumbs } from './TableDesigner';
import { useFields, useRows, useTable, useWarehouseActions } from './warehouse.api';
import {
  type CellValue,
  cellText,
  defaultOp,
  type FilterDraft,
  filtersParam,
  formValuesOf,
  opsFor,
  opTakesValue,
  rowPayload,
  valueProblem,
} from './warehouse.logic';

type Row = Record<string, CellValue> & { id: number };
const PAGE_SIZE = 20;

const YES_NO = [
  { value: 'true', label: '是' },
  { value: 'false', label: '否' },
];

/** A value input fitting the field's type: yes/no as a choice, dates and numbers as text the server checks. */
function ValueInput({
  field,
  value,
  onChange,
  label,
}: {
  field: WarehouseField;
  value?: string | boolean | null;
  onChange?: (v: string | boolean | undefined) => void;
  label: string;
}) {
  if (field.zdlx === 'boolean')
    return (
      <Select<string>
        aria-label={label}
        allowClear
        style={{ width: '100%', minWidth: 100 }}
        value={typeof value === 'boolean' ? String(value) : undefined}
        options={YES_NO}
        onChange={(v) => onChange?.(v === undefined ? undefined : v === 'true')}
      />
    );
  const placeholder =
    field.zdlx === 'date'
      ? 'YYYY-MM-DD'
      : field.zdlx === 'integer'
        ? W.integerHint
        : field.zdlx === 'decimal'
          ? W.decimalHint
          : '';
  return (
    <Input
      aria-label={label}
      placeholder={placeholder}
      value={typeof value === 'string' ? value : ''}
      maxLength={field.zdlx === 'text' && field.cd ? field.cd : undefined}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/**
 * A created table's data: paged browse with filters fitting each field's type, add / edit / delete rows, export (with
 * the filters) and the import with its progress and report.
 */
export function TableData({ base, ckid, ckbid }: { base: string; ckid: number; ckbid: number }) {
  const { refresh, fail, message } = useWarehouseActions();
  const table = useTable(ckid, ckbid);
  const fields = useFields(ckbid);
  const t = table.data;
  const list = fields.data ?? [];
  const byName = useMemo(() => new Map(list.map((f) => [f.zdm, f])), [list]);
  const [page, setPage] = useState(1);
  const [drafts, setDrafts] = useState<FilterDraft[]>([]);
  const [applied, setApplied] = useState<string | undefined>();
  const rows = useRows(ckbid, page, PAGE_SIZE, applied, t?.sfcj === true);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  // Each opening starts from what is edited now (the form outlives the dialog: forceRender).
  useEffect(() => {
    if (editing !== null) form.resetFields();
  }, [editing, form]);
  const canEdit = t?.abilities.editData ?? false;

  const setDraft = (i: number, change: Partial<FilterDraft>) =>
    setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...change } : d)));
  const search = () => {
    setApplied(filtersParam(drafts));
    setPage(1);
    setSelected([]);
  };

  const save = async (values: Record<string, unknown>) => {
    if (saving) return;
    setSaving(true);
    try {
      const body = { id: ckbid, values: rowPayload(list, values) };
      await call(API.rowSave, { body: editing && editing !== 'new' ? { ...body, rowId: editing.id } : body });
      message.success(M.rowSaved);
      setEditing(null);
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };
  const remove = async (ids: number[]) => {
    try {
      const done = await call(API.rowsDelete, { body: { id: ckbid, rowIds: ids } });
      message.success(M.rowDeleted(done.count));
      setSelected([]);
      await refresh();
    } catch (error) {
      fail(error);
    }
  };

  const columns: TableColumnsType<Row> = [
    { title: W.rowId, dataIndex: 'id', width: 80 },
    ...list.map((f) => ({
      title: f.zdzwm,
      dataIndex: f.zdm,
      ellipsis: true,
      width: f.zdlx === 'text' ? 160 : 120,
      render: (v: CellValue) => cellText(f, v),
    })),
    ...(canEdit
      ? [
          {
            title: W.actions,
            key: 'actions',
            width: 140,
            render: (_v: unknown, r: Row) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(r)}>
                  {W.edit}
                </Button>
                <Popconfirm
                  title={W.deleteRowConfirm}
                  okText={T.confirm}
                  cancelText={T.cancel}
                  onConfirm={() => remove([r.id])}
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
      <TableCrumbs base={base} ckid={ckid} table={t} last={W.data} />
      {t && !t.sfcj && <EmptyState description={M.notPhysical(t.bm)} />}
      {t?.sfcj && (
        <>
          <Space orientation="vertical" size="small" style={{ width: '100%' }} className="zg-warehouse-filters">
            {drafts.map((d, i) => {
              const field = byName.get(d.field);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity but their place
                <Space key={i} wrap>
                  <Select
                    aria-label={W.filterField}
                    style={{ width: 180 }}
                    value={d.field || undefined}
                    placeholder={W.filterField}
                    options={list.map((f) => ({ value: f.zdm, label: f.zdzwm }))}
                    onChange={(name: string) => {
                      const f = byName.get(name);
                      setDraft(i, { field: name, op: f ? defaultOp(f.zdlx) : 'eq', value: undefined });
                    }}
                  />
                  <Select<FilterOp>
                    aria-label={W.filterOp}
                    style={{ width: 120 }}
                    value={d.op}
                    options={(field ? opsFor(field.zdlx) : []).map((op) => ({ value: op, label: FILTER_OP_NAMES[op] }))}
                    onChange={(op) => setDraft(i, { op })}
                  />
                  {field && opTakesValue(d.op) && (
                    <div style={{ width: 200 }}>
                      <ValueInput
                        field={field}
                        label={W.filterValue}
                        value={d.value}
                        onChange={(value) => setDraft(i, { value })}
                      />
                    </div>
                  )}
                  <Button type="link" onClick={() => setDrafts((all) => all.filter((_d, j) => j !== i))}>
                    {W.removeFilter}
                  </Button>
                </Space>
              );
            })}
            <Space wrap>
              <Button
                disabled={drafts.length >= 10 || list.length === 0}
                onClick={() => setDrafts((all) => [...all, { field: '', op: 'eq' }])}
              >
                {W.addFilter}
              </Button>
              <Button type="primary" onClick={search}>
                {W.search}
              </Button>
              <Button
                onClick={() => {
                  setDrafts([]);
                  setApplied(undefined);
                  setPage(1);
                }}
              >
                {W.reset}
              </Button>
            </Space>
          </Space>
          <Space wrap>
            {canEdit && (
              <Button type="primary" onClick={() => setEditing('new')}>
                {W.addRow}
              </Button>
            )}
            {canEdit && <Button onClick={() => setImporting(true)}>{W.importData}</Button>}
            <Button
              onClick={() =>
                downloadFrom(API.exportRows, { query: { id: ckbid, filters: applied } }).catch((e: unknown) => fail(e))
              }
            >
              {W.exportData}
            </Button>
            {canEdit && (
              <Popconfirm
                title={W.deleteRowsConfirm(selected.length)}
                okText={T.confirm}
                cancelText={T.cancel}
                disabled={selected.length === 0}
                onConfirm={() => remove(selected)}
              >
                <Button danger disabled={selected.length === 0}>
                  {W.deleteSelected}
                </Button>
              </Popconfirm>
            )}
          </Space>
          {rows.error && <EmptyState description={rows.error.message} />}
          {/* A wide table scrolls inside its own box (antd's scroll.x adds a measuring row that axe flags). */}
          <div className="zg-warehouse-rows" style={{ overflowX: 'auto' }}>
            <ListTable<Row>
              rowKey="id"
              size="middle"
              columns={columns}
              rows={rows.data?.records as Row[] | undefined}
              loading={rows.isFetching}
              rowSelection={
                canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
              }
              empty={W.noRows}
              pager={{
                current: page,
                pageSize: PAGE_SIZE,
                total: rows.data?.total ?? 0,
                onChange: (p) => {
                  setPage(p);
                  setSelected([]);
                },
              }}
            />
          </div>
        </>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? W.addRow : W.editRow}
        okText={T.confirm}
        cancelText={T.cancel}
        confirmLoading={saving}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
        onOk={() => form.submit()}
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={formValuesOf(list, editing && editing !== 'new' ? editing : null)}
          onFinish={save}
        >
          {list.map((f) => (
            <Form.Item
              key={f.zdm}
              name={f.zdm}
              label={f.zdzwm}
              required={f.sfbt}
              // Checked as it is typed, by the warehouse's own rule (20x5 in an integer field: 应为整数).
              rules={[
                {
                  validator: async (_r, v) => {
                    const problem = valueProblem(f, v);
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
            >
              <ValueInput field={f} label={f.zdzwm} />
            </Form.Item>
          ))}
          <EnterSubmits />
        </Form>
      </Modal>
      <ImportRowsDialog ckbid={ckbid} open={importing} onClose={() => setImporting(false)} />
    </Space>
  );
}
