import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIMENSION_LIMITS, DIMENSION_MSG, DIMENSION_TEXT as T } from '@zg/contract';
import {
  App,
  Button,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Upload,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ItemList } from '../../components/ItemList';
import { pagination } from '../../components/pagination';
import {
  DIMENSION_KEYS,
  type DimensionObjectRow,
  type DimensionTypeRow,
  deleteObjects,
  deleteType,
  downloadTemplate,
  exportObjects,
  fetchObjects,
  fetchTypes,
  importObjects,
  insertObject,
  insertType,
  updateObject,
  updateType,
} from './dimension.api';
import { importReport, parentTypesFor } from './dimension-logic';

interface ObjectForm {
  dxbm: string;
  dxmc: string;
  sjid?: number | null;
  px: number;
  sfqy: boolean;
}

/** 维度管理: the dimension types on the left, the chosen type's objects on the right (search, add, edit, Excel). */
export function DimensionsPanel() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [typeId, setTypeId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DimensionObjectRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [typeEditing, setTypeEditing] = useState<DimensionTypeRow | 'new' | null>(null);

  const types = useQuery({ queryKey: DIMENSION_KEYS.types, queryFn: fetchTypes });
  const type = types.data?.find((t) => t.id === typeId) ?? types.data?.[0];
  const query = { wdid: type?.id, keyword: keyword || undefined, pageNum: page };
  const objects = useQuery({
    queryKey: DIMENSION_KEYS.objects(query),
    queryFn: () => fetchObjects(query),
    enabled: type !== undefined,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dimension'] });

  const remove = useMutation({
    mutationFn: (row: DimensionObjectRow) => deleteObjects([row.id]),
    onSuccess: async () => {
      message.success(DIMENSION_MSG.deleted);
      await refresh();
    },
  });

  const removeType = useMutation({
    mutationFn: (t: DimensionTypeRow) => deleteType(t.id),
    onSuccess: async () => {
      message.success(DIMENSION_MSG.deleted);
      setTypeId(undefined);
      await refresh();
    },
  });

  const runImport = async (file: File) => {
    setImporting(true);
    try {
      const result = await importObjects(file);
      message.success(DIMENSION_MSG.imported(result.count));
      await refresh();
    } catch (error) {
      const report = importReport(errorText(error, T.importReport));
      modal.error({
        title: T.importReport,
        width: 640,
        content: (
          <div>
            <p>{report.summary}</p>
            {report.lines.length > 0 && (
              <ul className="zg-dimension-import-report" style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 20 }}>
                {report.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        ),
      });
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<DimensionObjectRow> = [
    { title: T.colCode, dataIndex: 'dxbm', width: 160, ellipsis: true },
    { title: T.colName, dataIndex: 'dxmc', ellipsis: true },
    {
      title: T.colParent,
      key: 'parent',
      ellipsis: true,
      render: (_, r) => (r.sjmc ? `${r.sjwdmc ?? ''} ${r.sjmc}（${r.sjbm}）` : '—'),
    },
    { title: T.colOrder, dataIndex: 'px', width: 80 },
    {
      title: T.colEnabled,
      dataIndex: 'sfqy',
      width: 80,
      render: (v: boolean) => (v ? <Tag color="green">{T.enabled}</Tag> : <Tag>{T.disabled}</Tag>),
    },
    { title: T.colChildren, dataIndex: 'xjs', width: 80 },
    {
      title: T.colActions,
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {T.edit}
          </Button>
          <Popconfirm
            title={T.confirmDelete(r.dxmc)}
            okText={T.ok}
            cancelText={T.cancel}
            onConfirm={() => remove.mutateAsync(r)}
          >
            <Button type="link" size="small" danger>
              {T.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const choose = (t: DimensionTypeRow) => {
    setTypeId(t.id);
    setPage(1);
    setKeyword('');
  };

  return (
    <Row gutter={16}>
      <Col flex="220px">
        <ItemList
          size="small"
          bordered
          header={<strong>{T.types}</strong>}
          footer={
            <Space wrap size={4}>
              <Button size="small" onClick={() => setTypeEditing('new')}>
                {T.addType}
              </Button>
              <Button size="small" disabled={!type} onClick={() => type && setTypeEditing(type)}>
                {T.editType}
              </Button>
              {type && !type.nz && (
                <Popconfirm
                  title={T.confirmDeleteType(type.wdmc)}
                  okText={T.ok}
                  cancelText={T.cancel}
                  onConfirm={() => removeType.mutateAsync(type)}
                >
                  <Button size="small" danger>
                    {T.deleteType}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          }
          loading={types.isLoading}
          items={(types.data ?? []).map((t) => ({
            key: t.id,
            selected: t.id === type?.id,
            title: (
              <Button
                type="text"
                size="small"
                aria-pressed={t.id === type?.id}
                onClick={() => choose(t)}
                style={{ width: '100%', textAlign: 'left', fontWeight: t.id === type?.id ? 600 : undefined }}
              >
                {t.wdmc}
                <span style={{ float: 'right', color: 'rgba(0,0,0,0.65)' }}>{T.objectCount(t.dxs)}</span>
              </Button>
            ),
          }))}
        />
      </Col>
      <Col flex="auto">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Input.Search
              key={type?.id}
              aria-label={T.searchPlaceholder}
              placeholder={T.searchPlaceholder}
              allowClear
              enterButton={T.search}
              style={{ width: 300 }}
              maxLength={60}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button type="primary" disabled={!type} onClick={() => setEditing('new')}>
              {T.add}
            </Button>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void runImport(file);
                return false;
              }}
            >
              <Button loading={importing}>{importing ? T.importing : T.import}</Button>
            </Upload>
            <Button
              disabled={!type}
              onClick={() => void exportObjects({ wdid: type?.id, keyword: keyword || undefined }).catch(() => {})}
            >
              {T.export}
            </Button>
            <Button onClick={() => void downloadTemplate().catch(() => {})}>{T.template}</Button>
          </Space>
          <Table<DimensionObjectRow>
            rowKey="id"
            size="middle"
            loading={objects.isFetching}
            columns={columns}
            dataSource={objects.data?.list ?? []}
            locale={{ emptyText: <Empty description={type ? T.noData : T.pickType} /> }}
            pagination={pagination({ current: page, total: objects.data?.total ?? 0, onChange: setPage })}
          />
        </Space>
      </Col>
      {typeEditing !== null && (
        <TypeDialog
          type={typeEditing === 'new' ? null : typeEditing}
          onClose={() => setTypeEditing(null)}
          onSaved={async (saved) => {
            setTypeEditing(null);
            setTypeId(saved.id);
            await refresh();
          }}
        />
      )}
      {type && editing !== null && (
        <ObjectDialog
          type={type}
          types={types.data ?? []}
          object={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </Row>
  );
}

/** The add / edit dialog: code, name, a parent of the types the object's type allows (searched), order, enabled. */
function ObjectDialog({
  type,
  types,
  object,
  onClose,
  onSaved,
}: {
  type: DimensionTypeRow;
  types: DimensionTypeRow[];
  object: DimensionObjectRow | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ObjectForm>();
  const [search, setSearch] = useState('');
  const parentTypes = parentTypesFor(type, types);
  const parents = useQuery({
    queryKey: ['dimension', 'parents', type.id, search],
    queryFn: async () => {
      const pages = await Promise.all(
        parentTypes.map((t) => fetchObjects({ wdid: t.id, keyword: search || undefined, pageNum: 1, pageSize: 50 })),
      );
      return pages.flatMap((p) => p.list).filter((o) => o.id !== object?.id);
    },
    enabled: parentTypes.length > 0,
  });
  const options = (parents.data ?? []).map((o) => ({ value: o.id, label: `${o.wdmc}：${o.dxmc}（${o.dxbm}）` }));
  if (object?.sjid && !options.some((o) => o.value === object.sjid))
    options.unshift({
      value: object.sjid,
      label: `${object.sjwdmc ?? ''}：${object.sjmc ?? ''}（${object.sjbm ?? ''}）`,
    });

  const save = useMutation({
    mutationFn: (v: ObjectForm) =>
      object
        ? updateObject({ id: object.id, ...v, sjid: v.sjid ?? null })
        : insertObject({ wdid: type.id, ...v, sjid: v.sjid ?? null }),
    onSuccess: async () => {
      message.success(object ? DIMENSION_MSG.saved : DIMENSION_MSG.created);
      await onSaved();
    },
  });

  return (
    <Modal
      open
      title={object ? T.editTitle(type.wdmc) : T.addTitle(type.wdmc)}
      okText={T.ok}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ObjectForm>
        form={form}
        layout="vertical"
        initialValues={
          object
            ? { dxbm: object.dxbm, dxmc: object.dxmc, sjid: object.sjid, px: object.px, sfqy: object.sfqy }
            : { px: 0, sfqy: true }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="dxbm"
          label={T.colCode}
          rules={[{ required: true, whitespace: true, message: T.codeRequired }]}
        >
          <Input maxLength={DIMENSION_LIMITS.codeMax} />
        </Form.Item>
        <Form.Item
          name="dxmc"
          label={T.colName}
          rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
        >
          <Input maxLength={DIMENSION_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="sjid" label={T.parent}>
          <Select
            allowClear
            showSearch
            disabled={parentTypes.length === 0}
            placeholder={
              parentTypes.length === 0
                ? T.noParentAllowed
                : T.parentPlaceholder(parentTypes.map((t) => t.wdmc).join('、'))
            }
            filterOption={false}
            onSearch={setSearch}
            loading={parents.isFetching}
            options={options}
            notFoundContent={T.noData}
          />
        </Form.Item>
        <Form.Item name="px" label={T.colOrder}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="sfqy" label={T.colEnabled} valuePropName="checked">
          <Switch checkedChildren={T.enabled} unCheckedChildren={T.disabled} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Adds a dimension type, or renames one (a built-in type keeps its code). */
function TypeDialog({
  type,
  onClose,
  onSaved,
}: {
  type: DimensionTypeRow | null;
  onClose: () => void;
  onSaved: (saved: DimensionTypeRow) => Promise<void>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ wdbm: string; wdmc: string; px: number }>();
  const save = useMutation({
    mutationFn: (v: { wdbm: string; wdmc: string; px: number }) =>
      type ? updateType({ id: type.id, ...v }) : insertType(v),
    onSuccess: async (saved) => {
      message.success(type ? DIMENSION_MSG.saved : DIMENSION_MSG.created);
      await onSaved(saved);
    },
  });
  return (
    <Modal
      open
      title={type ? T.editType : T.addType}
      okText={T.ok}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={type ? { wdbm: type.wdbm, wdmc: type.wdmc, px: type.px } : { px: 0 }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="wdbm"
          label={T.typeCode}
          extra={type?.nz ? T.builtinCodeFixed : T.typeCodeHint}
          rules={[
            { required: true, whitespace: true, message: T.codeRequired },
            { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: DIMENSION_MSG.typeCodeFormat },
          ]}
        >
          <Input maxLength={DIMENSION_LIMITS.typeCodeMax} disabled={type?.nz} />
        </Form.Item>
        <Form.Item
          name="wdmc"
          label={T.typeName}
          rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
        >
          <Input maxLength={DIMENSION_LIMITS.typeNameMax} />
        </Form.Item>
        <Form.Item name="px" label={T.colOrder}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
