import { COLLECTION_LIMITS, FIELD_TYPE_NAMES, INPUT_KIND_NAMES, COLLECTION_MSG as M } from '@zg/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useHref, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { C } from '../collection-text';
import {
  useForm as useCollectionForm,
  useConstantTypes,
  useCreateLayout,
  useDirectoryTree,
  useLayouts,
  usePublishForm,
  useReadyTables,
  useSaveForm,
  useTableFields,
} from '../data-collection.api';
import {
  bindRequired,
  type DesignerProblem,
  type DesignerRow,
  fieldProblems,
  formFieldsOf,
  isChoice,
  kindsFor,
  moveRow,
  publishBlocked,
  rowsOf,
  toggleBound,
  versionText,
  withKind,
} from '../designer.logic';
import { directoryOptions } from '../directory.logic';
import '../data-collection.css';
import { useFail } from './use-fail';

interface Basics {
  name: string;
  directoryId: number | undefined;
  tableId: number | undefined;
  tableType: 'fixed' | 'floating';
  tableConfigId: number | null;
  remark: string;
}

/**
 * The form designer (新增表单 / 设计表单): the form's name, directory and warehouse table, fixed or floating, its layout
 * (a table configuration, laid out at /tableConfiguration/{id} in a new window), and its fields: each field of the
 * table bound or not, with its label, input kind (only those that fit the field's type), required, unique, constant
 * type, min/max/decimals and default. 保存 checks every rule first and names each problem; 发布 freezes a version.
 */
export function FormDesigner({ base, formId }: { base: string; formId?: number | null }) {
  const params = useParams();
  const id = formId === undefined ? Number(params.id) : formId;
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const existing = useCollectionForm(valid ? id : null);
  const navigate = useNavigate();
  if (!valid || existing.error) {
    return (
      <EmptyState description={existing.error?.message ?? C.formNotFound}>
        <Button onClick={() => navigate(base)}>{C.back}</Button>
      </EmptyState>
    );
  }
  if (id !== null && !existing.data) return <Typography.Paragraph>{C.loading}</Typography.Paragraph>;
  return <Designer key={id ?? 'new'} base={base} form={existing.data ?? null} />;
}

