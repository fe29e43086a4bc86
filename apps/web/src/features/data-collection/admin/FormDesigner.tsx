import { COLLECTION_TEXT as C, COLLECTION_MSG as M } from '@zg/contract';
import { Alert, App, Button, Card, Col, Form, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useHref, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import {
  useForm as useCollectionForm,
  useConstantTypes,
  useCreateLayout,
  usePublishForm,
  useSaveForm,
  useTableFields,
} from '../data-collection.api';
import {
  bindRequired,
  type DesignerProblem,
  type DesignerRow,
  fieldProblems,
  formFieldsOf,
  publishBlocked,
  rowsOf,
  versionText,
} from '../designer.logic';
import '../data-collection.css';
import { ListTable } from '../../../components/ListTable';
import { type Basics, DesignerBasics } from './DesignerBasics';
import { designerColumns } from './designer-columns';
import { useFail } from './use-fail';

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
  const constantTypes = useConstantTypes();
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

  const columns = designerColumns({ rows, change, patch, constantOptions });

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
      <DesignerBasics
        form={basics}
        initial={initial}
        onChange={() => setDirty(true)}
        onSubmit={() => void submit()}
        layoutBase={layoutBase}
        creatingLayout={createLayout.isPending}
        onNewLayout={newLayout}
      />
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
          <ListTable
            rowKey="fieldId"
            size="small"
            aria-label={C.fields}
            loading={fields.isLoading}
            rows={rows ?? undefined}
            columns={columns}
            pager={false}
            scroll={{ x: 1100 }}
            rowClassName={(r) => (tried && wrong.has(r.fieldId) ? 'zg-row-error' : r.bound ? '' : 'zg-row-muted')}
          />
        )}
      </Card>
    </Space>
  );
}
