import {
  DATASOURCE_KIND_NAMES,
  DATASOURCE_LIMITS,
  DATASOURCE_MSG,
  type DataSource,
  type DataSourceTestResult,
  SHELL_TEXT as T,
  DATASOURCE_TEXT as X,
} from '@zg/contract';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { EnterSubmits } from '../../components/EnterSubmits';
import { ListTable } from '../../components/ListTable';
import { useDataSourcePage, useDeleteDataSources, useSaveDataSource, useTestDataSource } from './datasource.api';
import { addressOf, bodyOf, type DataSourceForm, formOf } from './datasource.logic';

/** The answer of a connection test, green or red, with the time it took. */
function TestAnswer({ result }: { result: DataSourceTestResult }) {
  return (
    <Typography.Text type={result.success ? 'success' : 'danger'} data-testid="datasource-test-answer">
      {result.message}（{X.elapsed(result.elapsedMs)}）
    </Typography.Text>
  );
}

/**
 * 数据源: the external PostgreSQL databases algorithms read from. A list with a name search and a pager; add and edit
 * in a dialog that can test the connection before saving; test, edit and delete per row; delete several at once.
 * Passwords are never shown: the server answers only whether one is saved.
 */
export function DataSourcePanel() {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const list = useDataSourcePage(page, name);
  const save = useSaveDataSource();
  const remove = useDeleteDataSources();
  const rowTest = useTestDataSource();
  const [selected, setSelected] = useState<number[]>([]);
  const [testingRow, setTestingRow] = useState<number | null>(null);
  const [rowAnswers, setRowAnswers] = useState<Record<number, DataSourceTestResult>>({});
  /** The dialog: closed (undefined), a new source (null) or the one being edited. */
  const [editing, setEditing] = useState<DataSource | null | undefined>(undefined);

  const fail = (error: Error) => {
    if (!(error instanceof ApiError && error.handled)) message.error(error.message);
  };
  const records = list.data?.records ?? [];

  const testRow = (row: DataSource) => {
    setTestingRow(row.id);
    rowTest.mutate(
      { id: row.id },
      {
        onSuccess: (result) => setRowAnswers((a) => ({ ...a, [row.id]: result })),
        onError: fail,
        onSettled: () => setTestingRow(null),
      },
    );
  };
  const deleteIds = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: (n) => {
        message.success(ids.length === 1 ? DATASOURCE_MSG.deleted : DATASOURCE_MSG.deletedCount(n));
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        // The last row of a later page gone: show the page before.
        if (page > 1 && records.length <= ids.length) setPage(page - 1);
      },
      onError: fail,
    });

  const columns: TableColumnsType<DataSource> = [
    { title: X.name, dataIndex: 'name', width: 160, ellipsis: true },
    { title: X.kind, dataIndex: 'kind', width: 110, render: (k: DataSource['kind']) => DATASOURCE_KIND_NAMES[k] },
    {
      title: X.hostPort,
      key: 'host',
      width: 220,
      // A long host name is cut, never its port (a cell's ellipsis cut the port first).
      render: (_v, r) => {
        const a = addressOf(r);
        return (
          <span className="zg-host-port" title={a.host + a.port}>
            <span className="zg-host-port__host">{a.host}</span>
            <span>{a.port}</span>
          </span>
        );
      },
    },
    { title: X.database, dataIndex: 'database', width: 120, ellipsis: true },
    { title: X.user, dataIndex: 'user', width: 110, ellipsis: true },
    { title: X.schema, dataIndex: 'schema', width: 110, render: (s: string | null) => s ?? 'public' },
    {
      title: X.passwordState,
      dataIndex: 'hasPassword',
      width: 80,
      render: (has: boolean) => (has ? X.passwordSaved : X.passwordNone),
    },
    {
      title: X.updatedAt,
      dataIndex: 'updatedAt',
      width: 170,
      render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: X.actions,
      key: 'actions',
      width: 240,
      render: (_v, row) => (
        <Space orientation="vertical" size={0}>
          <Space size={0}>
            <Button
              type="link"
              loading={testingRow === row.id}
              disabled={testingRow !== null && testingRow !== row.id}
              onClick={() => testRow(row)}
            >
              {testingRow === row.id ? X.testing : X.test}
            </Button>
            <Button type="link" onClick={() => setEditing(row)}>
              {X.modify}
            </Button>
            <Popconfirm
              title={X.confirmDelete(row.name)}
              okText={T.confirm}
              cancelText={T.cancel}
              onConfirm={() => deleteIds([row.id])}
            >
              <Button type="link" danger>
                {X.delete}
              </Button>
            </Popconfirm>
          </Space>
          {rowAnswers[row.id] && <TestAnswer result={rowAnswers[row.id]!} />}
        </Space>
      ),
    },
  ];

  return (
    <div className="zg-datasource">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={X.search}
          aria-label={X.search}
          maxLength={60}
          onSearch={(v) => {
            setName(v.trim());
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <Button type="primary" onClick={() => setEditing(null)}>
          {X.add}
        </Button>
        <Popconfirm
          title={X.confirmBatchDelete(selected.length)}
          okText={T.confirm}
          cancelText={T.cancel}
          disabled={selected.length === 0}
          onConfirm={() => deleteIds(selected)}
        >
          <Button danger disabled={selected.length === 0} loading={remove.isPending && selected.length > 1}>
            {X.batchDelete}
          </Button>
        </Popconfirm>
      </Space>
      <ListTable<DataSource>
        rowKey="id"
        size="middle"
        columns={columns}
        rows={records}
        loading={list.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        // Nine columns, each wide enough to read (a narrow window scrolls the table, never squeezes a name to one
        // character).
        scroll={{ x: 1360 }}
        empty={list.error?.message ?? X.empty}
        pager={{ current: page, total: list.data?.total ?? 0, onChange: setPage }}
      />
      {editing !== undefined && (
        <DataSourceDialog
          source={editing}
          saving={save.isPending}
          onCancel={() => setEditing(undefined)}
          onSave={(values) => {
            if (save.isPending) return;
            save.mutate(bodyOf(values, editing?.id), {
              onSuccess: () => {
                message.success(editing ? DATASOURCE_MSG.saved : DATASOURCE_MSG.created);
                if (editing) setRowAnswers(({ [editing.id]: _gone, ...rest }) => rest);
                setEditing(undefined);
              },
              onError: fail,
            });
          }}
        />
      )}
    </div>
  );
}

/** 新增数据源 / 修改数据源: the form, with 测试连接 before saving (an edit without a password tests the saved one). */
function DataSourceDialog(props: {
  source: DataSource | null;
  saving: boolean;
  onCancel(): void;
  onSave(values: DataSourceForm): void;
}) {
  const { source } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<DataSourceForm>();
  const test = useTestDataSource();
  const [answer, setAnswer] = useState<DataSourceTestResult | null>(null);

  const runTest = async () => {
    let values: DataSourceForm;
    try {
      values = await form.validateFields(['host', 'port', 'database', 'user', 'password', 'schema']);
    } catch {
      return;
    }
    setAnswer(null);
    const { name: _n, note: _note, ...target } = bodyOf({ ...form.getFieldsValue(true), ...values }, source?.id);
    test.mutate(target, {
      onSuccess: setAnswer,
      onError: (error) => {
        if (!(error instanceof ApiError && error.handled)) message.error(error.message);
      },
    });
  };

  return (
    <Modal
      open
      title={source ? X.edit : X.add}
      okText={T.confirm}
      cancelText={T.cancel}
      confirmLoading={props.saving}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      width={560}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          <Button onClick={runTest} loading={test.isPending}>
            {test.isPending ? X.testing : X.test}
          </Button>
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
    >
      <Form<DataSourceForm>
        form={form}
        layout="vertical"
        initialValues={formOf(source)}
        onFinish={props.onSave}
        onValuesChange={() => setAnswer(null)}
      >
        <Form.Item
          name="name"
          label={X.name}
          rules={[{ required: true, whitespace: true, message: DATASOURCE_MSG.nameRequired }]}
        >
          <Input maxLength={DATASOURCE_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="kind" label={X.kind}>
          <Select options={[{ value: 'postgresql', label: DATASOURCE_KIND_NAMES.postgresql }]} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="host"
            label={X.host}
            style={{ flex: 1 }}
            rules={[
              { required: true, whitespace: true, message: DATASOURCE_MSG.hostRequired },
              { pattern: /^\s*(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-:]+)\s*$/, message: DATASOURCE_MSG.hostFormat },
            ]}
          >
            <Input maxLength={DATASOURCE_LIMITS.hostMax} />
          </Form.Item>
          <Form.Item
            name="port"
            label={X.port}
            style={{ width: 140 }}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: DATASOURCE_MSG.portRange }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item
          name="database"
          label={X.database}
          rules={[{ required: true, whitespace: true, message: DATASOURCE_MSG.databaseRequired }]}
        >
          <Input maxLength={DATASOURCE_LIMITS.identMax} />
        </Form.Item>
        <Form.Item
          name="user"
          label={X.user}
          rules={[{ required: true, whitespace: true, message: DATASOURCE_MSG.userRequired }]}
        >
          <Input maxLength={DATASOURCE_LIMITS.identMax} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={X.password} extra={source ? X.passwordKeep : undefined}>
          <Input.Password
            maxLength={DATASOURCE_LIMITS.passwordMax}
            autoComplete="new-password"
            placeholder={source ? X.passwordKeep : undefined}
          />
        </Form.Item>
        <Form.Item name="schema" label={X.schema}>
          <Input maxLength={DATASOURCE_LIMITS.identMax} placeholder={X.schemaPlaceholder} />
        </Form.Item>
        <Form.Item name="note" label={X.note}>
          <Input.TextArea maxLength={DATASOURCE_LIMITS.noteMax} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <EnterSubmits />
      </Form>
      {answer && (
        <Alert
          type={answer.success ? 'success' : 'error'}
          showIcon
          title={answer.message}
          description={X.elapsed(answer.elapsedMs)}
          data-testid="datasource-dialog-answer"
        />
      )}
    </Modal>
  );
}