function Designer({ base, form }: { base: string; form: ReturnType<typeof useCollectionForm>['data'] | null }) {
  const { message, modal } = App.useApp();
  const fail = useFail();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [basics] = Form.useForm<Basics>();
  const tables = useReadyTables();
  const directories = useDirectoryTree();
  const constantTypes = useConstantTypes();
  const layouts = useLayouts();
  const save = useSaveForm();
  const publish = usePublishForm();
  const createLayout = useCreateLayout();
  const layoutBase = useHref('/tableConfiguration');

  const initial: Basics = form
    ? {
        name: form.name,
        directoryId: form.directoryId,
        tableId: form.tableId,
        tableType: form.tableType,
        tableConfigId: form.tableConfigId,
        remark: form.remark ?? '',
      }
    : {
        name: '',
        directoryId: Number(search.get('directoryId')) || undefined,
        tableId: undefined,
        tableType: 'floating',
        tableConfigId: null,
        remark: '',
      };
  const tableId = Form.useWatch('tableId', basics) ?? initial.tableId ?? null;
  const tableType = Form.useWatch('tableType', basics) ?? initial.tableType;
  const tableConfigId = Form.useWatch('tableConfigId', basics) ?? null;
  const fields = useTableFields(tableId);
  const [rows, setRows] = useState<DesignerRow[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);

  // The table's fields loaded (or another table chosen): the lines start from the form's own fields on its table,
  // else from the table's required fields.
  useEffect(() => {
    if (!fields.data) return;
    setRows(
      form && form.tableId === tableId ? rowsOf(fields.data, form.fields) : bindRequired(rowsOf(fields.data, [])),
    );
  }, [fields.data, form, tableId]);

  const problems: DesignerProblem[] = useMemo(() => (rows ? fieldProblems(rows) : []), [rows]);
  const wrong = new Set(problems.map((p) => p.fieldId));
  const change = (next: DesignerRow[]) => {
    setRows(next);
    setDirty(true);
  };
  const patch = (fieldId: number, over: Partial<DesignerRow>) =>
    rows && change(rows.map((r) => (r.fieldId === fieldId ? { ...r, ...over } : r)));

  const submit = async () => {
    setTried(true);
    let v: Basics;
    try {
      v = await basics.validateFields();
    } catch {
      return;
    }
    if (!rows || problems.length > 0) return;
    const body = {
      name: v.name.trim(),
      directoryId: v.directoryId!,
      tableId: v.tableId!,
      tableType: v.tableType,
      tableConfigId: v.tableConfigId ?? null,
      remark: v.remark?.trim() ? v.remark.trim() : null,
      fields: formFieldsOf(rows),
    };
    save.mutate(form ? { ...body, id: form.id } : body, {
      onSuccess: (saved) => {
        message.success(form ? M.saved : M.created);
        setDirty(false);
        setTried(false);
        if (!form) navigate(`${base}/${saved.id}`, { replace: true });
      },
      onError: fail,
    });
  };

  const confirmPublish = () => {
    if (!form) return;
    modal.confirm({
      title: C.publishConfirm(form.name, form.version + 1),
      content: C.publishHint,
      okText: C.confirm,
      cancelText: C.cancel,
      onOk: () => publish.mutateAsync(form.id).then((p) => message.success(M.published(p.version)), fail),
    });
  };

  const newLayout = () => {
    const name = (basics.getFieldValue('name') as string | undefined)?.trim() || C.newFormTitle;
    createLayout.mutate(
      { name, tableType },
      {
        onSuccess: (created) => {
          basics.setFieldValue('tableConfigId', created.id);
          setDirty(true);
          message.success(C.layoutCreated);
          window.open(`${layoutBase}/${created.id}`, '_blank', 'noopener');
        },
        onError: fail,
      },
    );
  };

  const publishTip = !form
    ? C.publishUnsaved
    : dirty
      ? C.publishUnsaved
      : form.abilities.publish
        ? undefined
        : publishBlocked(form);
  const constantOptions = (constantTypes.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` }));
  const bound = rows?.filter((r) => r.bound).length ?? 0;
  const layoutType = layouts.data?.find((l) => l.id === tableConfigId)?.tableType;

  const columns: TableColumnsType<DesignerRow> = [
    {
      title: C.bind,
      key: 'bound',
      width: 56,
      render: (_v, r) => (
        <Tooltip title={r.tableRequired ? C.tableRule : undefined}>
          <Checkbox
            aria-label={`${C.bind} ${r.columnLabel}`}
            checked={r.bound}
            disabled={r.tableRequired}
            onChange={(e) => rows && change(toggleBound(rows, r.fieldId, e.target.checked))}
          />
        </Tooltip>
      ),
    },
    {
      title: C.column,
      key: 'column',
      width: 180,
      render: (_v, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.columnLabel}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${r.column} · ${FIELD_TYPE_NAMES[r.type]}`}
          </Typography.Text>
          {(r.tableRequired || r.tableUnique) && (
            <Space size={2}>
              {r.tableRequired && <Tag color="red">{C.required}</Tag>}
              {r.tableUnique && <Tag color="blue">{C.unique}</Tag>}
            </Space>
          )}
        </Space>
      ),
    },
    {
      title: C.label,
      key: 'label',
      width: 160,
      render: (_v, r) => (
        <Input
          aria-label={`${C.label} ${r.columnLabel}`}
          value={r.label}
          disabled={!r.bound}
          maxLength={COLLECTION_LIMITS.nameMax}
          status={r.bound && !r.label.trim() ? 'error' : undefined}
          onChange={(e) => patch(r.fieldId, { label: e.target.value })}
        />
      ),
    },
    {
      title: C.kind,
      key: 'kind',
      width: 130,
      render: (_v, r) => (
        <Select
          aria-label={`${C.kind} ${r.columnLabel}`}
          value={r.kind}
          disabled={!r.bound}
          style={{ width: '100%' }}
          options={kindsFor(r.type).map((k) => ({ value: k, label: INPUT_KIND_NAMES[k] }))}
          onChange={(k) => rows && change(rows.map((x) => (x.fieldId === r.fieldId ? withKind(x, k) : x)))}
        />
      ),
    },
    {
      title: C.required,
      key: 'required',
      width: 56,
      render: (_v, r) => (
        <Checkbox
          aria-label={`${C.required} ${r.columnLabel}`}
          checked={r.required || r.tableRequired}
          disabled={!r.bound || r.tableRequired}
          onChange={(e) => patch(r.fieldId, { required: e.target.checked })}
        />
      ),
    },
    {
      title: C.unique,
      key: 'unique',
      width: 56,
      render: (_v, r) => (
        <Checkbox
          aria-label={`${C.unique} ${r.columnLabel}`}
          checked={r.unique || r.tableUnique}
          disabled={!r.bound || r.tableUnique}
          onChange={(e) => patch(r.fieldId, { unique: e.target.checked })}
        />
      ),
    },
    {
      title: `${C.constantType} / ${C.min}、${C.max}、${C.decimals}`,
      key: 'settings',
      width: 260,
      render: (_v, r) =>
        isChoice(r.kind) ? (
          <Select
            aria-label={`${C.constantType} ${r.columnLabel}`}
            placeholder={C.constantType}
            value={r.constantTypeId ?? undefined}
            disabled={!r.bound}
            style={{ width: '100%' }}
            status={r.bound && r.constantTypeId === null ? 'error' : undefined}
            options={constantOptions}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(v: number) => patch(r.fieldId, { constantTypeId: v })}
          />
        ) : r.kind === 'number' ? (
          <Space size={4}>
            <InputNumber
              aria-label={`${C.min} ${r.columnLabel}`}
              placeholder={C.min}
              value={r.min}
              disabled={!r.bound}
              style={{ width: 80 }}
              onChange={(v) => patch(r.fieldId, { min: v ?? null })}
            />
            <InputNumber
              aria-label={`${C.max} ${r.columnLabel}`}
              placeholder={C.max}
              value={r.max}
              disabled={!r.bound}
              style={{ width: 80 }}
              onChange={(v) => patch(r.fieldId, { max: v ?? null })}
            />
            <InputNumber
              aria-label={`${C.decimals} ${r.columnLabel}`}
              placeholder={C.decimals}
              value={r.decimals}
              disabled={!r.bound || r.type === 'integer'}
              min={0}
              max={10}
              precision={0}
              style={{ width: 72 }}
              onChange={(v) => patch(r.fieldId, { decimals: v ?? null })}
            />
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: C.defaultValue,
      key: 'default',
      width: 130,
      render: (_v, r) => (
        <Input
          aria-label={`${C.defaultValue} ${r.columnLabel}`}
          value={r.defaultValue}
          disabled={!r.bound}
          maxLength={500}
          onChange={(e) => patch(r.fieldId, { defaultValue: e.target.value })}
        />
      ),
    },
    {
      title: C.order,
      key: 'move',
      width: 110,
      render: (_v, r) =>
        r.bound ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              aria-label={`${C.moveUp} ${r.columnLabel}`}
              onClick={() => rows && change(moveRow(rows, r.fieldId, -1))}
            >
              {C.moveUp}
            </Button>
            <Button
              type="link"
              size="small"
              aria-label={`${C.moveDown} ${r.columnLabel}`}
              onClick={() => rows && change(moveRow(rows, r.fieldId, 1))}
            >
              {C.moveDown}
            </Button>
          </Space>
        ) : null,
    },
  ];

  const leave = () => {
    if (!dirty) navigate(base);
    else
      modal.confirm({
        title: C.leaveConfirm,
        okText: C.confirm,
        cancelText: C.cancel,
        onOk: () => navigate(base),
      });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row justify="space-between" align="middle">
        <Col>
          <Space>
            <Button onClick={leave}>{C.back}</Button>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {form ? C.designTitle(form.name) : C.newFormTitle}
            </Typography.Title>
            {form && <Tag color={form.version ? 'green' : undefined}>{versionText(form)}</Tag>}
            {dirty && <Tag color="orange">{C.unsaved}</Tag>}
          </Space>
        </Col>
        <Col>
          <Space>
            <Button
              type="primary"
              loading={save.isPending}
              disabled={!!form && !form.abilities.edit}
              onClick={() => void submit()}
            >
              {C.save}
            </Button>
            <Tooltip title={publishTip}>
              <Button disabled={!form || dirty || !form.abilities.publish} onClick={confirmPublish}>
                {C.publish}
              </Button>
            </Tooltip>
          </Space>
        </Col>
      </Row>
      <Card size="small" title={C.basics}>
        <Form
          form={basics}
          layout="vertical"
          initialValues={initial}
          onValuesChange={() => setDirty(true)}
          onFinish={() => void submit()}
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="name"
                label={C.formName}
                rules={[{ required: true, whitespace: true, message: C.nameRequired }]}
              >
                <Input maxLength={COLLECTION_LIMITS.nameMax} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="directoryId"
                label={C.formDirectory}
                rules={[{ required: true, message: C.directoryRequired }]}
              >
                <TreeSelect
                  treeDefaultExpandAll
                  loading={directories.isLoading}
                  treeData={directoryOptions(directories.data ?? [])}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="tableId" label={C.table} rules={[{ required: true, message: C.tableRequired }]}>
                <Select
                  placeholder={C.pickTable}
                  loading={tables.isLoading}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(tables.data ?? []).map((t) => ({ value: t.id, label: `${t.bzwm}（${t.ckmc} · ${t.bm}）` }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="tableType" label={C.tableType}>
                <Radio.Group
                  options={(['fixed', 'floating'] as const).map((t) => ({
                    value: t,
                    label: <Tooltip title={C.tableTypeHints[t]}>{C.tableTypes[t]}</Tooltip>,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                label={C.layout}
                extra={C.layoutHint}
                help={
                  layoutType && layoutType !== tableType ? C.layoutTypeDiffers(C.tableTypes[layoutType]) : undefined
                }
                validateStatus={layoutType && layoutType !== tableType ? 'warning' : undefined}
              >
                <Space wrap>
                  <Form.Item name="tableConfigId" noStyle>
                    <Select
                      aria-label={C.layout}
                      style={{ width: 240 }}
                      loading={layouts.isLoading}
                      options={[
                        { value: null, label: C.noLayout },
                        ...(layouts.data ?? []).map((l) => ({
                          value: l.id,
                          label: `${l.name}（${C.tableTypes[l.tableType]}）`,
                        })),
                      ]}
                    />
                  </Form.Item>
                  {tableConfigId ? (
                    <Typography.Link href={`${layoutBase}/${tableConfigId}`} target="_blank" rel="noopener">
                      {C.openLayout}
                    </Typography.Link>
                  ) : (
                    <Button loading={createLayout.isPending} onClick={newLayout}>
                      {C.createLayout}
                    </Button>
                  )}
                </Space>
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={C.remark}>
                <Input.TextArea maxLength={COLLECTION_LIMITS.remarkMax} autoSize={{ minRows: 1, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card
        size="small"
        title={C.fields}
        extra={rows ? <Typography.Text type="secondary">{C.boundCount(bound, rows.length)}</Typography.Text> : null}
      >
        <Typography.Paragraph type="secondary">{C.fieldsHint}</Typography.Paragraph>
        {tried && problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={C.problemsTitle}
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {problems.map((p) => (
                  <li key={`${p.fieldId}-${p.message}`}>{p.message}</li>
                ))}
              </ul>
            }
          />
        )}
        {tableId === null ? (
          <EmptyState description={C.tableFirst} />
        ) : (
          <Table
            rowKey="fieldId"
            size="small"
            aria-label={C.fields}
            loading={fields.isLoading}
            dataSource={rows ?? []}
            columns={columns}
            pagination={false}
            scroll={{ x: 1100 }}
            rowClassName={(r) => (tried && wrong.has(r.fieldId) ? 'zg-row-error' : r.bound ? '' : 'zg-row-muted')}
          />
        )}
      </Card>
    </Space>
  );
}
