import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALGORITHM_KIND_NAMES,
  ALGORITHM_KINDS,
  ALGORITHM_LIMITS,
  ALGORITHM_MSG,
  type Algorithm,
  type AlgorithmKind,
  ALGORITHM_TEXT as T,
} from '@zg/contract';
import { Alert, App, Button, Col, Form, Input, Row, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import {
  ALGORITHM_KEYS,
  checkSql,
  deleteAlgorithm,
  fetchAlgorithm,
  fetchWarehouseTables,
  insertAlgorithm,
  updateAlgorithm,
} from './algorithm.api';
import { placeInMessage, savedText } from './algorithm.logic';
import { DimensionTypeSelect, keepNewDimensionType } from './dimension-type';
import { LazySqlEditor } from './LazySqlEditor';
import { RunsPanel } from './RunsPanel';
import type { SqlMark } from './SqlEditor';
import { TestPanel } from './TestPanel';
import { VersionsPanel } from './VersionsPanel';

interface Meta {
  sfmc: string;
  sflx: AlgorithmKind;
  bz?: string | null;
  bbsm?: string | null;
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
        const params = r.params.map((p) => `:${p}`).join(T.listSeparator) || T.none;
        setChecked({ ok: true, text: T.checked(params, r.tables.join(T.listSeparator) || T.none) });
      } else {
        const text = r.message ?? T.checkFailed;
        setChecked({ ok: false, text });
        setMark(r.line ? { place: { line: r.line, column: r.column ?? 1 }, message: text } : null);
      }
    },
    onError: (e) => setChecked({ ok: false, text: errorText(e, T.checkFailed) }),
  });

  const save = useMutation({
    mutationFn: async (meta: Meta) => {
      if (groupId === undefined && !saved) throw new Error(T.chooseGroupFirst);
      const body = { ...meta, sql: draft, sfzid: saved?.sfzid ?? (groupId as number) };
      return saved ? updateAlgorithm({ ...body, id: saved.id }) : insertAlgorithm(body);
    },
    onSuccess: async (a) => {
      message.success(saved ? savedText(saved.bbid, a) : ALGORITHM_MSG.created);
      if (!saved) keepNewDimensionType(a.id);
      client.setQueryData(ALGORITHM_KEYS.one(a.id), a);
      await refresh();
      onSaved(a);
    },
    onError: (e) => {
      const text = errorText(e, T.saveFailed);
      const place = placeInMessage(text);
      if (place) setMark({ place, message: text });
    },
  });

  const remove = () =>
    saved &&
    modal.confirm({
      title: T.deleteTitle(saved.sfmc),
      content: T.deleteContent,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        await deleteAlgorithm(saved.id);
        message.success(ALGORITHM_MSG.deleted);
        await refresh();
        onDeleted();
      },
    });

  if (id !== 'new' && algorithm.isPending) return <Skeleton active />;
  if (id !== 'new' && algorithm.isError)
    return <Alert type="error" showIcon message={errorText(algorithm.error, T.loadFailed)} />;

  return (
    <div className="zg-algorithm-editor">
      <Form form={form} layout="vertical" onFinish={(m) => save.mutate(m)} requiredMark>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="sfmc"
              label={T.name}
              rules={[{ required: true, whitespace: true, message: ALGORITHM_MSG.nameRequired }]}
            >
              <Input maxLength={ALGORITHM_LIMITS.nameMax} placeholder={T.namePlaceholder} />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="sflx" label={T.kind} rules={[{ required: true, message: T.kindRequired }]}>
              <Select
                aria-label={T.kind}
                options={ALGORITHM_KINDS.map((k) => ({
                  value: k,
                  label: ALGORITHM_KIND_NAMES[k],
                  title: T.kindHints[k],
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <DimensionTypeSelect id={id} />
          </Col>
        </Row>
        <Form.Item name="bz" label={T.remark}>
          <Input.TextArea
            maxLength={ALGORITHM_LIMITS.remarkMax}
            autoSize={{ minRows: 1, maxRows: 3 }}
            placeholder={T.remarkPlaceholder}
          />
        </Form.Item>
        <Form.Item
          label={
            <Space>
              <span>SQL</span>
              {saved ? <Tag color="blue">{T.currentVersion(saved.sfbb)}</Tag> : <Tag>{T.newAlgorithmVersion}</Tag>}
              {dirty ? <Tag color="orange">{T.unsaved}</Tag> : null}
              <Typography.Text type="secondary">{T.keys}</Typography.Text>
            </Space>
          }
          required
        >
          <LazySqlEditor
            value={draft}
            onChange={(v) => {
              setDraft(v);
              setChecked(null);
            }}
            tables={tables.data}
            mark={mark}
            label={T.sqlLabel}
            onRun={() => setTab('test')}
          />
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
            <Form.Item name="bbsm" label={T.versionNote} style={{ marginBottom: 12 }}>
              <Input maxLength={ALGORITHM_LIMITS.remarkMax} placeholder={T.versionNotePlaceholder} />
            </Form.Item>
          </Col>
          <Col>
            <Space wrap style={{ marginBottom: 12 }}>
              <Button onClick={() => check.mutate()} loading={check.isPending} disabled={!draft.trim()}>
                {T.check}
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {T.save}
              </Button>
              {saved ? (
                <Button danger onClick={remove}>
                  {T.deleteAlgorithm}
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
            label: T.testTab,
            children: <TestPanel id={id} algorithm={saved} draft={draft} dirty={dirty} kind={kind} onError={setMark} />,
          },
          ...(saved
            ? [
                { key: 'versions', label: T.versionsTab(saved.bbs), children: <VersionsPanel algorithm={saved} /> },
                { key: 'runs', label: T.runsTab, children: <RunsPanel algorithm={saved} /> },
              ]
            : []),
        ]}
      />
    </div>
  );
}
