import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALGORITHM_KIND_NAMES,
  ALGORITHM_KINDS,
  ALGORITHM_LIMITS,
  ALGORITHM_MSG,
  ALGORITHM_PARAM_NAMES,
  type Algorithm,
  type AlgorithmKind,
  type AlgorithmResult,
  type AlgorithmVersion,
} from '@zg/contract';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { pagination } from '../../components/pagination';
import {
  ALGORITHM_KEYS,
  checkSql,
  deleteAlgorithm,
  deleteVersion,
  fetchAlgorithm,
  fetchDimensionObjects,
  fetchDimensionTypes,
  fetchRuns,
  fetchVersions,
  fetchWarehouseTables,
  insertAlgorithm,
  rerun,
  setCurrentVersion,
  storeResult,
  testSql,
  updateAlgorithm,
} from './algorithm.api';
import {
  extractParams,
  missingParams,
  type ParamValues,
  paramsText,
  paramsToSend,
  placeInMessage,
  savedText,
  shortHash,
  timeText,
} from './algorithm.logic';
import { ResultView } from './ResultView';
import type { SqlMark } from './SqlEditor';

const SqlEditor = lazy(() => import('./SqlEditor'));

const KIND_HINTS: Record<AlgorithmKind, string> = {
  value: '值算法：每个维度对象一个值（返回 1 行，第一列为数值）',
  detail: '详情算法：返回明细行，供下钻查看',
  chart: '图表算法：第一列为类别，其余各列为数值系列',
};

interface Meta {
  sfmc: string;
  sflx: AlgorithmKind;
  bz?: string | null;
  bbsm?: string | null;
}

/** Where the chosen dimension type of an algorithm is remembered (the contract keeps no dimension on it). */
const dimensionKey = (id: number | 'new') => `zg.algorithm.dimension.${id}`;

function EditorFallback() {
  return <Skeleton active paragraph={{ rows: 6 }} title={false} aria-label="编辑器加载中" />;
}

