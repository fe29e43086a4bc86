import { PlusOutlined } from '@ant-design/icons';
import {
  CATEGORY_RENAMES,
  type NodeKind,
  STANDARD_LIMITS,
  STANDARD_MSG,
  type StandardChange,
  type StandardNode,
  type StandardSystem,
  STANDARD_TEXT as T,
} from '@zg/contract';
import { App, Button, Card, Col, Form, Input, Row, Space, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { useCalRuleOptions, useDetailRuleOptions, useStandardActions } from '../standard.api';
import {
  childKindUnder,
  computeMove,
  countKinds,
  displayCategory,
  dropPlaceOf,
  expandedForSearch,
  filterTree,
  findNode,
  flatten,
  KIND_NAMES,
  standardValueText,
  warningText,
} from '../standard.logic';
import { NodeForm, type NodeValues } from './NodeForm';
import { NodeTasks } from './NodeTasks';

/** A node to add: its kind and parent (null: a top-level 诊断维度). */
type Adding = { kind: NodeKind; parent: StandardNode | null };

const KIND_COLORS: Record<NodeKind, string> = { dimension: 'blue', qcp: 'blue', indicator: 'default' };

/** The tree of antd from the catalogue: each title the name (renamed categories shown new) with its kind. */
function treeData(nodes: StandardNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: (
      <Space size={4}>
        <span>{n.kind === 'dimension' ? displayCategory(n.name, CATEGORY_RENAMES) : n.name}</span>
        {n.kind !== 'dimension' && (
          <Tag color={KIND_COLORS[n.kind]} style={{ marginInlineEnd: 0 }}>
            {n.kind === 'indicator' ? T.indicatorLevel(STANDARD_MSG.excelLevelHeader(n.depth - 2)) : KIND_NAMES[n.kind]}
          </Tag>
        )}
      </Space>
    ),
    children: treeData(n.children),
  }));
}

/** The form's values of a node. */
function valuesOf(n: StandardNode): NodeValues {
  return {
    name: n.name,
    nh: n.nh ?? '',
    zdbz: n.zdbz ?? '',
    bzz: n.bzz ?? '',
    zlx: n.zlx,
    fsdl: n.fsdl,
    calRule: n.calRule,
    detailRule: n.detailRule,
    direction: n.direction,
    gradeRule: n.gradeRule,
    warningRule: n.warningRule,
  };
}

/**
 * 目录: the catalogue tree on the left (search, drag to reorder or move, add and delete), the chosen node's form on
 * the right. Without the right to edit, the tree and the form only show.
 */
