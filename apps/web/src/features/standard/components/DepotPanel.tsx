import type { StandardChange, StandardNode, StandardSystem } from '@zg/contract';
import { DIMENSIONS, STANDARD_TEXT as T } from '@zg/contract';
import { Alert, App, Button, Form, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { FormDialog } from '../../../components/FormDialog';
import { ListTable } from '../../../components/ListTable';
import { useDepot, useDepotItem, useStandardActions } from '../standard.api';
import { KIND_NAMES, standardValueText, warningText } from '../standard.logic';

type DepotItem = NonNullable<ReturnType<typeof useDepot>['data']>[number];
type Snapshot = NonNullable<DepotItem['snapshot']>;

/** The saved QCP with its indicators, each with its standard value and warning rule. */
function SnapshotTree({ id }: { id: number }) {
  const item = useDepotItem(id);
  if (item.isPending) return <Typography.Text type="secondary">{T.loading}</Typography.Text>;
  if (item.isError) return <Alert type="error" showIcon title={errorText(item.error, T.depotItemFailed)} />;
  const lines: { key: string; depth: number; node: Snapshot }[] = [];
  const walk = (n: Snapshot, depth: number, key: string) => {
    lines.push({ key, depth, node: n });
    for (const [i, c] of n.children.entries()) walk(c, depth + 1, `${key}-${i}`);
  };
  if (item.data.snapshot) walk(item.data.snapshot, 0, '0');
  return (
    <ul className="zg-standard-depot-snapshot" aria-label={T.snapshotOf(item.data.name)} style={{ margin: 0 }}>
      {lines.map(({ key, depth, node }) => (
        <li key={key} style={{ marginLeft: depth * 20 }}>
          <Typography.Text strong={depth === 0}>{node.name}</Typography.Text>
          <Typography.Text type="secondary">
            {T.snapshotLine(
              KIND_NAMES[node.kind],
              standardValueText(node.bzz, node.zlx),
              warningText(node.warningRule),
            )}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

const dimensionName = (code: string) => DIMENSIONS.find((d) => d.code === code)?.name ?? code;

/**
 * 任务库: reusable QCPs (each with its indicators) of the chosen system's dimension; 使用 copies one under a
 * 诊断维度 of the chosen system. QCPs are saved to it from the catalogue (存入任务库).
 */
export function DepotPanel({
  system,
  tree,
  canKeep,
  onChange,
}: {
  system: StandardSystem | null;
  tree: StandardNode[];
  /** Whether the user keeps the depot (deletes items). */
  canKeep: boolean;
  onChange: (change: StandardChange) => void;
}) {
  const { message, modal } = App.useApp();
  const items = useDepot(system?.dimension);
  const { useDepotItem: use, removeDepotItem } = useStandardActions();
  const [using, setUsing] = useState<DepotItem | null>(null);
  const [form] = Form.useForm<{ parentId: number }>();
  const dimensions = tree.filter((n) => n.kind === 'dimension');
  const canUse = system?.abilities.write ?? false;

  const columns: TableColumnsType<DepotItem> = [
    { title: T.qcp, dataIndex: 'name' },
    { title: T.dimension, dataIndex: 'dimension', width: 90, render: dimensionName },
    { title: T.nodeCount, dataIndex: 'nodeCount', width: 80 },
    { title: T.savedAt, dataIndex: 'createdAt', width: 170 },
    {
      title: T.actions,
      width: 150,
      render: (_, item) => (
        <Space size={0}>
          {canUse && (
            <Button type="link" size="small" onClick={() => setUsing(item)}>
              {T.use}
            </Button>
          )}
          {canKeep && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: T.removeFromDepotTitle(item.name),
                  content: T.removeFromDepotContent,
                  okText: T.delete,
                  okButtonProps: { danger: true },
                  cancelText: T.cancel,
                  onOk: async () => {
                    await removeDepotItem.mutateAsync(item.id);
                    message.success(T.removedFromDepot);
                  },
                })
              }
            >
              {T.delete}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  if (items.isError) return <Alert type="error" showIcon title={errorText(items.error, T.depotFailed)} />;
  return (
    <>
      <Typography.Paragraph type="secondary">
        {system ? T.depotOfDimension(dimensionName(system.dimension)) : T.depotHint}
      </Typography.Paragraph>
      <ListTable<DepotItem>
        size="small"
        rowKey="id"
        aria-label={T.depot}
        loading={items.isPending}
        columns={columns}
        rows={items.data}
        pager="local"
        empty={T.emptyDepot}
        expandable={{ expandedRowRender: (item) => <SnapshotTree id={item.id} /> }}
      />
      <FormDialog<{ parentId: number }>
        open={using !== null}
        title={using ? T.usingTitle(using.name) : ''}
        form={form}
        pending={use.isPending}
        onClose={() => setUsing(null)}
        onSubmit={async ({ parentId }) => {
          if (!using) return;
          onChange(await use.mutateAsync({ depotId: using.id, parentId }));
        }}
      >
        <Form.Item
          name="parentId"
          label={T.putInto(system?.name ?? '')}
          rules={[{ required: true, message: T.dimensionRequired }]}
        >
          <Select
            placeholder={dimensions.length ? T.chooseDimension : T.noDimensions}
            options={dimensions.map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
      </FormDialog>
    </>
  );
}