/** The editor of one algorithm (or a new one in a group): its text, 校验, 测试, 保存, versions and runs. */
export function AlgorithmEditor({
  id,
  groupId,
  onSaved,
  onDeleted,
}: {
  id: number | 'new';
  groupId: number | undefined;
  onSaved: (a: Algorithm) => void;
  onDeleted: () => void;
}) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Meta>();
  const algorithm = useQuery({
    queryKey: ALGORITHM_KEYS.one(id === 'new' ? 0 : id),
    queryFn: () => fetchAlgorithm(id as number),
    enabled: id !== 'new',
  });
  const saved = id === 'new' ? null : (algorithm.data ?? null);
  const [draft, setDraft] = useState('');
  const [mark, setMark] = useState<SqlMark | null>(null);
  const [checked, setChecked] = useState<{ ok: boolean; text: string } | null>(null);
  const [tab, setTab] = useState('test');
  const tables = useQuery({ queryKey: ALGORITHM_KEYS.warehouse, queryFn: fetchWarehouseTables, staleTime: 60_000 });
  const kind = Form.useWatch('sflx', form);

  // A new algorithm, or another one loaded: the form and the text follow it.
  useEffect(() => {
    if (id === 'new') {
      form.setFieldsValue({ sfmc: '', sflx: 'value', bz: null, bbsm: null });
      setDraft('');
    } else if (saved) {
      form.setFieldsValue({ sfmc: saved.sfmc, sflx: saved.sflx, bz: saved.bz, bbsm: null });
      setDraft(saved.sql);
    }
    setMark(null);
    setChecked(null);
  }, [id, saved, form]);

  const dirty = saved ? draft !== saved.sql : draft.trim().length > 0;
  const refresh = () => client.invalidateQueries({ queryKey: ALGORITHM_KEYS.all });

  const check = useMutation({
    mutationFn: () => checkSql(draft),
    onSuccess: (r) => {
      if (r.ok) {
        setMark(null);
        const params = r.params.map((p) => `:${p}`).join('、') || '无';
        setChecked({ ok: true, text: `校验通过。参数：${params}；读取的表：${r.tables.join('、') || '无'}` });
      } else {
        const text = r.message ?? 'SQL 未通过校验';
        setChecked({ ok: false, text });
        setMark(r.line ? { place: { line: r.line, column: r.column ?? 1 }, message: text } : null);
      }
    },
    onError: (e) => setChecked({ ok: false, text: errorText(e, 'SQL 未通过校验') }),
  });

  const save = useMutation({
    mutationFn: async (meta: Meta) => {
      if (groupId === undefined && !saved) throw new Error('请先在左侧选择算法组');
      const body = { ...meta, sql: draft, sfzid: saved?.sfzid ?? (groupId as number) };
      return saved ? updateAlgorithm({ ...body, id: saved.id }) : insertAlgorithm(body);
    },
    onSuccess: async (a) => {
      message.success(saved ? savedText(saved.bbid, a) : ALGORITHM_MSG.created);
      if (!saved) {
        const dim = localStorage.getItem(dimensionKey('new'));
        if (dim) localStorage.setItem(dimensionKey(a.id), dim);
      }
      client.setQueryData(ALGORITHM_KEYS.one(a.id), a);
      await refresh();
      onSaved(a);
    },
    onError: (e) => {
      const text = errorText(e, '保存失败');
      const place = placeInMessage(text);
      if (place) setMark({ place, message: text });
    },
  });

  const remove = () =>
    saved &&
    modal.confirm({
      title: `删除算法“${saved.sfmc}”？`,
      content: '删除后其全部版本一并删除，不可恢复。已有版本被结果使用的算法不能删除。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteAlgorithm(saved.id);
        message.success(ALGORITHM_MSG.deleted);
        await refresh();
        onDeleted();
      },
    });

  if (id !== 'new' && algorithm.isPending) return <Skeleton active />;
  if (id !== 'new' && algorithm.isError)
    return <Alert type="error" showIcon message={errorText(algorithm.error, '算法加载失败')} />;

  return (
    <div className="zg-algorithm-editor">
      <Form form={form} layout="vertical" onFinish={(m) => save.mutate(m)} requiredMark>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="sfmc"
              label="算法名称"
              rules={[{ required: true, whitespace: true, message: ALGORITHM_MSG.nameRequired }]}
            >
              <Input maxLength={ALGORITHM_LIMITS.nameMax} placeholder="如：专业学生数" />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="sflx" label="算法类型" rules={[{ required: true, message: '请选择算法类型' }]}>
              <Select
                aria-label="算法类型"
                options={ALGORITHM_KINDS.map((k) => ({
                  value: k,
                  label: ALGORITHM_KIND_NAMES[k],
                  title: KIND_HINTS[k],
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <DimensionTypeSelect id={id} />
          </Col>
        </Row>
        <Form.Item name="bz" label="说明">
          <Input.TextArea
            maxLength={ALGORITHM_LIMITS.remarkMax}
            autoSize={{ minRows: 1, maxRows: 3 }}
            placeholder="算法的口径、公式"
          />
        </Form.Item>
        <Form.Item
          label={
            <Space>
              <span>SQL</span>
              {saved ? <Tag color="blue">当前版本 V{saved.sfbb}</Tag> : <Tag>新算法，保存后为 V1</Tag>}
              {dirty ? <Tag color="orange">未保存</Tag> : null}
              <Typography.Text type="secondary">Ctrl+空格 补全表和字段，Ctrl+Enter 测试</Typography.Text>
            </Space>
          }
          required
        >
          <Suspense fallback={<EditorFallback />}>
            <SqlEditor
              value={draft}
              onChange={(v) => {
                setDraft(v);
                setChecked(null);
              }}
              tables={tables.data}
              mark={mark}
              label="算法 SQL"
              onRun={() => setTab('test')}
            />
          </Suspense>
        </Form.Item>
        {checked ? (
          <Alert
            className="zg-algorithm-check"
            type={checked.ok ? 'success' : 'error'}
            showIcon
            message={checked.text}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <Row gutter={12} align="bottom">
          <Col flex="auto">
            <Form.Item name="bbsm" label="版本说明" style={{ marginBottom: 12 }}>
              <Input maxLength={ALGORITHM_LIMITS.remarkMax} placeholder="本次修改的说明（可选）" />
            </Form.Item>
          </Col>
          <Col>
            <Space wrap style={{ marginBottom: 12 }}>
              <Button onClick={() => check.mutate()} loading={check.isPending} disabled={!draft.trim()}>
                校验
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
              {saved ? (
                <Button danger onClick={remove}>
                  删除算法
                </Button>
              ) : null}
            </Space>
          </Col>
        </Row>
      </Form>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'test',
            label: '测试',
            children: <TestPanel id={id} algorithm={saved} draft={draft} dirty={dirty} kind={kind} onError={setMark} />,
          },
          ...(saved
            ? [
                { key: 'versions', label: `版本（${saved.bbs}）`, children: <VersionsPanel algorithm={saved} /> },
                { key: 'runs', label: '执行记录', children: <RunsPanel algorithm={saved} /> },
              ]
            : []),
        ]}
      />
    </div>
  );
}

/** 维度类型: which dimension's objects the test picks from; remembered per algorithm in this browser. */
function DimensionTypeSelect({ id }: { id: number | 'new' }) {
  const types = useQuery({ queryKey: ALGORITHM_KEYS.dimensionTypes, queryFn: fetchDimensionTypes });
  const [value, setValue] = useDimensionType(id);
  return (
    <Form.Item label="维度类型" tooltip="测试时从该维度的对象中选择（:objectId 为对象编码）">
      <Select
        aria-label="维度类型"
        placeholder="请选择维度类型"
        loading={types.isPending}
        value={value}
        onChange={setValue}
        allowClear
        options={types.data?.map((t) => ({ value: t.id, label: t.wdmc }))}
        notFoundContent="暂无维度类型"
      />
    </Form.Item>
  );
}

const listeners = new Set<() => void>();
function useDimensionType(id: number | 'new'): [number | undefined, (v: number | undefined) => void] {
  const read = () => {
    const v = Number(localStorage.getItem(dimensionKey(id)));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const [value, setValue] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read depends on id only.
  useEffect(() => {
    setValue(read());
    const on = () => setValue(read());
    listeners.add(on);
    return () => {
      listeners.delete(on);
    };
  }, [id]);
  return [
    value,
    (v) => {
      if (v === undefined) localStorage.removeItem(dimensionKey(id));
      else localStorage.setItem(dimensionKey(id), String(v));
      for (const l of listeners) l();
    },
  ];
}

/** 测试: a dimension object and the parameters the text uses; runs the draft (nothing stored) or stores a result. */
function TestPanel({
  id,
  algorithm,
  draft,
  dirty,
  kind,
  onError,
}: {
  id: number | 'new';
  algorithm: Algorithm | null;
  draft: string;
  dirty: boolean;
  kind: AlgorithmKind | undefined;
  onError: (m: SqlMark | null) => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [wdid] = useDimensionType(id);
  const [keyword, setKeyword] = useState('');
  const [values, setValues] = useState<ParamValues>({});
  const [plan, setPlan] = useState(false);
  const [result, setResult] = useState<{ r: AlgorithmResult; stored: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const used = useMemo(() => extractParams(draft), [draft]);
  const objects = useQuery({
    queryKey: ALGORITHM_KEYS.objects({ wdid, keyword }),
    queryFn: () => fetchDimensionObjects({ wdid, keyword: keyword || undefined }),
    enabled: wdid !== undefined && used.includes('objectId'),
    placeholderData: keepPreviousData,
  });
  const sent = paramsToSend(used, values);
  const missing = missingParams(used, sent);

  const fail = (e: unknown) => {
    const text = errorText(e, '执行失败');
    setFailure(text);
    setResult(null);
    const place = placeInMessage(text);
    onError(place ? { place, message: text } : null);
  };
  const succeed = (r: AlgorithmResult, stored: boolean) => {
    setFailure(null);
    setResult({ r, stored });
    onError(null);
  };
  const test = useMutation({
    mutationFn: () => testSql({ sql: draft, sflx: kind, params: sent, plan }),
    onSuccess: (r) => succeed(r, false),
    onError: fail,
  });
  const store = useMutation({
    mutationFn: () => storeResult({ sfid: (algorithm as Algorithm).id, params: sent }),
    onSuccess: async (r) => {
      succeed(r, true);
      message.success(r.cached ? '结果来自缓存（同一版本、同样参数已计算过）' : '结果已保存并记录执行血缘');
      await client.invalidateQueries({ queryKey: ALGORITHM_KEYS.all });
    },
    onError: fail,
  });

  const paramInputs = used.filter((p) => p !== 'objectId');
  return (
    <div className="zg-algorithm-test">
      <Row gutter={12}>
        {used.includes('objectId') ? (
          <Col span={8}>
            <label className="zg-field-label" htmlFor="algorithm-object">
              维度对象（:objectId）
            </label>
            <Select
              id="algorithm-object"
              aria-label="维度对象"
              style={{ width: '100%' }}
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              placeholder={wdid === undefined ? '请先选择维度类型' : '输入编码或名称搜索'}
              disabled={wdid === undefined}
              loading={objects.isFetching}
              value={values.objectId}
              onChange={(v) => setValues((s) => ({ ...s, objectId: v }))}
              allowClear
              options={objects.data?.list.map((o) => ({ value: o.dxbm, label: `${o.dxmc}（${o.dxbm}）` }))}
              notFoundContent={objects.isFetching ? '加载中…' : '没有找到维度对象'}
            />
          </Col>
        ) : null}
        {paramInputs.map((p) => (
          <Col span={5} key={p}>
            <label className="zg-field-label" htmlFor={`algorithm-param-${p}`}>
              {ALGORITHM_PARAM_NAMES[p]}（:{p}）
            </label>
            {p === 'year' ? (
              <InputNumber
                id={`algorithm-param-${p}`}
                style={{ width: '100%' }}
                min={1900}
                max={2200}
                precision={0}
                placeholder="如 2025"
                value={values.year ?? null}
                onChange={(v) => setValues((s) => ({ ...s, year: v }))}
              />
            ) : (
              <Input
                id={`algorithm-param-${p}`}
                maxLength={ALGORITHM_LIMITS.paramMax}
                value={values[p] ?? ''}
                onChange={(e) => setValues((s) => ({ ...s, [p]: e.target.value }))}
              />
            )}
          </Col>
        ))}
      </Row>
      {used.length === 0 ? <Typography.Paragraph type="secondary">这段 SQL 没有用到参数。</Typography.Paragraph> : null}
      <Space wrap style={{ margin: '12px 0' }}>
        <Checkbox checked={plan} onChange={(e) => setPlan(e.target.checked)}>
          显示执行计划
        </Checkbox>
        <Tooltip title={missing.length ? `请填写：${missing.map((p) => ALGORITHM_PARAM_NAMES[p]).join('、')}` : ''}>
          <Button
            type="primary"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!draft.trim() || missing.length > 0}
          >
            测试
          </Button>
        </Tooltip>
        {algorithm ? (
          <Tooltip title={dirty ? '文本有未保存的修改：请先保存，结果按已保存的当前版本计算' : ''}>
            <Button onClick={() => store.mutate()} loading={store.isPending} disabled={dirty || missing.length > 0}>
              计算并保存结果（V{algorithm.sfbb}）
            </Button>
          </Tooltip>
        ) : null}
      </Space>
      {failure ? <Alert type="error" showIcon message={failure} className="zg-algorithm-failure" /> : null}
      {result ? (
        <>
          {result.stored ? (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 8 }}
              message={`结果已按 V${algorithm?.sfbb} 保存，此版本从此不可修改；再修改文本将保存为新版本`}
            />
          ) : null}
          <ResultView result={result.r} />
        </>
      ) : !failure ? (
        <Typography.Paragraph type="secondary">选择维度对象、填写参数后点“测试”，结果显示在这里。</Typography.Paragraph>
      ) : null}
    </div>
  );
}

/** 版本: newest first; 查看 an older text read only, 设为当前, 删除 an unused, non-current one. */
function VersionsPanel({ algorithm }: { algorithm: Algorithm }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: ALGORITHM_KEYS.versions(algorithm.id),
    queryFn: () => fetchVersions(algorithm.id),
  });
  const [viewing, setViewing] = useState<AlgorithmVersion | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ALGORITHM_KEYS.all });
  const current = useMutation({
    mutationFn: (v: AlgorithmVersion) => setCurrentVersion(v.id),
    onSuccess: async (_, v) => {
      message.success(ALGORITHM_MSG.currentSet(v.bbh));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (v: AlgorithmVersion) => deleteVersion(v.id),
    onSuccess: async () => {
      message.success(ALGORITHM_MSG.deleted);
      await refresh();
    },
  });
  const columns: TableColumnsType<AlgorithmVersion> = [
    { key: 'bbh', title: '版本', render: (_, v) => <strong>V{v.bbh}</strong>, width: 70 },
    {
      key: 'state',
      title: '状态',
      render: (_, v) => (
        <Space size={4}>
          {v.sfdq ? <Tag color="blue">当前</Tag> : null}
          {v.sfsy ? <Tag color="green">已被结果使用</Tag> : <Tag>未使用</Tag>}
        </Space>
      ),
    },
    { key: 'hash', title: '文本哈希', render: (_, v) => <code title={v.hash}>{shortHash(v.hash)}</code> },
    { key: 'bz', title: '版本说明', dataIndex: 'bz', render: (v: string | null) => v ?? '—' },
    { key: 'cjr', title: '创建人', dataIndex: 'cjr', render: (v: string | null) => v ?? '—', width: 90 },
    { key: 'cjsj', title: '创建时间', dataIndex: 'cjsj', render: (v: string) => timeText(v), width: 150 },
    {
      key: 'actions',
      title: '操作',
      render: (_, v) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(v)}>
            查看
          </Button>
          <Button
            type="link"
            size="small"
            disabled={v.sfdq}
            onClick={() =>
              modal.confirm({
                title: `将 V${v.bbh} 设为当前版本？`,
                content: '之后的测试、结果计算和图表使用该版本。',
                okText: '设为当前',
                cancelText: '取消',
                onOk: () => current.mutateAsync(v),
              })
            }
          >
            设为当前
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={v.sfdq || v.sfsy}
            title={v.sfdq ? '当前版本不能删除' : v.sfsy ? '已被结果使用的版本不能删除' : undefined}
            onClick={() =>
              modal.confirm({
                title: `删除版本 V${v.bbh}？`,
                content: '删除后不可恢复。',
                okText: '删除',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: () => remove.mutateAsync(v),
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Table
        size="small"
        rowKey="id"
        loading={versions.isPending}
        columns={columns}
        dataSource={versions.data}
        pagination={false}
        locale={{ emptyText: '暂无版本' }}
      />
      <Modal
        open={viewing !== null}
        title={viewing ? `V${viewing.bbh} 的 SQL（只读）` : ''}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>关闭</Button>}
        width={820}
        destroyOnHidden
      >
        {viewing ? (
          <>
            <Typography.Paragraph type="secondary">
              哈希 <code>{viewing.hash}</code>，{timeText(viewing.cjsj)} 由 {viewing.cjr ?? '—'} 创建
            </Typography.Paragraph>
            <Suspense fallback={<EditorFallback />}>
              <SqlEditor value={viewing.sql} readOnly label={`V${viewing.bbh} 的 SQL（只读）`} minHeight={160} />
            </Suspense>
          </>
        ) : null}
      </Modal>
    </>
  );
}

type RunRow = Awaited<ReturnType<typeof fetchRuns>>['records'][number];

/** 执行记录: every stored result's lineage (version, hash, parameters, rows, time), each can run again. */
function RunsPanel({ algorithm }: { algorithm: Algorithm }) {
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: ALGORITHM_KEYS.runs({ sfid: algorithm.id, page }),
    queryFn: () => fetchRuns({ current: page, sfid: algorithm.id }),
    placeholderData: keepPreviousData,
  });
  const [again, setAgain] = useState<{ run: RunRow; result?: AlgorithmResult; error?: string } | null>(null);
  const run = useMutation({
    mutationFn: (r: RunRow) => rerun(r.id),
    onMutate: (r) => setAgain({ run: r }),
    onSuccess: (result, r) => setAgain({ run: r, result }),
    onError: (e, r) => setAgain({ run: r, error: errorText(e, '重新运行失败') }),
  });
  const columns: TableColumnsType<RunRow> = [
    { key: 'bbh', title: '版本', render: (_, r) => <strong>V{r.bbh}</strong>, width: 64 },
    { key: 'hash', title: '文本哈希', render: (_, r) => <code title={r.hash}>{shortHash(r.hash)}</code> },
    { key: 'params', title: '参数', render: (_, r) => paramsText(r.params, ALGORITHM_PARAM_NAMES) },
    { key: 'value', title: '值', dataIndex: 'value', align: 'right', render: (v: number | null) => v ?? '—' },
    { key: 'rows', title: '行数', dataIndex: 'rows', align: 'right' },
    { key: 'ms', title: '耗时（毫秒）', dataIndex: 'ms', align: 'right' },
    { key: 'zxr', title: '执行人', dataIndex: 'zxr', render: (v: string | null) => v ?? '—' },
    { key: 'zxsj', title: '执行时间', dataIndex: 'zxsj', render: (v: string) => timeText(v) },
    {
      key: 'actions',
      title: '操作',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => run.mutate(r)}>
          重新运行
        </Button>
      ),
    },
  ];
  return (
    <>
      <Table
        size="small"
        rowKey="id"
        loading={runs.isPending}
        columns={columns}
        dataSource={runs.data?.records}
        pagination={pagination({ current: page, total: runs.data?.total ?? 0, onChange: setPage })}
        locale={{ emptyText: '暂无执行记录：保存结果后，这里记录所用的版本、哈希和参数' }}
        scroll={{ x: 'max-content' }}
      />
      <Modal
        open={again !== null}
        title={again ? `重新运行 V${again.run.bbh}（${paramsText(again.run.params, ALGORITHM_PARAM_NAMES)}）` : ''}
        onCancel={() => setAgain(null)}
        footer={<Button onClick={() => setAgain(null)}>关闭</Button>}
        width={820}
        destroyOnHidden
      >
        {again?.error ? <Alert type="error" showIcon message={again.error} /> : null}
        {again?.result ? (
          <>
            <Typography.Paragraph>
              按记录的版本 V{again.run.bbh}（哈希 <code>{shortHash(again.run.hash)}</code>）和参数重新执行，不保存。
              {again.run.value !== null ? ` 记录的值：${again.run.value}。` : ''}
            </Typography.Paragraph>
            <ResultView result={again.result} rerun />
          </>
        ) : null}
        {again && !again.result && !again.error ? <Skeleton active /> : null}
      </Modal>
    </>
  );
}