export function CatalogPanel({
  system,
  tree,
  canSaveToDepot,
  onChange,
}: {
  system: StandardSystem;
  tree: StandardNode[];
  canSaveToDepot: boolean;
  /** Tells the page where a change went (a new version when a diagnosis task uses the system). */
  onChange: (change: StandardChange, nodeId?: number | null) => void;
}) {
  const { message, modal } = App.useApp();
  const write = system.abilities.write;
  const actions = useStandardActions();
  const calRules = useCalRuleOptions(write);
  const detailRules = useDetailRuleOptions(write);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  // The catalogue opens with its dimensions unfolded (the page gives each system its own panel).
  const [expanded, setExpanded] = useState<Key[]>(() =>
    tree.filter((n) => n.kind === 'dimension').map((n) => String(n.id)),
  );
  const [adding, setAdding] = useState<Adding | null>(null);
  const [addForm] = Form.useForm<{ name: string }>();

  const node = selected === null ? undefined : findNode(tree, selected);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const expandedKeys = keyword ? expandedForSearch(tree, keyword).map(String) : expanded;
  const counts = countKinds(tree);

  // The node's own rule stays choosable even when it is no longer a current version (an older version it keeps).
  const calRuleOptions = useMemo(() => {
    const groups = calRules.data ?? [];
    const known = groups.some((g) => g.options.some((o) => o.value === node?.calRule));
    if (!node?.calRule || known) return groups;
    return [
      ...groups,
      {
        label: T.currentRule,
        title: T.currentRule,
        options: [{ value: node.calRule, label: node.calRuleName ?? T.ruleVersion(node.calRule) }],
      },
    ];
  }, [calRules.data, node]);
  const detailRuleOptions = useMemo(() => {
    const groups = detailRules.data ?? [];
    const known = groups.some((g) => g.options.some((o) => o.value === node?.detailRule));
    if (!node?.detailRule || known) return groups;
    return [
      ...groups,
      {
        label: T.currentRule,
        title: T.currentRule,
        options: [{ value: node.detailRule, label: node.detailRuleName ?? T.ruleVersion(node.detailRule) }],
      },
    ];
  }, [detailRules.data, node]);

  const addKind = (parent: StandardNode | null) => {
    const kind = childKindUnder(parent?.kind ?? null);
    if (kind) setAdding({ kind, parent });
  };

  const submitAdd = async ({ name }: { name: string }) => {
    if (!adding) return;
    const siblings = adding.parent ? adding.parent.children : tree;
    const change = await actions.insertNode.mutateAsync({
      systemId: system.id,
      parentId: adding.parent?.id ?? null,
      kind: adding.kind,
      name: name.trim(),
      sort: siblings.length,
    });
    if (adding.parent) setExpanded((e) => [...new Set([...e, String(adding.parent?.id)])]);
    onChange(change, change.nodeId);
    if (!change.versioned && change.nodeId) setSelected(change.nodeId);
  };

  const remove = (n: StandardNode) =>
    modal.confirm({
      title: T.deleteNodeTitle(KIND_NAMES[n.kind], n.name),
      content: n.children.length > 0 ? T.deleteNodeWithChildren(flatten(n.children).length) : T.deleteContent,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        const change = await actions.removeNode.mutateAsync(n.id);
        setSelected(null);
        onChange(change);
      },
    });

  const save = (values: NodeValues) => {
    if (!node) return;
    const dimension = node.kind === 'dimension';
    actions.updateNode.mutate(
      {
        id: node.id,
        sort: node.sort,
        name: values.name,
        nh: values.nh,
        ...(dimension
          ? {}
          : {
              zdbz: values.zdbz,
              bzz: values.bzz,
              zlx: values.zlx,
              fsdl: values.fsdl,
              calRule: values.calRule,
              detailRule: values.detailRule,
              direction: values.direction,
              gradeRule: values.gradeRule,
              warningRule: values.warningRule,
            }),
      },
      { onSuccess: (change) => onChange(change, change.nodeId) },
    );
  };

  const saveToDepot = (n: StandardNode) =>
    actions.saveToDepot.mutate(n.id, { onSuccess: () => message.success(T.savedToDepot(n.name)) });

  return (
    <Row gutter={16} className="zg-standard-catalog">
      <Col xs={24} lg={10} xl={9}>
        <Card
          size="small"
          title={T.catalog}
          extra={
            <Typography.Text type="secondary">
              {T.counts(counts.dimension, counts.qcp, counts.indicator)}
            </Typography.Text>
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input.Search
              aria-label={T.searchCatalog}
              placeholder={T.searchPlaceholder}
              allowClear
              maxLength={60}
              onSearch={(v) => setKeyword(v)}
              onChange={(e) => {
                if (!e.target.value) setKeyword('');
              }}
            />
            {write && (
              // One line under the search box at the page's usual widths (新增诊断维度, 新增质控点, 新增下级指标 and 删除
              // wrapped 删除 onto a line of its own): a + and the kind's short name, each button named in full for a
              // screen reader and its tooltip.
              <div className="zg-standard-toolbar">
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={T.addDimension}
                  title={T.addDimension}
                  onClick={() => addKind(null)}
                >
                  {T.addDimensionShort}
                </Button>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={T.addQcp}
                  title={T.addQcp}
                  disabled={node?.kind !== 'dimension'}
                  onClick={() => node && addKind(node)}
                >
                  {T.addQcpShort}
                </Button>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={T.addIndicator}
                  title={T.addIndicator}
                  disabled={!node || node.kind === 'dimension' || node.depth >= 2 + STANDARD_LIMITS.indicatorLevelsMax}
                  onClick={() => node && addKind(node)}
                >
                  {T.addIndicatorShort}
                </Button>
                <Button size="small" danger disabled={!node} onClick={() => node && remove(node)}>
                  {T.delete}
                </Button>
              </div>
            )}
            {tree.length === 0 ? (
              <EmptyState description={write ? T.emptyCatalogWritable : T.emptyCatalog} />
            ) : shown.length === 0 ? (
              <EmptyState description={T.noMatch} />
            ) : (
              <Tree
                aria-label={T.catalogTree}
                className="zg-standard-tree"
                blockNode
                showLine
                draggable={write && !keyword ? { icon: false } : false}
                treeData={treeData(shown)}
                expandedKeys={expandedKeys}
                onExpand={(keys) => setExpanded(keys)}
                selectedKeys={node ? [String(node.id)] : []}
                onSelect={(keys) => {
                  const k = keys[0];
                  if (k !== undefined) setSelected(Number(k));
                }}
                onDrop={(info) => {
                  const move = computeMove(
                    tree,
                    Number(info.dragNode.key),
                    Number(info.node.key),
                    dropPlaceOf({ dropToGap: info.dropToGap, dropPosition: info.dropPosition, pos: info.node.pos }),
                  );
                  if (!move.ok) {
                    message.warning(move.reason);
                    return;
                  }
                  actions.moveNode.mutate(
                    { id: Number(info.dragNode.key), parentId: move.parentId, sort: move.index },
                    { onSuccess: (change) => onChange(change) },
                  );
                }}
              />
            )}
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={14} xl={15}>
        <Card
          size="small"
          title={node ? T.nodeTitle(KIND_NAMES[node.kind], node.name) : T.nodeDetail}
          extra={
            node?.kind === 'qcp' &&
            canSaveToDepot && (
              <Button size="small" loading={actions.saveToDepot.isPending} onClick={() => saveToDepot(node)}>
                {T.saveToDepot}
              </Button>
            )
          }
        >
          {node ? (
            <>
              {node.kind !== 'dimension' && !write && (
                <Typography.Paragraph type="secondary">
                  {T.readOnlyRules(standardValueText(node.bzz, node.zlx), warningText(node.warningRule))}
                </Typography.Paragraph>
              )}
              <NodeForm
                key={`${node.id}:${JSON.stringify({ ...node, children: undefined })}`}
                kind={node.kind}
                initial={valuesOf(node)}
                readOnly={!write}
                calRuleOptions={calRuleOptions}
                detailRuleOptions={detailRuleOptions}
                saving={actions.updateNode.isPending}
                onSave={save}
              />
              {node.kind === 'qcp' && <NodeTasks nodeId={node.id} />}
            </>
          ) : (
            <EmptyState description={T.chooseNode} />
          )}
        </Card>
      </Col>
      <FormDialog<{ name: string }>
        open={adding !== null}
        title={
          adding
            ? adding.parent
              ? T.addUnder(adding.parent.name, KIND_NAMES[adding.kind])
              : T.addKind(KIND_NAMES[adding.kind])
            : ''
        }
        form={addForm}
        pending={actions.insertNode.isPending}
        onClose={() => setAdding(null)}
        onSubmit={submitAdd}
      >
        <Form.Item
          name="name"
          label={T.name}
          rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
          extra={adding?.kind === 'dimension' ? T.renamedCategories : undefined}
        >
          <Input maxLength={STANDARD_LIMITS.nameMax} autoFocus />
        </Form.Item>
      </FormDialog>
    </Row>
  );
}
